-- Withdrawals held for a reversed win, and the reversal told to its player. A correction that reverses
-- a win takes back what the wallet holds;
-- what it cannot take (the points sit in a pending withdrawal, or were bet or sent on) is the shortfall.
-- The player's pending withdrawals are then held for it, oldest first, up to their amounts: held_points
-- is how much of the request the house is still owed, held_note says which result. A held request is
-- approved only with the operator's reason; rejecting it returns its points less what it holds, which
-- goes to the reversal (the bids' unrecovered points fall by as much).
ALTER TABLE withdraw_requests
  ADD COLUMN held_points bigint NOT NULL DEFAULT 0 CONSTRAINT withdraw_held_in_amount CHECK (held_points >= 0 AND held_points <= amount),
  ADD COLUMN held_note text NOT NULL DEFAULT '';

-- A correction tells each player whose win it reversed (inbox, live stream, push): 'win_reversed'; a
-- player who receives points from another hears of it: 'transfer'.
ALTER TABLE live_events DROP CONSTRAINT live_events_kind_check;
ALTER TABLE live_events ADD CONSTRAINT live_events_kind_check
  CHECK (kind IN ('result', 'market', 'wallet', 'win', 'win_reversed', 'deposit', 'withdrawal', 'transfer',
                  'notice', 'lists', 'account'));
