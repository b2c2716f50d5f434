-- Results certified by a second operator (services/proposals.ts). With certification on, a declaration or
-- a correction is a proposal: stored here, shown to the operators with its preview, neither published nor
-- settled, until another operator with the results right certifies it (then it is declared as usual,
-- both names on its settlement job and in the audit trail) or someone rejects it with a reason.
CREATE TABLE result_proposals (
  id bigserial PRIMARY KEY,
  market_id integer NOT NULL REFERENCES markets (id),
  result_date date NOT NULL,
  family text NOT NULL CHECK (family IN ('regular', 'starline', 'gali')),
  -- the part it declares: a regular market's 'open' or 'close', 'open' for a Starline slot or a Gali market
  session text NOT NULL CHECK (session IN ('open', 'close')),
  -- the declaration as the server takes it ({"family":"regular","session":"open","pana":"128"})
  declaration jsonb NOT NULL,
  -- a result proposed before its draw: the owner's reason (the certifier publishes it early)
  early_reason text,
  proposed_by text NOT NULL,
  proposed_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'certified', 'rejected')),
  decided_by text,
  decided_at timestamptz,
  -- why it was rejected
  reason text,
  -- the settlement job its certification started
  job_id bigint,
  CHECK ((status = 'pending') = (decided_by IS NULL))
);
-- one proposal waits per market session and day: the next needs this one certified or rejected
CREATE UNIQUE INDEX result_proposals_one_pending ON result_proposals (market_id, result_date, session)
  WHERE status = 'pending';
CREATE INDEX result_proposals_by_day ON result_proposals (result_date);

-- who certified a declaration (declared_by is who proposed or declared it)
ALTER TABLE settlement_jobs ADD COLUMN certified_by text;
