/**
 * Durable settlement. A declaration stores the result and a job in one short transaction
 * (the market's bid lock is held only for that); the job then settles the day's bids in chunks, each in
 * its own transaction with its progress, so:
 * - a Close bid during an Open settlement is placed at once (it waits for no payout);
 * - a process killed mid-settlement leaves the job 'running': any process resumes it (the poll below),
 *   and every bid is paid exactly once (a chunk's writes and its cursor commit together);
 * - a later declaration of the same market and day supersedes a running job: it waits for the chunk
 *   under way (the job row's lock), and its own job brings every bid to the new result (idempotent).
 * The rules module judges the day's distinct plays once per job (settlement_plays); the chunks are
 * set-based SQL (settle-sql.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { pointsPaid, settlementBids, settlementDuration, settlementJobsDone } from './metrics';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/types';
import type { Clock } from './clock';
import { audit } from './audit';
import { bidCounts, settleSet, storeJudgedPlays } from './settle-sql';
import { type MarketRef, type ResultState } from './settlement';
import { jobState, type JobState } from './settlement-store';

export type { JobState, StoredDeclaration } from './settlement-store';
export { jobState, storeDeclaration } from './settlement-store';

/**
 * A settlement's statements run on one core: PostgreSQL would scan a big day's bids with parallel workers
 * (the leader and two more processes on this 2-core machine), and every bid placed meanwhile waited for
 * a core (a p99 of 466 ms in the second the plays were judged, at 1,000,000 bids). The settlement is
 * background work: it is bounded by the bids per chunk, not sped up at the players' cost.
 */
async function oneCore(trx: Transaction<DB>) {
  await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(trx);
}

type Step = 'more' | 'done' | 'gone' | 'busy';

/**
 * A job judges its bids' plays (and counts them) this many chunks' worth at a time, each slice in its own
 * transaction: one scan of a 1,000,000-bid day kept a core busy for a second. While players bid that is
 * 20,000 bids a slice: with ten chunks' worth, the first slice (all its plays new: judged, then stored)
 * held up the bids of the settlement's first two seconds (their p99 up to 192 ms; 39-62 ms with two).
 */
const JUDGE_CHUNKS = 2;

export interface RunnerOptions {
  /** bids per chunk (each chunk is one transaction) */
  chunkSize: number;
  /** how often a process looks for a running job nobody works on (a killed process's) */
  pollMs: number;
  /** while players bid, the pause after each step, as a multiple of the step's time (0: none; topBid) */
  pace: number;
  /** while nobody bids, chunks this many times chunkSize (topBid) */
  idleChunks: number;
}

/**
 * Works settlement jobs in this process: the ones it declared (kick) and, by a poll, any running job
 * whose row no other process holds (a killed process's). Chunks of one job run one after the other.
 */
