-- play_limit_state: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 019_play_limits. Change it here, never in a migration.
--
-- The player's limits at p_now: the amount in force (a waiting change folded in once its time came),
-- what waits, what is used in the running period and when that period ends.
CREATE OR REPLACE FUNCTION public.play_limit_state(p_user bigint, p_now timestamp with time zone)
 RETURNS TABLE(kind text, period text, amount bigint, next_amount bigint, next_at timestamp with time zone, removing boolean, used bigint, resets timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT l.kind, l.period, l.amount, l.next_amount, l.next_at, l.removing,
         play_limit_used(p_user, l.kind, p.o_start), p.o_end
  FROM (SELECT kind, period,
               CASE WHEN next_at <= p_now THEN next_amount ELSE amount END AS amount,
               CASE WHEN next_at > p_now THEN next_amount END AS next_amount,
               CASE WHEN next_at > p_now THEN next_at END AS next_at,
               next_at > p_now AND next_amount IS NULL AS removing
        FROM play_limits WHERE user_id = p_user) l
  CROSS JOIN LATERAL play_period(l.period, p_now) p
  WHERE l.amount IS NOT NULL
$function$;
