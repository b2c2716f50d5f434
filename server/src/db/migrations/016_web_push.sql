-- Web push. A player's phone (a browser's push subscription) hears of results, wins,
-- money decisions and notices while the app is closed.
--   - push_subscriptions: one row per device (its endpoint is the device's), owned by the account that
--     subscribed last, with the categories that device wants;
--   - market_follows: the markets a player follows (their results are pushed to the 'followed' category);
--   - server_keys: keys the server made for itself at first start (the VAPID key pair, unless configured),
--     shared by every process;
--   - live_events.pushed: an event that may be pushed is claimed once (by whichever process gets it first).
CREATE TABLE push_subscriptions (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  endpoint    text NOT NULL UNIQUE,
  p256dh      text NOT NULL,
  auth        text NOT NULL,
  categories  text[] NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

CREATE TABLE market_follows (
  user_id   bigint NOT NULL REFERENCES users(id),
  market_id integer NOT NULL REFERENCES markets(id),
  PRIMARY KEY (user_id, market_id)
);
CREATE INDEX market_follows_market_idx ON market_follows (market_id);

CREATE TABLE server_keys (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE live_events ADD COLUMN pushed boolean NOT NULL DEFAULT false;
CREATE INDEX live_events_push_idx ON live_events (id)
  WHERE NOT pushed AND kind IN ('result', 'win', 'deposit', 'withdrawal', 'notice');
