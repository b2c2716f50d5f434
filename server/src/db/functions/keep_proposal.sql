-- keep_proposal: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); its trigger is made by migration 042_source_rows_kept. Change it here, never in a migration.
--
-- A proposed result (result_proposals) is decided once: a waiting proposal becomes certified, rejected or
-- void with who decided it, when and why; a certified one then names the settlement job it started, once.
-- What was proposed, by whom and when never changes, and a decision is never changed or undone.
-- Refused with SQLSTATE 'MKFIX'.
CREATE OR REPLACE FUNCTION public.keep_proposal()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  same_proposal boolean := NEW.id = OLD.id AND NEW.market_id = OLD.market_id AND NEW.result_date = OLD.result_date
    AND NEW.family = OLD.family AND NEW.session = OLD.session AND NEW.declaration = OLD.declaration
    AND NEW.early_reason IS NOT DISTINCT FROM OLD.early_reason AND NEW.proposed_by = OLD.proposed_by
    AND NEW.proposed_at = OLD.proposed_at;
  same_decision boolean := NEW.status = OLD.status AND NEW.decided_by IS NOT DISTINCT FROM OLD.decided_by
    AND NEW.decided_at IS NOT DISTINCT FROM OLD.decided_at AND NEW.reason IS NOT DISTINCT FROM OLD.reason;
BEGIN
  IF same_proposal AND OLD.status = 'pending' AND NEW.status IN ('certified', 'rejected', 'void')
     AND NEW.decided_by IS NOT NULL AND NEW.decided_at IS NOT NULL
     AND NEW.job_id IS NOT DISTINCT FROM OLD.job_id THEN
    RETURN NEW; -- decided
  END IF;
  IF same_proposal AND same_decision AND OLD.status = 'certified' AND OLD.job_id IS NULL
     AND NEW.job_id IS NOT NULL THEN
    RETURN NEW; -- the settlement job its certification started
  END IF;
  RAISE EXCEPTION '% on result_proposals refused: a proposal is decided once and never changed', TG_OP
    USING ERRCODE = 'MKFIX';
END
$function$;
