-- play_limit_used: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 019_play_limits. Change it here, never in a migration.
--
-- What counts against a limit of this kind since p_start: the points staked (bids not voided), the net
-- loss (those stakes less the wins credited since, never below 0), or the points coming in (deposit
-- requests pending or approved, transfers received).
CREATE OR REPLACE FUNCTION public.play_limit_used(p_user bigint, p_kind text, p_start timestamp with time zone)
 RETURNS bigint
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  v_day date := ((p_start AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date - 1;
  v_staked bigint;
  v_won bigint;
BEGIN
  IF p_kind = 'deposit' THEN
    RETURN (SELECT coalesce(sum(amount), 0) FROM fund_requests
             WHERE user_id = p_user AND status IN ('pending', 'approved') AND created_at >= p_start)
         + (SELECT coalesce(sum(amount), 0) FROM transfers WHERE to_user_id = p_user AND created_at >= p_start);
  END IF;
  -- bids and wins are indexed by (user, family, date): the date bounds the scan, the time is exact
  SELECT coalesce(sum(points), 0) INTO v_staked FROM bids
   WHERE user_id = p_user AND family IN ('regular', 'starline', 'gali') AND bid_date >= v_day
     AND created_at >= p_start AND status <> 'void';
  IF p_kind = 'stake' THEN
    RETURN v_staked;
  END IF;
  SELECT coalesce(sum(amount), 0) INTO v_won FROM wins
   WHERE user_id = p_user AND family IN ('regular', 'starline', 'gali') AND win_date >= v_day
     AND created_at >= p_start AND reversed_at IS NULL;
  RETURN GREATEST(v_staked - v_won, 0);
END
$function$;
