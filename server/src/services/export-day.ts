/**
 * A day for the auditor: its results (who declared and who certified them) and proposals, its sealed books with their leaves, its ledger
 * rows and its audit rows (with their place in the hash chain), as one JSON document signed by the day
 * bundle key of the day it is made (a compact JWS), beside the public keys. `npm run operator -- export day <date>` writes
 * it; `audit verify --bundle <file>` checks it offline: the signature, the audit rows' chain, each book's
 * root from its leaves. One byte changed anywhere fails the check.
 */
import { calculateJwkThumbprint, type JSONWebKeySet, type JWK } from 'jose';
import { keysFor, kolkataDayOf, verifyAs } from '@matka/shared/receipts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { CHAIN_COLUMNS, chainHash, contentOf, type AuditContent } from './audit-chain';
import { treeRoot } from './books';
import type { ReceiptSigner } from './receipts';
import { kolkataIsoDate } from './clock';

/** The file: the keys, and the day signed. */
export interface DayBundle {
  typ: 'matka-day-bundle';
  date: string;
  /** the day bundle keys (a JWKS): compare the signing key's kid with the server's /.well-known/jwks.json */
  keys: JSONWebKeySet;
  /** a compact JWS whose payload is the day (DayContent) */
  signed: string;
}

interface DayContent {
  typ: 'matka-day';
  date: string;
  exported_at: string;
  /** who declared each result, and who certified it (null: declared without certification) */
  results: Record<string, unknown>[];
  proposals: Record<string, unknown>[];
  books: { market_id: number; session: string; size: number; root: string; sealed_at: string; leaves: string[] }[];
  ledger: Record<string, unknown>[];
  audit: { prev_hash: string | null; rows: (Record<string, unknown> & { seq: number; hash: string })[] };
}

const hex = (b: Uint8Array | null) => (b ? Buffer.from(b).toString('hex') : null);
/** The day's span, Asia/Kolkata. */
const span = (date: string) => ({ from: new Date(`${date}T00:00:00+05:30`), to: new Date(`${date}T24:00:00+05:30`) });

export async function exportDay(db: Kysely<DB>, signer: ReceiptSigner, date: string, now: Date): Promise<DayBundle> {
  const { from, to } = span(date);
  const results = await sql<Record<string, unknown>>`
    SELECT m.id AS market_id, m.name AS market, m.family, r.open_pana, r.open_digit, r.close_pana, r.close_digit,
           r.jodi, r.declared_at, r.updated_at,
           j.declared_by, j.certified_by
    FROM results r JOIN markets m ON m.id = r.market_id
    LEFT JOIN LATERAL (SELECT declared_by, certified_by FROM settlement_jobs
                       WHERE market_id = r.market_id AND result_date = r.result_date ORDER BY id DESC LIMIT 1) j ON true
    WHERE r.result_date = ${date}::date ORDER BY m.id`.execute(db);
  // the day's proposals (certification on): who proposed each, who certified or rejected it, and why
  const proposals = await db
    .selectFrom('result_proposals')
    .select(['id', 'market_id', 'family', 'session', 'declaration', 'early_reason', 'proposed_by', 'proposed_at'])
    .select(['status', 'decided_by', 'decided_at', 'reason', 'job_id'])
    .where('result_date', '=', date)
    .orderBy('id')
    .execute();
  const books = await db
    .selectFrom('bid_books')
    .select(['market_id', 'session', 'size', 'root', 'sealed_at'])
    .where('book_date', '=', date)
    .where('root', 'is not', null)
    .orderBy('market_id')
    .orderBy('session', 'desc')
    .execute();
  const leavesOf = async (market: number, session: string) => {
    const pieces = await db
      .selectFrom('bid_book_chunks')
      .select('leaves')
      .where('market_id', '=', market)
      .where('book_date', '=', date)
      .where('session', '=', session)
      .orderBy('chunk')
      .execute();
    const all = Buffer.concat(pieces.map((p) => Buffer.from(p.leaves)));
    return Array.from({ length: all.length / 32 }, (_, i) => all.subarray(i * 32, i * 32 + 32).toString('hex'));
  };
  const ledger = await db
    .selectFrom('wallet_transactions')
    .selectAll()
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('id')
    .execute();
  const audit = await db
    .selectFrom('operator_audit')
    .select(CHAIN_COLUMNS)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('seq', 'is not', null)
    .orderBy('seq')
    .execute();
  const content: DayContent = {
    typ: 'matka-day',
    date,
    exported_at: now.toISOString(),
    results: results.rows,
    proposals,
    books: await Promise.all(
      books.map(async (b) => ({
        market_id: b.market_id,
        session: b.session,
        size: Number(b.size),
        root: hex(b.root)!,
        sealed_at: new Date(b.sealed_at).toISOString(),
        leaves: await leavesOf(b.market_id, b.session),
      })),
    ),
    ledger: ledger.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
    audit: {
      prev_hash: hex(audit[0]?.prev_hash ?? null),
      rows: audit.map((r) => ({
        ...contentOf(r),
        id: String(r.id),
        hash: hex(r.hash)!,
      })),
    },
  };
  return {
    typ: 'matka-day-bundle',
    date,
    keys: keysFor(signer.jwks(), 'day'),
    // a statement made now: signed by the day key of today, whatever day it tells of
    signed: signer.signAs('day', content, kolkataIsoDate(now)),
  };
}

