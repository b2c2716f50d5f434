-- Wave 3, issue F (the 'MATKA 04' apps): the device of each login, and the security PIN kept hashed.
--   - auth_tokens.device_id: the device_id the login sent. The dashboard lists the devices of the
--     account's live sessions (device_result): those apps log out when theirs is not listed, so an
--     operator's force logout (which revokes the sessions) reaches them.
--   - users.security_pin holds the PIN's scrypt hash (as passwords: services/passwords.ts). PINs stored
--     before this migration as plain digits are hashed by the server at the first right check; until
--     then they are compared as they are. '' is no PIN.
ALTER TABLE auth_tokens ADD COLUMN device_id text;
