-- The live streams open in every process, so that a player's and an address's streams are counted
-- across processes. UNLOGGED: after a crash nobody is streaming, and the rows are gone with it. Each
-- process refreshes seen_at of its own rows with every heartbeat; rows not refreshed for a while belong
-- to a process that died and count for nothing (they are swept).
CREATE UNLOGGED TABLE live_streams (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  ip text NOT NULL,
  process text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_streams_user_idx ON live_streams (user_id, id);
CREATE INDEX live_streams_ip_idx ON live_streams (ip);
CREATE INDEX live_streams_process_idx ON live_streams (process);
