-- after functions
-- The deployment's append-only log (services/transparency-log.ts): each sealed book's head and each signed
-- audit head is a leaf, in the order of their commits; its tree's heads are signed and published at
-- /verify/log with consistency and inclusion proofs. Neither table takes an update or a delete.
CREATE TABLE log_leaves (
  idx bigint PRIMARY KEY CHECK (idx >= 0),
  kind text NOT NULL CHECK (kind IN ('book', 'audit')),
  leaf text NOT NULL,
  leaf_hash bytea NOT NULL CHECK (length(leaf_hash) = 32),
  added_at timestamptz NOT NULL
);
CREATE TRIGGER log_leaves_kept BEFORE UPDATE OR DELETE ON log_leaves FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER log_leaves_not_emptied BEFORE TRUNCATE ON log_leaves FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

CREATE TABLE log_heads (
  size bigint PRIMARY KEY CHECK (size > 0),
  root bytea NOT NULL CHECK (length(root) = 32),
  signed_at timestamptz NOT NULL,
  signature text NOT NULL
);
CREATE TRIGGER log_heads_kept BEFORE UPDATE OR DELETE ON log_heads FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER log_heads_not_emptied BEFORE TRUNCATE ON log_heads FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();
