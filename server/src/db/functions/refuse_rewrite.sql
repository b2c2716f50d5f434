-- refuse_rewrite: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); its triggers are made by migration 038_rows_kept. Change it here, never in a migration.
--
-- The trigger of the rows that are only ever added to (bids as placed, the ledger, the audit trail and its
-- signed heads): an edit or a deletion of one is refused with SQLSTATE 'MKFIX'.
CREATE OR REPLACE FUNCTION public.refuse_rewrite()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION '% on % refused: its rows are never changed or deleted (a correction is new rows)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'MKFIX';
END
$function$;
