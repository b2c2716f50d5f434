/**
 * Settlement jobs in one server: the declaration answers before its bids are settled and
 * holds the market's bid lock only to store the result, so a Close bid during an Open settlement is
 * placed at once, and its job's first step counts the bids (with the scan that judges their plays); a correction racing the
 * declaration it corrects leaves every bid settled to the later result, paid once, with every wallet equal
 * to its ledger. On PGlite and on PostgreSQL.
 */
import { buildNewResult, panaDigit } from '@matka/shared/domain';
import { sql } from 'kysely';
import {
  OPERATOR_TOKEN,
  call,
  createUser,
  insertBid,
  kolkata,
  makeTestApp,
  marketByName,
  type TestApp,
  operatorCall,
} from './helpers';
import { jobState, storeDeclaration } from '../src/services/settlement-jobs';

let t: TestApp;
const DATE = '2026-03-10';
beforeAll(async () => {
  // tiny chunks and an answer that does not wait: the settlement takes many transactions
  t = await makeTestApp({
    at: kolkata('12:00', DATE),
    config: { settleChunkBids: 100, settleIdleChunks: 1 },
    env: { SETTLE_WAIT_MS: '0' },
  });
});
afterAll(() => t.close());

/** `n` Open single-digit bids on a market, by a few players, straight into the tables. */
async function seedBids(marketId: number, n: number) {
  const players = [];
  for (let i = 0; i < 20; i++) players.push(await createUser(t, { wallet: 0 }));
  const ids = players.map((p) => p.id);
  await sql`
    INSERT INTO bid_submissions (user_id, family, market_id, bet_type, session, bid_date, total_points, row_count)
    SELECT u, 'regular', ${marketId}::int, 'single_digit', 'Open', ${DATE}::date, 10, 1 FROM unnest(${ids}::bigint[]) u`.execute(
    t.ctx.db,
  );
  await sql`
    INSERT INTO bids (submission_id, user_id, family, market_id, bet_type, pana, session, digits, points, bid_date, rate_1, rate_2)
    SELECT s.id, s.user_id, 'regular', ${marketId}::int, 'single_digit', 'Single Digit', 'Open', (g % 10)::text, 10,
           ${DATE}::date, 10, 95
    FROM generate_series(1, ${n}::int) g
    JOIN LATERAL (SELECT id, user_id FROM bid_submissions WHERE market_id = ${marketId}::int ORDER BY id
                  OFFSET g % 20 LIMIT 1) s ON true`.execute(t.ctx.db);
  return players;
}

