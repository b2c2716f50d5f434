-- Accounts registered without a verified one-time code (LEGACY_REGISTRATION=unverified, for deployed
-- clients that check the code in the browser and never send it). They start with betting_status '0'
-- and stay unapproved until an operator approves them (approved_at).
ALTER TABLE users ADD COLUMN verified boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN approved_at timestamptz;
CREATE INDEX users_unapproved_idx ON users (created_at) WHERE verified = false AND approved_at IS NULL;
