-- A push subscription belongs to the session that made it: when that session ends (logout, a password
-- change elsewhere, a force-logout) or the account is blocked, the device hears
-- nothing more of the player's wins and money. Subscriptions made before they had a session end now
-- (the app asks again at the next login).
ALTER TABLE push_subscriptions ADD COLUMN token_id bigint REFERENCES auth_tokens(id) ON DELETE CASCADE;
DELETE FROM push_subscriptions WHERE token_id IS NULL;
CREATE INDEX push_subscriptions_token_idx ON push_subscriptions (token_id);

CREATE FUNCTION push_ends_with_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions WHERE token_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER auth_tokens_push_ends AFTER UPDATE OF revoked_at ON auth_tokens
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
  EXECUTE FUNCTION push_ends_with_session();

CREATE FUNCTION push_ends_with_block() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER users_push_ends AFTER UPDATE OF blocked_at ON users
  FOR EACH ROW WHEN (NEW.blocked_at IS NOT NULL AND OLD.blocked_at IS NULL)
  EXECUTE FUNCTION push_ends_with_block();
