-- Sealed books: when a market session's bidding closes, its receipts are fixed in an RFC 6962 Merkle
-- tree, in acceptance order (by submission id), and its size and root published signed (services/books.ts).

-- Which book a submission belongs to: 'close' for a regular market's Close session, 'open' for the rest
-- (the Open session and the bets decided with it, a Starline slot, a Gali market's day). The guard that
-- refuses a bid once its session is declared names the same session (bid_session_declared).
ALTER TABLE bid_submissions ADD COLUMN book text NOT NULL DEFAULT 'open' CHECK (book IN ('open', 'close'));
UPDATE bid_submissions SET book = 'close'
WHERE family = 'regular' AND session = 'Close' AND bet_type NOT IN ('jodi_digit', 'half_sangam', 'full_sangam');

-- Each receipt's leaf hash, SHA-256(0x00 || the receipt's ASCII), written as receipts are given; a seal
-- makes again any that a stopped process had not written yet (a receipt is the same whenever it is made).
CREATE TABLE receipt_leaves (
  submission_id bigint PRIMARY KEY,
  leaf bytea NOT NULL CHECK (length(leaf) = 32)
);

-- A session's book: made when its bidding closes (no bid of it is taken after), its size, root and
-- signature filled in when its tree is built (at once, or by the next seal after a stop).
CREATE TABLE bid_books (
  market_id integer NOT NULL REFERENCES markets (id),
  book_date date NOT NULL,
  session text NOT NULL CHECK (session IN ('open', 'close')),
  sealed_at timestamptz NOT NULL,
  size bigint CHECK (size >= 0),
  root bytea CHECK (length(root) = 32),
  signature text,
  PRIMARY KEY (market_id, book_date, session)
);

-- A book's leaves in pieces of 1,024 (each a whole subtree of the RFC 6962 tree): an inclusion proof
-- reads one piece and the pieces' roots, never the whole book.
CREATE TABLE bid_book_chunks (
  market_id integer NOT NULL,
  book_date date NOT NULL,
  session text NOT NULL,
  chunk integer NOT NULL CHECK (chunk >= 0),
  first_sub bigint NOT NULL,
  subs bigint[] NOT NULL,
  leaves bytea NOT NULL,
  root bytea NOT NULL CHECK (length(root) = 32),
  PRIMARY KEY (market_id, book_date, session, chunk),
  FOREIGN KEY (market_id, book_date, session) REFERENCES bid_books (market_id, book_date, session)
);
CREATE INDEX bid_book_chunks_first_idx ON bid_book_chunks (market_id, book_date, session, first_sub);
