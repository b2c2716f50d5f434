-- Bet limits per bet type and family, and a liability cap per number.
--   - bet_limits: per family and bet type, the fewest and most points one bid row may carry, and the most a
--     player may stake on that bet type in one session of one market (NULL: no such maximum). No row: the
--     defaults (10 and 10,000,000 points a row, no session maximum).
--   - liability_caps: per family, the largest payout one number (a digit, jodi, pana or sangam of one bet
--     type) may cost on one market session. number_liability keeps each number's potential payout (Σ points x
--     rate of the bids on it), updated by place_bid with the bid itself, so a cap costs no scan of the bids;
--     a bid that would take a number past its family's cap is refused whole (MKCAP).
-- Both are checked inside place_bid, in its one transaction: the session maximum with the player's wallet
-- row locked (racing bids are counted one after another), the cap by a guarded upsert of each number's row.
CREATE TABLE bet_limits (
  family      text NOT NULL CHECK (family IN ('regular', 'starline', 'gali')),
  bet_type    text NOT NULL,
  min_points  bigint NOT NULL CHECK (min_points >= 1),
  max_points  bigint NOT NULL CHECK (max_points >= min_points),
  session_max bigint CHECK (session_max >= min_points),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (family, bet_type)
);

CREATE TABLE liability_caps (
  family     text PRIMARY KEY CHECK (family IN ('regular', 'starline', 'gali')),
  cap        bigint NOT NULL CHECK (cap > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE number_liability (
  market_id int NOT NULL,
  bid_date  date NOT NULL,
  session   text NOT NULL,
  bet_type  text NOT NULL,
  digits    text NOT NULL,
  closedigits text NOT NULL,
  payout    bigint NOT NULL,
  PRIMARY KEY (market_id, bid_date, session, bet_type, digits, closedigits)
);
-- the dashboard's largest exposures of a day
CREATE INDEX number_liability_day_idx ON number_liability (bid_date, payout DESC);

-- The bet limit a submission breaks, as JSON for the refusal ({rule: 'min' | 'max' | 'session', limit, used}),
-- or NULL. The session maximum is counted with the wallet row locked.
CREATE FUNCTION bet_rule_hit(
  p_user bigint, p_market int, p_family text, p_bet_type text, p_session text, p_bid_date date, p_points bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_rule bet_limits;
  v_used bigint;
BEGIN
  SELECT * INTO v_rule FROM bet_limits WHERE family = p_family AND bet_type = p_bet_type;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_points) p WHERE p < v_rule.min_points) THEN
    RETURN jsonb_build_object('rule', 'min', 'limit', v_rule.min_points);
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_points) p WHERE p > v_rule.max_points) THEN
    RETURN jsonb_build_object('rule', 'max', 'limit', v_rule.max_points);
  END IF;
  IF v_rule.session_max IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM users WHERE id = p_user FOR NO KEY UPDATE;
  SELECT coalesce(sum(points), 0) INTO v_used FROM bids
   WHERE user_id = p_user AND family = p_family AND bid_date = p_bid_date AND market_id = p_market
     AND session = p_session AND bet_type = p_bet_type AND status <> 'void';
  IF v_used + (SELECT sum(p) FROM unnest(p_points) p) > v_rule.session_max THEN
    RETURN jsonb_build_object('rule', 'session', 'limit', v_rule.session_max, 'used', v_used);
  END IF;
  RETURN NULL;
END
$$;

-- Adds a submission's potential payout to its numbers' rows, each only while it stays within the family's
-- cap; false when one would pass it (the caller raises: the whole submission is undone). Rows are taken in
-- key order, so two submissions on the same numbers never deadlock.
CREATE FUNCTION take_liability(
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
    SELECT r.session, r.digits, r.closedigits,
           sum(CASE WHEN gr.val_1 > 0 THEN floor(r.points * gr.val_2::numeric / gr.val_1::numeric) ELSE 0 END)::bigint
             AS payout
    FROM unnest(p_sessions, p_digits, p_closedigits, p_points, p_rate_keys)
           AS r(session, digits, closedigits, points, rate_key)
    LEFT JOIN game_rates gr ON gr.family = p_family AND gr.rate_key = r.rate_key
    GROUP BY 1, 2, 3
  ), up AS (
    INSERT INTO number_liability AS nl (market_id, bid_date, session, bet_type, digits, closedigits, payout)
    SELECT p_market, p_bid_date, w.session, p_bet_type, w.digits, w.closedigits, w.payout
    FROM want w WHERE w.payout <= v_cap
    ORDER BY w.session, w.digits, w.closedigits
    ON CONFLICT (market_id, bid_date, session, bet_type, digits, closedigits)
      DO UPDATE SET payout = nl.payout + EXCLUDED.payout WHERE nl.payout + EXCLUDED.payout <= v_cap
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM want), (SELECT count(*) FROM up) INTO v_want, v_took;
  RETURN v_took = v_want;
END
$$;

-- As in 017, with three checks: the operator's bet limits (bet_rule_hit: MKBET) and the player's stake and
-- loss limits (play_limit_hit, migration 019: MKLIM) before the guard, each raising with its limit as JSON
-- and changing nothing, and the liability cap (take_liability: MKCAP) taken with the bid, before the debit.
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
  v_limit := bet_rule_hit(p_user, p_market, p_family, p_bet_type, p_session, p_bid_date, p_points);
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
