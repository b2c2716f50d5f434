/**
 * The server's published keys (/.well-known/jwks.json, RFC 7517) and what each may sign. Every key signs
 * one kind of statement (its `purpose`): bid receipts, sealed books' heads, audit heads or day bundles, so
 * that a key that leaks or is misused forges one kind only. Each signs the market days from `from` to
 * `until` (YYYY-MM-DD, both included; a bound left out is open): a key that was retired, or replaced by a
 * newer one, signs nothing dated after its last day, whoever holds it. A key with no `purpose` is of the
 * older layout, when one key signed everything; it is trusted for each kind within its days only.
 *
 * `purpose`, `from` and `until` are members of this JWK set beside the registered ones (RFC 7517 section
 * 4 allows them); a JOSE library ignores them, and a checker applies them as `verifyAs` does.
 */
import { compactVerify, createLocalJWKSet, errors, type JSONWebKeySet, type JWK } from 'jose';

export const KEY_PURPOSES = ['receipt', 'book', 'head', 'day'] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

/** A published key: a JWK with what it signs and the days it signs them. */
export type PublishedKey = JWK & { purpose?: KeyPurpose; from?: string; until?: string };

/** The JWS `typ` of each kind of statement. */
export const JWS_TYPE: Record<KeyPurpose, string> = {
  receipt: 'matka-receipt+jws',
  book: 'matka-book+jws',
  head: 'matka-audit-head+jws',
  day: 'matka-day+jws',
};

/** The keys of a set that may sign `purpose`'s statements (those of the older layout too). */
export function keysFor(set: JSONWebKeySet, purpose: KeyPurpose): JSONWebKeySet {
  return { keys: (set.keys as PublishedKey[]).filter((k) => !k.purpose || k.purpose === purpose) };
}

/** Whether the key signs statements of market day `date` (YYYY-MM-DD). */
export function keySignsDay(key: PublishedKey, date: string): boolean {
  return (!key.from || key.from <= date) && (!key.until || date <= key.until);
}

/**
 * Why a signed statement is not the server's: its signature is wrong, no key of its kind signed it, or
 * the key that did was not signing on the statement's day ('keyNotFor').
 */
export type SignatureProblem = 'malformed' | 'signature' | 'unknownKey' | 'keyNotFor';

/**
 * The payload of a JWS of kind `purpose` once its signature is checked against the set's keys of that
 * kind, and the day it is dated (`dayOf` of the payload) against the signing key's days; or why not.
 */
export async function verifyAs<T>(
  jws: string,
  set: JSONWebKeySet,
  purpose: KeyPurpose,
  dayOf: (payload: T) => string | undefined,
): Promise<{ payload: T; kid: string; key: PublishedKey } | SignatureProblem> {
  const mine = keysFor(set, purpose);
  let payload: T;
  let kid: string;
  try {
    const verified = await compactVerify(jws, createLocalJWKSet(mine));
    payload = JSON.parse(new TextDecoder().decode(verified.payload)) as T;
    kid = verified.protectedHeader.kid ?? '';
  } catch (e) {
    if (e instanceof errors.JWSSignatureVerificationFailed) return 'signature';
    if (e instanceof errors.JWKSNoMatchingKey)
      // a key of the set signed it, but for another kind of statement
      return set.keys.length > mine.keys.length && (await signedByAny(jws, set)) ? 'keyNotFor' : 'unknownKey';
    return 'malformed';
  }
  const key = mine.keys.find((k) => k.kid === kid) as PublishedKey | undefined;
  const day = payload && typeof payload === 'object' ? dayOf(payload) : undefined;
  if (typeof day !== 'string') return 'malformed';
  if (!key || !keySignsDay(key, day)) return 'keyNotFor';
  return { payload, kid, key };
}

async function signedByAny(jws: string, set: JSONWebKeySet): Promise<boolean> {
  try {
    await compactVerify(jws, createLocalJWKSet(set));
    return true;
  } catch {
    return false;
  }
}

/** The market day (Asia/Kolkata, UTC+05:30) of an instant written as an ISO text, or undefined. */
export function kolkataDayOf(iso: unknown): string | undefined {
  if (typeof iso !== 'string') return undefined;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return undefined;
  return new Date(t + 330 * 60_000).toISOString().slice(0, 10);
}
