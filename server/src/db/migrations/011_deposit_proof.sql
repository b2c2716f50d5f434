-- A deposit request can carry the proof of the UPI payment, so an operator can
-- match it: the UTR (the 12-digit UPI reference of the payment) and a screenshot (at most 180 KB).
-- One UTR belongs to one live request: the same payment cannot be claimed twice (a rejected request
-- frees its UTR).
ALTER TABLE fund_requests ADD COLUMN utr text CHECK (utr ~ '^[0-9]{12}$');
ALTER TABLE fund_requests ADD COLUMN proof_image bytea CHECK (octet_length(proof_image) <= 184320);
ALTER TABLE fund_requests ADD COLUMN proof_type text CHECK (proof_type IN ('image/png', 'image/jpeg', 'image/webp'));
ALTER TABLE fund_requests ADD COLUMN proof_at timestamptz;
ALTER TABLE fund_requests ADD CONSTRAINT fund_requests_proof_typed CHECK ((proof_image IS NULL) = (proof_type IS NULL));
CREATE UNIQUE INDEX fund_requests_utr_live_idx ON fund_requests (utr) WHERE utr IS NOT NULL AND status <> 'rejected';
