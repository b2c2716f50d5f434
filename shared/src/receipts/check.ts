/**
 * Checks a bid receipt as an outsider would (the player app's /verify page in the browser, the operator
 * CLI's `verify <receipt>` in Node: WebCrypto and fetch in both), trusting nothing of this app but the
 * server's published answers: the signature against the published keys (jose, RFC 7515 / 7517), the
 * inclusion proof against the sealed book's root (RFC 6962, computed here with WebCrypto's SHA-256),
 * the book's own signature, then what the bids won under the published result (the domain's rules).
 */
import { base64url, type JSONWebKeySet } from 'jose';
import { VERIFY_HTTP, type BookSession, type ReceiptPayload } from '@matka/shared/contract';
import type { BookAnswer, ProofAnswer, VerifyRefusalCode } from '@matka/shared/contract/schemas';
import { BET_TYPES, bidOutcomeOf, parseRate, payout, type BetTypeId, type Session } from '@matka/shared/domain';
import { verifyAs, type SignatureProblem } from './keys';
import { bytesOfHex, hexOf, logLeafHash, rootFromPath } from './log';

export * from './keys';

/** What a receipt says (its JWS payload). */
export type ReceiptClaims = ReceiptPayload;

/**
 * Why a receipt is not valid. 'wrongBook': the proof the server answered is of another market, day or
 * session than the receipt's, or of another leaf: it proves nothing about this receipt. 'keyNotFor': a
 * published key signed it, but not one that signs receipts of its day (a retired key, or a key of books).
 */
export type InvalidReason = SignatureProblem | 'missing' | 'notInBook' | 'wrongBook' | 'bookSignature';

export type BidVerdict = { id: string; outcome: 'win' | 'lose' | 'pending'; won: number };

export type ReceiptCheck =
  | { valid: false; reason: InvalidReason; claims?: ReceiptClaims }
  | {
      valid: true;
      claims: ReceiptClaims;
      kid: string;
      /** null while the session's bidding is open (its book not sealed yet) */
      book: (BookAnswer & { index: number }) | null;
      bids: BidVerdict[];
    };

/** The server could not be asked (offline, an error page): not a verdict on the receipt. */
export class Unreachable extends Error {}

const ascii = (s: string) => new TextEncoder().encode(s);

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  let res: Response;
  try {
    // never a copy kept by the browser: the server's answer now (Node's fetch keeps none anyway)
    res = await fetch(url, { cache: 'no-store' } as RequestInit);
  } catch {
    throw new Unreachable(url);
  }
  // a refusal the page decides by (its code): not there (404), missing from its book (409)
  if (res.status !== 200 && res.status !== 404 && res.status !== 409) throw new Unreachable(`${url}: ${res.status}`);
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
}

/**
 * A compact JWS written canonically: each part's base64url is the one encoding of its bytes (no padding
 * bits set, no padding). A receipt whose last character was changed to another of the same 64 bytes is
 * not the receipt the server signed and put in its book.
 */
export function isCanonicalJws(jws: string): boolean {
  const parts = jws.split('.');
  if (parts.length !== 3 || !parts.every((p) => /^[\w-]+$/.test(p))) return false;
  try {
    return parts.every((p) => base64url.encode(base64url.decode(p)) === p);
  } catch {
    return false;
  }
}

/** The book a receipt's bids are sealed in: a regular market's Close bids (not the timed ones) 'close'. */
export function bookSessionOf(c: Pick<ReceiptClaims, 'family' | 'session' | 'bet_type'>): BookSession {
  const def = (BET_TYPES as Record<string, { timed?: boolean } | undefined>)[c.bet_type];
  return c.family === 'regular' && c.session === 'Close' && !def?.timed ? 'close' : 'open';
}

function isClaims(x: unknown): x is ReceiptClaims {
  const c = x as ReceiptClaims;
  return !!c && c.typ === 'matka-bid-receipt' && Array.isArray(c.bids) && c.bids.length > 0 && !!c.market;
}

/** Checks `receipt` against the server at `origin` ('' for this page's). Throws Unreachable. */
export async function checkReceipt(receipt: string, origin = ''): Promise<ReceiptCheck> {
  const jws = receipt.trim();
  if (!isCanonicalJws(jws)) return { valid: false, reason: 'malformed' };
  const keys = await getJson<JSONWebKeySet>(`${origin}${VERIFY_HTTP.jwks}`);
  const signed = await verifyAs<ReceiptClaims>(jws, keys.body, 'receipt', (c) => c.date);
  if (typeof signed === 'string') return { valid: false, reason: signed };
  if (!isClaims(signed.payload)) return { valid: false, reason: 'malformed' };
  const claims = signed.payload;

  const proof = await getJson<ProofAnswer & { code?: VerifyRefusalCode }>(
    `${origin}${VERIFY_HTTP.proof}?bid=${encodeURIComponent(claims.bids[0].id)}`,
  );
  if (proof.status !== 200) {
    // its session's bidding is still open: genuine, not in a book yet
    if (proof.body.code === 'not_sealed')
      return { valid: true, claims, kid: signed.kid, book: null, bids: verdicts(claims, null) };
    // signed by the server, yet it has no such bid, or its book lacks it: a bid that was taken away
    return { valid: false, reason: proof.body.code === 'not_in_book' ? 'notInBook' : 'missing', claims };
  }
  const p = proof.body;
  // a receipt's leaf in its book is made as a log's leaf is (RFC 6962)
  const leaf = await logLeafHash(ascii(jws));
  // the proof must be of this receipt: its market, day and session, and its own leaf
  if (
    p.market_id !== claims.market.id ||
    p.date !== claims.date ||
    p.session !== bookSessionOf(claims) ||
    p.leaf_hash !== hexOf(leaf)
  )
    return { valid: false, reason: 'wrongBook', claims };
  const reached = await rootFromPath(p.leaf_index, p.tree_size, leaf, p.audit_path.map(bytesOfHex));
  const root = reached && hexOf(reached);
  const q = new URLSearchParams({ market: String(p.market_id), date: p.date, session: p.session as BookSession });
  const book = await getJson<BookAnswer>(`${origin}${VERIFY_HTTP.book}?${q}`);
  if (book.status !== 200 || root === null || root !== book.body.root || book.body.size !== p.tree_size)
    return { valid: false, reason: 'notInBook', claims };
  if (book.body.market.id !== claims.market.id || book.body.date !== claims.date || book.body.session !== p.session)
    return { valid: false, reason: 'wrongBook', claims };
  // the book's head is signed by a book key of its day: its root and size are the server's word
  const head = await verifyAs<{ root?: string; size?: number; date?: string }>(
    book.body.signature,
    keys.body,
    'book',
    (b) => b.date,
  );
  const said = typeof head === 'string' ? null : head.payload;
  if (!said || said.root !== book.body.root || said.size !== book.body.size)
    return { valid: false, reason: 'bookSignature', claims };
  return {
    valid: true,
    claims,
    kid: signed.kid,
    book: { ...book.body, index: p.leaf_index },
    bids: verdicts(claims, book.body.declared),
  };
}

/** Each bid's outcome under the published result, and what it won at the rate on its receipt. */
function verdicts(c: ReceiptClaims, declared: BookAnswer['declared'] | null): BidVerdict[] {
  return c.bids.map((b) => {
    const outcome = bidOutcomeOf(
      c.family,
      { betType: c.bet_type as BetTypeId, session: c.session as Session, digits: b.digits, closedigits: b.closedigits },
      declared,
    );
    const rate = parseRate(b.rate);
    return { id: b.id, outcome, won: outcome === 'win' && rate ? payout(b.points, rate) : 0 };
  });
}