/** What the offline check found: the day's figures, or why the bundle is not valid. */
export type BundleCheck =
  | {
      valid: true;
      date: string;
      kid: string;
      /** the RFC 7638 thumbprint (SHA-256, base64url) of the trusted key that verified it */
      thumbprint: string;
      results: number;
      books: number;
      receipts: number;
      ledger: number;
      audit: number;
    }
  | { valid: false; reason: string };

/** Checks a bundle's text offline: its signature by its keys, its audit rows' chain, its books' roots. */
/** The same key: its RFC 7638 thumbprints match. */
const thumbprintOf = (k: JWK) => calculateJwkThumbprint(k, 'sha256');

/**
 * Checks a day's bundle against keys the auditor trusts (the server's published JWKS, fetched by the
 * auditor, or a key they pinned), never against the keys the bundle carries: those must be the trusted
 * key, or it is Not valid. Then its audit rows' chain and each sealed book's root from its leaves.
 */
export async function checkBundle(text: string, trusted: JSONWebKeySet): Promise<BundleCheck> {
  let bundle: DayBundle;
  try {
    bundle = JSON.parse(text) as DayBundle;
  } catch {
    return { valid: false, reason: 'the file is not a day bundle (not JSON)' };
  }
  if (bundle?.typ !== 'matka-day-bundle' || typeof bundle.signed !== 'string' || !bundle.keys)
    return { valid: false, reason: 'the file is not a day bundle' };
  let day: DayContent;
  let kid: string;
  let thumbprint: string;
  try {
    const signed = await verifyAs<DayContent>(bundle.signed, trusted, 'day', (d) => kolkataDayOf(d.exported_at));
    if (typeof signed === 'string')
      return {
        valid: false,
        reason:
          signed === 'keyNotFor'
            ? 'it is signed by a trusted key that does not sign day bundles on the day it was made'
            : `its signature does not verify with the trusted keys (${signed})`,
      };
    day = signed.payload;
    kid = signed.kid;
    thumbprint = await thumbprintOf(signed.key);
    const carried = (bundle.keys.keys ?? []).find((k) => k.kid === kid);
    if (!carried || (await thumbprintOf(carried)) !== thumbprint)
      return { valid: false, reason: `the key it carries as ${kid} is not the trusted key of that id` };
  } catch (e) {
    return {
      valid: false,
      reason: `its signature does not verify with the trusted keys (${(e as Error).message})`,
    };
  }
  if (day.date !== bundle.date)
    return { valid: false, reason: `it says ${bundle.date} but its signed day is ${day.date}` };
  // the audit rows link to each other (the first to the hash it names)
  let prev: Buffer | null = day.audit.prev_hash ? Buffer.from(day.audit.prev_hash, 'hex') : null;
  for (const r of day.audit.rows) {
    const { seq, action, target, params, before, after, ok, operator, at } = r as unknown as AuditContent;
    const hash = chainHash(prev, { seq, action, target, params, before, after, ok, operator, at });
    if (hash.toString('hex') !== r.hash) return { valid: false, reason: `audit row ${r.seq} does not match its hash` };
    prev = hash;
  }
  let receipts = 0;
  for (const b of day.books) {
    const root = treeRoot(b.leaves.map((l) => Buffer.from(l, 'hex')));
    if (root.toString('hex') !== b.root || b.leaves.length !== b.size)
      return { valid: false, reason: `the book of market ${b.market_id} (${b.session}) does not match its root` };
    receipts += b.size;
  }
  return {
    valid: true,
    date: day.date,
    kid,
    thumbprint,
    results: day.results.length,
    books: day.books.length,
    receipts,
    ledger: day.ledger.length,
    audit: day.audit.rows.length,
  };
}
