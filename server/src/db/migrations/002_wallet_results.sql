-- Part 2: deposits (fund requests), withdrawals, transfers. Settlement writes the tables of part 1
-- (results, bids.status / win_amount, wins, wallet_transactions); every money movement below is a
-- ledger row written in the same transaction as the balance change.

-- A deposit the player reports after paying by UPI; the operator approves it (one credit) or rejects it.
CREATE TABLE fund_requests (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  amount      bigint NOT NULL CHECK (amount > 0),
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  note        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  decided_at  timestamptz,
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE INDEX fund_requests_user_idx ON fund_requests (user_id, id);
CREATE INDEX fund_requests_pending_idx ON fund_requests (id) WHERE status = 'pending';

-- A withdrawal: the points are held (debited) when it is requested; reject refunds them.
CREATE TABLE withdraw_requests (
  id              bigserial PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id),
  amount          bigint NOT NULL CHECK (amount > 0),
  -- spec section 9: 2 Google Pay, 3 Paytm, 4 PhonePe
  payment_method  text NOT NULL CHECK (payment_method IN ('2', '3', '4')),
  payment_number  text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  receipt_url     text,
  note            text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  decided_at      timestamptz,
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE INDEX withdraw_requests_user_idx ON withdraw_requests (user_id, id);
CREATE INDEX withdraw_requests_pending_idx ON withdraw_requests (id) WHERE status = 'pending';

-- Player-to-player transfers (the two ledger rows reference 'transfer:<id>').
CREATE TABLE transfers (
  id            bigserial PRIMARY KEY,
  from_user_id  bigint NOT NULL REFERENCES users(id),
  to_user_id    bigint NOT NULL REFERENCES users(id),
  amount        bigint NOT NULL CHECK (amount > 0),
  note          text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (from_user_id <> to_user_id)
);
CREATE INDEX transfers_from_idx ON transfers (from_user_id, id);
CREATE INDEX transfers_to_idx ON transfers (to_user_id, id);

-- Win records by bid (settlement looks up the live win of a bid to reverse it).
CREATE INDEX wins_bid_idx ON wins (bid_id);
