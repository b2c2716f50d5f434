-- A sign-in by PIN (services/pin-signin.ts), as the family's installed apps make it: api-check-mobile of a
-- registered number, from a device that signed in to it with the password before, gives a token that
-- only api-check-security-pin takes; the right PIN makes it the session's token (auth_tokens, the same
-- hash), five wrong ones end it. Kept hashed, as session tokens are.
CREATE TABLE pin_signins (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  device_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  tries integer NOT NULL DEFAULT 0 CHECK (tries >= 0),
  ended_at timestamptz
);
CREATE INDEX pin_signins_user ON pin_signins (user_id, created_at);
