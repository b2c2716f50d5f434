-- One owner of 'points move', whatever moves them, and one owner of the bid lock.
--
-- move_points_set is the only writer of the ledger (wallet_transactions) and of a wallet's balance after
-- registration: it applies a list of moves in the order given (a credit or a debit of some points, each
-- with the ledger row's kind, note, reference and status), locks the wallets it touches in id order (as
-- every writer does: no deadlock), changes each wallet once by its net, and writes one ledger row per move
-- with the balance after it. The callers:
--   - one move (a debit only while the wallet covers it): move_points (below) for the wallet service's
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
  IF cardinality(p_users) = 1 THEN
    -- One move (a bid's debit, a wallet service's move): one statement, and a debit only while the
    -- wallet covers it (else nothing changes and nothing is returned).
    IF p_types[1] IS NULL OR p_types[1] NOT IN ('credit', 'debit') OR p_points[1] IS NULL OR p_points[1] <= 0 THEN
      RAISE EXCEPTION 'move_points: a move is a credit or a debit of more than 0 points (got % of %)',
        p_types[1], p_points[1];
    END IF;
    RETURN QUERY
    WITH w AS (
      UPDATE users SET wallet = CASE WHEN p_types[1] = 'credit' THEN wallet + p_points[1] ELSE wallet - p_points[1] END,
                       updated_at = p_at
      WHERE id = p_users[1] AND (p_types[1] = 'credit' OR wallet >= p_points[1])
      RETURNING id, wallet
    ), ledger AS (
      INSERT INTO wallet_transactions (user_id, type, amount, balance_after, kind, note, reference, amount_status, created_at)
      SELECT w.id, p_types[1], p_points[1], w.wallet, p_kinds[1], p_notes[1], p_refs[1], coalesce(p_status[1], '1'), p_at
      FROM w
    )
    SELECT w.id, w.wallet FROM w;
    IF NOT FOUND AND p_types[1] = 'credit' THEN
      RAISE EXCEPTION 'move_points: no account %', p_users[1];
    END IF;
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
LANGUAGE sql AS $$
  SELECT o_wallet FROM move_points_set(ARRAY[p_user], ARRAY[p_type], ARRAY[p_points], ARRAY[p_kind], ARRAY[p_note],
                                       ARRAY[p_reference], ARRAY[p_amount_status], p_at)
$$;

-- The advisory-lock class of the per-market lock that keeps bids and declarations apart across every
-- server process (the second key is the market id): a bid holds it shared while it writes (place_bid), a
-- declaration exclusively while it stores the result (lockMarketForBids). Written here only.
CREATE FUNCTION bid_lock_class() RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 7316 $$;

-- As in 010, with its debit and ledger row by move_points_set and its lock's class by bid_lock_class:
--   1. the market's bid lock, shared;
--   2. one statement: the guard (betting allowed, the session's result not declared), the submission
--      record (idempotency key) and its bid rows, each row at the rate in force;
--   3. the debit and its ledger row ('bid:<submission id>').
-- Returns the submission id and the wallet after the debit; both null when the guard refuses. A known
-- idempotency key raises SQLSTATE 'MKDUP', a wallet that does not cover the total 'MKLOW': either way
-- nothing of the call stays.
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
BEGIN
  PERFORM pg_advisory_xact_lock_shared(bid_lock_class(), p_market);
  WITH g AS (
    SELECT EXISTS (SELECT 1 FROM users WHERE id = p_user AND betting_status = '1')
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
  SELECT o_wallet INTO v_wallet
  FROM move_points_set(ARRAY[p_user], ARRAY['debit'], ARRAY[p_total], ARRAY['bid'], ARRAY[p_note],
                       ARRAY['bid:' || v_sub], ARRAY[NULL::text], p_now);
  IF v_wallet IS NULL THEN
    RAISE EXCEPTION 'the wallet does not cover the bid' USING ERRCODE = 'MKLOW';
  END IF;
  RETURN QUERY SELECT v_sub, v_wallet;
END
$$;
