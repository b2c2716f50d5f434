/**
 * The deployment's one append-only log (RFC 6962 / RFC 9162): each sealed book's head and each signed
 * audit head is a leaf, in the order they were made; the tree's heads are signed with the head key of
 * their day and published at /verify/log with consistency proofs between any two sizes and a leaf's
 * inclusion proof. A player, a witness or anyone who kept an earlier head asks whether today's tree still
 * extends it: an operator who rewrote a book or the audit trail and signed again must fork the log, and a
 * fork is seen by whoever kept a head of the other branch.
 *
 *   leaf bytes = RFC 8785 (JCS) JSON of { kind: 'book' | 'audit', head: the statement as published }
 *   leaf hash  = SHA-256(0x00 ‖ leaf bytes)      node = SHA-256(0x01 ‖ left ‖ right)
 *
 * Leaves are appended under one lock in the transaction that makes their statement, so the log's order
 * is the commits' order and a statement is never made without its leaf. The rows cannot be updated or
 * deleted (triggers); the tree is recomputed from them for each head and proof (its leaves are heads, a
 * few per market and day, so a year is a few tens of thousands).
 */
import canonicalize from 'canonicalize';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import { kolkataIsoDate } from './clock';
import { consistencyPath, inclusionPath, leafOf, treeHead } from './merkle-proofs';
import type { ReceiptSigner } from './receipts';

type Db = Kysely<DB> | Transaction<DB>;

/** The log's lock: one writer appends at a time (held to the commit). */
const LOG_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('transparency log')::bigint)`;

/**
 * Takes the log's lock in the caller's transaction. A transaction that also links an audit row takes
 * this one first (a declaration seals its books, then audits), so two never wait on each other.
 */
export const lockLog = async (trx: Transaction<DB>): Promise<void> => {
  await LOG_LOCK.execute(trx);
};

/** What a leaf states: a sealed book's published head, or a signed head of the audit trail. */
export type LogStatement = { kind: 'book'; head: object } | { kind: 'audit'; head: object };

/** A signed tree head: the log's size and root at a moment, and the JWS over them. */
export interface TreeHead {
  size: number;
  root: string;
  signed_at: string;
  signature: string;
}

const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** The leaf's bytes of a statement (RFC 8785). */
export const leafBytes = (s: LogStatement): Buffer => Buffer.from(canonicalize(s) ?? '', 'utf8');

/** Appends a statement's leaf in the caller's transaction; its index in the log. */
export async function appendToLog(trx: Transaction<DB>, statement: LogStatement, now: Date): Promise<number> {
  await LOG_LOCK.execute(trx);
  const { n } = await trx
    .selectFrom('log_leaves')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const index = Number(n);
  const leaf = leafBytes(statement);
  await trx
    .insertInto('log_leaves')
    .values({
      idx: String(index),
      kind: statement.kind,
      leaf: leaf.toString('utf8'),
      leaf_hash: leafOf(leaf),
      added_at: now,
    })
    .execute();
  return index;
}

/** The leaf hashes of the log's first `size` leaves (all of them without `size`). */
async function leafHashes(db: Db, size?: number): Promise<Buffer[]> {
  let q = db.selectFrom('log_leaves').select('leaf_hash').orderBy('idx');
  if (size !== undefined) q = q.where('idx', '<', String(size));
  return (await q.execute()).map((r) => bytes(r.leaf_hash));
}

const headRow = (r: { size: string | number; root: Uint8Array; signed_at: Date | string; signature: string }) => ({
  size: Number(r.size),
  root: bytes(r.root).toString('hex'),
  signed_at: new Date(r.signed_at).toISOString(),
  signature: r.signature,
});

/** The newest signed tree head, or null before the first leaf. */
export async function latestTreeHead(db: Db): Promise<TreeHead | null> {
  const r = await db.selectFrom('log_heads').selectAll().orderBy('size', 'desc').limit(1).executeTakeFirst();
  return r ? headRow(r) : null;
}

/** The signed head of one size (null: none was signed at that size). */
export async function treeHeadAt(db: Db, size: number): Promise<TreeHead | null> {
  const r = await db.selectFrom('log_heads').selectAll().where('size', '=', String(size)).executeTakeFirst();
  return r ? headRow(r) : null;
}

/**
 * Signs the tree's head at its size now with the head key of today, in the caller's transaction (after
 * an append), or answers the head already signed at that size.
 */
export async function signTreeHead(trx: Transaction<DB>, signer: ReceiptSigner, now: Date): Promise<TreeHead | null> {
  await LOG_LOCK.execute(trx);
  const leaves = await leafHashes(trx);
  if (!leaves.length) return null;
  const kept = await treeHeadAt(trx, leaves.length);
  if (kept) return kept;
  const root = treeHead(leaves);
  const payload = {
    typ: 'matka-log-head',
    size: leaves.length,
    root: root.toString('hex'),
    signed_at: now.toISOString(),
  };
  const signature = signer.signAs('head', payload, kolkataIsoDate(now));
  await trx
    .insertInto('log_heads')
    .values({ size: String(leaves.length), root, signed_at: now, signature })
    .execute();
  return { size: payload.size, root: payload.root, signed_at: payload.signed_at, signature };
}

/** Appends a statement and signs the tree that holds it, in one transaction (the caller's, or a new one). */
export async function logStatement(
  db: Db,
  signer: ReceiptSigner,
  statement: LogStatement,
  now: Date,
): Promise<{ index: number; head: TreeHead }> {
  const run = async (trx: Transaction<DB>) => {
    const index = await appendToLog(trx, statement, now);
    const head = await signTreeHead(trx, signer, now);
    return { index, head: head! };
  };
  return db.isTransaction ? run(db as Transaction<DB>) : (db as Kysely<DB>).transaction().execute(run);
}

/** A proof's hashes, hex. */
const hex = (hashes: Buffer[]) => hashes.map((h) => h.toString('hex'));

/**
 * The consistency proof from size `from` to size `to` (each a size some head was signed at), or null
 * when the log has no signed head of one of them.
 */
export async function consistencyProof(
  db: Db,
  from: number,
  to: number,
): Promise<{ from: TreeHead; to: TreeHead; proof: string[] } | null> {
  const [a, b] = await Promise.all([treeHeadAt(db, from), treeHeadAt(db, to)]);
  if (!a || !b) return null;
  return { from: a, to: b, proof: hex(consistencyPath(await leafHashes(db, to), from, to)) };
}

/** A leaf (its statement and hash) with its inclusion proof in the tree of a signed head, or null. */
export async function inclusionProof(
  db: Db,
  index: number,
  size: number,
): Promise<{ index: number; leaf: string; leaf_hash: string; head: TreeHead; proof: string[] } | null> {
  if (index >= size) return null;
  const [head, leaf] = await Promise.all([
    treeHeadAt(db, size),
    db.selectFrom('log_leaves').select(['leaf', 'leaf_hash']).where('idx', '=', String(index)).executeTakeFirst(),
  ]);
  if (!head || !leaf) return null;
  return {
    index,
    leaf: leaf.leaf,
    leaf_hash: bytes(leaf.leaf_hash).toString('hex'),
    head,
    proof: hex(inclusionPath(await leafHashes(db, size), index, size)),
  };
}
