-- A declaration stores its result and a settlement job; the job's chunks settle the
-- bids in their own transactions, its progress is stored, and any process resumes a job that a killed
-- one left running. A later declaration of the same market and day supersedes a running job (the new
-- job brings every bid to the new result; settlement is idempotent, so nothing is paid twice).
CREATE TABLE settlement_jobs (
  id              bigserial PRIMARY KEY,
  market_id       integer NOT NULL REFERENCES markets(id),
  result_date     date NOT NULL,
  family          text NOT NULL CHECK (family IN ('regular', 'starline', 'gali')),
  -- the result the bids are settled against (the ResultState of the declaration)
  result          jsonb NOT NULL,
  status          text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'superseded')),
  -- the plays of the day judged by the rules module (settlement_plays) are stored
  plays_ready     boolean NOT NULL DEFAULT false,
  -- bids with id <= last_bid_id were committed when the result was stored: the job settles those
  last_bid_id     bigint NOT NULL,
  -- two passes over the bids in id order: 'gain' (new wins and every change that takes nothing back),
  -- then 'loss' (earlier wins reversed), so a player's reversals see every new win of the result, as
  -- one transaction would; cursor: the last bid id the pass has settled
  phase           text NOT NULL DEFAULT 'gain' CHECK (phase IN ('gain', 'loss')),
  cursor          bigint NOT NULL DEFAULT 0,
  bids_total      integer NOT NULL,
  bids_done       integer NOT NULL DEFAULT 0,
  paid            integer NOT NULL DEFAULT 0,
  paid_points     bigint NOT NULL DEFAULT 0,
  reversed        integer NOT NULL DEFAULT 0,
  reversed_points bigint NOT NULL DEFAULT 0,
  shortfall_points bigint NOT NULL DEFAULT 0,
  withheld_points bigint NOT NULL DEFAULT 0,
  lost            integer,
  pending         integer,
  declared_by     text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz
);
CREATE UNIQUE INDEX settlement_jobs_running_idx ON settlement_jobs (market_id, result_date) WHERE status = 'running';
CREATE INDEX settlement_jobs_status_idx ON settlement_jobs (status) WHERE status = 'running';

-- The distinct plays of a job's bids, each judged once by the rules module.
CREATE TABLE settlement_plays (
  job_id      bigint NOT NULL REFERENCES settlement_jobs(id) ON DELETE CASCADE,
  bet_type    text NOT NULL,
  session     text NOT NULL,
  digits      text NOT NULL,
  closedigits text NOT NULL,
  status      text NOT NULL CHECK (status IN ('pending', 'won', 'lost')),
  rate_key    text NOT NULL,
  PRIMARY KEY (job_id, bet_type, session, digits, closedigits)
);