const jobOf = async (id: string) =>
  t.ctx.db
    .selectFrom('settlement_jobs')
    .select(['status', 'bids_done', 'bids_total'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function settled(id: string) {
  for (let i = 0; i < 600; i++) {
    const j = await jobOf(id);
    if (j.status !== 'running') return j;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`job ${id} did not end`);
}

async function walletsMatchLedgers() {
  const off = await sql<{ n: string }>`
    SELECT count(*) AS n FROM users u
    WHERE u.wallet <> COALESCE((SELECT SUM(CASE WHEN type = 'credit' THEN amount ELSE -amount END)
                                FROM wallet_transactions t WHERE t.user_id = u.id), 0)`.execute(t.ctx.db);
  expect(off.rows[0].n).toBe('0');
}

test('the declaration answers with its job at once; a Close bid meanwhile is placed while the Open bids still settle', async () => {
  const m = await marketByName(t, 'KALYAN');
  await t.ctx.db
    .updateTable('markets')
    .set({ open_minute: 11 * 60, close_minute: 23 * 60 })
    .where('id', '=', m.id)
    .execute();
  await seedBids(m.id, 6000);
  const bidder = await createUser(t, { wallet: 1000 });
  const declared = (
    await operatorCall(t, '/operator/result/declare', { market: 'KALYAN', session: 'open', pana: '128', date: DATE })
  ).body;
  // answered before the job's first step: its bids are counted by the scan that judges their plays
  expect(declared).toMatchObject({ status: true, job: { status: 'running', bids_total: null }, summary: null });
  expect(declared.msg).toMatch(/settling: counting the bids to settle/);
  // a Close bid now: placed at once, the settlement still under way
  const [new_result] = buildNewResult({
    family: 'regular',
    betType: 'single_digit',
    token: bidder.token,
    gameId: m.id,
    gameName: m.name,
    bidDate: '10-March-2026',
    rows: [{ digits: '3', closedigits: '', points: 100, session: 'Close', pana: '' }],
  });
  const bid = await call(t.app, 'api-submit-bid', { unique_token: bidder.token, game_id: String(m.id), new_result });
  expect(bid.body.status).toBe(true);
  const during = await jobOf(String(declared.job.id));
  expect(during.status).toBe('running');
  expect(during.bids_done).toBeLessThan(6000);
  // an Open bid is refused by the stored result
  const late = await call(t.app, 'api-submit-bid', {
    unique_token: bidder.token,
    game_id: String(m.id),
    new_result: { ...new_result, session: 'Open', result: [{ ...new_result.result[0], session: 'Open' }] },
  });
  expect(late.body.status).toBe(false);
  // the job follows through to its summary
  const follow = await t.app.inject({
    method: 'GET',
    url: `/operator/settlement?id=${declared.job.id}`,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  expect(follow.json()).toMatchObject({ status: true, job: { id: String(declared.job.id) } });
  expect(await settled(String(declared.job.id))).toEqual({ status: 'done', bids_done: 6000, bids_total: 6000 });
  const won = await sql<{ n: string }>`
    SELECT count(*) AS n FROM bids WHERE market_id = ${m.id} AND bid_date = ${DATE}::date AND status = 'won'`.execute(
    t.ctx.db,
  );
  expect(won.rows[0].n).toBe('600'); // digit 1 of 128
  // the summary's lost and pending bids, as the day's bids hold them: the last of the 60 chunks counts
  // the day before it settles and adds what it changed; the Close bid placed meanwhile is pending
  expect(await jobState(t.ctx.db, String(declared.job.id))).toMatchObject({ lost: 5400, pending: 1 });
  const counts = await sql<{ lost: number; pending: number }>`
    SELECT count(*) FILTER (WHERE status = 'lost')::int AS lost, count(*) FILTER (WHERE status = 'pending')::int AS pending
    FROM bids WHERE market_id = ${m.id} AND bid_date = ${DATE}::date`.execute(t.ctx.db);
  expect(counts.rows[0]).toEqual({ lost: 5400, pending: 1 });
  await walletsMatchLedgers();
});

test('a correction racing the declaration it corrects: every bid ends at the later result, paid once', async () => {
  const m = await marketByName(t, 'MILAN DAY');
  // its open draw is past (no early declaration)
  await t.ctx.db
    .updateTable('markets')
    .set({ open_minute: 11 * 60, close_minute: 23 * 60 })
    .where('id', '=', m.id)
    .execute();
  await seedBids(m.id, 3000);
  const [a, b] = await Promise.all([
    operatorCall(t, '/operator/result/declare', { market: 'MILAN DAY', session: 'open', pana: '128', date: DATE }).then(
      (r) => r.body,
    ),
    operatorCall(t, '/operator/result/declare', { market: 'MILAN DAY', session: 'open', pana: '123', date: DATE }).then(
      (r) => r.body,
    ),
  ]);
  expect([a.status, b.status]).toEqual([true, true]);
  const jobs = await t.ctx.db
    .selectFrom('settlement_jobs')
    .select(['id', 'status'])
    .where('market_id', '=', m.id)
    .orderBy('id')
    .execute();
  expect(jobs).toHaveLength(2);
  expect(jobs[0].status).not.toBe('running');
  const last = await settled(String(jobs[1].id));
  expect(last.status).toBe('done');
  const result = await t.ctx.db
    .selectFrom('results')
    .select('open_pana')
    .where('market_id', '=', m.id)
    .executeTakeFirstOrThrow();
  // whichever came last: its digit's bids won, every other bid lost (128: 1, 123: 6)
  const digit = panaDigit(result.open_pana!);
  expect(['1', '6']).toContain(digit);
  const wrong = await sql<{ n: string }>`
    SELECT count(*) AS n FROM bids WHERE market_id = ${m.id} AND bid_date = ${DATE}::date
      AND status <> CASE WHEN digits = ${digit} THEN 'won' ELSE 'lost' END`.execute(t.ctx.db);
  expect(wrong.rows[0].n).toBe('0');
  const doubles = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (SELECT bid_id FROM wins WHERE reversed_at IS NULL GROUP BY bid_id HAVING count(*) > 1) d`.execute(
    t.ctx.db,
  );
  expect(doubles.rows[0].n).toBe('0');
  await walletsMatchLedgers();
});

test("the job's bids are counted by its first step, not under the market's lock nor by the progress calls", async () => {
  const m = await marketByName(t, 'SRIDEVI');
  await seedBids(m.id, 500);
  // a bid of the same day on another market, after these: its id is the highest
  const other = await marketByName(t, 'MORNING STAR');
  const bidder = await createUser(t, { wallet: 1000 });
  const top = await insertBid(t, { user: bidder.id, market: other.id, date: DATE, digits: '4' });
  const declaration = { family: 'regular', session: 'open', pana: '128' } as const;

  // stored: the job ends at the highest bid id, its bids not counted under the market's lock
  const [first, row] = await t.ctx.db.transaction().execute(async (trx) => {
    const stored = await storeDeclaration(trx, m.id, DATE, declaration, t.clock.now(), 'test', t.ctx.receipts);
    const job = await trx
      .selectFrom('settlement_jobs')
      .select(['bids_total', 'last_bid_id'])
      .where('id', '=', stored.job.id)
      .executeTakeFirstOrThrow();
    return [stored, job] as const;
  });
  expect(row).toEqual({ bids_total: null, last_bid_id: top });
  // the progress a console reads meanwhile says so, and counts nothing itself (a count of a big day's
  // bids by every poll held up the bids placed meanwhile)
  expect(first.job.bids_total).toBeNull();
  expect(await jobState(t.ctx.db, first.job.id)).toMatchObject({ status: 'running', bids_total: null, bids_done: 0 });
  // the job's first step counts them, with the scan that judges their plays: 500, not the other market's bid
  await t.ctx.settlement.waitFor(first.job.id, 30_000);
  expect(await settled(first.job.id)).toEqual({ status: 'done', bids_done: 500, bids_total: 500 });
  // its summary's lost and pending bids, as the day's bids hold them (five chunks: the last one counts the
  // day before it settles, then adds what it changed)
  const counts = async () =>
    (
      await sql<{ lost: number; pending: number }>`
        SELECT count(*) FILTER (WHERE status = 'lost')::int AS lost, count(*) FILTER (WHERE status = 'pending')::int AS pending
        FROM bids WHERE market_id = ${m.id} AND bid_date = ${DATE}::date`.execute(t.ctx.db)
    ).rows[0];
  expect(await counts()).toEqual({ lost: 450, pending: 0 });
  expect(await jobState(t.ctx.db, first.job.id)).toMatchObject({ lost: 450, pending: 0 });

  // a correction: its own job counts the same bids again
  const second = await t.ctx.db
    .transaction()
    .execute((trx) =>
      storeDeclaration(trx, m.id, DATE, { ...declaration, pana: '123' }, t.clock.now(), 'test', t.ctx.receipts),
    );
  expect(second.job.bids_total).toBeNull();
  const done = await t.ctx.settlement.waitFor(second.job.id, 30_000);
  expect(done).toMatchObject({ status: 'done', bids_total: 500, bids_done: 500, lost: 450, pending: 0 });
  expect(await counts()).toEqual({ lost: 450, pending: 0 });
  expect(await jobOf(second.job.id)).toEqual({ status: 'done', bids_done: 500, bids_total: 500 });
  const wrong = await sql<{ n: string }>`
    SELECT count(*) AS n FROM bids WHERE market_id = ${m.id} AND bid_date = ${DATE}::date
      AND status <> CASE WHEN digits = '6' THEN 'won' ELSE 'lost' END`.execute(t.ctx.db);
  expect(wrong.rows[0].n).toBe('0');
  await walletsMatchLedgers();
});

test('a job judges and counts its bids a slice at a time, each slice with its progress', async () => {
  const m = await marketByName(t, 'TIME BAZAR');
  await seedBids(m.id, 2500);
  const bids = async () =>
    (
      await sql<{ id: string; status: string }>`
        SELECT id, status FROM bids
        WHERE market_id = ${m.id} AND bid_date = ${DATE}::date ORDER BY id`.execute(t.ctx.db)
    ).rows;
  const before = await bids();
  expect(before.every((b) => b.status === 'pending')).toBe(true);

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
  // chunks of 100 bids: the plays are judged 200 bids at a time (two chunks' worth), then counted once
  // all are. Players bid on another market meanwhile, so the job gives way after each step (SETTLE_PACE):
  // each slice's progress can be seen.
  const other = await marketByName(t, 'MAIN BAZAR');
  const bidder = await createUser(t, { wallet: 0 });
  const judged: { upto: string; ready: boolean; total: number | null }[] = [];
  for (let i = 0; i < 2000; i++) {
    const j = await t.ctx.db
      .selectFrom('settlement_jobs')
      .select(['judged_upto', 'plays_ready', 'bids_total', 'status'])
      .where('id', '=', stored.job.id)
      .executeTakeFirstOrThrow();
    const seen = { upto: String(j.judged_upto), ready: j.plays_ready, total: j.bids_total };
    if (!judged.length || judged[judged.length - 1].upto !== seen.upto) judged.push(seen);
    if (j.plays_ready || j.status !== 'running') break;
    if (i === 0) void t.ctx.settlement.kick(stored.job.id);
    await insertBid(t, { user: bidder.id, market: other.id, date: DATE, digits: String(i % 10) });
    await new Promise((r) => setTimeout(r, 2));
  }
  // the slices' ends are the 200th, 400th, ... 2,400th bid of the market's day, then the job's last bid id
  const last = judged[judged.length - 1];
  expect(last).toMatchObject({ ready: true, total: 2500 });
  const partial = judged.filter((j) => !j.ready && j.upto !== '0');
  expect(partial.length).toBeGreaterThanOrEqual(2);
  const ends = Array.from({ length: 12 }, (_, k) => before[200 * (k + 1) - 1].id);
  for (const p of partial) {
    expect(p.total).toBeNull();
    expect(ends).toContain(p.upto);
  }
  await t.ctx.settlement.waitFor(stored.job.id, 30_000);
  expect(await settled(stored.job.id)).toEqual({ status: 'done', bids_done: 2500, bids_total: 2500 });

  const after = await bids();
  expect(after.map((b) => b.id)).toEqual(before.map((b) => b.id));
  expect(after.filter((b) => b.status === 'won')).toHaveLength(250); // digit 1 of 128
  expect(after.filter((b) => b.status === 'lost')).toHaveLength(2250);
  await walletsMatchLedgers();
});

test('only a correction needs a loss pass: a first declaration and the Close result after the Open need none', async () => {
  const m = await marketByName(t, 'SRIDEVI NIGHT');
  await seedBids(m.id, 400);
  const row = (id: string) =>
    t.ctx.db
      .selectFrom('settlement_jobs')
      .select(['status', 'loss_pass', 'phase', 'reversed', 'paid'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const declare = (session: 'open' | 'close', pana: string) =>
    t.ctx.db
      .transaction()
      .execute((trx) =>
        storeDeclaration(trx, m.id, DATE, { family: 'regular', session, pana }, t.clock.now(), 'test', t.ctx.receipts),
      );
  const wrongFor = async (digit: string) =>
    (
      await sql<{ n: string }>`
        SELECT count(*) AS n FROM bids WHERE market_id = ${m.id} AND bid_date = ${DATE}::date
          AND status <> CASE WHEN digits = ${digit} THEN 'won' ELSE 'lost' END`.execute(t.ctx.db)
    ).rows[0].n;

  // nothing declared before: no bid of the day can be won, and the job ends with its gain pass
  const first = await declare('open', '128');
  expect(await row(first.job.id)).toMatchObject({ loss_pass: false, phase: 'gain' });
  await t.ctx.settlement.waitFor(first.job.id, 30_000);
  expect(await row(first.job.id)).toEqual({ status: 'done', loss_pass: false, phase: 'gain', reversed: 0, paid: 40 });
  expect(await wrongFor('1')).toBe('0');

  // the Close result added: every Open bid keeps its outcome, nothing to take back
  const close = await declare('close', '123');
  expect(await row(close.job.id)).toMatchObject({ loss_pass: false });
  await t.ctx.settlement.waitFor(close.job.id, 30_000);
  expect(await row(close.job.id)).toEqual({ status: 'done', loss_pass: false, phase: 'gain', reversed: 0, paid: 0 });
  expect(await wrongFor('1')).toBe('0');

  // a correction of the Open result: its job walks the won bids after its gains, and takes back the 40
  // wins of digit 1 (128) while paying the 40 of digit 6 (123)
  const fix = await declare('open', '123');
  expect(await row(fix.job.id)).toMatchObject({ loss_pass: true, phase: 'gain' });
  await t.ctx.settlement.waitFor(fix.job.id, 30_000);
  expect(await row(fix.job.id)).toEqual({ status: 'done', loss_pass: true, phase: 'loss', reversed: 40, paid: 40 });
  expect(await wrongFor('6')).toBe('0');
  await walletsMatchLedgers();
});
