-- move_points: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 013_move_points. Change it here, never in a migration.
--
-- One move (as in 013): a credit always; a debit only while the wallet covers it (else nothing changes
-- and it returns NULL). Returns the wallet after it.
CREATE OR REPLACE FUNCTION public.move_points(p_user bigint, p_type text, p_points bigint, p_kind text, p_note text, p_reference text, p_amount_status text, p_at timestamp with time zone)
 RETURNS bigint
 LANGUAGE sql
AS $function$
  SELECT o_wallet FROM move_points_set(ARRAY[p_user], ARRAY[p_type], ARRAY[p_points], ARRAY[p_kind], ARRAY[p_note],
                                       ARRAY[p_reference], ARRAY[p_amount_status], p_at)
$function$;
