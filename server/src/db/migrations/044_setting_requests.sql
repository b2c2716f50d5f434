-- after functions
-- A change of a setting that one owner must not make alone (services/certification-setting.ts): turning
-- result certification off. One owner requests it, a second owner approves it, and it applies a day after
-- the approval; turning it on again withdraws what waits. Kept as written but for the steps of its life.
CREATE TABLE setting_requests (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  value text NOT NULL,
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  approved_by text,
  approved_at timestamptz,
  -- when it takes effect: a day after its approval
  applies_at timestamptz,
  -- applied, or withdrawn (by whom, in withdrawn_by)
  outcome text CHECK (outcome IN ('applied', 'withdrawn')),
  closed_at timestamptz,
  withdrawn_by text,
  CHECK ((approved_by IS NULL) = (approved_at IS NULL)),
  CHECK ((outcome IS NULL) = (closed_at IS NULL)),
  CHECK (approved_by IS NULL OR approved_by <> requested_by)
);
-- one request waits per setting
CREATE UNIQUE INDEX setting_requests_one_open ON setting_requests (key) WHERE closed_at IS NULL;
CREATE TRIGGER setting_requests_kept BEFORE DELETE ON setting_requests FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
