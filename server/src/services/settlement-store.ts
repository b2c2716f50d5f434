/**
 * A declaration stored with its settlement job, in one short transaction under the market's bid lock:
 * the result (the next state of the market's day), the audit row, the job (its bids are counted after
 * the commit), and a job's state as the operator API reports it. The runner (settlement-jobs.ts) then
 * settles the job's bids in chunks.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { SettlementJob } from '@matka/shared/contract';
import { Refusal } from '../errors';
import { declaredResultText } from '@matka/shared/domain';
import type { ResultEvent } from '@matka/shared/contract';
import type { SealedBook } from '@matka/shared/contract/schemas';
import { booksEndedBy, sealBooksLocked } from './books';
import type { ReceiptSigner } from './receipts';
import {
  lockMarketForBids,
  nextResult,
  sameResult,
  type Declaration,
  type MarketRef,
  type ResultState,
} from './settlement';

const RESULT_PARTS = ['open_pana', 'open_digit', 'close_pana', 'close_digit', 'jodi'] as const;

/** A job as stored: the domain's SettlementJob, its market and day, and what it left lost or pending. */
export interface JobState extends SettlementJob {
  market_id: number;
  date: string;
  lost: number | null;
  pending: number | null;
}

export interface StoredDeclaration {
  market: MarketRef;
  date: string;
  before: ResultState | null;
  result: ResultState;
  changed: boolean;
  /** the sealed books of the sessions it ends: their size and root */
  books: SealedBook[];
  /** the job as stored: its bids are counted by its first step, which judges their plays */
  job: JobState;
}

/**
 * Stores a declaration's result and its settlement job, in the caller's transaction: the market's bid
 * lock is taken exclusively (a bid write under way finishes first; a bid after the commit sees the
 * result), a running job of the same market and day is superseded. Nothing that grows with the day's
 * bids runs under the lock (it holds up the market's bids): the job's first step counts its bids with
 * the scan that finds their plays. The one exception is the tree of a session's book when the result
 * comes before its bidding closed by the clock (a book sealed at its close is read, not built).
 */
export async function storeDeclaration(
  trx: Transaction<DB>,
  marketId: number,
  date: string,
  d: Declaration,
  now: Date,
  declaredBy: string | null,
  receipts: ReceiptSigner,
): Promise<StoredDeclaration> {
  await lockMarketForBids(trx, marketId, 'exclusive');
  const market = await trx
    .selectFrom('markets')
    .select(['id', 'family', 'name'])
    .where('id', '=', marketId)
    .executeTakeFirst();
  if (!market) throw new Refusal(404, `No market with id ${marketId}`);
  const before =
    (await trx
      .selectFrom('results')
      .select(['open_pana', 'open_digit', 'close_pana', 'close_digit', 'jodi'])
      .where('market_id', '=', marketId)
      .where('result_date', '=', date)
      .executeTakeFirst()) ?? null;
  const result = nextResult(market, before, d);
  // declared only against sealed books: the sessions it ends take no bid after this commits, and their
  // roots (sealed when bidding closed, or now) are published with the result
  const books = await sealBooksLocked(trx, receipts, marketId, date, booksEndedBy(d), now);
  const changed = !sameResult(before, result);
  // a declared part changed (adding the Close result to the Open one corrects nothing)
  const corrected = before !== null && RESULT_PARTS.some((k) => before[k] !== null && before[k] !== result[k]);
  if (changed) {
    await trx
      .insertInto('results')
      .values({ market_id: marketId, result_date: date, ...result, declared_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['market_id', 'result_date']).doUpdateSet({ ...result, updated_at: now }))
      .execute();
    // every player hears it when it commits (live_events, migration 015)
    const event: ResultEvent = {
      kind: 'result',
      date,
      market_id: market.id,
      family: market.family,
      name: market.name,
      result: declaredResultText(market.family, result),
      corrected,
      books,
      ...result,
    };
    await trx
      .insertInto('live_events')
      .values({ kind: 'result', data: JSON.stringify(event), created_at: now })
      .execute();
  }
  // a chunk of the running job holds its row: this waits for it, then the job stops
  await trx
    .updateTable('settlement_jobs')
    .set({ status: 'superseded', updated_at: now, finished_at: now })
    .where('market_id', '=', marketId)
    .where('result_date', '=', date)
    .where('status', '=', 'running')
    .execute();
  // The job settles the market's bids up to the highest bid id now (the primary key's last entry, not a
  // count of the day): every bid of the market that has one is committed (its write held the lock this
  // one waited for), and the market's later bids take their ids after this.
  const last = await sql<{ last: string | null }>`SELECT max(id) AS last FROM bids`.execute(trx);
  const job = await trx
    .insertInto('settlement_jobs')
    .values({
      market_id: marketId,
      result_date: date,
      family: market.family,
      result: JSON.stringify(result),
      last_bid_id: last.rows[0].last ?? '0',
      // Wins are taken back only when a declared part changed: a bid is won only by a settlement against
      // a declared result, and an outcome the declared parts decided stays with a later part added (the
      // domain's rules; payout.test.ts checks every regular bet type). Otherwise the job needs no loss
      // pass, whose walk for the day's won bids reads every bid again.
      loss_pass: corrected,
      bids_total: null,
      declared_by: declaredBy,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { market, date, before, result, changed, books, job: await jobState(trx, String(job.id)) };
}

/** A job's state: its progress while it runs (bids_total is null until its first step has counted them). */
export async function jobState(db: Kysely<DB> | Transaction<DB>, id: string): Promise<JobState> {
  const j = await db
    .selectFrom('settlement_jobs')
    .select([
      'id',
      'market_id',
      sql<string>`result_date::text`.as('result_date'),
      'status',
      'bids_total',
      'bids_done',
      'paid',
      'paid_points',
      'reversed',
      'reversed_points',
      'shortfall_points',
      'withheld_points',
      'lost',
      'pending',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!j) throw new Refusal(404, `No settlement job ${id}`);
  return {
    id: String(j.id),
    market_id: j.market_id,
    date: String(j.result_date),
    status: j.status,
    bids_total: j.bids_total,
    bids_done: j.bids_done,
    paid: j.paid,
    paid_points: Number(j.paid_points),
    reversed: j.reversed,
    reversed_points: Number(j.reversed_points),
    shortfall_points: Number(j.shortfall_points),
    withheld_points: Number(j.withheld_points),
    lost: j.lost,
    pending: j.pending,
  };
}
