-- play_limit_hit: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 019_play_limits. Change it here, never in a migration.
--
-- The first limit that p_amount more would pass (the lowest first), as JSON for the refusal, or NULL.
-- 'bid' is held to the stake and loss limits, 'deposit' (a deposit request, a transfer received) to the
-- deposit limits. The wallet row is locked before counting: whatever else moves this player's points
-- waits, so two racing bids (or requests) are counted one after the other.
CREATE OR REPLACE FUNCTION public.play_limit_hit(p_user bigint, p_what text, p_amount bigint, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
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
$function$;