export class SettlementRunner {
  private readonly active = new Map<string, Promise<void>>();
  private readonly listeners = new Set<(job: JobState) => void>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly onWallets: (users: string[]) => Promise<void> | void,
    private readonly opts: RunnerOptions,
  ) {}

  start(): void {
    if (this.timer || this.opts.pollMs <= 0) return;
    this.timer = setInterval(() => void this.resumeOrphans(), this.opts.pollMs);
    this.timer.unref();
    void this.resumeOrphans();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.active.values()]);
  }

  /** Called after each chunk with the job's progress. */
  onProgress(listener: (job: JobState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Works a job until it is done (or superseded, or held by another process). */
  kick(jobId: string): Promise<void> {
    let run = this.active.get(jobId);
    if (!run) {
      run = this.work(jobId)
        .catch((err: unknown) => this.log.error({ err, jobId }, 'settlement job failed; it is retried by the poll'))
        .finally(() => this.active.delete(jobId));
      this.active.set(jobId, run);
    }
    return run;
  }

  /**
   * The job once done, or its progress after `ms` (whichever comes first). A job superseded by a later
   * declaration of the same market and day is followed by that declaration's job (which settles every
   * bid to the newer result).
   */
  async waitFor(jobId: string, ms: number): Promise<JobState> {
    const until = Date.now() + ms;
    let id = jobId;
    for (;;) {
      const run = this.kick(id);
      await Promise.race([run, new Promise((r) => setTimeout(r, Math.max(0, until - Date.now())).unref())]);
      const state = await jobState(this.db, id);
      if (state.status === 'running') {
        // held by another transaction (a declaration superseding it, another process's chunk): look again
        if (Date.now() >= until) return state;
        await new Promise((r) => setTimeout(r, 25));
        continue;
      }
      if (state.status !== 'superseded') return state;
      const next = await this.db
        .selectFrom('settlement_jobs')
        .select('id')
        .where('market_id', '=', state.market_id)
        .where('result_date', '=', state.date)
        .where('id', '>', id)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!next) return state;
      id = String(next.id);
    }
  }

  private async resumeOrphans() {
    if (this.closed) return;
    try {
      const running = await this.db
        .selectFrom('settlement_jobs')
        .select('id')
        .where('status', '=', 'running')
        .orderBy('id')
        .execute();
      for (const j of running) if (!this.active.has(String(j.id))) void this.kick(String(j.id));
    } catch (err) {
      this.log.warn({ err }, 'could not look for settlement jobs to resume');
    }
  }

  private async work(jobId: string) {
    let top = await this.topBid();
    // bids per chunk: chunkSize while players are placing bids, idleChunks times as many while nobody is
    let size = this.opts.chunkSize;
    for (;;) {
      if (this.closed) return;
      const began = Date.now();
      const step = await this.step(jobId, size);
      if (step !== 'more') return;
      // the event loop breathes between chunks
      await new Promise<void>((resolve) => setImmediate(resolve));
      const now = await this.topBid();
      const bidding = now !== top;
      top = now;
      size = bidding ? this.opts.chunkSize : this.opts.chunkSize * this.opts.idleChunks;
      if (bidding && this.opts.pace > 0 && !this.closed)
        await new Promise<void>((resolve) =>
          setTimeout(resolve, Math.min(2_000, (Date.now() - began) * this.opts.pace)),
        );
    }
  }

  /**
   * The highest bid id: when it moves between two steps, players are placing bids (on any market, through
   * any process). The settlement then gives way: chunks of chunkSize bids, and after each a pause `pace`
   * times as long as it took. A chunk keeps a core busy; on a 2-core machine the bids placed meanwhile
   * queued for the other (their median went from 6 to 25 ms while 1,000,000 bids settled, and to 4-9 ms at
   * pace 1). With nobody bidding it runs flat out, in chunks idleChunks times as big (each chunk's own
   * statements cost as much as PostgreSQL's writes of 10,000 bids).
   */
  private async topBid(): Promise<string> {
    const top = await sql<{ id: string | null }>`SELECT max(id)::text AS id FROM bids`.execute(this.db);
    return top.rows[0]?.id ?? '0';
  }

  /** One step of a job: judge its plays, or settle its next chunk. */
  private async step(jobId: string, size: number): Promise<Step> {
    const head = (
      await sql<{
        status: string;
        plays_ready: boolean;
        market_id: number;
        result_date: string;
        family: MarketRef['family'];
        result: unknown;
        last_bid_id: string;
      }>`
        SELECT status, plays_ready, market_id, result_date::text AS result_date, family, result, last_bid_id
        FROM settlement_jobs WHERE id = ${jobId}::bigint`.execute(this.db)
    ).rows[0];
    if (!head || head.status !== 'running') return 'gone';
    if (!head.plays_ready) return this.judge(jobId, head, size * JUDGE_CHUNKS);
    return this.chunk(jobId, size);
  }

  private async judge(
    jobId: string,
    head: { market_id: number; result_date: string; family: MarketRef['family']; result: unknown; last_bid_id: string },
    slice: number,
  ): Promise<Step> {
    const result = head.result as ResultState;
    const date = String(head.result_date);
    return this.db.transaction().execute(async (trx) => {
      const locked = await sql<{ status: string; plays_ready: boolean; judged_upto: string; bids_judged: number }>`
        SELECT status, plays_ready, judged_upto, bids_judged FROM settlement_jobs
        WHERE id = ${jobId}::bigint FOR UPDATE SKIP LOCKED`.execute(trx);
      const row = locked.rows[0];
      if (!row) return 'busy';
      if (row.status !== 'running') return 'gone';
      if (row.plays_ready) return 'more';
      await oneCore(trx);
      // the next slice of the job's bids in id order: its plays judged and stored, its bids counted
      const judged = await storeJudgedPlays(trx, jobId, head.family, head.market_id, date, result, {
        afterId: String(row.judged_upto),
        lastId: head.last_bid_id,
        size: slice,
      });
      const upToId = judged.upToId;
      const bids = row.bids_judged + judged.bids;
      const ready = BigInt(upToId) >= BigInt(head.last_bid_id);
      // the chunks join the bids to these plays: with the table's statistics from before they were
      // stored, the planner took a day's thousands of plays for one row and nested its loops (4 s for a
      // 100,000-bid chunk instead of 0.1 s)
      if (ready) await sql`ANALYZE settlement_plays`.execute(trx);
      await trx
        .updateTable('settlement_jobs')
        .set({
          judged_upto: upToId,
          bids_judged: bids,
          plays_ready: ready,
          bids_total: ready ? bids : null,
          updated_at: this.clock.now(),
        })
        .where('id', '=', jobId)
        .execute();
      return 'more';
    });
  }

  private async chunk(jobId: string, size: number): Promise<Step> {
    const now = this.clock.now();
    let users: string[] = [];
    let paidNow = 0;
    let settledNow = 0;
    let tookSeconds = 0;
    const out = await this.db.transaction().execute(async (trx): Promise<Step> => {
      await oneCore(trx);
      const locked = await sql<{
        status: string;
        market_id: number;
        result_date: string;
        family: MarketRef['family'];
        result: ResultState;
        phase: 'gain' | 'loss';
        cursor: string;
        last_bid_id: string;
        loss_pass: boolean;
      }>`
        SELECT status, market_id, result_date::text AS result_date, family, result, phase, cursor, last_bid_id,
               loss_pass
        FROM settlement_jobs WHERE id = ${jobId}::bigint FOR UPDATE SKIP LOCKED`.execute(trx);
      const job = locked.rows[0];
      if (!job) return 'busy';
      if (job.status !== 'running') return 'gone';
      // The chunk's commit does not wait for its WAL to reach the disk, so the wallets it locked are free
      // at once. Safe: the job's progress commits with the chunk, so a crash that loses the last chunks
      // loses their progress too and the resumed job settles them again (once); and any later commit
      // that depends on them (a bid with the credited points) flushes them first.
      await sql`SET LOCAL synchronous_commit = off`.execute(trx);
      const market = await trx
        .selectFrom('markets')
        .select(['id', 'family', 'name'])
        .where('id', '=', job.market_id)
        .executeTakeFirstOrThrow();
      // the gain pass walks every bid; the loss pass only the won ones (the reversals' candidates)
      const gain = job.phase === 'gain';
      // the chunk's end and its bids to count, in one scan of the range: the next `size` bids of the day
      // in id order (the pass's own: every bid for the gain pass, the won ones for the loss pass); fewer
      // than `size` left, and the chunk goes to the job's last bid
      const next = await sql<{ last: string | null; seen: string; n: string }>`
        SELECT max(id)::text AS last, count(*) AS seen,
               count(*) FILTER (WHERE status IN ('pending', 'won', 'lost')) AS n
        FROM (SELECT id, status FROM bids
              WHERE market_id = ${job.market_id} AND bid_date = ${job.result_date}::date
                AND id > ${job.cursor}::bigint AND id <= ${job.last_bid_id}::bigint
                ${gain ? sql`` : sql`AND status = 'won'`}
              ORDER BY id LIMIT ${size}) s`.execute(trx);
      const upToId = Number(next.rows[0].seen) >= size && next.rows[0].last ? next.rows[0].last : job.last_bid_id;
      const range = { afterId: String(job.cursor), upToId: String(upToId), phase: job.phase };
      // the gain pass counts every bid of the day once (the progress); the loss pass revisits won ones
      const counted = gain ? Number(next.rows[0].n) : 0;
      const passEnded = BigInt(upToId) >= BigInt(job.last_bid_id);
      const finished = passEnded && (!gain || !job.loss_pass);
      // The last chunk ends the summary with the day's lost and pending bids: counted before settleSet
      // (a scan of all the day's bids, with no wallet locked yet), then moved by what the chunk changed.
      // Counted after it, players whose wins the chunk credited waited for that scan to place a bid.
      const before = finished ? await bidCounts(trx, job.market_id, job.result_date) : null;
      // the wallets move last in settleSet: after it, only this job's own row is written
      const s = await settleSet(trx, market, job.result_date, now, range, jobId);
      const final = before && { lost: before.lost + s.became.lost, pending: before.pending + s.became.pending };
      await sql`
        UPDATE settlement_jobs SET
          phase = ${passEnded && !finished ? 'loss' : job.phase},
          cursor = ${passEnded && gain && !finished ? '0' : upToId}::bigint,
          bids_done = bids_done + ${counted}::int,
          paid = paid + ${s.paid}::int, paid_points = paid_points + ${s.paid_points}::bigint,
          reversed = reversed + ${s.reversed}::int, reversed_points = reversed_points + ${s.reversed_points}::bigint,
          shortfall_points = shortfall_points + ${s.shortfall_points}::bigint,
          withheld_points = withheld_points + ${s.withheld_points}::bigint,
          status = ${finished ? 'done' : 'running'}, updated_at = ${now}::timestamptz,
          finished_at = ${finished ? now : null}::timestamptz,
          lost = ${final?.lost ?? null}::int, pending = ${final?.pending ?? null}::int
        WHERE id = ${jobId}::bigint`.execute(trx);
      if (finished) {
        await sql`DELETE FROM settlement_plays WHERE job_id = ${jobId}::bigint`.execute(trx);
        const done = await jobState(trx, jobId);
        await audit(
          trx,
          'settlement done',
          `${market.family}:${market.name} ${job.result_date}`,
          { job: jobId },
          null,
          done,
        );
      }
      users = s.users;
      paidNow = Number(s.paid_points);
      settledNow = counted;
      if (finished) {
        const took = await sql<{ s: string }>`
          SELECT extract(epoch FROM finished_at - created_at)::text AS s FROM settlement_jobs
          WHERE id = ${jobId}::bigint`.execute(trx);
        tookSeconds = Math.max(0, Number(took.rows[0]?.s ?? 0));
      }
      return finished ? 'done' : 'more';
    });
    // committed: counted for /metrics
    if (paidNow > 0) pointsPaid.inc(paidNow);
    if (settledNow > 0) settlementBids.inc(settledNow);
    if (out === 'done') {
      settlementJobsDone.inc();
      settlementDuration.observe(tookSeconds);
    }
    if (users.length) await this.onWallets(users);
    if (out === 'more' || out === 'done') {
      const state = await jobState(this.db, jobId);
      for (const l of this.listeners) l(state);
    }
    return out;
  }
}
