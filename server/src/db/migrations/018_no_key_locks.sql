-- Wallet locks that never wait for a foreign key. Every row that names a player (a bid, a win, a ledger
-- row, a transfer, a request) takes a KEY SHARE lock on the player's users row, and FOR UPDATE waits
-- for it. So a transfer that had locked its lower account FOR UPDATE could wait for a settlement chunk
-- that had just written a win of its higher account, while the chunk waited for the lower one: a
-- deadlock, and the transfer's answer was an error (the stress test on PostgreSQL caught it). The users
-- rows are locked FOR NO KEY UPDATE instead (as an UPDATE of a wallet itself does): it still excludes
-- every other wallet change, and no player's id ever changes. move_points_set (015) is redefined with
-- that one word changed; the services lock the same way.
DO $$
DECLARE
  v_def text := pg_get_functiondef('move_points_set'::regproc);
BEGIN
  IF position('ORDER BY id FOR UPDATE' IN v_def) = 0 THEN
    RAISE EXCEPTION 'move_points_set: its lock is not the one this migration replaces';
  END IF;
  EXECUTE replace(v_def, 'ORDER BY id FOR UPDATE', 'ORDER BY id FOR NO KEY UPDATE');
END
$$;
