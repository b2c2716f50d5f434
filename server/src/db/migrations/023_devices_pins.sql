-- The device of each login, and the security PIN kept hashed.
--   - auth_tokens.device_id: the device_id the login sent. The dashboard lists the devices of the
--     account's live sessions (device_result): those apps log out when theirs is not listed, so an
--     operator's force logout (which revokes the sessions) reaches them.
--   - users.security_pin holds the PIN's scrypt hash (as passwords: services/passwords.ts). PINs stored
--     before this migration as plain digits are hashed by the server at the first right check; until
--     then they are compared as they are. '' is no PIN.
ALTER TABLE auth_tokens ADD COLUMN device_id text;
-- Codes checked on the phone (LEGACY_REGISTRATION=unverified only): a code the server returned to an app
-- is marked disclosed; it proves nothing, so a registration that sends one back stays unapproved, and a
-- UPI number saved with one (or with none) is held.
ALTER TABLE otp_codes ADD COLUMN disclosed boolean NOT NULL DEFAULT false;
-- The UPI numbers (their fields: paytm_no, google_pay_no, phon_pay_no) saved without a code the player
-- proved: no withdrawal goes to one until an operator approves it.
ALTER TABLE users ADD COLUMN upi_held text[] NOT NULL DEFAULT '{}';
