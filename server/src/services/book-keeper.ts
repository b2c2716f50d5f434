/**
 * What keeps the sealed books (books.ts) up as bids come and sessions close:
 *   - ReceiptLeaves writes each given receipt's leaf hash, those of a moment together in one statement
 *     after the answers left (a seal makes again any a stopped process had not written);
 *   - BookSealer seals, every BOOK_SEAL_MS, each session of today whose bidding has closed by the clock
 *     (a declaration seals the sessions it ends itself, whatever the time).
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { BookSession } from '@matka/shared/contract';
import { betTypesOf, biddableSessions, isOffDay } from '@matka/shared/domain';
import type { DB } from '../db/types';
import { leafHash, sealBooks } from './books';
import { kolkataIsoDate, type Clock } from './clock';
import { marketClock, type MarketCache, type MarketRow } from './markets';
import type { ReceiptSigner } from './receipts';

/** Leaves waiting are written at most this long after their receipt, or at once when this many wait. */
const LEAF_DELAY_MS = 25;
const LEAF_BATCH = 500;

export class ReceiptLeaves {
  private ids: string[] = [];
  private hexes: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A receipt given for this submission: its leaf is written soon. */
  add(submissionId: string, receipt: string): void {
    this.ids.push(submissionId);
    this.hexes.push(leafHash(receipt).toString('hex'));
    if (this.ids.length >= LEAF_BATCH) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), LEAF_DELAY_MS);
  }

  /** Writes the leaves waiting (and waits for those being written). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.ids.length) return this.writing;
    const ids = this.ids;
    const hexes = this.hexes;
    this.ids = [];
    this.hexes = [];
    this.writing = this.writing.then(() =>
      sql`
        INSERT INTO receipt_leaves (submission_id, leaf)
        SELECT id, decode(h, 'hex') FROM unnest(${ids}::bigint[], ${hexes}::text[]) AS l(id, h)
        ON CONFLICT (submission_id) DO NOTHING`
        .execute(this.db)
        .then(
          () => undefined,
          // not lost: the seal makes a missing leaf again from the stored bids
          (err: unknown) => this.log.warn({ err }, 'receipt leaves not written; the seal makes them again'),
        ),
    );
    return this.writing;
  }
}

/** The books of a market whose bidding has closed by the clock now (none on its off days). */
export function booksClosedNow(m: MarketRow, now: Date): BookSession[] {
  if (!m.active || isOffDay(m.off_days, now)) return [];
  // by the clock alone: a declared result seals what it ends itself
  const clock = { ...marketClock(m), openDeclared: false, closeDeclared: false };
  if (m.family !== 'regular') return biddableSessions(betTypesOf(m.family)[0].id, clock, now).length ? [] : ['open'];
  const open = biddableSessions('single_digit', clock, now);
  return [...(open.includes('Open') ? [] : ['open' as const]), ...(open.includes('Close') ? [] : ['close' as const])];
}

export class BookSealer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly markets: MarketCache,
    private readonly signer: ReceiptSigner,
    private readonly leaves: ReceiptLeaves,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs: number,
  ) {}

  start(): void {
    if (this.timer || this.everyMs <= 0) return;
    this.timer = setInterval(() => void this.sweep(), this.everyMs);
    this.timer.unref();
    void this.sweep();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Seals today's sessions whose bidding has closed and that have no book yet. */
  sweep(): Promise<void> {
    this.running ??= this.sealClosed()
      .catch((err: unknown) => this.log.error({ err }, 'sealing the closed sessions failed; tried again'))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async sealClosed(): Promise<void> {
    const now = this.clock.now();
    const date = kolkataIsoDate(now);
    const made = await this.db
      .selectFrom('bid_books')
      .select(['market_id', 'session', 'root'])
      .where('book_date', '=', date)
      .execute();
    const done = new Set(made.filter((b) => b.root !== null).map((b) => `${b.market_id}:${b.session}`));
    for (const family of ['regular', 'starline', 'gali'] as const)
      for (const m of await this.markets.list(family)) {
        const due = booksClosedNow(m, now).filter((s) => !done.has(`${m.id}:${s}`));
        if (!due.length) continue;
        await this.leaves.flush(); // this process's leaves first: the seal then makes none again
        const books = await sealBooks(this.db, this.signer, m.id, date, due, now);
        for (const b of books) this.log.info({ market: m.id, date, session: b.session, size: b.size }, 'book sealed');
      }
  }
}
