-- Part 1: accounts, OTP, content, markets, results, bids, wins and the wallet ledger.

CREATE TABLE users (
  id             bigserial PRIMARY KEY,
  mobile         text NOT NULL UNIQUE,
  name           text NOT NULL,
  email          text NOT NULL DEFAULT '',
  password_hash  text NOT NULL,
  security_pin   text NOT NULL DEFAULT '',
  device_id      text,
  betting_status text NOT NULL DEFAULT '1' CHECK (betting_status IN ('0', '1')),
  wallet         bigint NOT NULL DEFAULT 0 CONSTRAINT users_wallet_non_negative CHECK (wallet >= 0),
  paytm_no       text,
  google_pay_no  text,
  phon_pay_no    text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE auth_tokens (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id);

CREATE TABLE otp_codes (
  id          bigserial PRIMARY KEY,
  mobile      text NOT NULL,
  purpose     text NOT NULL CHECK (purpose IN ('register', 'forgot', 'upi')),
  code_hash   text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX otp_codes_lookup_idx ON otp_codes (mobile, purpose, created_at DESC);

-- One table for the three market families. Times are minutes of the day, Asia/Kolkata.
-- starline: open_minute = close_minute = the slot time; gali: open/close time.
CREATE TABLE markets (
  id           serial PRIMARY KEY,
  family       text NOT NULL CHECK (family IN ('regular', 'starline', 'gali')),
  name         text NOT NULL,
  open_minute  integer NOT NULL CHECK (open_minute BETWEEN 0 AND 1439),
  close_minute integer NOT NULL CHECK (close_minute BETWEEN 0 AND 1439),
  active       boolean NOT NULL DEFAULT true,
  sort_order   integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (family, name)
);

-- Declared results per market and day (regular: open/close pana+digit; starline: open pana+digit;
-- gali: jodi). Settlement (part 2) reads and writes these.
CREATE TABLE results (
  market_id    integer NOT NULL REFERENCES markets(id),
  result_date  date NOT NULL,
  open_pana    text,
  open_digit   text,
  close_pana   text,
  close_digit  text,
  jodi         text,
  declared_at  timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (market_id, result_date)
);

CREATE TABLE game_rates (
  family     text NOT NULL CHECK (family IN ('regular', 'starline', 'gali')),
  rate_key   text NOT NULL,
  val_1      bigint NOT NULL CHECK (val_1 > 0),
  val_2      bigint NOT NULL CHECK (val_2 > 0),
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (family, rate_key)
);

CREATE TABLE settings (
  key   text PRIMARY KEY,
  value text NOT NULL
);

-- One row per accepted submit call (the idempotency record).
CREATE TABLE bid_submissions (
  id              bigserial PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id),
  family          text NOT NULL CHECK (family IN ('regular', 'starline', 'gali')),
  market_id       integer NOT NULL,  -- no FK: see the note on bids.market_id
  bet_type        text NOT NULL,
  session         text NOT NULL,
  bid_date        date NOT NULL,
  total_points    bigint NOT NULL CHECK (total_points > 0),
  row_count       integer NOT NULL,
  idempotency_key text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX bid_submissions_idem_idx ON bid_submissions (user_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

CREATE TABLE bids (
  id            bigserial PRIMARY KEY,
  submission_id bigint NOT NULL REFERENCES bid_submissions(id),
  user_id       bigint NOT NULL REFERENCES users(id),
  family        text NOT NULL CHECK (family IN ('regular', 'starline', 'gali')),
  -- No foreign key to markets: every bid of a market would take a KEY SHARE lock on the same market
  -- row, turning concurrent submits into MultiXact contention. Markets are never deleted (only
  -- disabled), so the reference stays valid.
  market_id     integer NOT NULL,
  bet_type      text NOT NULL,   -- the rules module's BetTypeId ('single_pana', 'gali_jodi_digit', ...)
  pana          text NOT NULL,   -- the row's label shown in histories ('Single Pana', 'Jodi Digit', ...)
  session       text NOT NULL CHECK (session IN ('Open', 'Close')),
  digits        text NOT NULL,
  closedigits   text NOT NULL DEFAULT '',
  points        bigint NOT NULL CHECK (points > 0),
  bid_date      date NOT NULL,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'won', 'lost', 'void')),
  win_amount    bigint NOT NULL DEFAULT 0,
  settled_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bids_user_date_idx ON bids (user_id, family, bid_date);
CREATE INDEX bids_market_date_idx ON bids (market_id, bid_date, status);

-- Win records for the win histories (written by settlement in part 2; a corrected result sets
-- reversed_at on the old row and writes a new one).
CREATE TABLE wins (
  id          bigserial PRIMARY KEY,
  bid_id      bigint NOT NULL REFERENCES bids(id),
  user_id     bigint NOT NULL REFERENCES users(id),
  family      text NOT NULL CHECK (family IN ('regular', 'starline', 'gali')),
  market_id   integer NOT NULL REFERENCES markets(id),
  amount      bigint NOT NULL CHECK (amount > 0),
  win_date    date NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  reversed_at timestamptz
);
CREATE UNIQUE INDEX wins_live_bid_idx ON wins (bid_id) WHERE reversed_at IS NULL;
CREATE INDEX wins_user_date_idx ON wins (user_id, family, win_date);

-- The ledger: every wallet change is one row, written in the same transaction as the balance update.
CREATE TABLE wallet_transactions (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  type          text NOT NULL CHECK (type IN ('credit', 'debit')),
  amount        bigint NOT NULL CHECK (amount > 0),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  kind          text NOT NULL,
  note          text NOT NULL DEFAULT '',
  reference     text,
  amount_status text NOT NULL DEFAULT '1',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_transactions_user_idx ON wallet_transactions (user_id, id);

CREATE TABLE operator_audit (
  id         bigserial PRIMARY KEY,
  action     text NOT NULL,
  target     text,
  params     jsonb,
  before     jsonb,
  after      jsonb,
  ok         boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
