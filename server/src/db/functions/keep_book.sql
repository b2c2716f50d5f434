-- keep_book: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); its trigger is made by migration 042_source_rows_kept. Change it here, never in a migration.
--
-- A sealed book (bid_books) is filled in once: its row is made when its session's bidding closes, then its
-- size, root and signature are written when its tree is built. Nothing else of it ever changes: a built
-- book is never built again (a root cleared to make the server seal it anew is refused), and its market,
-- day, session and sealing time are fixed. Refused with SQLSTATE 'MKFIX'.
CREATE OR REPLACE FUNCTION public.keep_book()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.root IS NULL AND OLD.size IS NULL AND OLD.signature IS NULL
     AND NEW.root IS NOT NULL AND NEW.size IS NOT NULL AND NEW.signature IS NOT NULL
     AND NEW.market_id = OLD.market_id AND NEW.book_date = OLD.book_date AND NEW.session = OLD.session
     AND NEW.sealed_at = OLD.sealed_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% on bid_books refused: a sealed book is built once and never changes', TG_OP
    USING ERRCODE = 'MKFIX';
END
$function$;
