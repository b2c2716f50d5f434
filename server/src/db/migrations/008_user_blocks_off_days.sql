-- The operator console.
-- A blocked account: no login and no call with an old token, until an operator unblocks it.
ALTER TABLE users ADD COLUMN blocked_at timestamptz;
ALTER TABLE users ADD COLUMN blocked_reason text NOT NULL DEFAULT '';
-- Weekly off days of a market (0 = Sunday .. 6 = Saturday, Asia/Kolkata): closed all day.
ALTER TABLE markets ADD COLUMN off_days smallint[] NOT NULL DEFAULT '{}';
