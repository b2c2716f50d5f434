-- after functions
-- Rows nobody rewrites unseen. The bids as placed, the ledger and the operators' audit trail are only
-- ever added to: the database refuses an edit or a deletion of them (a correction is new rows), and the
-- audit trail is a hash chain (services/audit-chain.ts) whose signed heads are published at /verify/log,
-- so an edit made with the triggers disabled is found by `audit verify`. The triggers' function is
-- refuse_rewrite (db/functions/refuse_rewrite.sql): this runs once the functions are applied.

-- a bid as placed: who, where, when, what and at which rate (settling it changes only its outcome columns)
CREATE TRIGGER bids_placed_fixed
  BEFORE UPDATE OF submission_id, user_id, family, market_id, bet_type, pana, session, digits, closedigits, points,
                   bid_date, created_at, rate_1, rate_2 ON bids
  FOR EACH ROW
  WHEN (OLD.submission_id IS DISTINCT FROM NEW.submission_id OR OLD.user_id IS DISTINCT FROM NEW.user_id
        OR OLD.family IS DISTINCT FROM NEW.family OR OLD.market_id IS DISTINCT FROM NEW.market_id
        OR OLD.bet_type IS DISTINCT FROM NEW.bet_type OR OLD.pana IS DISTINCT FROM NEW.pana
        OR OLD.session IS DISTINCT FROM NEW.session OR OLD.digits IS DISTINCT FROM NEW.digits
        OR OLD.closedigits IS DISTINCT FROM NEW.closedigits OR OLD.points IS DISTINCT FROM NEW.points
        OR OLD.bid_date IS DISTINCT FROM NEW.bid_date OR OLD.created_at IS DISTINCT FROM NEW.created_at
        OR OLD.rate_1 IS DISTINCT FROM NEW.rate_1 OR OLD.rate_2 IS DISTINCT FROM NEW.rate_2)
  EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER bids_kept BEFORE DELETE ON bids FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER bids_not_emptied BEFORE TRUNCATE ON bids FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

-- a ledger row: only a withdrawal's hold becomes final (its status), nothing else of it ever changes
CREATE TRIGGER ledger_fixed
  BEFORE UPDATE ON wallet_transactions
  FOR EACH ROW
  WHEN (NOT (NEW.id = OLD.id AND NEW.user_id = OLD.user_id AND NEW.type = OLD.type AND NEW.amount = OLD.amount
             AND NEW.balance_after = OLD.balance_after AND NEW.kind = OLD.kind AND NEW.note = OLD.note
             AND NEW.reference IS NOT DISTINCT FROM OLD.reference AND NEW.created_at = OLD.created_at
             AND (NEW.amount_status = OLD.amount_status OR NEW.amount_status = '1')))
  EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER ledger_kept BEFORE DELETE ON wallet_transactions FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER ledger_not_emptied BEFORE TRUNCATE ON wallet_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

-- the audit trail as a hash chain: seq (its place), the hash of the row before and its own
ALTER TABLE operator_audit ADD COLUMN seq bigint UNIQUE;
ALTER TABLE operator_audit ADD COLUMN prev_hash bytea CHECK (length(prev_hash) = 32);
ALTER TABLE operator_audit ADD COLUMN hash bytea CHECK (length(hash) = 32);
-- a row written before the chain gets its link once (the start-up chains it); after that nothing changes
CREATE TRIGGER audit_fixed
  BEFORE UPDATE ON operator_audit
  FOR EACH ROW
  WHEN (OLD.hash IS NOT NULL OR NEW.id <> OLD.id OR NEW.action <> OLD.action
        OR NEW.target IS DISTINCT FROM OLD.target OR NEW.params IS DISTINCT FROM OLD.params
        OR NEW.before IS DISTINCT FROM OLD.before OR NEW.after IS DISTINCT FROM OLD.after OR NEW.ok <> OLD.ok
        OR NEW.created_at <> OLD.created_at OR NEW.operator IS DISTINCT FROM OLD.operator)
  EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER audit_kept BEFORE DELETE ON operator_audit FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER audit_not_emptied BEFORE TRUNCATE ON operator_audit FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

-- the chain's heads as signed and published (/verify/log): one a day, and any asked for
CREATE TABLE audit_heads (
  seq bigint PRIMARY KEY,
  hash bytea NOT NULL CHECK (length(hash) = 32),
  signed_at timestamptz NOT NULL,
  signature text NOT NULL
);
CREATE TRIGGER audit_heads_kept BEFORE UPDATE OR DELETE ON audit_heads FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
