/**
 * Bids that arrive together are written together (services/bid-batch.ts, migration 022's place_bids): on
 * PGlite and on PostgreSQL, hundreds of submissions from many players at once, some refused by the wallet,
 * some by the player's stake limit, some by a number's liability cap, some retries of one key. Batches
 * must form, and each submission must be answered as if it had been written alone: exactly the right ones
 * stand, every refusal says why, nothing of a refused one stays, and every wallet equals its ledger.
 */
import { buildNewResult, numbersClosedMessage } from '@matka/shared/domain';
import { sql } from 'kysely';
import type { Database } from '../src/db';
import { BidWriter } from '../src/services/bid-batch';
import { call, createUser, kolkata, ledgerSum, makeTestApp, marketByName, walletOf, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('09:00') });
});
afterAll(() => t.close());

const LOW_BALANCE = 'Insufficient balance please refill your account';

async function bid(u: { token: string }, digit: string, points: number, key?: string) {
  const m = await marketByName(t, 'KALYAN');
  const [new_result] = buildNewResult({
    family: 'regular',
    betType: 'single_digit',
    token: u.token,
    gameId: m.id,
    gameName: m.name,
    bidDate: '10-March-2026',
    rows: [{ digits: digit, closedigits: '', points, session: 'Open', pana: '' }],
  });
  return call(
    t.app,
    'api-submit-bid',
    { unique_token: u.token, game_id: String(m.id), new_result },
    key ? { 'Idempotency-Key': key } : {},
  );
}

test('300 submissions from 60 players at once: batches form and each is answered as if alone', async () => {
  const m = await marketByName(t, 'KALYAN');
  // 20 players whose wallets cover 3 bids of 10, 20 with a daily stake limit of 30 (3 of their 5 bids), 20 rich ones
  const poor = await Promise.all(Array.from({ length: 20 }, () => createUser(t, { wallet: 35 })));
  const limited = await Promise.all(Array.from({ length: 20 }, () => createUser(t, { wallet: 10_000 })));
  const rich = await Promise.all(Array.from({ length: 20 }, () => createUser(t, { wallet: 10_000 })));
  await t.ctx.db
    .insertInto('play_limits')
    .values(limited.map((u) => ({ user_id: u.id, kind: 'stake', period: 'day', amount: 30 })))
    .execute();
  // one number of a session may cost at most 9,500 points: 10 bids of 100 at 9.5x (the bids of 10 on
  // the other digits stay under it)
  await t.ctx.db.insertInto('liability_caps').values({ family: 'regular', cap: 9_500 }).execute();
  const before = { ...t.ctx.bidWriter.stats };
  try {
    const jobs: Promise<{ who: string; r: Awaited<ReturnType<typeof bid>> }>[] = [];
    for (let i = 0; i < 5; i++) {
      for (const u of poor) jobs.push(bid(u, '1', 10).then((r) => ({ who: 'poor', r })));
      for (const u of limited) jobs.push(bid(u, '2', 10).then((r) => ({ who: 'limited', r })));
      // the rich bid 100 on digit 9 twice each (the cap takes 10 of those), and 10 on digit 3 otherwise
      for (const u of rich) jobs.push(bid(u, i < 2 ? '9' : '3', i < 2 ? 100 : 10).then((r) => ({ who: 'rich', r })));
    }
    const out = await Promise.all(jobs);
    expect(out.filter(({ r }) => r.statusCode !== 200).map(({ r }) => r.body)).toEqual([]);
    const placed = (who: string) => out.filter((o) => o.who === who && o.r.body.status === true).length;
    const refusals = (who: string) =>
      [...new Set(out.filter((o) => o.who === who && o.r.body.status !== true).map((o) => o.r.body.msg))].sort();

    expect(placed('poor')).toBe(20 * 3);
    expect(refusals('poor')).toEqual([LOW_BALANCE]);
    expect(placed('limited')).toBe(20 * 3);
    expect(refusals('limited')).toHaveLength(1);
    expect(refusals('limited')[0]).toMatch(/stake limit/i);
    // 40 bids on the capped digit: exactly 10 stand; the 60 on digit 3 all stand
    expect(placed('rich')).toBe(10 + 60);
    expect(refusals('rich')).toEqual([numbersClosedMessage(['9'])]);

    const stats = t.ctx.bidWriter.stats;
    expect(stats.batches - before.batches).toBeGreaterThan(0);
    expect(stats.batched - before.batched).toBeGreaterThan(stats.batches - before.batches);

    // what the database holds: the submissions that stood, nothing of the others, wallets = ledgers
    const subs = await sql<{ n: string }>`
      SELECT count(*) AS n FROM bid_submissions WHERE market_id = ${m.id}`.execute(t.ctx.db);
    expect(Number(subs.rows[0].n)).toBe(60 + 60 + 70);
    for (const u of [...poor, ...limited, ...rich]) expect(await walletOf(t, u.id)).toBe(await ledgerSum(t, u.id));
    for (const u of poor) expect(await walletOf(t, u.id)).toBe(5);
    for (const u of limited) expect(await walletOf(t, u.id)).toBe(10_000 - 30);
    const nine = await sql<{ payout: string }>`
      SELECT payout FROM number_liability WHERE market_id = ${m.id} AND digits = '9'`.execute(t.ctx.db);
    expect(nine.rows.map((r) => Number(r.payout))).toEqual([9_500]);
  } finally {
    await t.ctx.db.deleteFrom('liability_caps').execute();
    await t.ctx.db.deleteFrom('play_limits').execute();
  }
});

