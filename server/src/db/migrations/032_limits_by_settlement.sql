-- Bet limits and liability caps by what a row settles as, not by the screen it came from: a pana placed
-- through SP Motor or SP DP TP is a single (double, triple) pana like one placed as such, so the limits set
-- for Single Pana and the number's one liability row apply to it wherever it was placed.
--   - settles_as(bet type, digits): the bet type a row is paid as (the domain's settlementType; a server
--     test checks that the two agree for every bet type).
--   - bet_rule_hit: each row answers to the limits of its screen's bet type and of what it settles as;
--     a session maximum counts every bid of the session that answers to it, whatever its screen.
--   - take_liability and number_liability: one row per number as it settles (the rows kept by screen
--     until now are added up into it).
CREATE FUNCTION settles_as(p_bet_type text, p_digits text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_bet_type
    WHEN 'sp_motor' THEN 'single_pana'
    WHEN 'dp_motor' THEN 'double_pana'
    WHEN 'sp_dp_tp' THEN CASE
      WHEN p_digits !~ '^[0-9]{3}$' THEN 'single_pana'
      WHEN substr(p_digits, 1, 1) = substr(p_digits, 2, 1) AND substr(p_digits, 2, 1) = substr(p_digits, 3, 1)
        THEN 'triple_pana'
      WHEN substr(p_digits, 1, 1) IN (substr(p_digits, 2, 1), substr(p_digits, 3, 1))
        OR substr(p_digits, 2, 1) = substr(p_digits, 3, 1)
        THEN 'double_pana'
      ELSE 'single_pana' END
    ELSE p_bet_type END
$$;

-- The bet limit a submission breaks, as JSON for the refusal ({rule: 'min' | 'max' | 'session', limit, used}),
-- or NULL. The session maximum is counted with the wallet row locked.
CREATE FUNCTION bet_rule_hit(
  p_user bigint, p_market int, p_family text, p_bet_type text, p_session text, p_bid_date date,
  p_digits text[], p_points bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
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
$$;
DROP FUNCTION bet_rule_hit(bigint, int, text, text, text, date, bigint[]);

-- Adds a submission's potential payout to its numbers' rows (by what each row settles as), each only
-- while it stays within the family's cap; false when one would pass it (the caller raises: the whole
-- submission is undone). Rows are taken in key order, so two submissions on the same numbers never deadlock.
CREATE OR REPLACE FUNCTION take_liability(
  p_market int, p_family text, p_bet_type text, p_bid_date date,
  p_sessions text[], p_digits text[], p_closedigits text[], p_points bigint[], p_rate_keys text[]
) RETURNS boolean
LANGUAGE plpgsql AS $$
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
$$;

-- the numbers' rows kept by screen, added up by what they settle as
CREATE TEMP TABLE number_liability_by_screen ON COMMIT DROP AS
  SELECT market_id, bid_date, session, settles_as(bet_type, digits) AS bet_type, digits, closedigits,
         sum(payout)::bigint AS payout
  FROM number_liability GROUP BY 1, 2, 3, 4, 5, 6;
DELETE FROM number_liability;
INSERT INTO number_liability SELECT * FROM number_liability_by_screen;

-- As in 020, with the rows' digits for bet_rule_hit.
CREATE OR REPLACE FUNCTION place_bid(
  p_user bigint, p_market int, p_family text, p_bet_type text, p_session text, p_bid_date date,
  p_total bigint, p_key text, p_now timestamptz, p_note text, p_guard text,
  p_pana text[], p_sessions text[], p_digits text[], p_closedigits text[], p_points bigint[], p_rate_keys text[]
) RETURNS TABLE (o_sub_id bigint, o_wallet bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_ok boolean;
  v_sub bigint;
  v_wallet bigint;
  v_limit jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(bid_lock_class(), p_market);
  v_limit := bet_rule_hit(p_user, p_market, p_family, p_bet_type, p_session, p_bid_date, p_digits, p_points);
  IF v_limit IS NOT NULL THEN
    RAISE EXCEPTION '%', v_limit::text USING ERRCODE = 'MKBET';
  END IF;
  v_limit := play_limit_hit(p_user, 'bid', p_total, p_now);
  IF v_limit IS NOT NULL THEN
    RAISE EXCEPTION '%', v_limit::text USING ERRCODE = 'MKLIM';
  END IF;
  WITH g AS (
    SELECT EXISTS (SELECT 1 FROM users WHERE id = p_user AND betting_status = '1' AND may_play(users, p_now))
           AND NOT bid_session_declared(p_market, p_bid_date, p_guard) AS ok
  ), sub AS (
    INSERT INTO bid_submissions
      (user_id, family, market_id, bet_type, session, bid_date, total_points, row_count, idempotency_key, created_at)
    SELECT p_user, p_family, p_market, p_bet_type, p_session, p_bid_date, p_total, cardinality(p_points), p_key, p_now
    FROM g WHERE g.ok
    ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
    RETURNING id
  ), placed AS (
    INSERT INTO bids
      (submission_id, user_id, family, market_id, bet_type, pana, session, digits, closedigits, points, bid_date,
       created_at, rate_1, rate_2)
    SELECT sub.id, p_user, p_family, p_market, p_bet_type, r.pana, r.session, r.digits, r.closedigits, r.points,
           p_bid_date, p_now, gr.val_1, gr.val_2
    FROM sub CROSS JOIN unnest(p_pana, p_sessions, p_digits, p_closedigits, p_points, p_rate_keys)
                          WITH ORDINALITY AS r(pana, session, digits, closedigits, points, rate_key, ord)
         LEFT JOIN game_rates gr ON gr.family = p_family AND gr.rate_key = r.rate_key
    ORDER BY r.ord -- the rows keep the order they were sent in
  )
  SELECT g.ok, (SELECT id FROM sub) INTO v_ok, v_sub FROM g;
  IF NOT v_ok THEN
    RETURN QUERY SELECT NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  IF v_sub IS NULL THEN
    RAISE EXCEPTION 'idempotency key already used' USING ERRCODE = 'MKDUP';
  END IF;
  IF NOT take_liability(p_market, p_family, p_bet_type, p_bid_date, p_sessions, p_digits, p_closedigits, p_points,
                        p_rate_keys) THEN
    RAISE EXCEPTION 'a number of the bid is closed for this session' USING ERRCODE = 'MKCAP';
  END IF;
  SELECT o_wallet INTO v_wallet
  FROM move_points_set(ARRAY[p_user], ARRAY['debit'], ARRAY[p_total], ARRAY['bid'], ARRAY[p_note],
                       ARRAY['bid:' || v_sub], ARRAY[NULL::text], p_now);
  IF v_wallet IS NULL THEN
    RAISE EXCEPTION 'the wallet does not cover the bid' USING ERRCODE = 'MKLOW';
  END IF;
  RETURN QUERY SELECT v_sub, v_wallet;
END
$$;

