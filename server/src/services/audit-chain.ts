/**
 * The operators' audit trail as a hash chain, so that a row changed by anyone with database access (the
 * triggers disabled) is found. Each row carries its place (`seq`), the previous row's hash and its own:
 *
 *   hash = SHA-256( previous hash (32 zero bytes for the first row) ‖ UTF-8 of the row's content )
 *   content = RFC 8785 (JCS) JSON of { seq, action, target, params, before, after, ok, operator, at }
 *
 * with `at` the row's time in ISO 8601 (UTC, milliseconds). RFC 8785 makes the content's bytes one
 * answer for any JSON library (the `canonicalize` package, by one of its authors). A row is linked in the
 * transaction of its action, under one lock for the chain, so the chain is the order of the commits.
 * The chain's head (seq and hash) is signed with the audit head key of its day, daily and on demand, and published at
 * /verify/log: whoever kept a head can check later that nothing before it was changed. Each signing is
 * itself an audit row ('audit sign', naming the head), so a head removed from the table is found.
 *
 * `verifyChain` believes nothing it is handed: it recomputes every hash, finds a row that was never linked
 * (one inserted behind the chain's back is never linked afterwards), and checks every stored signed head
 * (its signature by the server's published keys, its hash against the chain recomputed) and every head an
 * 'audit sign' row names. So a row rewritten with every later hash recomputed is found by the first head
 * signed after it, and a head deleted by the row that recorded its signing.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { JSONWebKeySet } from 'jose';
import { kolkataDayOf, verifyAs } from '@matka/shared/receipts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import { kolkataIsoDate } from './clock';
import type { ReceiptSigner } from './receipts';
import { lockLog, logStatement } from './transparency-log';

type Db = Kysely<DB> | Transaction<DB>;

/** The chain's lock: one writer links a row at a time (a single-key advisory lock, held to the commit). */
const CHAIN_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('operator_audit chain')::bigint)`;

const ZERO = Buffer.alloc(32);

/** An audit row's columns with its place in the chain: what a walk of the chain reads. */
export const CHAIN_COLUMNS = [
  'id',
  'seq',
  'action',
  'target',
  'params',
  'before',
  'after',
  'ok',
  'operator',
  'created_at',
  'prev_hash',
  'hash',
] as const;

/** An audit row as its hash reads it. */
export interface AuditContent {
  seq: number;
  action: string;
  target: string | null;
  params: unknown;
  before: unknown;
  after: unknown;
  ok: boolean;
  operator: string | null;
  /** ISO 8601, UTC */
  at: string;
}

/** JSON as the database gives it back (undefined fields dropped, jsonb's own reading of numbers). */
export const asStored = (v: unknown): unknown => (v === undefined ? null : JSON.parse(JSON.stringify(v)));

/** SHA-256(previous hash ‖ RFC 8785 JSON of the content). */
export function chainHash(prev: Uint8Array | null, c: AuditContent): Buffer {
  return createHash('sha256')
    .update(prev ?? ZERO)
    .update(canonicalize(c) ?? '', 'utf8')
    .digest();
}

const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** The newest linked row: its seq and hash (none for an empty chain). */
async function headOf(trx: Db): Promise<{ seq: number; hash: Buffer } | null> {
  const last = await trx
    .selectFrom('operator_audit')
    .select(['seq', 'hash'])
    .where('seq', 'is not', null)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last && last.hash ? { seq: Number(last.seq), hash: bytes(last.hash) } : null;
}

/** Writes one audit row linked to the chain, in the caller's transaction (or one of its own). */
export async function appendAudit(db: Db, row: Omit<AuditContent, 'seq' | 'at'> & { at: Date }): Promise<void> {
  const write = async (trx: Transaction<DB>) => {
    await CHAIN_LOCK.execute(trx);
    const head = await headOf(trx);
    const seq = (head?.seq ?? 0) + 1;
    const content: AuditContent = {
      seq,
      action: row.action,
      target: row.target,
      params: asStored(row.params),
      before: asStored(row.before),
      after: asStored(row.after),
      ok: row.ok,
      operator: row.operator,
      at: row.at.toISOString(),
    };
    await trx
      .insertInto('operator_audit')
      .values({
        action: row.action,
        target: row.target,
        params: JSON.stringify(content.params),
        before: JSON.stringify(content.before),
        after: JSON.stringify(content.after),
        ok: row.ok,
        operator: row.operator,
        created_at: row.at,
        seq: String(seq),
        prev_hash: head?.hash ?? ZERO,
        hash: chainHash(head?.hash ?? ZERO, content),
      })
      .execute();
  };
  if (db.isTransaction) await write(db as Transaction<DB>);
  else await (db as Kysely<DB>).transaction().execute(write);
}

/**
 * Rows written before the chain existed (no hash): linked once, oldest first, by the first start with the
 * chain. Once any row is linked, a row without a link was inserted behind the chain's back: it is never
 * linked (that would make it look as if it had always been there), and verifyChain reports it.
 */
export async function linkUnchained(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await CHAIN_LOCK.execute(trx);
    if (await headOf(trx)) return 0;
    const loose = await trx.selectFrom('operator_audit').selectAll().where('hash', 'is', null).orderBy('id').execute();
    let prev: Buffer = ZERO;
    for (const [i, r] of loose.entries()) {
      const seq = i + 1;
      const hash: Buffer = chainHash(prev, contentOf({ ...r, seq: String(seq) }));
      await trx
        .updateTable('operator_audit')
        .set({ seq: String(seq), prev_hash: prev, hash })
        .where('id', '=', r.id)
        .execute();
      prev = hash;
    }
    return loose.length;
  });
}

type StoredRow = {
  seq: string | number | null;
  action: string;
  target: string | null;
  params: unknown;
  before: unknown;
  after: unknown;
  ok: boolean;
  operator: string | null;
  created_at: Date | string;
};

/** A stored row's content, as its hash reads it. */
export function contentOf(r: StoredRow): AuditContent {
  return {
    seq: Number(r.seq),
    action: r.action,
    target: r.target,
    params: r.params ?? null,
    before: r.before ?? null,
    after: r.after ?? null,
    ok: r.ok,
    operator: r.operator,
    at: new Date(r.created_at).toISOString(),
  };
}

/** What a walk of the chain found: intact, or the first row that does not match and how. */
export type ChainCheck =
  | { intact: true; count: number; head: { seq: number; hash: string } | null; heads: number }
  | {
      intact: false;
      count: number;
      /** the row (seq, its id and action); for 'unlinked' its id, for a head's problem the head's row */
      row: { seq: number; id: string; action: string; at: string };
      /** 'content': its fields are not what was hashed; 'link': the row before it is not the one it was
       * linked to (a row removed, added or changed before it); 'gap': rows are missing before it;
       * 'unlinked': a row outside the chain (inserted behind its back); 'head': a signed head does not
       * match the chain recomputed (rows at or before it were rewritten, every later hash recomputed),
       * or its signature is not the server's; 'head missing': a head whose signing the chain records is
       * not stored (deleted) */
      problem: 'content' | 'link' | 'gap' | 'unlinked' | 'head' | 'head missing';
      /** for a head's problem: the head, as signed or as recorded */
      head?: { seq: number; hash: string; signed_at?: string };
    };

type ChainRow = StoredRow & { id: string; prev_hash: Uint8Array | null; hash: Uint8Array | null };

/**
 * Walks the chain in order, a thousand rows at a time, recomputing every hash; then checks that no row is
 * outside it, and every signed head against it (with `keys`, the server's published keys; without, the
 * heads are not checked: a bundle's rows).
 */
export async function verifyChain(db: Db, keys?: JSONWebKeySet, rows?: AsyncIterable<ChainRow>): Promise<ChainCheck> {
  let prev: Buffer = ZERO;
  let expected = 1;
  let count = 0;
  let last: { seq: number; hash: string } | null = null;
  /** the recomputed hash at each seq a head names, and the heads the chain records signing */
  const headSeqs = new Set((await db.selectFrom('audit_heads').select('seq').execute()).map((h) => Number(h.seq)));
  const recomputed = new Map<number, string>();
  const recorded: { seq: number; hash: string; row: ChainRow }[] = [];
  for await (const r of rows ?? chainRows(db)) {
    const seq = Number(r.seq);
    const where = { seq, id: String(r.id), action: r.action, at: new Date(r.created_at).toISOString() };
    if (seq !== expected) return { intact: false, count, row: where, problem: 'gap' };
    if (!r.prev_hash || !bytes(r.prev_hash).equals(prev)) return { intact: false, count, row: where, problem: 'link' };
    const hash = chainHash(prev, contentOf(r));
    if (!r.hash || !hash.equals(bytes(r.hash))) return { intact: false, count, row: where, problem: 'content' };
    prev = hash;
    expected++;
    count++;
    last = { seq, hash: hash.toString('hex') };
    if (headSeqs.has(seq)) recomputed.set(seq, last.hash);
    const after = r.after as { seq?: unknown; hash?: unknown } | null;
    if (r.action === 'audit sign' && typeof after?.seq === 'number' && typeof after.hash === 'string')
      recorded.push({ seq: after.seq, hash: after.hash, row: r });
  }
  if (rows) return { intact: true, count, head: last, heads: 0 };

  const loose = await db
    .selectFrom('operator_audit')
    .select(['id', 'action', 'created_at'])
    .where('hash', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (loose)
    return {
      intact: false,
      count,
      row: { seq: 0, id: String(loose.id), action: loose.action, at: new Date(loose.created_at).toISOString() },
      problem: 'unlinked',
    };

  const stored = await db.selectFrom('audit_heads').selectAll().orderBy('seq').execute();
  const bySeq = new Map(stored.map((h) => [Number(h.seq), h]));
  for (const h of stored) {
    const seq = Number(h.seq);
    const head = headRow(h);
    let signed: { seq?: unknown; hash?: unknown } | null = null;
    if (keys) {
      // signed by a head key of the day it was signed
      const v = await verifyAs<{ seq?: unknown; hash?: unknown; signed_at?: unknown }>(h.signature, keys, 'head', (p) =>
        kolkataDayOf(p.signed_at),
      );
      signed = typeof v === 'string' ? null : v.payload;
    }
    const ok = (!keys || (signed?.seq === seq && signed?.hash === head.hash)) && recomputed.get(seq) === head.hash;
    if (!ok)
      return {
        intact: false,
        count,
        row: { seq, id: '', action: 'signed head', at: head.signed_at },
        problem: 'head',
        head: { seq, hash: head.hash, signed_at: head.signed_at },
      };
  }
  for (const r of recorded) {
    const kept = bySeq.get(r.seq);
    if (!kept || bytes(kept.hash).toString('hex') !== r.hash)
      return {
        intact: false,
        count,
        row: {
          seq: Number(r.row.seq),
          id: String(r.row.id),
          action: r.row.action,
          at: new Date(r.row.created_at).toISOString(),
        },
        problem: 'head missing',
        head: { seq: r.seq, hash: r.hash },
      };
  }
  return { intact: true, count, head: last, heads: stored.length };
}

async function* chainRows(db: Db) {
  let after = 0;
  for (;;) {
    const page = await db
      .selectFrom('operator_audit')
      .select(CHAIN_COLUMNS)
      .where('seq', '>', String(after))
      .orderBy('seq')
      .limit(1000)
      .execute();
    if (!page.length) return;
    for (const r of page) yield { ...r, id: String(r.id) };
    after = Number(page[page.length - 1].seq);
  }
}

/** A head as signed and published (/verify/log). */
export interface SignedHead {
  seq: number;
  hash: string;
  signed_at: string;
  signature: string;
}

/**
 * Signs the chain's head now with the audit head key of today and keeps it (published at /verify/log); the head
 * signed before when nothing was added since, null for an empty chain.
 */
export async function signHead(
  db: Kysely<DB>,
  signer: ReceiptSigner,
  now: Date,
  operator: string | null = null,
): Promise<SignedHead | null> {
  return db.transaction().execute(async (trx) => {
    // the log's lock first, as a declaration takes them (its books' leaves, then its audit row)
    await lockLog(trx);
    await CHAIN_LOCK.execute(trx);
    const head = await headOf(trx);
    if (!head) return null;
    const kept = await trx
      .selectFrom('audit_heads')
      .selectAll()
      .where('seq', '<=', String(head.seq))
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    // nothing added since the last signing but the row that records it: that head is the newest
    if (
      kept &&
      (Number(kept.seq) === head.seq ||
        (Number(kept.seq) === head.seq - 1 && (await recordsSigning(trx, head.seq, Number(kept.seq)))))
    )
      return headRow(kept);
    const payload = {
      typ: 'matka-audit-head',
      seq: head.seq,
      hash: head.hash.toString('hex'),
      signed_at: now.toISOString(),
    };
    const signature = signer.signAs('head', payload, kolkataIsoDate(now));
    await trx
      .insertInto('audit_heads')
      .values({ seq: String(head.seq), hash: head.hash, signed_at: now, signature })
      .execute();
    // the chain records the signing: a head deleted later is found by this row
    await appendAudit(trx, {
      action: 'audit sign',
      target: String(head.seq),
      params: {},
      before: null,
      after: { seq: head.seq, hash: payload.hash, signed_at: payload.signed_at },
      ok: true,
      operator,
      at: now,
    });
    // the head is a leaf of the deployment's log: rewriting the chain and signing again forks the log
    const signed = { seq: head.seq, hash: payload.hash, signed_at: payload.signed_at, signature };
    await logStatement(trx, signer, { kind: 'audit', head: signed }, now);
    return signed;
  });
}

/** Whether the chain's row `seq` records the signing of the head at `signed`. */
async function recordsSigning(trx: Transaction<DB>, seq: number, signed: number) {
  const r = await trx
    .selectFrom('operator_audit')
    .select(['action', 'after'])
    .where('seq', '=', String(seq))
    .executeTakeFirst();
  return r?.action === 'audit sign' && (r.after as { seq?: unknown } | null)?.seq === signed;
}

const headRow = (r: { seq: string | number; hash: Uint8Array; signed_at: Date | string; signature: string }) => ({
  seq: Number(r.seq),
  hash: bytes(r.hash).toString('hex'),
  signed_at: new Date(r.signed_at).toISOString(),
  signature: r.signature,
});

/** The signed heads, newest first (at most `limit`). */
export async function signedHeads(db: Db, limit = 400): Promise<SignedHead[]> {
  const rows = await db.selectFrom('audit_heads').selectAll().orderBy('seq', 'desc').limit(limit).execute();
  return rows.map(headRow);
}

/** The chain's row `seq` as it is now: its hash (null when there is none). */
export async function chainAt(db: Db, seq: number): Promise<{ seq: number; hash: string } | null> {
  const r = await db
    .selectFrom('operator_audit')
    .select(['seq', 'hash'])
    .where('seq', '=', String(seq))
    .executeTakeFirst();
  return r?.hash ? { seq, hash: bytes(r.hash).toString('hex') } : null;
}

/** Signs the head once a day (checked every hour): the newest head is then never older than a day. */
export class DailyHeads {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly signer: ReceiptSigner,
    private readonly clock: { now(): Date },
    private readonly log: { error: (o: object, m: string) => void },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), 60 * 60 * 1000);
    this.timer.unref();
    void this.tick();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async tick(): Promise<void> {
    try {
      const [last] = await signedHeads(this.db, 1);
      const now = this.clock.now();
      if (!last || now.getTime() - new Date(last.signed_at).getTime() >= 24 * 60 * 60 * 1000)
        await signHead(this.db, this.signer, now);
    } catch (err) {
      this.log.error({ err }, "signing the audit trail's head failed; tried again in an hour");
    }
  }
}
