-- may_play: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 017_responsible_play. Change it here, never in a migration.
--
-- place_bid's guard calls may_play (017) and bid_session_declared
-- (006). Both were SQL functions with a sub-query, which PostgreSQL cannot inline, and a SQL function that
-- is not inlined is planned again on every call: 2 plans per bid, 30-40 us each on this machine, about a
-- tenth of a bid's time in the database (pg_stat_statements with track_planning: 16,109 plans of each for
-- 16,109 bids). As PL/pgSQL functions their statements are planned once per connection. The rules, the
-- arguments and the answers are the same.
CREATE OR REPLACE FUNCTION public.may_play(u users, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN (u.break_until IS NULL OR u.break_until <= p_now)
     AND (u.excluded_until IS NULL OR u.excluded_until <= p_now)
     AND (u.age_declared_at IS NOT NULL
          OR coalesce((SELECT value FROM settings WHERE key = 'require_age_declaration'), '0') <> '1');
END
$function$;