test('retries of one key among other players’ bids place it once, and every retry answers with it', async () => {
  const u = await createUser(t, { wallet: 1_000 });
  const others = await Promise.all(Array.from({ length: 30 }, () => createUser(t, { wallet: 1_000 })));
  const out = await Promise.all([
    ...Array.from({ length: 8 }, () => bid(u, '4', 25, 'one-key-8')),
    ...others.map((o) => bid(o, '4', 25)),
  ]);
  expect(out.every((r) => r.statusCode === 200 && r.body.status === true)).toBe(true);
  const subs = await t.ctx.db.selectFrom('bid_submissions').select('id').where('user_id', '=', u.id).execute();
  expect(subs).toHaveLength(1);
  expect(await walletOf(t, u.id)).toBe(975);
  expect(await ledgerSum(t, u.id)).toBe(975);
  for (const o of others) expect(await walletOf(t, o.id)).toBe(975);
});

test('a submission a deadlock undid inside a batch is placed again alone; the others keep their answers', async () => {
  const calls: { name: string; users: string[] }[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const fake = {
    poolSize: 1,
    async prepared(name: string, _text: string, values: unknown[]) {
      if (name === 'place_bid') {
        calls.push({ name, users: [String(values[0])] });
        await gate; // the first one holds the only writer while the others queue
        return [{ sub_id: `s${String(values[0])}`, wallet: '100' }];
      }
      const list = JSON.parse(String(values[0])) as { user: string }[];
      calls.push({ name, users: list.map((b) => b.user) });
      return list.map((b, i) => ({
        ord: i + 1,
        sub_id: b.user === '7' ? null : `s${b.user}`,
        wallet: b.user === '7' ? null : '90',
        state: b.user === '7' ? '40P01' : b.user === '12' ? 'MKLOW' : null,
        message: b.user === '7' ? 'deadlock detected' : b.user === '12' ? 'the wallet does not cover the bid' : null,
      }));
    },
  };
  const writer = new BidWriter(fake as unknown as Database, 4);
  const one = (user: string) =>
    writer.place({
      user,
      market: 1,
      family: 'regular',
      bet_type: 'single_digit',
      session: 'Open',
      bid_date: '2026-03-10',
      total: 10,
      key: null,
      now: new Date(0),
      note: '',
      guard: 'open',
      pana: [''],
      sessions: ['Open'],
      sessions_sent: [null],
      digits: ['1'],
      closedigits: [''],
      points: ['10'],
      rate_keys: ['single_digit'],
    });
  const first = one('3');
  // sent in account order whatever the arrival order; a second bid of an account waits for the next batch
  const rest = ['12', '7', '100', '7', '2'].map((u) =>
    one(u).then(
      (w) => w,
      (e: { code?: string }) => e.code,
    ),
  );
  await new Promise((r) => setImmediate(r));
  release();
  expect(await first).toEqual({ sub_id: 's3', wallet: '100' });
  expect(await Promise.all(rest)).toEqual([
    'MKLOW',
    { sub_id: 's7', wallet: '100' },
    { sub_id: 's100', wallet: '90' },
    { sub_id: 's7', wallet: '100' },
    { sub_id: 's2', wallet: '90' },
  ]);
  expect(calls).toEqual([
    { name: 'place_bid', users: ['3'] },
    { name: 'place_bids', users: ['2', '7', '12', '100'] },
    { name: 'place_bid', users: ['7'] },
    { name: 'place_bid', users: ['7'] },
  ]);
  expect(writer.stats).toEqual({ calls: 3, batches: 1, batched: 4 });
});
