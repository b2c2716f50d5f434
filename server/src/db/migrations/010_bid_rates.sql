-- The rate is part of the bet. Each bid keeps the game rate of its bet type when
-- it is placed (val_1 points pay val_2), and is paid at it, whatever the operator sets later. Bids placed
-- before this migration have none and are paid at the rates of the day they are settled, as before.
ALTER TABLE bids ADD COLUMN rate_1 bigint;
ALTER TABLE bids ADD COLUMN rate_2 bigint;

DROP FUNCTION place_bid(bigint, int, text, text, text, date, bigint, text, timestamptz, text, text,
  text[], text[], text[], text[], bigint[]);

-- As in 006, and each row takes its rate from game_rates in the same statement (p_rate_keys: the rate
-- key of each row, from the domain's rateKeyForRow), so the rate stored is the one in force when the
-- bid was placed.
CREATE FUNCTION place_bid(
  p_user bigint, p_market int, p_family text, p_bet_type text, p_session text, p_bid_date date,
  p_total bigint, p_key text, p_now timestamptz, p_note text, p_guard text,
  p_pana text[], p_sessions text[], p_digits text[], p_closedigits text[], p_points bigint[], p_rate_keys text[]
) RETURNS TABLE (o_sub_id bigint, o_wallet bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_sub bigint;
  v_wallet bigint;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7316, p_market);
  WITH debit AS (
    UPDATE users SET wallet = wallet - p_total
    WHERE id = p_user AND wallet >= p_total AND betting_status = '1'
      AND NOT bid_session_declared(p_market, p_bid_date, p_guard)
    RETURNING wallet
  ), sub AS (
    INSERT INTO bid_submissions
      (user_id, family, market_id, bet_type, session, bid_date, total_points, row_count, idempotency_key, created_at)
    SELECT p_user, p_family, p_market, p_bet_type, p_session, p_bid_date, p_total, cardinality(p_points), p_key, p_now
    FROM debit
    ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
    RETURNING id
  ), placed AS (
    INSERT INTO bids
      (submission_id, user_id, family, market_id, bet_type, pana, session, digits, closedigits, points, bid_date,
       created_at, rate_1, rate_2)
    SELECT sub.id, p_user, p_family, p_market, p_bet_type, r.pana, r.session, r.digits, r.closedigits, r.points,
           p_bid_date, p_now, g.val_1, g.val_2
    FROM sub CROSS JOIN unnest(p_pana, p_sessions, p_digits, p_closedigits, p_points, p_rate_keys)
                          WITH ORDINALITY AS r(pana, session, digits, closedigits, points, rate_key, ord)
         LEFT JOIN game_rates g ON g.family = p_family AND g.rate_key = r.rate_key
    ORDER BY r.ord -- the rows keep the order they were sent in
  ), ledger AS (
    INSERT INTO wallet_transactions (user_id, type, amount, balance_after, kind, note, reference, created_at)
    SELECT p_user, 'debit', p_total, debit.wallet, 'bid', p_note, 'bid:' || sub.id, p_now
    FROM sub, debit
  )
  SELECT (SELECT id FROM sub), (SELECT wallet FROM debit) INTO v_sub, v_wallet;
  IF v_wallet IS NOT NULL AND v_sub IS NULL THEN
    RAISE EXCEPTION 'idempotency key already used' USING ERRCODE = 'MKDUP';
  END IF;
  RETURN QUERY SELECT v_sub, v_wallet;
END
$$;
