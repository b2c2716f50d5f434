-- bid_session_declared: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 006_place_bid. Change it here, never in a migration.
--
-- A bid submission in one call (one round trip; PL/pgSQL keeps the plan of its statement per session):
--   1. the market's bid lock, shared (a declaration holds it exclusively: see lockMarketForBids), so a
--      bid is either settled by a declaration or sees its result;
--   2. in one statement: the guarded debit (enough points, betting allowed, the session's result not
--      declared), the submission record (idempotency key), the bid rows and the ledger row.
-- Returns the submission id and the wallet after the debit (both null when the debit was refused).
-- A known idempotency key raises SQLSTATE 'MKDUP' after the debit, so the whole call is rolled back.
-- bid_session_declared / p_guard: the result that ends the session: 'open' (open or close pana), 'close' (close pana),
-- 'starline' (the slot's pana), 'gali' (the jodi); or its book sealed when its bidding closed (bid_books:
-- 'close' for the guard 'close', else 'open').
CREATE OR REPLACE FUNCTION public.bid_session_declared(p_market integer, p_date date, p_guard text)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM results r WHERE r.market_id = p_market AND r.result_date = p_date
      AND CASE p_guard
            WHEN 'open' THEN r.close_pana IS NOT NULL OR r.open_pana IS NOT NULL
            WHEN 'close' THEN r.close_pana IS NOT NULL
            WHEN 'starline' THEN r.open_pana IS NOT NULL
            ELSE r.jodi IS NOT NULL
          END)
    OR EXISTS (
    SELECT 1 FROM bid_books k WHERE k.market_id = p_market AND k.book_date = p_date
      AND k.session = CASE WHEN p_guard = 'close' THEN 'close' ELSE 'open' END);
END
$function$;
