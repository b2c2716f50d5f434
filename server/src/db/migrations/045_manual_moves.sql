-- after functions
-- A manual credit or debit above the owner's manual_move_threshold (services/manual-moves.ts): requested
-- by one operator, moved only once a second operator approves it (or rejected with a reason). What was
-- asked, by whom and when, is never changed; a request is decided once.
CREATE TABLE manual_moves (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  mobile text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  points bigint NOT NULL CHECK (points > 0),
  note text NOT NULL,
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by text,
  decided_at timestamptz,
  reason text,
  CHECK ((status = 'pending') = (decided_by IS NULL)),
  CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE INDEX manual_moves_pending ON manual_moves (id) WHERE status = 'pending';
CREATE TRIGGER manual_moves_kept BEFORE DELETE ON manual_moves FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER manual_moves_decided_once BEFORE UPDATE ON manual_moves
  FOR EACH ROW
  WHEN (OLD.status <> 'pending' OR NEW.user_id <> OLD.user_id OR NEW.mobile <> OLD.mobile
        OR NEW.direction <> OLD.direction OR NEW.points <> OLD.points OR NEW.note <> OLD.note
        OR NEW.requested_by <> OLD.requested_by OR NEW.requested_at <> OLD.requested_at)
  EXECUTE FUNCTION refuse_rewrite();
