-- A job judged the plays of all its bids in one statement,
-- and its bids were counted by the declaration and by every progress call until stored: scans of a
-- million bids that kept the cores busy for seconds while the bids placed meanwhile waited. A job now
-- judges and counts its bids in slices, in id order, each slice in its own transaction with its progress:
-- judged_upto, the last bid id judged; bids_judged, the bids counted so far (bids_total once all are).
-- The market's index leads to a slice's bids in id order; it no longer holds the bids' status, which a
-- settlement writes (a bid's new version then needs no new entry in it when its page has room).
DROP INDEX bids_market_date_idx;
CREATE INDEX bids_market_date_idx ON bids (market_id, bid_date, id);
ALTER TABLE settlement_jobs ADD COLUMN judged_upto bigint NOT NULL DEFAULT 0;
ALTER TABLE settlement_jobs ADD COLUMN bids_judged integer NOT NULL DEFAULT 0;
