/**
 * Checks a bid receipt in the browser, as an outsider would, trusting nothing of this app but the
 * server's published answers: the signature against the published keys (jose, RFC 7515 / 7517), the
 * inclusion proof against the sealed book's root (RFC 6962, computed here with WebCrypto's SHA-256),
 * the book's own signature, then what the bids won under the published result (the domain's rules).
 */
import { compactVerify, createLocalJWKSet, errors, type JSONWebKeySet } from 'jose';
import { VERIFY_HTTP, type BookSession, type ReceiptPayload } from '@matka/shared/contract';
import type { BookAnswer, ProofAnswer } from '@matka/shared/contract/schemas';
import { bidOutcomeOf, parseRate, payout, type BetTypeId, type Session } from '@matka/shared/domain';

/** What a receipt says (its JWS payload). */
export type ReceiptClaims = ReceiptPayload;

/** Why a receipt is not valid. */
export type InvalidReason = 'malformed' | 'signature' | 'unknownKey' | 'missing' | 'notInBook' | 'bookSignature';

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
const fromHex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));
const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

async function sha256(...parts: Uint8Array[]): Promise<Uint8Array> {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', all));
}

/** RFC 9162 section 2.1.3.2: the root an audit path leads to from a leaf, or null when it cannot. */
export async function rootFromPath(index: number, size: number, leaf: Uint8Array, path: Uint8Array[]) {
  if (index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await sha256(Uint8Array.of(1), p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else r = await sha256(Uint8Array.of(1), r, p);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? toHex(r) : null;
}

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  let res: Response;
  try {
    res = await fetch(url, { cache: 'no-store' });
  } catch {
    throw new Unreachable(url);
  }
  if (res.status !== 200 && res.status !== 404) throw new Unreachable(`${url}: ${res.status}`);
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
}

/** The JWS's payload once its signature is checked against the keys, or why not. */
async function verified(jws: string, keys: JSONWebKeySet): Promise<{ payload: unknown; kid: string } | InvalidReason> {
  try {
    const { payload, protectedHeader } = await compactVerify(jws, createLocalJWKSet(keys));
    return { payload: JSON.parse(new TextDecoder().decode(payload)), kid: protectedHeader.kid ?? '' };
  } catch (e) {
    if (e instanceof errors.JWSSignatureVerificationFailed) return 'signature';
    if (e instanceof errors.JWKSNoMatchingKey) return 'unknownKey';
    return 'malformed';
  }
}

function isClaims(x: unknown): x is ReceiptClaims {
  const c = x as ReceiptClaims;
  return !!c && c.typ === 'matka-bid-receipt' && Array.isArray(c.bids) && c.bids.length > 0 && !!c.market;
}

/** Checks `receipt` against the server at `origin` ('' for this page's). Throws Unreachable. */
export async function checkReceipt(receipt: string, origin = ''): Promise<ReceiptCheck> {
  const jws = receipt.trim();
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(jws)) return { valid: false, reason: 'malformed' };
  const keys = await getJson<JSONWebKeySet>(`${origin}${VERIFY_HTTP.jwks}`);
  const signed = await verified(jws, keys.body);
  if (typeof signed === 'string') return { valid: false, reason: signed };
  if (!isClaims(signed.payload)) return { valid: false, reason: 'malformed' };
  const claims = signed.payload;

  const proof = await getJson<ProofAnswer & { error?: string }>(
    `${origin}${VERIFY_HTTP.proof}?bid=${encodeURIComponent(claims.bids[0].id)}`,
  );
  if (proof.status === 404) {
    // signed by the server, yet it has no such bid: a bid that was taken away
    if (!/still open/.test(proof.body.error ?? '')) return { valid: false, reason: 'missing', claims };
    return { valid: true, claims, kid: signed.kid, book: null, bids: verdicts(claims, null) };
  }
  const p = proof.body;
  const leaf = await sha256(Uint8Array.of(0), ascii(jws));
  const root = await rootFromPath(p.leaf_index, p.tree_size, leaf, p.audit_path.map(fromHex));
  const q = new URLSearchParams({ market: String(p.market_id), date: p.date, session: p.session as BookSession });
  const book = await getJson<BookAnswer>(`${origin}${VERIFY_HTTP.book}?${q}`);
  if (book.status !== 200 || root === null || root !== book.body.root || book.body.size !== p.tree_size)
    return { valid: false, reason: 'notInBook', claims };
  // the book's head is signed by the same keys: its root and size are the server's word
  const head = await verified(book.body.signature, keys.body);
  const said = typeof head === 'string' ? null : (head.payload as { root?: string; size?: number });
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
