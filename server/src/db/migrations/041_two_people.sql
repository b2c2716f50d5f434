-- after functions
-- Two people, each themselves, certify a result (services/proposals.ts). Who made an operator account what
-- it is: each creation, promotion (a change of role) and reset (a new one-time password, two-step sign-in
-- turned off by an owner) with who did it and when. An account vouched for less than the owner's
-- certify_wait_hours ago certifies nothing, and never certifies the results of whoever vouched for it.
-- Only ever added to (refuse_rewrite).
CREATE TABLE operator_vouches (
  id bigserial PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operator_accounts (id),
  what text NOT NULL CHECK (what IN ('created', 'promoted', 'reset')),
  -- the operator who did it ('operator-token' for the server's machine credential); NULL: before this was kept
  by_name text,
  at timestamptz NOT NULL
);
CREATE INDEX operator_vouches_operator ON operator_vouches (operator_id);
INSERT INTO operator_vouches (operator_id, what, by_name, at)
  SELECT id, 'created', NULL, created_at FROM operator_accounts;
CREATE TRIGGER operator_vouches_kept BEFORE UPDATE OR DELETE ON operator_vouches
  FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER operator_vouches_not_emptied BEFORE TRUNCATE ON operator_vouches
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

-- a proposal that waited across a change of the certification setting is void: it was made under
-- other rules, and is proposed again
ALTER TABLE result_proposals DROP CONSTRAINT result_proposals_status_check;
ALTER TABLE result_proposals ADD CONSTRAINT result_proposals_status_check
  CHECK (status IN ('pending', 'certified', 'rejected', 'void'));
