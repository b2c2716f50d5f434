-- bid_lock_class: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 014_one_owner_of_points. Change it here, never in a migration.
--
-- The advisory-lock class of the per-market lock that keeps bids and declarations apart across every
-- server process (the second key is the market id): a bid holds it shared while it writes (place_bid), a
-- declaration exclusively while it stores the result (lockMarketForBids). Written here only.
CREATE OR REPLACE FUNCTION public.bid_lock_class()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT 7316 $function$;
