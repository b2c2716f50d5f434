/**
 * The player's own limits, enforced by the server for every client: a stake, a
 * loss (stakes minus wins) and a deposit limit per day, week or month. Lowering holds at once, raising or
 * removing only after 24 hours; a bid or a deposit request past a limit is refused with a message that
 * names it and when it resets, and changes nothing; racing bids and requests at a limit cannot both pass
 * (on one process here, over real connections; on two processes in the last test, PostgreSQL). And the
 * reality check's setting and figures.
 */
import { bidDateText, buildNewResult, formatBidDate, kolkataDateParts } from '@matka/shared/domain';
import { sql } from 'kysely';
import {
  APP_KEY,
  OPERATOR_TOKEN,
  call,
  createUser,
  kolkata,
  ledgerSum,
  makeTestApp,
  marketByName,
  usingPostgres,
  walletOf,
  type TestApp,
} from './helpers';
import { api as procApi, multiProcessSetup, startServer, stop, type Proc } from './procs';

let t: TestApp;
let base = '';
beforeAll(async () => {
  // Tuesday 10 March 2026, 08:00 IST: MORNING STAR takes Open bids until 09:30 (its Open result is declared
  // in one test: the others bid on its Close session)
  t = await makeTestApp({ at: kolkata('08:00', '2026-03-10') });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

async function bidBody(token: string, points: number, digit = '5', session: 'Open' | 'Close' = 'Close') {
  const market = 'MORNING STAR';
  const m = await marketByName(t, market);
  const [new_result] = buildNewResult({
    family: 'regular',
    betType: 'single_digit',
    token,
    gameId: m.id,
    gameName: m.name,
    bidDate: formatBidDate(t.clock.now()),
    rows: [{ digits: digit, closedigits: '', points, session, pana: 'Single Digit' }],
  });
  return { unique_token: token, game_id: String(m.id), new_result };
}
const bid = async (token: string, points: number, digit = '5', session: 'Open' | 'Close' = 'Close') =>
  call(t.app, 'api-submit-bid', await bidBody(token, points, digit, session));
const setLimit = (token: string, kind: string, period: string, amount: number | string) =>
  call(t.app, 'api-set-limit', { unique_token: token, kind, period, amount });
const page = (token: string) => call(t.app, 'api-responsible', { unique_token: token });

/** Over a real connection (the race tests open one per request in flight). */
async function post(name: string, body: Record<string, unknown>) {
  const res = await fetch(`${base}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, ...body }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const bidsOf = async (userId: string) =>
  Number(
    (
      await sql<{
        s: string;
      }>`SELECT coalesce(sum(points), 0) AS s FROM bids WHERE user_id = ${userId}::bigint`.execute(t.ctx.db)
    ).rows[0].s,
  );

test('a daily stake limit: bids up to it pass, the next is refused naming the limit and its reset, and nothing changes', async () => {
  const p = await createUser(t, { wallet: 5_000 });
  const set = await setLimit(p.token, 'stake', 'day', 100);
  expect(set.body).toMatchObject({ status: true, msg: 'Daily stake limit set to 100 points' });
  expect(set.body.limits).toEqual([
    expect.objectContaining({ kind: 'stake', period: 'day', amount: 100, used: 0, next_at: '', removing: false }),
  ]);
  // resets at the next 12:00 AM IST
  expect(set.body.limits[0].resets).toBe(kolkata('00:00', '2026-03-11').toISOString());
  for (let i = 0; i < 3; i++) expect((await bid(p.token, 30)).body.status).toBe(true);
  const refused = await bid(p.token, 20);
  expect(refused.body).toEqual({
    status: false,
    msg: 'This bid would pass your daily stake limit of 100 points (10 left). It resets on 11-March-2026 12:00 AM.',
    code: expect.any(String),
  });
  expect(await walletOf(t, p.id)).toBe(5_000 - 90);
  expect(await ledgerSum(t, p.id)).toBe(5_000 - 90);
  expect(await bidsOf(p.id)).toBe(90);
  expect((await bid(p.token, 10)).body.status).toBe(true);
  expect((await page(p.token)).body.limits[0]).toMatchObject({ used: 100 });
  // the next day counts afresh
  t.clock.set(kolkata('08:00', '2026-03-11'));
  try {
    expect((await bid(p.token, 100)).body.status).toBe(true);
  } finally {
    t.clock.set(kolkata('08:00', '2026-03-10'));
  }
});

test('lowering holds at once; raising or removing waits 24 hours (shown with its time); the history lists each change', async () => {
  const p = await createUser(t, { wallet: 5_000 });
  await setLimit(p.token, 'stake', 'week', 500);
  const lowered = await setLimit(p.token, 'stake', 'week', 50);
  expect(lowered.body.msg).toBe('Weekly stake limit set to 50 points');
  expect((await bid(p.token, 60)).body.msg).toBe(
    // the week runs from Monday 12:00 AM IST: it resets on Monday 16 March
    'This bid would pass your weekly stake limit of 50 points (50 left). It resets on 16-March-2026 12:00 AM.',
  );
  const raised = await setLimit(p.token, 'stake', 'week', 1_000);
  expect(raised.body.msg).toBe('Your weekly stake limit will be raised to 1,000 points on 11-March-2026 08:00 AM');
  expect(raised.body.limits[0]).toMatchObject({
    amount: 50,
    next_amount: 1_000,
    next_at: kolkata('08:00', '2026-03-11').toISOString(),
    removing: false,
  });
  // still 50 until then
  expect((await bid(p.token, 60)).body.status).toBe(false);
  t.clock.set(kolkata('07:59', '2026-03-11'));
  try {
    expect((await bid(p.token, 60)).body.status).toBe(false);
    t.clock.set(kolkata('08:00', '2026-03-11'));
    expect((await bid(p.token, 60)).body.status).toBe(true);
    expect((await page(p.token)).body.limits[0]).toMatchObject({ amount: 1_000, used: 60, next_at: '' });
    // a removal waits too; asking for the limit in force again keeps it
    const removing = await setLimit(p.token, 'stake', 'week', 0);
    expect(removing.body.msg).toBe('Your weekly stake limit will be removed on 12-March-2026 08:00 AM');
    expect(removing.body.limits[0]).toMatchObject({ amount: 1_000, removing: true });
    expect((await setLimit(p.token, 'stake', 'week', '1,000')).body.limits[0]).toMatchObject({
      amount: 1_000,
      removing: false,
      next_at: '',
    });
    await setLimit(p.token, 'stake', 'week', '');
    t.clock.set(kolkata('08:00', '2026-03-12'));
    expect((await page(p.token)).body.limits).toEqual([]);
    expect((await bid(p.token, 2_000)).body.status).toBe(true);
    const history = (await page(p.token)).body.limit_history as { action: string; amount: number | null }[];
    expect(history.map((h) => `${h.action} ${h.amount}`)).toEqual([
      'removed null',
      'kept 1000',
      'removed null',
      'raised 1000',
      'lowered 50',
      'set 500',
    ]);
  } finally {
    t.clock.set(kolkata('08:00', '2026-03-10'));
  }
});

test("the operator's view of the player shows the limits, their use and a change that waits", async () => {
  const p = await createUser(t, { wallet: 1_000 });
  await setLimit(p.token, 'deposit', 'week', 2_000);
  await setLimit(p.token, 'deposit', 'week', 3_000);
  const res = await t.app.inject({
    method: 'GET',
    url: `/operator/users/detail?mobile=${p.mobile}`,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  expect(res.json().protection.limits).toEqual([
    'Weekly deposit limit: 2,000 (0 used; raised to 3,000 from 2026-03-11 08:00)',
  ]);
});

test('bad limits are refused with a clear message and change nothing', async () => {
  const p = await createUser(t, { wallet: 100 });
  const cases: [Record<string, unknown>, string][] = [
    [{ kind: 'fun', period: 'day', amount: 10 }, 'Choose a deposit, loss or stake limit'],
    [{ kind: 'stake', period: 'year', amount: 10 }, 'Choose a day, a week or a month'],
    [{ kind: 'stake', period: 'day', amount: -5 }, 'Enter a limit from 1 to 1,00,00,000 points, or 0 to remove it'],
    [{ kind: 'stake', period: 'day', amount: '12.5' }, 'Enter a limit from 1 to 1,00,00,000 points, or 0 to remove it'],
    [
      { kind: 'stake', period: 'day', amount: 99_999_999 },
      'Enter a limit from 1 to 1,00,00,000 points, or 0 to remove it',
    ],
  ];
  for (const [body, msg] of cases) {
    const r = await call(t.app, 'api-set-limit', { unique_token: p.token, ...body });
    expect([r.body.status, r.body.msg]).toEqual([false, msg]);
  }
  expect((await page(p.token)).body.limits).toEqual([]);
  expect((await page(p.token)).body.limit_history).toEqual([]);
});

test('a loss limit counts stakes less the wins credited: a win makes room again', async () => {
  const p = await createUser(t, { wallet: 5_000 });
  await setLimit(p.token, 'loss', 'day', 100);
  expect((await bid(p.token, 50, '1', 'Open')).body.status).toBe(true);
  expect((await bid(p.token, 50, '7', 'Open')).body.status).toBe(true);
  expect((await bid(p.token, 10, '7', 'Open')).body.msg).toBe(
    'This bid would pass your daily loss limit of 100 points (0 left). It resets on 11-March-2026 12:00 AM.',
  );
  // MORNING STAR's Open result 128 (digit 1), when due: the first bid wins 50 x 95 / 10 = 475 points
  t.clock.set(kolkata('09:35', '2026-03-10'));
  try {
    const declared = await t.app.inject({
      method: 'POST',
      url: '/operator/result/declare',
      payload: { market: 'MORNING STAR', session: 'open', pana: '128' },
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect([declared.statusCode, declared.json()]).toEqual([200, expect.objectContaining({ status: true })]);
    expect((await page(p.token)).body.limits[0]).toMatchObject({ used: 0 });
    // 100 staked less 475 won is no loss at all: a Close bid is allowed again
    expect((await call(t.app, 'api-submit-bid', await bidBody(p.token, 100, '3', 'Close'))).body.status).toBe(true);
    expect((await page(p.token)).body.limits[0]).toMatchObject({ used: 0 });
  } finally {
    t.clock.set(kolkata('08:00', '2026-03-10'));
  }
});

test('a deposit limit: requests up to it (pending or approved) pass, a rejected one makes room, transfers in count too', async () => {
  const p = await createUser(t, { wallet: 0 });
  const sender = await createUser(t, { wallet: 5_000 });
  await setLimit(p.token, 'deposit', 'month', 1_000);
  const ask = (amount: number) =>
    call(t.app, 'api-fund-request-add', { unique_token: p.token, request_amount: amount });
  const first = await ask(600);
  expect(first.body.status).toBe(true);
  expect((await ask(500)).body.msg).toBe(
    'This deposit request would pass your monthly deposit limit of 1,000 points (400 left). It resets on 1-April-2026 12:00 AM.',
  );
  const rejected = await t.app.inject({
    method: 'POST',
    url: '/operator/deposits/reject',
    payload: { id: Number(first.body.request_id) },
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  expect(rejected.json()).toMatchObject({ status: true });
  expect((await ask(500)).body.status).toBe(true);
  // 500 of 1,000 taken: a transfer of 600 to this player is refused, without naming their limits
  const transfer = (amount: number) =>
    call(t.app, 'api-user-transfer-wallet-balance', {
      unique_token: sender.token,
      amount,
      mobile_no: p.mobile,
      transfer_note: 'gift',
    });
  expect((await transfer(600)).body).toEqual({
    status: false,
    msg: 'This player cannot receive points now',
    code: expect.any(String),
  });
  expect(await walletOf(t, sender.id)).toBe(5_000);
  expect((await transfer(500)).body.status).toBe(true);
  expect((await ask(100)).body.status).toBe(false);
});

test('racing at a limit: 60 bids of 10 over 60 connections against a stake limit of 100 place exactly 10', async () => {
  const p = await createUser(t, { wallet: 5_000 });
  await setLimit(p.token, 'stake', 'day', 100);
  const body = await bidBody(p.token, 10);
  const answers = await Promise.all(Array.from({ length: 60 }, () => post('api-submit-bid', body)));
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(answers.filter((a) => a.body.status === true)).toHaveLength(10);
  expect(answers.filter((a) => /daily stake limit of 100 points/.test(String(a.body.msg)))).toHaveLength(50);
  expect(await bidsOf(p.id)).toBe(100);
  expect(await walletOf(t, p.id)).toBe(4_900);
  expect(await ledgerSum(t, p.id)).toBe(4_900);
});

test('racing bids and deposit requests at their limits: 40 of each at once, each limit holds exactly', async () => {
  const p = await createUser(t, { wallet: 5_000 });
  await setLimit(p.token, 'loss', 'day', 200);
  await setLimit(p.token, 'deposit', 'day', 300);
  const body = await bidBody(p.token, 20);
  const jobs = [
    ...Array.from({ length: 40 }, () => post('api-submit-bid', body)),
    ...Array.from({ length: 40 }, () => post('api-fund-request-add', { unique_token: p.token, request_amount: 100 })),
  ];
  const answers = await Promise.all(jobs);
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(answers.slice(0, 40).filter((a) => a.body.status === true)).toHaveLength(10);
  expect(answers.slice(40).filter((a) => a.body.status === true)).toHaveLength(3);
  expect(await bidsOf(p.id)).toBe(200);
  const requested = await sql<{ s: string }>`
    SELECT coalesce(sum(amount), 0) AS s FROM fund_requests WHERE user_id = ${p.id}::bigint`.execute(t.ctx.db);
  expect(Number(requested.rows[0].s)).toBe(300);
});

test('the reality check: its interval is kept on the account; the figures are since this login', async () => {
  const p = await createUser(t, { wallet: 1_000 });
  expect((await page(p.token)).body.reality_check_minutes).toBe(0);
  const set = await call(t.app, 'api-set-reality-check', { unique_token: p.token, minutes: 60 });
  expect(set.body).toMatchObject({ status: true, msg: 'A reality check every 60 minutes', reality_check_minutes: 60 });
  const bad = await call(t.app, 'api-set-reality-check', { unique_token: p.token, minutes: 45 });
  expect(bad.body).toEqual({
    status: false,
    msg: 'Choose every 30, 60 or 120 minutes, or off',
    code: expect.any(String),
  });
  await bid(p.token, 40);
  const r = await call(t.app, 'api-reality-check', { unique_token: p.token });
  expect(r.body).toMatchObject({ status: true, minutes: 60, staked: 40, won: 0 });
  expect(new Date(r.body.login_at).getTime()).toBeLessThanOrEqual(Date.now());
  expect((await call(t.app, 'api-set-reality-check', { unique_token: p.token, minutes: '0' })).body.msg).toBe(
    'Reality check turned off',
  );
});

// Two server processes on one PostgreSQL: the limit is the database's, so it holds across them.
const minutesIst = (() => {
  const d = new Date(Date.now() + 5.5 * 3600_000);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
})();
const twoProcesses = usingPostgres && minutesIst < 23 * 60 + 50 && minutesIst > 5 ? test : test.skip;

twoProcesses(
  'two processes: 80 bids of 10 split between them against a stake limit of 100 place exactly 10',
  async () => {
    const setup = await multiProcessSetup();
    const procs: Proc[] = [];
    try {
      const db = setup.database.db;
      const m = await db
        .insertInto('markets')
        .values({ family: 'regular', name: 'LIMIT TEST', open_minute: 23 * 60 + 58, close_minute: 23 * 60 + 59 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const p = await createUser(setup, { wallet: 5_000 });
      procs.push(...(await Promise.all([startServer(setup.main, setup.dbUrl), startServer(setup.main, setup.dbUrl)])));
      const set = await procApi(procs[0], 'api-set-limit', {
        unique_token: p.token,
        kind: 'stake',
        period: 'day',
        amount: 100,
      });
      expect(set.body.status).toBe(true);
      const [new_result] = buildNewResult({
        family: 'regular',
        betType: 'single_digit',
        token: p.token,
        gameId: m.id,
        gameName: 'LIMIT TEST',
        bidDate: bidDateText(kolkataDateParts(new Date())),
        rows: [{ digits: '4', closedigits: '', points: 10, session: 'Open', pana: 'Single Digit' }],
      });
      const body = { unique_token: p.token, game_id: String(m.id), new_result };
      const answers = await Promise.all(
        Array.from({ length: 80 }, (_, i) => procApi(procs[i % 2], 'api-submit-bid', body)),
      );
      expect(answers.filter((a) => a.body.status === true)).toHaveLength(10);
      const placed = await db
        .selectFrom('bids')
        .select((eb) => eb.fn.sum<string>('points').as('s'))
        .where('user_id', '=', p.id)
        .executeTakeFirstOrThrow();
      expect(Number(placed.s)).toBe(100);
      const wallet = await db.selectFrom('users').select('wallet').where('id', '=', p.id).executeTakeFirstOrThrow();
      expect(Number(wallet.wallet)).toBe(4_900);
    } finally {
      await Promise.all(procs.map(stop));
      await setup.close();
    }
  },
  90_000,
);
