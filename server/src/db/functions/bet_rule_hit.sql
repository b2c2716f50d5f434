-- bet_rule_hit: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 020_bet_limits. Change it here, never in a migration.
--
-- The bet limit a submission breaks, as JSON for the refusal ({rule: 'min' | 'max' | 'session', limit, used}),
-- or NULL. The session maximum is counted with the wallet row locked.
CREATE OR REPLACE FUNCTION public.bet_rule_hit(p_user bigint, p_market integer, p_family text, p_bet_type text, p_session text, p_bid_date date, p_digits text[], p_points bigint[])
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_rule record;
  v_used bigint;
  v_locked boolean := false;
BEGIN
  -- every rule a row answers to: its screen's, and what it settles as
  FOR v_rule IN
    WITH r AS (SELECT settles_as(p_bet_type, d) AS settles, p FROM unnest(p_digits, p_points) AS x(d, p))
    SELECT bl.bet_type, bl.min_points, bl.max_points, bl.session_max,
           min(r.p) AS least, max(r.p) AS most, sum(r.p) AS total
    FROM bet_limits bl JOIN r ON bl.bet_type IN (r.settles, p_bet_type)
    WHERE bl.family = p_family
    GROUP BY bl.bet_type, bl.min_points, bl.max_points, bl.session_max
    ORDER BY bl.bet_type
  LOOP
    IF v_rule.least < v_rule.min_points THEN
      RETURN jsonb_build_object('rule', 'min', 'limit', v_rule.min_points);
    END IF;
    IF v_rule.most > v_rule.max_points THEN
      RETURN jsonb_build_object('rule', 'max', 'limit', v_rule.max_points);
    END IF;
  END LOOP;
  FOR v_rule IN
    WITH r AS (SELECT settles_as(p_bet_type, d) AS settles, p FROM unnest(p_digits, p_points) AS x(d, p))
    SELECT bl.bet_type, bl.session_max, sum(r.p) AS total
    FROM bet_limits bl JOIN r ON bl.bet_type IN (r.settles, p_bet_type)
    WHERE bl.family = p_family AND bl.session_max IS NOT NULL
    GROUP BY bl.bet_type, bl.session_max
    ORDER BY bl.bet_type
  LOOP
    IF NOT v_locked THEN
      PERFORM 1 FROM users WHERE id = p_user FOR NO KEY UPDATE;
      v_locked := true;
    END IF;
    SELECT coalesce(sum(points), 0) INTO v_used FROM bids
     WHERE user_id = p_user AND family = p_family AND bid_date = p_bid_date AND market_id = p_market
       AND session = p_session AND status <> 'void'
       AND (bet_type = v_rule.bet_type OR settles_as(bet_type, digits) = v_rule.bet_type);
    IF v_used + v_rule.total > v_rule.session_max THEN
      RETURN jsonb_build_object('rule', 'session', 'limit', v_rule.session_max, 'used', v_used);
    END IF;
  END LOOP;
  RETURN NULL;
END
$function$;
