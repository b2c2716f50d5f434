-- place_bid's guard calls may_play (017) and bid_session_declared
-- (006). Both were SQL functions with a sub-query, which PostgreSQL cannot inline, and a SQL function that
-- is not inlined is planned again on every call: 2 plans per bid, 30-40 us each on this machine, about a
-- tenth of a bid's time in the database (pg_stat_statements with track_planning: 16,109 plans of each for
-- 16,109 bids). As PL/pgSQL functions their statements are planned once per connection. The rules, the
-- arguments and the answers are the same.
CREATE OR REPLACE FUNCTION may_play(u users, p_now timestamptz) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (u.break_until IS NULL OR u.break_until <= p_now)
     AND (u.excluded_until IS NULL OR u.excluded_until <= p_now)
     AND (u.age_declared_at IS NOT NULL
          OR coalesce((SELECT value FROM settings WHERE key = 'require_age_declaration'), '0') <> '1');
END
$$;

CREATE OR REPLACE FUNCTION bid_session_declared(p_market int, p_date date, p_guard text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM results r WHERE r.market_id = p_market AND r.result_date = p_date
      AND CASE p_guard
            WHEN 'open' THEN r.close_pana IS NOT NULL OR r.open_pana IS NOT NULL
            WHEN 'close' THEN r.close_pana IS NOT NULL
            WHEN 'starline' THEN r.open_pana IS NOT NULL
            ELSE r.jodi IS NOT NULL
          END);
END
$$;
