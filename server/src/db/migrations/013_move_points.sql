-- One owner of 'points move' for every single movement. move_points changes one
-- wallet and writes its ledger row with the balance after it, in the caller's transaction: a credit
-- always; a debit only while the wallet covers it (else nothing changes and it returns NULL). The
-- wallet service's credits, debits, withdrawal holds and transfers all call it. Two writers keep their
-- own set-based statement, for speed, and are tested against the rules: place_bid (006, 010: the debit,
-- the submission, its bids and its ledger row in one statement) and the settlement (settle-sql.ts: a
-- chunk's wins and reversals per player).
CREATE FUNCTION move_points(
  p_user bigint, p_type text, p_points bigint, p_kind text, p_note text, p_reference text,
  p_amount_status text, p_at timestamptz
) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_wallet bigint;
BEGIN
  IF p_points IS NULL OR p_points <= 0 THEN
    RAISE EXCEPTION 'move_points: points must be more than 0 (got %)', p_points;
  END IF;
  IF p_type = 'credit' THEN
    UPDATE users SET wallet = wallet + p_points, updated_at = p_at WHERE id = p_user RETURNING wallet INTO v_wallet;
    IF v_wallet IS NULL THEN
      RAISE EXCEPTION 'move_points: no account %', p_user;
    END IF;
  ELSIF p_type = 'debit' THEN
    UPDATE users SET wallet = wallet - p_points, updated_at = p_at
    WHERE id = p_user AND wallet >= p_points RETURNING wallet INTO v_wallet;
    IF v_wallet IS NULL THEN
      RETURN NULL;
    END IF;
  ELSE
    RAISE EXCEPTION 'move_points: type must be credit or debit (got %)', p_type;
  END IF;
  INSERT INTO wallet_transactions (user_id, type, amount, balance_after, kind, note, reference, amount_status, created_at)
  VALUES (p_user, p_type, p_points, v_wallet, p_kind, p_note, p_reference, coalesce(p_amount_status, '1'), p_at);
  RETURN v_wallet;
END
$$;
