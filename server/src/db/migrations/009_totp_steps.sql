-- A console TOTP code is good once. The last time step (30 s) accepted for
-- the account; a code of that step or an earlier one is refused, taken atomically with a guarded UPDATE.
ALTER TABLE operator_accounts ADD COLUMN totp_last_step bigint;
