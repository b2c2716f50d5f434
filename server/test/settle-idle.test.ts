/**
 * A settlement while nobody bids: its chunks grow to SETTLE_IDLE_CHUNKS times SETTLE_CHUNK_BIDS,
 * since each chunk's own statements cost about as much as PostgreSQL's writes of 10,000 bids; its judging
 * and counting go a slice at a time. Every bid still settles once. On PGlite and on PostgreSQL.
 */
import { sql } from 'kysely';
import { createUser, kolkata, makeTestApp, marketByName, type TestApp } from './helpers';
import { storeDeclaration, type JobState } from '../src/services/settlement-jobs';

let t: TestApp;
const DATE = '2026-03-10';
beforeAll(async () => {
  t = await makeTestApp({
    at: kolkata('12:00', DATE),
    config: { settleChunkBids: 100, settleIdleChunks: 10 },
    env: { SETTLE_WAIT_MS: '0' },
  });
});
afterAll(() => t.close());

test('with nobody bidding, a job settles in chunks ten times as big, each bid once', async () => {
  const m = await marketByName(t, 'TIME BAZAR');
  const player = await createUser(t, { wallet: 0 });
  await sql`
    INSERT INTO bid_submissions (user_id, family, market_id, bet_type, session, bid_date, total_points, row_count)
    VALUES (${player.id}::bigint, 'regular', ${m.id}::int, 'single_digit', 'Open', ${DATE}::date, 10, 1)`.execute(
    t.ctx.db,
  );
  await sql`
    INSERT INTO bids (submission_id, user_id, family, market_id, bet_type, pana, session, digits, points, bid_date, rate_1, rate_2)
    SELECT (SELECT max(id) FROM bid_submissions), ${player.id}::bigint, 'regular', ${m.id}::int, 'single_digit',
           'Single Digit', 'Open', (g % 10)::text, 10, ${DATE}::date, 10, 95
    FROM generate_series(1, 2500) g`.execute(t.ctx.db);

  const stored = await t.ctx.db
    .transaction()
    .execute((trx) =>
      storeDeclaration(
        trx,
        m.id,
        DATE,
        { family: 'regular', session: 'open', pana: '128' },
        t.clock.now(),
        'test',
        t.ctx.receipts,
      ),
    );
  const seen: JobState[] = [];
  const stop = t.ctx.settlement.onProgress((j) => {
    if (j.id === stored.job.id) seen.push(j);
  });
  const done = await t.ctx.settlement.waitFor(stored.job.id, 60_000);
  stop();
  expect(done).toMatchObject({ status: 'done', bids_total: 2500, bids_done: 2500, paid: 250 });
  // the gain pass's chunks, by the bids each settled: 1,000 at a time, not 100
  const steps = seen.map((j, k) => j.bids_done - (k ? seen[k - 1].bids_done : 0)).filter((n) => n > 0);
  expect(steps).toEqual([1000, 1000, 500]);
  // each winning bid paid once, at its rate: 25 points x 10 (points 10 at 95/10, rounded down: 95)
  const paid = await sql<{ n: string; points: string }>`
    SELECT count(*) AS n, COALESCE(SUM(amount), 0) AS points FROM wallet_transactions
    WHERE user_id = ${player.id}::bigint AND kind = 'win'`.execute(t.ctx.db);
  expect(paid.rows[0]).toEqual({ n: '250', points: String(250 * 95) });
  const wallet = await t.ctx.db
    .selectFrom('users')
    .select('wallet')
    .where('id', '=', player.id)
    .executeTakeFirstOrThrow();
  expect(Number(wallet.wallet)).toBe(250 * 95);
});
