-- place_bid: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 006_place_bid. Change it here, never in a migration.
--
-- As in 020, with the rows' digits for bet_rule_hit, and the book the submission belongs to (its guard's
-- session: 'close' for a regular Close bid, else 'open'). p_sessions_sent: each row's session word as its
-- client spelled it ('OPEN'), or NULL where it was the stored one or none: the histories echo it.
CREATE OR REPLACE FUNCTION public.place_bid(p_user bigint, p_market integer, p_family text, p_bet_type text, p_session text, p_bid_date date, p_total bigint, p_key text, p_now timestamp with time zone, p_note text, p_guard text, p_pana text[], p_sessions text[], p_digits text[], p_closedigits text[], p_points bigint[], p_rate_keys text[], p_sessions_sent text[])
 RETURNS TABLE(o_sub_id bigint, o_wallet bigint)
 LANGUAGE plpgsql
AS $function$
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
      (user_id, family, market_id, bet_type, session, bid_date, total_points, row_count, idempotency_key, created_at,
       book)
    SELECT p_user, p_family, p_market, p_bet_type, p_session, p_bid_date, p_total, cardinality(p_points), p_key, p_now,
           CASE WHEN p_guard = 'close' THEN 'close' ELSE 'open' END
    FROM g WHERE g.ok
    ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
    RETURNING id
  ), placed AS (
    INSERT INTO bids
      (submission_id, user_id, family, market_id, bet_type, pana, session, digits, closedigits, points, bid_date,
       created_at, rate_1, rate_2, session_sent)
    SELECT sub.id, p_user, p_family, p_market, p_bet_type, r.pana, r.session, r.digits, r.closedigits, r.points,
           p_bid_date, p_now, gr.val_1, gr.val_2, r.session_sent
    FROM sub CROSS JOIN unnest(p_pana, p_sessions, p_digits, p_closedigits, p_points, p_rate_keys, p_sessions_sent)
                          WITH ORDINALITY AS r(pana, session, digits, closedigits, points, rate_key, session_sent, ord)
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
$function$;
