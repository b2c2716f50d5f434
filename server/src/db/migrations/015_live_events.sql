-- Live events. What a player hears at once (a result declared or corrected, a market's
-- status, their wallet, a win, a deposit or withdrawal decided, an operator's notice) is written as a row
-- of live_events in the transaction that makes it true, so it exists exactly when the change commits.
--   - user_id NULL: everyone's (results, markets, notices); else that player's only;
--   - tx: the writing transaction; a statement that adds events notifies 'matka_live' with it (one
--     notification per transaction: PostgreSQL folds equal ones), sent at commit, and every server
--     process then reads that transaction's events and hands them to its open streams;
--   - id: the stream's event id; a reconnecting client's Last-Event-ID replays the rows after it;
--   - dedup: a fact several processes may notice at once (a market closing by the clock) is written once.
CREATE TABLE live_events (
  id         bigserial PRIMARY KEY,
  tx         xid8 NOT NULL DEFAULT pg_current_xact_id(),
  user_id    bigint,
  kind       text NOT NULL CHECK (kind IN ('result', 'market', 'wallet', 'win', 'deposit', 'withdrawal', 'notice')),
  data       jsonb NOT NULL DEFAULT '{}',
  dedup      text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_events_tx_idx ON live_events (tx);
CREATE INDEX live_events_user_idx ON live_events (user_id, id);
CREATE INDEX live_events_created_idx ON live_events (created_at);

CREATE FUNCTION live_events_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM added) THEN
    PERFORM pg_notify('matka_live', pg_current_xact_id()::text);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER live_events_notify AFTER INSERT ON live_events
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION live_events_notify();

-- The inbox: events up to this id are read (the player's own and the notices).
ALTER TABLE users ADD COLUMN inbox_read_id bigint NOT NULL DEFAULT 0;

-- The operator's notices to everyone (the event carries them to the streams and the inboxes).
CREATE TABLE notices (
  id         bigserial PRIMARY KEY,
  title      text NOT NULL,
  body       text NOT NULL,
  link       text,
  sent_by    text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- move_points_set (migration 014) also writes each changed player's 'wallet' event with the balance after
-- the moves, but not for a bid's debit (the bid's own answer carries the wallet; a live event per bid
-- would put a notification on every bid's commit). The rest is as in 014.
CREATE OR REPLACE FUNCTION move_points_set(
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
$$;
