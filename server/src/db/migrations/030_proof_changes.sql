-- How often a deposit request's payment proof was given or changed: a request takes a few changes
-- (a wrong screenshot replaced), never an unbounded stream of images.
ALTER TABLE fund_requests ADD COLUMN proof_changes integer NOT NULL DEFAULT 0;
