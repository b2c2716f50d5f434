-- Wave 3, issue G item 3: one owner of 'points move', whatever moves them, and one owner of the bid lock.
--
-- move_points_set is the only writer of the ledger (wallet_transactions) and of a wallet's balance after
-- registration: it applies a list of moves in the order given (a credit or a debit of some points, each
-- with the ledger row's kind, note, reference and status), locks the wallets it touches in id order (as
-- every writer does: no deadlock), changes each wallet once by its net, and writes one ledger row per move
-- with the balance after it. The callers:
--   - move_points (below): one move, a debit only while the wallet covers it; the wallet service's
--     credits, debits, withdrawal holds and transfers, and place_bid's debit;
--   - the settlement (settle-sql.ts): a chunk's wins and reversals, all at once, in the ledger's order.
-- A wallet that would end below 0 is refused by users_wallet_non_negative; callers order their moves so
-- that no balance in between is below 0 (the settlement's reversals take at most what the wallet holds).
CREATE FUNCTION move_points_set(
  p_users bigint[], p_types text[], p_points bigint[], p_kinds text[], p_notes text[], p_refs text[],
  p_status text[], p_at timestamptz
) RETURNS TABLE (o_user bigint, o_wallet bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_bad text;
  v_users int;
  v_found int;
BEGIN
  IF coalesce(cardinality(p_users), 0) = 0 THEN
    RETURN;
  END IF;
  SELECT coalesce(t, 'null') || ' of ' || coalesce(p::text, 'null') INTO v_bad
  FROM unnest(p_types, p_points) AS m(t, p)
  WHERE t IS DISTINCT FROM 'credit' AND t IS DISTINCT FROM 'debit' OR p IS NULL OR p <= 0
  LIMIT 1;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'move_points: a move is a credit or a debit of more than 0 points (got %)', v_bad;
  END IF;
  SELECT count(DISTINCT u) INTO v_users FROM unnest(p_users) AS u;
  PERFORM 1 FROM users WHERE id = ANY (p_users) ORDER BY id FOR UPDATE;
  GET DIAGNOSTICS v_found = ROW_COUNT;
  IF v_found <> v_users THEN
    RAISE EXCEPTION 'move_points: no account for one of the moves';
  END IF;
  RETURN QUERY
  WITH m AS (
    SELECT u AS user_id, t AS type, p AS points, k AS kind, n AS note, r AS reference, s AS amount_status, ord,
           CASE WHEN t = 'credit' THEN p ELSE -p END AS signed
    FROM unnest(p_users, p_types, p_points, p_kinds, p_notes, p_refs, p_status)
         WITH ORDINALITY AS x(u, t, p, k, n, r, s, ord)
  ), d AS (
    SELECT user_id, SUM(signed) AS delta FROM m GROUP BY user_id
  ), w AS (
    UPDATE users SET wallet = users.wallet + d.delta, updated_at = p_at
    FROM d WHERE users.id = d.user_id
    RETURNING users.id, users.wallet, d.delta
  ), ledger AS (
    INSERT INTO wallet_transactions (user_id, type, amount, balance_after, kind, note, reference, amount_status, created_at)
    SELECT m.user_id, m.type, m.points,
           w.wallet - w.delta + SUM(m.signed) OVER (PARTITION BY m.user_id ORDER BY m.ord),
           m.kind, m.note, m.reference, coalesce(m.amount_status, '1'), p_at
    FROM m JOIN w ON w.id = m.user_id
    ORDER BY m.ord
  )
  SELECT w.id, w.wallet FROM w;
END
$$;

-- One move (as in 013): a credit always; a debit only while the wallet covers it (else nothing changes
-- and it returns NULL). Returns the wallet after it.
CREATE OR REPLACE FUNCTION move_points(
  p_user bigint, p_type text, p_points bigint, p_kind text, p_note text, p_reference text,
  p_amount_status text, p_at timestamptz
) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_wallet bigint;
BEGIN
  IF p_type = 'debit' AND p_points > 0 THEN
    PERFORM 1 FROM users WHERE id = p_user AND wallet >= p_points FOR UPDATE;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT o_wallet INTO v_wallet
  FROM move_points_set(ARRAY[p_user], ARRAY[p_type], ARRAY[p_points], ARRAY[p_kind], ARRAY[p_note],
                       ARRAY[p_reference], ARRAY[p_amount_status], p_at);
  RETURN v_wallet;
END
$$;

-- The per-market lock that keeps bids and declarations apart across every server process: a bid holds
-- it shared while it writes (place_bid), a declaration exclusively while it stores the result
-- (lockMarketForBids). Its advisory-lock class is written here only.
CREATE FUNCTION lock_market_bids(p_market int, p_exclusive boolean) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_exclusive THEN
    PERFORM pg_advisory_xact_lock(7316, p_market);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(7316, p_market);
  END IF;
END
$$;

-- As in 010, with its debit and ledger row by move_points and its lock by lock_market_bids. The
-- submission's id is drawn first, so that the debit's ledger row names it ('bid:<id>'). A known
-- idempotency key raises SQLSTATE 'MKDUP' after the debit, so the whole call is rolled back.
CREATE OR REPLACE FUNCTION place_bid(
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
  PERFORM lock_market_bids(p_market, false);
  PERFORM 1 FROM users WHERE id = p_user AND betting_status = '1';
  IF NOT FOUND OR bid_session_declared(p_market, p_bid_date, p_guard) THEN
    RETURN QUERY SELECT NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  v_sub := nextval(pg_get_serial_sequence('bid_submissions', 'id'));
  v_wallet := move_points(p_user, 'debit', p_total, 'bid', p_note, 'bid:' || v_sub, NULL, p_now);
  IF v_wallet IS NULL THEN
    RETURN QUERY SELECT NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  INSERT INTO bid_submissions
    (id, user_id, family, market_id, bet_type, session, bid_date, total_points, row_count, idempotency_key, created_at)
  VALUES (v_sub, p_user, p_family, p_market, p_bet_type, p_session, p_bid_date, p_total, cardinality(p_points), p_key, p_now)
  ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'idempotency key already used' USING ERRCODE = 'MKDUP';
  END IF;
  INSERT INTO bids
    (submission_id, user_id, family, market_id, bet_type, pana, session, digits, closedigits, points, bid_date,
     created_at, rate_1, rate_2)
  SELECT v_sub, p_user, p_family, p_market, p_bet_type, r.pana, r.session, r.digits, r.closedigits, r.points,
         p_bid_date, p_now, g.val_1, g.val_2
  FROM unnest(p_pana, p_sessions, p_digits, p_closedigits, p_points, p_rate_keys)
         WITH ORDINALITY AS r(pana, session, digits, closedigits, points, rate_key, ord)
       LEFT JOIN game_rates g ON g.family = p_family AND g.rate_key = r.rate_key
  ORDER BY r.ord; -- the rows keep the order they were sent in
  RETURN QUERY SELECT v_sub, v_wallet;
END
$$;
