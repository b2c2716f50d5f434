-- live_events_notify: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 015_live_events. Change it here, never in a migration.
CREATE OR REPLACE FUNCTION public.live_events_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT 1 FROM added) THEN
    PERFORM pg_notify('matka_live', pg_current_xact_id()::text);
  END IF;
  RETURN NULL;
END
$function$;
