-- Responsible play enforced by the server for every client.
--   - age: the player's declaration 'I confirm that I am 18 years of age or older' and its time
--     (registration from our client, or asked once later); an operator setting
--     (require_age_declaration = '1') makes it needed before any bid;
--   - a break (24 hours, 7 days, 30 days) and self-exclusion (6 months, 1 year, permanent: 'infinity'):
--     until then no bid, no deposit request and no transfer received; login, histories and withdrawals
--     stay. The player can lengthen them, never shorten or lift them; only an owner lifts an exclusion
--     early, with a reason (audited);
--   - protection_history: every declaration, break, exclusion and lift, for the player's page and the
--     console.
ALTER TABLE users ADD COLUMN age_declared_at timestamptz;
ALTER TABLE users ADD COLUMN break_until timestamptz;
ALTER TABLE users ADD COLUMN excluded_until timestamptz;

-- live events (migration 015) gain two kinds: 'lists' (an operator changed markets or settings: every app
-- fetches its lists again) and 'account' (an operator or the player changed the account: its apps fetch
-- the home info again)
ALTER TABLE live_events DROP CONSTRAINT live_events_kind_check;
ALTER TABLE live_events ADD CONSTRAINT live_events_kind_check
  CHECK (kind IN ('result', 'market', 'wallet', 'win', 'deposit', 'withdrawal', 'notice', 'lists', 'account'));

CREATE TABLE protection_history (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id),
  kind       text NOT NULL CHECK (kind IN ('age', 'break', 'exclusion', 'exclusion_lifted')),
  until      timestamptz,
  note       text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX protection_history_user_idx ON protection_history (user_id, id);

-- May this account bid (and deposit, and receive points) now: no break or exclusion running, and the age
-- declared when the operator requires it. One owner of the rule: place_bid's guard and the services ask it.
CREATE FUNCTION may_play(u users, p_now timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT (u.break_until IS NULL OR u.break_until <= p_now)
     AND (u.excluded_until IS NULL OR u.excluded_until <= p_now)
     AND (u.age_declared_at IS NOT NULL
          OR coalesce((SELECT value FROM settings WHERE key = 'require_age_declaration'), '0') <> '1')
$$;

-- As in 014, with may_play in the guard: a bid of a player on a break, excluded, or (when required)
-- without the age declaration changes nothing.
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
  SELECT o_wallet INTO v_wallet
  FROM move_points_set(ARRAY[p_user], ARRAY['debit'], ARRAY[p_total], ARRAY['bid'], ARRAY[p_note],
                       ARRAY['bid:' || v_sub], ARRAY[NULL::text], p_now);
  IF v_wallet IS NULL THEN
    RAISE EXCEPTION 'the wallet does not cover the bid' USING ERRCODE = 'MKLOW';
  END IF;
  RETURN QUERY SELECT v_sub, v_wallet;
END
$$;
