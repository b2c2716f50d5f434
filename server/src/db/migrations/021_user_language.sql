-- The player's language on the account (chosen in our app; null: never chosen). The
-- server answers refusals of the account's calls in it, and our app takes it up at the next login on
-- any phone. Deployed apps of the contract never set it, so their players keep the English texts.
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'hi', 'mr'));
