/**
 * Sealed books: when a market session's bidding closes, its receipts are fixed in an RFC 6962 Merkle tree
 * (leaf = SHA-256(0x00 ‖ the receipt's ASCII), node = SHA-256(0x01 ‖ left ‖ right)), in acceptance order
 * (by submission id), and its size and root are published, signed with the book key of its day. A result is
 * declared only against its sessions' sealed books, and the result's live event names their roots.
 *
 * Sealing is exact under races: a book's row is written under the market's bid lock held exclusively
 * (lockMarketForBids), and place_bid's guard refuses a bid of a sealed session, so every bid of the
 * session committed before the seal and none after. The tree is built after that commit, reading the
 * leaves written as receipts were given (receipt_leaves) and making again any missing (a receipt is the
 * same whenever it is made); its leaves are kept in pieces of 1,024 so a proof reads one piece and the
 * pieces' roots.
 */
import { hash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { BookSession } from '@matka/shared/contract';
import type { SealedBook } from '@matka/shared/contract/schemas';
import { declaredResultText } from '@matka/shared/domain';
import type { DB } from '../db/types';
import type { MarketFamily } from '../db/columns';
import { lockMarketForBids, type Declaration } from './settlement';
import { receiptsOf, type ReceiptSigner } from './receipts';
import { logStatement } from './transparency-log';

/** Leaves per stored piece of a book: a power of two, so each piece is a whole subtree of the tree. */
export const CHUNK = 1024;

const LEAF = Buffer.from([0]);
const NODE = 0x01;

/** SHA-256(0x00 ‖ receipt): a receipt's leaf in its book. */
export function leafHash(receipt: string): Buffer {
  return hash('sha256', Buffer.concat([LEAF, Buffer.from(receipt, 'ascii')]), 'buffer');
}

const scratch = Buffer.alloc(65);
/** SHA-256(0x01 ‖ left ‖ right) */
function nodeHash(left: Buffer, right: Buffer): Buffer {
  scratch[0] = NODE;
  left.copy(scratch, 1);
  right.copy(scratch, 33);
  return hash('sha256', scratch, 'buffer');
}

/**
 * The RFC 6962 tree head of these nodes of one level (leaves, or roots of whole pieces of a level
 * below), built bottom up: the last node of an odd level goes up as it is, which makes the same tree as
 * the RFC's split at the largest power of two. The empty tree's root is SHA-256 of nothing.
 */
export function treeRoot(nodes: Buffer[]): Buffer {
  if (!nodes.length) return hash('sha256', Buffer.alloc(0), 'buffer');
  let level = nodes;
  while (level.length > 1) {
    const up: Buffer[] = new Array(Math.ceil(level.length / 2));
    for (let i = 0; i + 1 < level.length; i += 2) up[i >> 1] = nodeHash(level[i], level[i + 1]);
    if (level.length % 2) up[up.length - 1] = level[level.length - 1];
    level = up;
  }
  return level[0];
}

/** The audit path (RFC 6962 section 2.1.1) of node `index` among these, from the leaf up. */
export function auditPath(nodes: Buffer[], index: number): Buffer[] {
  const path: Buffer[] = [];
  let level = nodes;
  let i = index;
  while (level.length > 1) {
    if (i % 2 === 1) path.push(level[i - 1]);
    else if (i + 1 < level.length) path.push(level[i + 1]);
    const up: Buffer[] = new Array(Math.ceil(level.length / 2));
    for (let j = 0; j + 1 < level.length; j += 2) up[j >> 1] = nodeHash(level[j], level[j + 1]);
    if (level.length % 2) up[up.length - 1] = level[level.length - 1];
    level = up;
    i >>= 1;
  }
  return path;
}

/** The books a declaration ends: the close result ends both sessions of a regular market's day. */
export function booksEndedBy(d: Declaration): BookSession[] {
  return d.family === 'regular' && d.session === 'close' ? ['open', 'close'] : ['open'];
}

/** A book as published: GET /verify/book answers it, its `signature` a JWS of the rest. */
export interface PublishedBook {
  typ: 'matka-bid-book';
  market: { id: number; name: string };
  family: MarketFamily;
  date: string;
  session: BookSession;
  size: number;
  /** the tree head, hex */
  root: string;
  sealed_at: string;
}

type Db = Kysely<DB> | Transaction<DB>;
const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/**
 * Seals these sessions' books of a market day, in the caller's transaction, which must hold the market's
 * bid lock exclusively (a declaration's does): the books' rows, then their trees (unless built already).
 */
export async function sealBooksLocked(
  trx: Transaction<DB>,
  signer: ReceiptSigner,
  marketId: number,
  date: string,
  sessions: readonly BookSession[],
  now: Date,
): Promise<SealedBook[]> {
  await trx
    .insertInto('bid_books')
    .values(sessions.map((session) => ({ market_id: marketId, book_date: date, session, sealed_at: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const out = [];
  for (const session of sessions) {
    const b = await buildBook(trx, signer, marketId, date, session);
    out.push({ session, size: b.size, root: b.root });
  }
  return out;
}

/**
 * Seals these sessions' books of a market day when their bidding has closed: the rows under the
 * market's bid lock (a short transaction), then each tree after its commit, with no lock held.
 */
export async function sealBooks(
  db: Kysely<DB>,
  signer: ReceiptSigner,
  marketId: number,
  date: string,
  sessions: readonly BookSession[],
  now: Date,
): Promise<PublishedBook[]> {
  const made = await db
    .selectFrom('bid_books')
    .select('session')
    .where('market_id', '=', marketId)
    .where('book_date', '=', date)
    .execute();
  const missing = sessions.filter((s) => !made.some((m) => m.session === s));
  if (missing.length)
    await db.transaction().execute(async (trx) => {
      await lockMarketForBids(trx, marketId, 'exclusive');
      await trx
        .insertInto('bid_books')
        .values(missing.map((session) => ({ market_id: marketId, book_date: date, session, sealed_at: now })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
  const out: PublishedBook[] = [];
  for (const session of sessions) out.push(await buildBook(db, signer, marketId, date, session));
  return out;
}

/** A book's row with its market and the market day's result (none: not sealed). */
function bookRow(db: Db, marketId: number, date: string, session: BookSession) {
  return db
    .selectFrom('bid_books as k')
    .innerJoin('markets as m', 'm.id', 'k.market_id')
    .leftJoin('results as r', (j) =>
      j.onRef('r.market_id', '=', 'k.market_id').onRef('r.result_date', '=', 'k.book_date'),
    )
    .select([
      'k.size',
      'k.root',
      'k.sealed_at',
      'k.signature',
      'm.name',
      'm.family',
      'r.open_pana',
      'r.close_pana',
      'r.jodi',
    ])
    .where('k.market_id', '=', marketId)
    .where('k.book_date', '=', date)
    .where('k.session', '=', session)
    .executeTakeFirst();
}

/** The head a book publishes (and signs): its market, day, session, size, root and when it was sealed. */
function headOf(
  b: { name: string; family: MarketFamily; sealed_at: Date | string },
  marketId: number,
  date: string,
  session: BookSession,
  size: number,
  root: Buffer,
): PublishedBook {
  return {
    typ: 'matka-bid-book',
    market: { id: marketId, name: b.name },
    family: b.family,
    date,
    session,
    size,
    root: root.toString('hex'),
    sealed_at: new Date(b.sealed_at).toISOString(),
  };
}

/**
 * A sealed book's tree: built from its submissions' leaves (those not written yet made again from the
 * stored bids), stored in pieces, and its head signed; or the one built before (a book never changes).
 */
export async function buildBook(
  db: Db,
  signer: ReceiptSigner,
  marketId: number,
  date: string,
  session: BookSession,
): Promise<PublishedBook> {
  const book = await bookRow(db, marketId, date, session);
  if (!book) throw new Error(`no sealed book of market ${marketId} ${date} ${session}`);
  const head = (size: number, root: Buffer): PublishedBook => headOf(book, marketId, date, session, size, root);
  if (book.root !== null && book.size !== null) return head(Number(book.size), bytes(book.root));

  // the session's submissions in acceptance order, found by the market day's bids (their index)
  const rows = await sql<{ id: string; leaf: Uint8Array | null }>`
    SELECT s.id::text AS id, l.leaf
    FROM bid_submissions s LEFT JOIN receipt_leaves l ON l.submission_id = s.id
    WHERE s.id IN (SELECT b.submission_id FROM bids b WHERE b.market_id = ${marketId}::int AND b.bid_date = ${date}::date)
      AND s.book = ${session}
    ORDER BY s.id`.execute(db);
  const ids = rows.rows.map((r) => r.id);
  const leaves: Buffer[] = new Array(ids.length);
  const made: { submission_id: string; leaf: Buffer }[] = [];
  const missing: number[] = [];
  for (let i = 0; i < rows.rows.length; i++) {
    const leaf = rows.rows[i].leaf;
    if (leaf) leaves[i] = bytes(leaf);
    else missing.push(i);
  }
  // receipts whose leaf a stopped process had not written: made again, a thousand in a round trip
  for (let k = 0; k < missing.length; k += 1000) {
    const at = missing.slice(k, k + 1000);
    const receipts = await receiptsOf(
      db,
      signer,
      at.map((i) => ids[i]),
    );
    for (const i of at) {
      const receipt = receipts.get(ids[i]);
      if (!receipt) throw new Error(`submission ${ids[i]} has no bids`);
      leaves[i] = leafHash(receipt);
      made.push({ submission_id: ids[i], leaf: leaves[i] });
    }
  }
  for (let i = 0; i < made.length; i += 1000)
    await db
      .insertInto('receipt_leaves')
      .values(made.slice(i, i + 1000))
      .onConflict((oc) => oc.doNothing())
      .execute();

  const chunkRoots: Buffer[] = [];
  const pieces = [];
  for (let c = 0; c * CHUNK < leaves.length; c++) {
    const part = leaves.slice(c * CHUNK, (c + 1) * CHUNK);
    const root = treeRoot(part);
    chunkRoots.push(root);
    pieces.push({
      market_id: marketId,
      book_date: date,
      session,
      chunk: c,
      first_sub: ids[c * CHUNK],
      subs: ids.slice(c * CHUNK, (c + 1) * CHUNK),
      leaves: Buffer.concat(part),
      root,
    });
  }
  for (let i = 0; i < pieces.length; i += 64)
    await db
      .insertInto('bid_book_chunks')
      .values(pieces.slice(i, i + 64))
      .onConflict((oc) => oc.doNothing())
      .execute();
  const root = treeRoot(chunkRoots);
  const published = head(leaves.length, root);
  const signature = signer.signAs('book', published, date);
  // the book's signed head and its leaf in the deployment's log, in one transaction: a book is never
  // published without its leaf, and a book rebuilt differently later would fork the log
  const seal = async (trx: Transaction<DB>) => {
    const done = await trx
      .updateTable('bid_books')
      .set({ size: String(leaves.length), root, signature })
      .where('market_id', '=', marketId)
      .where('book_date', '=', date)
      .where('session', '=', session)
      .where('root', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1)
      await logStatement(
        trx,
        signer,
        { kind: 'book', head: { ...published, signature } },
        new Date(published.sealed_at),
      );
  };
  if (db.isTransaction) await seal(db as Transaction<DB>);
  else await (db as Kysely<DB>).transaction().execute(seal);
  return published;
}

/**
 * A published book with its signature and the market day's declared result as the lists write it (null
 * while none), or null when that session is not sealed (or its tree not built yet).
 */
export async function bookOf(
  db: Db,
  marketId: number,
  date: string,
  session: BookSession,
): Promise<
  | (PublishedBook & {
      signature: string;
      result: string | null;
      declared: { open_pana: string | null; close_pana: string | null; jodi: string | null } | null;
      declared_by: string | null;
      certified_by: string | null;
    })
  | null
> {
  const b = await bookRow(db, marketId, date, session);
  if (!b || b.root === null || b.size === null || b.signature === null) return null;
  // who declared (or proposed) the market day's latest result, and who certified it
  const who = await sql<{ declared_by: string | null; certified_by: string | null }>`
    SELECT declared_by, certified_by FROM settlement_jobs
    WHERE market_id = ${marketId}::int AND result_date = ${date}::date ORDER BY id DESC LIMIT 1`.execute(db);
  return {
    ...headOf(b, marketId, date, session, Number(b.size), bytes(b.root)),
    signature: b.signature,
    result: declaredResultText(b.family, b) || null,
    declared:
      b.open_pana === null && b.close_pana === null && b.jodi === null
        ? null
        : { open_pana: b.open_pana, close_pana: b.close_pana, jodi: b.jodi },
    declared_by: who.rows[0]?.declared_by ?? null,
    certified_by: who.rows[0]?.certified_by ?? null,
  };
}

/** A bid's inclusion proof in its sealed book (RFC 6962 section 2.1.1), all hashes hex. */
export interface InclusionProof {
  bid_id: string;
  submission_id: string;
  market_id: number;
  date: string;
  session: BookSession;
  leaf_index: number;
  tree_size: number;
  leaf_hash: string;
  audit_path: string[];
  root: string;
}

/** Why no proof: no such bid, or its session's book is not sealed yet. */
/** No proof: no such bid, its session not sealed yet, or (a record removed) the bid missing from its book. */
export type ProofMiss = 'no-bid' | 'not-sealed' | 'not-in-book';

export async function proofOf(db: Db, bidId: string): Promise<InclusionProof | ProofMiss> {
  const bid = await sql<{ sub: string; market_id: number; date: string; book: BookSession }>`
    SELECT s.id::text AS sub, s.market_id, s.bid_date::text AS date, s.book
    FROM bids b JOIN bid_submissions s ON s.id = b.submission_id WHERE b.id = ${bidId}::bigint`.execute(db);
  const s = bid.rows[0];
  if (!s) return 'no-bid';
  const book = await bookOf(db, s.market_id, s.date, s.book);
  if (!book) return 'not-sealed';
  const key = sql`market_id = ${s.market_id}::int AND book_date = ${s.date}::date AND session = ${s.book}`;
  const piece = await sql<{ chunk: number; subs: string[]; leaves: Uint8Array }>`
    SELECT chunk, subs::text[] AS subs, leaves FROM bid_book_chunks
    WHERE ${key} AND first_sub <= ${s.sub}::bigint ORDER BY first_sub DESC LIMIT 1`.execute(db);
  const p = piece.rows[0];
  const at = p ? p.subs.indexOf(s.sub) : -1;
  if (!p || at < 0) return 'not-in-book';
  const all = bytes(p.leaves);
  const leaves = p.subs.map((_, i) => all.subarray(i * 32, i * 32 + 32));
  const roots = await sql<{ root: Uint8Array }>`
    SELECT root FROM bid_book_chunks WHERE ${key} ORDER BY chunk`.execute(db);
  const path = [
    ...auditPath(leaves, at),
    ...auditPath(
      roots.rows.map((r) => bytes(r.root)),
      p.chunk,
    ),
  ];
  return {
    bid_id: bidId,
    submission_id: s.sub,
    market_id: s.market_id,
    date: s.date,
    session: s.book,
    leaf_index: p.chunk * CHUNK + at,
    tree_size: book.size,
    leaf_hash: leaves[at].toString('hex'),
    audit_path: path.map((h) => h.toString('hex')),
    root: book.root,
  };
}

/** The sealed books of a range of days, by `<market id>:<date>`, each day's Open book first. */
export async function sealedBooksBetween(db: Db, from: string, to: string): Promise<Map<string, SealedBook[]>> {
  const rows = await db
    .selectFrom('bid_books')
    .select(['market_id', sql<string>`book_date::text`.as('date'), 'session', 'size', 'root'])
    .where('book_date', '>=', from)
    .where('book_date', '<=', to)
    .where('root', 'is not', null)
    .orderBy('session', 'desc')
    .execute();
  const out = new Map<string, SealedBook[]>();
  for (const r of rows) {
    const key = `${r.market_id}:${r.date}`;
    out.set(key, [
      ...(out.get(key) ?? []),
      { session: r.session as BookSession, size: Number(r.size), root: bytes(r.root!).toString('hex') },
    ]);
  }
  return out;
}
