-- Operator accounts of the web console: a name, one role, a scrypt password hash, an optional
-- TOTP second factor. An account made by the CLI has a one-time password (must_change_password) that
-- allows nothing but setting a new one.
CREATE TABLE operator_accounts (
  id                   bigserial PRIMARY KEY,
  name                 text NOT NULL,
  role                 text NOT NULL CHECK (role IN ('owner', 'results', 'finance', 'support')),
  password_hash        text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT true,
  totp_secret          text,
  disabled_at          timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operator_accounts_name_idx ON operator_accounts (lower(name));

-- Console sessions: the browser keeps the token in an HttpOnly cookie, the database its sha256 only
-- (the CSRF token is derived from the token). Every server process sees a logout or a revocation at once.
CREATE TABLE operator_sessions (
  id           bigserial PRIMARY KEY,
  operator_id  bigint NOT NULL REFERENCES operator_accounts (id),
  token_hash   text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id);

-- Who did it: an operator's name, or 'operator-token' for the CLI and scripts.
ALTER TABLE operator_audit ADD COLUMN operator text;
