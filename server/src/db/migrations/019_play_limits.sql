-- The player's own limits and reality check, enforced by the server for
-- every client.
--   - play_limits: a deposit limit, a loss limit (stakes minus wins) and a stake limit, each per day, week
--     or month (IST calendar: a day from 12:00 AM, a week from Monday, a month from the 1st). `amount` is
--     in force; a raise or a removal waits 24 hours as `next_amount` (NULL: removal) from `next_at`. A
--     lower limit replaces `amount` at once (and drops a waiting raise). The services write it; the rule of
--     which change waits is the domain's (limitChange).
--   - play_limit_history: every change as the player asked it, with the moment it takes effect.
--   - users.reality_check_minutes: every 30, 60 or 120 minutes of play the app shows the time played and
--     the net result since login (NULL: off).
-- What a limit counts is this file's: play_limit_state (in force, used, when the period ends) answers the
-- player's page, and play_limit_hit refuses a bid (stake, loss) or points coming in (a deposit request,
-- a transfer received: deposit) with the wallet row locked first, so two racing bids cannot both pass.
CREATE TABLE play_limits (
  user_id     bigint NOT NULL REFERENCES users(id),
  kind        text NOT NULL CHECK (kind IN ('deposit', 'loss', 'stake')),
  period      text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  amount      bigint CHECK (amount > 0),
  next_amount bigint CHECK (next_amount > 0),
  next_at     timestamptz,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, period)
);

CREATE TABLE play_limit_history (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  kind         text NOT NULL,
  period       text NOT NULL,
  action       text NOT NULL CHECK (action IN ('set', 'lowered', 'raised', 'removed', 'kept')),
  amount       bigint,
  previous     bigint,
  effective_at timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX play_limit_history_user_idx ON play_limit_history (user_id, id);

ALTER TABLE users ADD COLUMN reality_check_minutes int CHECK (reality_check_minutes IN (30, 60, 120));

-- The IST calendar period holding p_now: [start, end). India keeps one offset all year (+05:30).
CREATE FUNCTION play_period(p_period text, p_now timestamptz, OUT o_start timestamptz, OUT o_end timestamptz)
LANGUAGE sql IMMUTABLE AS $$
  SELECT (s - interval '5 hours 30 minutes') AT TIME ZONE 'UTC',
         (s + CASE p_period WHEN 'day' THEN interval '1 day' WHEN 'week' THEN interval '7 days'
                            ELSE interval '1 month' END - interval '5 hours 30 minutes') AT TIME ZONE 'UTC'
  FROM (SELECT date_trunc(CASE p_period WHEN 'day' THEN 'day' WHEN 'week' THEN 'week' ELSE 'month' END,
                          (p_now AT TIME ZONE 'UTC') + interval '5 hours 30 minutes') AS s) x
$$;

-- What counts against a limit of this kind since p_start: the points staked (bids not voided), the net
-- loss (those stakes less the wins credited since, never below 0), or the points coming in (deposit
-- requests pending or approved, transfers received).
CREATE FUNCTION play_limit_used(p_user bigint, p_kind text, p_start timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_day date := ((p_start AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date - 1;
  v_staked bigint;
  v_won bigint;
BEGIN
  IF p_kind = 'deposit' THEN
    RETURN (SELECT coalesce(sum(amount), 0) FROM fund_requests
             WHERE user_id = p_user AND status IN ('pending', 'approved') AND created_at >= p_start)
         + (SELECT coalesce(sum(amount), 0) FROM transfers WHERE to_user_id = p_user AND created_at >= p_start);
  END IF;
  -- bids and wins are indexed by (user, family, date): the date bounds the scan, the time is exact
  SELECT coalesce(sum(points), 0) INTO v_staked FROM bids
   WHERE user_id = p_user AND family IN ('regular', 'starline', 'gali') AND bid_date >= v_day
     AND created_at >= p_start AND status <> 'void';
  IF p_kind = 'stake' THEN
    RETURN v_staked;
  END IF;
  SELECT coalesce(sum(amount), 0) INTO v_won FROM wins
   WHERE user_id = p_user AND family IN ('regular', 'starline', 'gali') AND win_date >= v_day
     AND created_at >= p_start AND reversed_at IS NULL;
  RETURN GREATEST(v_staked - v_won, 0);
END
$$;

-- The player's limits at p_now: the amount in force (a waiting change folded in once its time came),
-- what waits, what is used in the running period and when that period ends.
CREATE FUNCTION play_limit_state(p_user bigint, p_now timestamptz)
RETURNS TABLE (kind text, period text, amount bigint, next_amount bigint, next_at timestamptz, removing boolean,
               used bigint, resets timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT l.kind, l.period, l.amount, l.next_amount, l.next_at, l.removing,
         play_limit_used(p_user, l.kind, p.o_start), p.o_end
  FROM (SELECT kind, period,
               CASE WHEN next_at <= p_now THEN next_amount ELSE amount END AS amount,
               CASE WHEN next_at > p_now THEN next_amount END AS next_amount,
               CASE WHEN next_at > p_now THEN next_at END AS next_at,
               next_at > p_now AND next_amount IS NULL AS removing
        FROM play_limits WHERE user_id = p_user) l
  CROSS JOIN LATERAL play_period(l.period, p_now) p
  WHERE l.amount IS NOT NULL
$$;

-- The first limit that p_amount more would pass (the lowest first), as JSON for the refusal, or NULL.
-- 'bid' is held to the stake and loss limits, 'deposit' (a deposit request, a transfer received) to the
-- deposit limits. The wallet row is locked before counting: whatever else moves this player's points
-- waits, so two racing bids (or requests) are counted one after the other.
CREATE FUNCTION play_limit_hit(p_user bigint, p_what text, p_amount bigint, p_now timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_kinds text[] := CASE p_what WHEN 'bid' THEN ARRAY['stake', 'loss'] ELSE ARRAY['deposit'] END;
  v_hit jsonb;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM play_limits WHERE user_id = p_user AND kind = ANY (v_kinds)) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM users WHERE id = p_user FOR NO KEY UPDATE;
  SELECT jsonb_build_object('kind', s.kind, 'period', s.period, 'amount', s.amount, 'used', s.used,
                            'resets', s.resets)
    INTO v_hit
  FROM play_limit_state(p_user, p_now) s
  WHERE s.kind = ANY (v_kinds) AND s.used + p_amount > s.amount
  ORDER BY s.amount - s.used, s.kind, s.period
  LIMIT 1;
  RETURN v_hit;
END
$$;

-- place_bid asks play_limit_hit before it writes a bid: redefined once, with the operator's checks, in 020.
