-- after functions
-- A bid's session word as its client spelled it. Apps written for the original backend send 'OPEN' or
-- 'close' and read their histories back expecting the word they sent; the bid's own session stays 'Open'
-- or 'Close' (what settlement, the books and the caps read). NULL: the client sent the stored word, or
-- none. Kept as placed, like the rest of a bid (refuse_rewrite, db/functions/refuse_rewrite.sql).
ALTER TABLE bids ADD COLUMN session_sent text CHECK (session_sent IS NULL OR length(session_sent) <= 10);

-- place_bid now takes the sent spellings (db/functions/place_bid.sql): the form without them goes
DROP FUNCTION IF EXISTS place_bid(bigint, integer, text, text, text, date, bigint, text, timestamptz, text, text,
                                  text[], text[], text[], text[], bigint[], text[]);

CREATE TRIGGER bids_sent_fixed
  BEFORE UPDATE OF session_sent ON bids
  FOR EACH ROW
  WHEN (OLD.session_sent IS DISTINCT FROM NEW.session_sent)
  EXECUTE FUNCTION refuse_rewrite();
