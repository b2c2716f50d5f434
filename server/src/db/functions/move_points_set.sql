-- move_points_set: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 014_one_owner_of_points. Change it here, never in a migration.
--
-- move_points_set (migration 014) also writes each changed player's 'wallet' event with the balance after
-- the moves, but not for a bid's debit (the bid's own answer carries the wallet; a live event per bid
-- would put a notification on every bid's commit). The rest is as in 014.
CREATE OR REPLACE FUNCTION public.move_points_set(p_users bigint[], p_types text[], p_points bigint[], p_kinds text[], p_notes text[], p_refs text[], p_status text[], p_at timestamp with time zone)
 RETURNS TABLE(o_user bigint, o_wallet bigint)
 LANGUAGE plpgsql
AS $function$
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
    ), ev AS (
      INSERT INTO live_events (user_id, kind, data, created_at)
      SELECT w.id, 'wallet', jsonb_build_object('kind', 'wallet', 'wallet', w.wallet), p_at FROM w
      WHERE p_kinds[1] IS DISTINCT FROM 'bid'
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
  PERFORM 1 FROM users WHERE id = ANY (p_users) ORDER BY id FOR NO KEY UPDATE;
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
    SELECT user_id, SUM(signed) AS delta, bool_or(kind IS DISTINCT FROM 'bid') AS told FROM m GROUP BY user_id
  ), w AS (
    UPDATE users SET wallet = users.wallet + d.delta, updated_at = p_at
    FROM d WHERE users.id = d.user_id
    RETURNING users.id, users.wallet, d.delta, d.told
  ), ledger AS (
    INSERT INTO wallet_transactions (user_id, type, amount, balance_after, kind, note, reference, amount_status, created_at)
    SELECT m.user_id, m.type, m.points,
           w.wallet - w.delta + SUM(m.signed) OVER (PARTITION BY m.user_id ORDER BY m.ord),
           m.kind, m.note, m.reference, coalesce(m.amount_status, '1'), p_at
    FROM m JOIN w ON w.id = m.user_id
    ORDER BY m.ord
  ), ev AS (
    INSERT INTO live_events (user_id, kind, data, created_at)
    SELECT w.id, 'wallet', jsonb_build_object('kind', 'wallet', 'wallet', w.wallet), p_at FROM w WHERE w.told ORDER BY w.id
  )
  SELECT w.id, w.wallet FROM w;
END
$function$;
