-- place_bids answers the bids each submission stored (o_bids), for its receipt: a new answer type, so the
-- function is dropped here and made again from db/functions/place_bids.sql after the migrations.
DROP FUNCTION IF EXISTS place_bids(jsonb);
