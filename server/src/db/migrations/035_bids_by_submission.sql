-- no transaction
-- A submission's bids, found by its id: its receipt is made from them as each submit call answers (and
-- again when a retried request asks). Built without stopping the bids placed meanwhile.
DROP INDEX CONCURRENTLY IF EXISTS bids_submission_idx;
CREATE INDEX CONCURRENTLY bids_submission_idx ON bids (submission_id);
