-- after functions
-- Every row a receipt, a book or a proposal is built from is kept as written (038_rows_kept kept the bids,
-- the ledger and the audit trail). A receipt is rebuilt from its submission and bids, a book from the
-- receipts' leaves, an inclusion proof from the book's pieces: none of them is ever changed or deleted.
-- A book is filled in once (keep_book), a proposal decided once (keep_proposal), and no bid joins a
-- session whose book is sealed (refuse_sealed_bids). The functions are in db/functions/.
CREATE TRIGGER submissions_kept BEFORE UPDATE OR DELETE ON bid_submissions
  FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER submissions_not_emptied BEFORE TRUNCATE ON bid_submissions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

CREATE TRIGGER receipt_leaves_kept BEFORE UPDATE OR DELETE ON receipt_leaves
  FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER receipt_leaves_not_emptied BEFORE TRUNCATE ON receipt_leaves
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

CREATE TRIGGER book_chunks_kept BEFORE UPDATE OR DELETE ON bid_book_chunks
  FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER book_chunks_not_emptied BEFORE TRUNCATE ON bid_book_chunks
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

CREATE TRIGGER books_built_once BEFORE UPDATE ON bid_books FOR EACH ROW EXECUTE FUNCTION keep_book();
CREATE TRIGGER books_kept BEFORE DELETE ON bid_books FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER books_not_emptied BEFORE TRUNCATE ON bid_books FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

CREATE TRIGGER proposals_decided_once BEFORE UPDATE ON result_proposals
  FOR EACH ROW EXECUTE FUNCTION keep_proposal();
CREATE TRIGGER proposals_kept BEFORE DELETE ON result_proposals FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER proposals_not_emptied BEFORE TRUNCATE ON result_proposals
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

CREATE TRIGGER audit_heads_not_emptied BEFORE TRUNCATE ON audit_heads
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();

CREATE TRIGGER bids_not_in_sealed_books AFTER INSERT ON bids REFERENCING NEW TABLE AS added_bids
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_sealed_bids();
