/**
 * Writes bids: each submission is one call of place_bid (migration 020), and submissions that arrive while
 * every connection is busy are written together by place_bids (migration 022), one transaction and one
 * round trip for the lot. A submission never waits for others to gather: while a connection is free it
 * goes at once, alone; only those that would have queued for a connection anyway go together. So a quiet
 * server writes each bid as before, and a busy one commits once for several (bench:api: bid submit).
 *
 * Each submission of a batch is placed in its own subtransaction and is refused, or stands, exactly as
 * alone: its error comes back with the database's SQLSTATE and message, as place_bid's would. The batch
 * is sent in account order, so that two batches lock the wallets they debit in the same order; a deadlock
 * that remains (two batches on the same capped numbers) undoes one submission, which is placed again alone.
 */
import type { Database } from '../db';

/** One submission as place_bid takes it (see bids.ts for what each field is). */
export interface BidWrite {
  user: string;
  market: number;
  family: string;
  bet_type: string;
  session: string;
  bid_date: string;
  total: number;
  key: string | null;
  now: Date;
  note: string;
  guard: string;
  pana: string[];
  sessions: string[];
  /** each row's session word as its client spelled it, where another spelling of the stored one */
  sessions_sent: (string | null)[];
  digits: string[];
  closedigits: string[];
  points: string[];
  rate_keys: string[];
}

/** A bid as place_bids stored it (its receipt names these). */
export interface StoredBid {
  id: string;
  digits: string;
  closedigits: string;
  points: number;
  rate_1: number | null;
  rate_2: number | null;
}

/**
 * place_bid's answer: the submission and the wallet after it, or nulls when the guard refused it; with
 * the stored bids when written in a batch (place_bids), absent when placed alone.
 */
export interface BidWritten {
  sub_id: string | null;
  wallet: string | null;
  bids?: StoredBid[] | null;
}

/** A submission's own error inside a batch, with the SQLSTATE and message place_bid raised. */
export class BidWriteError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Most submissions in one batch (each is a subtransaction: PostgreSQL caches 64 per transaction). */
export const MAX_BATCH = 16;
/** A deadlock (or a serialization failure) undid a submission of a batch: it is placed again alone. */
const RETRY_ALONE = new Set(['40P01', '40001']);

interface Waiting {
  bid: BidWrite;
  resolve: (w: BidWritten) => void;
  reject: (e: unknown) => void;
}

export class BidWriter {
  private queue: Waiting[] = [];
  private inFlight = 0;
  /** batches written and the submissions in them (diagnostics and tests) */
  readonly stats = { calls: 0, batches: 0, batched: 0 };

  constructor(
    private database: Database,
    /** calls of place_bid(s) at once (BID_WRITERS), never more than the pool's connections */
    writers: number,
  ) {
    this.maxInFlight = Math.max(1, Math.min(writers, database.poolSize));
  }

  private readonly maxInFlight: number;

  place(bid: BidWrite): Promise<BidWritten> {
    return new Promise((resolve, reject) => {
      this.queue.push({ bid, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight++;
      void this.write(batch);
    }
  }

  /**
   * The next batch: the oldest submissions, at most one per account (a wallet's bids one after another in
   * one transaction would be locked by each other's subtransactions: PostgreSQL's multixacts made a hot
   * wallet's bids slower than alone); a second one of an account waits for the next batch.
   */
  private take(): Waiting[] {
    if (this.queue.length === 1) return this.queue.splice(0, 1);
    const batch: Waiting[] = [];
    const users = new Set<string>();
    const rest: Waiting[] = [];
    for (const w of this.queue) {
      if (batch.length < MAX_BATCH && !users.has(w.bid.user)) {
        users.add(w.bid.user);
        batch.push(w);
      } else rest.push(w);
    }
    this.queue = rest;
    return batch;
  }

  /**
   * Writes one batch. Its writer is handed back, and the next batch sent, as soon as the database has
   * answered and before this batch's submissions are answered: answering them (their HTTP replies) takes
   * the event loop a while, and the next batch, already waiting, should not wait for that too. (A batch
   * with a submission a deadlock undid keeps its writer until that one is placed again, alone, so that it
   * still goes before a later bid of the same account.)
   */
  private async write(batch: Waiting[]): Promise<void> {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.pump();
    };
    try {
      this.stats.calls++;
      if (batch.length === 1) {
        const [w] = batch;
        let written: BidWritten;
        try {
          written = await this.alone(w.bid);
        } catch (err) {
          release();
          w.reject(err);
          return;
        }
        release();
        w.resolve(written);
        return;
      }
      this.stats.batches++;
      this.stats.batched += batch.length;
      const sorted = [...batch].sort((a, b) => byId(a.bid.user, b.bid.user));
      let rows: {
        ord: number;
        sub_id: string | null;
        wallet: string | null;
        state: string | null;
        message: string | null;
        bids: StoredBid[] | null;
      }[];
      try {
        rows = await this.database.prepared(
          'place_bids',
          `SELECT o_ord AS ord, o_sub_id AS sub_id, o_wallet AS wallet, o_state AS state, o_message AS message,
                  o_bids AS bids
           FROM place_bids($1::jsonb)`,
          [JSON.stringify(sorted.map((w) => w.bid))],
        );
      } catch (err) {
        release();
        for (const w of sorted) w.reject(err);
        return;
      }
      if (!rows.some((r) => r.state !== null && RETRY_ALONE.has(r.state))) release();
      const again: Promise<void>[] = [];
      for (const r of rows) {
        const w = sorted[r.ord - 1];
        if (!w) continue;
        if (r.state === null) w.resolve({ sub_id: r.sub_id, wallet: r.wallet, bids: r.bids });
        else if (RETRY_ALONE.has(r.state)) again.push(this.alone(w.bid).then(w.resolve, w.reject));
        else w.reject(new BidWriteError(r.state, r.message ?? r.state));
      }
      // every submission is answered (a row per submission is place_bids' promise; never leave one waiting)
      if (rows.length !== sorted.length) {
        const answered = new Set(rows.map((r) => r.ord));
        sorted.forEach((w, i) => {
          if (!answered.has(i + 1)) w.reject(new Error('place_bids answered no row for a submission'));
        });
      }
      await Promise.all(again);
    } catch (err) {
      // not expected (the database's errors are handled above); every submission still gets an answer
      for (const w of batch) w.reject(err);
    } finally {
      release();
    }
  }

  private async alone(b: BidWrite): Promise<BidWritten> {
    const rows = await this.database.prepared<BidWritten>(
      'place_bid',
      `SELECT o_sub_id AS sub_id, o_wallet AS wallet FROM place_bid($1::bigint, $2::int, $3::text, $4::text, $5::text,
         $6::date, $7::bigint, $8::text, $9::timestamptz, $10::text, $11::text,
         $12::text[], $13::text[], $14::text[], $15::text[], $16::bigint[], $17::text[], $18::text[])`,
      [
        b.user,
        b.market,
        b.family,
        b.bet_type,
        b.session,
        b.bid_date,
        b.total,
        b.key,
        b.now,
        b.note,
        b.guard,
        b.pana,
        b.sessions,
        b.digits,
        b.closedigits,
        b.points,
        b.rate_keys,
        b.sessions_sent,
      ],
    );
    return rows[0];
  }
}

/** Account ids (bigint as text) in numeric order. */
function byId(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
