-- play_period: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 019_play_limits. Change it here, never in a migration.
--
-- The IST calendar period holding p_now: [start, end). India keeps one offset all year (+05:30).
CREATE OR REPLACE FUNCTION public.play_period(p_period text, p_now timestamp with time zone, OUT o_start timestamp with time zone, OUT o_end timestamp with time zone)
 RETURNS record
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT (s - interval '5 hours 30 minutes') AT TIME ZONE 'UTC',
         (s + CASE p_period WHEN 'day' THEN interval '1 day' WHEN 'week' THEN interval '7 days'
                            ELSE interval '1 month' END - interval '5 hours 30 minutes') AT TIME ZONE 'UTC'
  FROM (SELECT date_trunc(CASE p_period WHEN 'day' THEN 'day' WHEN 'week' THEN 'week' ELSE 'month' END,
                          (p_now AT TIME ZONE 'UTC') + interval '5 hours 30 minutes') AS s) x
$function$;
