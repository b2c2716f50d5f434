-- Wave 3, issue B (bids while a result settles).
--
-- 1. Settling a bid rewrote its row elsewhere. Its status was a key of the market's index, so every settled
-- bid was a new row version on another page, with an entry in each of the bids' three indexes; a bid
-- committed during a settlement waited for that WAL to reach the disk (601 bytes of WAL per bid of the day,
-- measured with pg_waldump on a 300,000-bid day). Now the market's index holds no column a settlement
-- writes, and the bids' pages keep half of their room for the next version of their rows, so a settled bid
-- is rewritten in its own page with no index entry (a HOT update): 301 bytes per bid, 142 with PostgreSQL's
-- wal_compression = lz4 (README). Pages written before this migration keep their fill until VACUUM FULL;
-- the bids' table takes about twice the room.
DROP INDEX bids_market_date_idx;
CREATE INDEX bids_market_date_idx ON bids (market_id, bid_date, id);
ALTER TABLE bids SET (fillfactor = 50);

-- 2. A job judged the plays of all its bids and counted them in one statement: a scan of a million bids
-- that kept a core busy for a second while the bids placed meanwhile waited. It now judges them in slices
-- of its bids in id order (the market's index above), each in its own transaction with its progress:
-- judged_upto, the last bid id judged; bids_judged, the bids counted so far (bids_total once all are).
ALTER TABLE settlement_jobs ADD COLUMN judged_upto bigint NOT NULL DEFAULT 0;
ALTER TABLE settlement_jobs ADD COLUMN bids_judged integer NOT NULL DEFAULT 0;
