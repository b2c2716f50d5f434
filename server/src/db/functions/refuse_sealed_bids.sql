-- refuse_sealed_bids: its one current definition. Applied with CREATE OR REPLACE after the migrations, on
-- every start (db/migrate.ts); its trigger is made by migration 042_source_rows_kept. Change it here, never in a migration.
--
-- No bid joins a sealed session. place_bid refuses a bid once its session's book is made (under the
-- market's bid lock, bid_session_declared); this refuses it in the database whatever wrote it, once per
-- statement over the rows it added: a bid whose market, day and book (its submission's) have a sealed
-- book. Refused with SQLSTATE 'MKFIX'.
CREATE OR REPLACE FUNCTION public.refuse_sealed_bids()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (
    SELECT 1 FROM added_bids b
    JOIN bid_submissions s ON s.id = b.submission_id
    JOIN bid_books k ON k.market_id = b.market_id AND k.book_date = b.bid_date AND k.session = s.book) THEN
    RAISE EXCEPTION 'INSERT on bids refused: its session''s book is sealed (no bid joins a sealed session)'
      USING ERRCODE = 'MKFIX';
  END IF;
  RETURN NULL;
END
$function$;
