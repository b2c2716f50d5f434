-- A bid submission in one call (one round trip; PL/pgSQL keeps the plan of its statement per session):
--   1. the market's bid lock, shared (a declaration holds it exclusively: see lockMarketForBids), so a
--      bid is either settled by a declaration or sees its result;
--   2. in one statement: the guarded debit (enough points, betting allowed, the session's result not
--      declared), the submission record (idempotency key), the bid rows and the ledger row.
-- Returns the submission id and the wallet after the debit (both null when the debit was refused).
-- A known idempotency key raises SQLSTATE 'MKDUP' after the debit, so the whole call is rolled back.
-- bid_session_declared / p_guard: the result that ends the session: 'open' (open or close pana), 'close' (close pana),
-- 'starline' (the slot's pana), 'gali' (the jodi).
CREATE FUNCTION bid_session_declared(p_market int, p_date date, p_guard text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM results r WHERE r.market_id = p_market AND r.result_date = p_date
      AND CASE p_guard
            WHEN 'open' THEN r.close_pana IS NOT NULL OR r.open_pana IS NOT NULL
            WHEN 'close' THEN r.close_pana IS NOT NULL
            WHEN 'starline' THEN r.open_pana IS NOT NULL
            ELSE r.jodi IS NOT NULL
          END)
$$;

CREATE FUNCTION place_bid(
  p_user bigint, p_market int, p_family text, p_bet_type text, p_session text, p_bid_date date,
  p_total bigint, p_key text, p_now timestamptz, p_note text, p_guard text,
  p_pana text[], p_sessions text[], p_digits text[], p_closedigits text[], p_points bigint[]
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
      (submission_id, user_id, family, market_id, bet_type, pana, session, digits, closedigits, points, bid_date, created_at)
    SELECT sub.id, p_user, p_family, p_market, p_bet_type, r.pana, r.session, r.digits, r.closedigits, r.points, p_bid_date, p_now
    FROM sub, unnest(p_pana, p_sessions, p_digits, p_closedigits, p_points) AS r(pana, session, digits, closedigits, points)
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
