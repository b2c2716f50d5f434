-- Rate-limit state shared by every server process on this database (issue: many processes on one
-- PostgreSQL). UNLOGGED: counters are cheap to write and may be lost in a crash (limits then start afresh).
CREATE UNLOGGED TABLE rate_events (
  key text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX rate_events_key_at_idx ON rate_events (key, at);
CREATE INDEX rate_events_at_idx ON rate_events (at);

-- At most one event per key per gap (the one-time-code resend gap).
CREATE UNLOGGED TABLE rate_gates (
  key text PRIMARY KEY,
  at timestamptz NOT NULL
);
