-- push_ends_with_block: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 031_push_sessions. Change it here, never in a migration.
CREATE OR REPLACE FUNCTION public.push_ends_with_block()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM push_subscriptions WHERE user_id = NEW.id;
  RETURN NULL;
END $function$;
