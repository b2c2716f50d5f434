-- take_liability: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 020_bet_limits. Change it here, never in a migration.
--
-- Adds a submission's potential payout to its numbers' rows (by what each row settles as), each only
-- while it stays within the family's cap; false when one would pass it (the caller raises: the whole
-- submission is undone). Rows are taken in key order, so two submissions on the same numbers never deadlock.
CREATE OR REPLACE FUNCTION public.take_liability(p_market integer, p_family text, p_bet_type text, p_bid_date date, p_sessions text[], p_digits text[], p_closedigits text[], p_points bigint[], p_rate_keys text[])
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_cap bigint;
  v_want int;
  v_took int;
BEGIN
  SELECT cap INTO v_cap FROM liability_caps WHERE family = p_family;
  IF v_cap IS NULL THEN
    RETURN true;
  END IF;
  WITH want AS (
    SELECT r.session, settles_as(p_bet_type, r.digits) AS settles, r.digits, r.closedigits,
           sum(CASE WHEN gr.val_1 > 0 THEN floor(r.points * gr.val_2::numeric / gr.val_1::numeric) ELSE 0 END)::bigint
             AS payout
    FROM unnest(p_sessions, p_digits, p_closedigits, p_points, p_rate_keys)
           AS r(session, digits, closedigits, points, rate_key)
    LEFT JOIN game_rates gr ON gr.family = p_family AND gr.rate_key = r.rate_key
    GROUP BY 1, 2, 3, 4
  ), up AS (
    INSERT INTO number_liability AS nl (market_id, bid_date, session, bet_type, digits, closedigits, payout)
    SELECT p_market, p_bid_date, w.session, w.settles, w.digits, w.closedigits, w.payout
    FROM want w WHERE w.payout <= v_cap
    ORDER BY w.session, w.settles, w.digits, w.closedigits
    ON CONFLICT (market_id, bid_date, session, bet_type, digits, closedigits)
      DO UPDATE SET payout = nl.payout + EXCLUDED.payout WHERE nl.payout + EXCLUDED.payout <= v_cap
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM want), (SELECT count(*) FROM up) INTO v_want, v_took;
  RETURN v_took = v_want;
END
$function$;
