/**
 * What anyone may check a bid receipt against, logged in or not, from any origin: the receipts' public
 * keys (a JWKS), each market session's sealed book and a bid's inclusion proof in it (RFC 6962). The
 * server, the player app's /verify page and the tests read these paths from here, and the shapes from
 * verifySchemas.ts (@matka/shared/contract/schemas).
 */
export const VERIFY_HTTP = {
  /** the public keys of receipts and books, a JWKS (RFC 7517) */
  jwks: '/.well-known/jwks.json',
  /** a sealed book: ?market=<id>&date=YYYY-MM-DD&session=open|close */
  book: '/verify/book',
  /** a bid's inclusion proof: ?bid=<id> */
  proof: '/verify/proof',
  /** the log's newest signed tree head, and the audit trail's signed heads; ?seq=<n>: the chain's row n now */
  log: '/verify/log',
  /** a consistency proof between two signed tree heads of the log: ?from=<size>&to=<size> */
  logConsistency: '/verify/log/consistency',
  /** a leaf of the log with its inclusion proof in a signed tree head: ?index=<n>&size=<size> */
  logInclusion: '/verify/log/inclusion',
} as const;

/** The sessions a market day's bids are sealed in: 'close' for a regular market's Close bids, else 'open'. */
export const BOOK_SESSIONS = ['open', 'close'] as const;
export type BookSession = (typeof BOOK_SESSIONS)[number];

/** What a bid receipt says: its JWS payload (RFC 7515), signed by one of the published keys. */
export interface ReceiptPayload {
  /** what this is: a bid receipt of this server */
  typ: 'matka-bid-receipt';
  /** the submission (one request's bids) */
  sub: string;
  /** the player: an opaque id, the same on every receipt of the account, never the mobile number */
  player: string;
  market: { id: number; name: string };
  family: 'regular' | 'starline' | 'gali';
  /** the market day, YYYY-MM-DD (Asia/Kolkata) */
  date: string;
  session: string;
  bet_type: string;
  bids: { id: string; digits: string; closedigits: string; points: number; rate: string }[];
  /** when the server accepted them (ISO 8601, UTC) */
  accepted_at: string;
}
