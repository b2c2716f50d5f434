/**
 * Bet limits and liability caps follow what a row settles as, not the screen it came from: a single pana
 * placed through Single Pana, SP DP TP or SP Motor answers to Single Pana's limits and fills one liability
 * row; a double pana through Double Pana, SP DP TP or DP Motor likewise. The attack as fired: racing bids on
 * one pana through every bet type that can carry it, over real connections. The database's settles_as
 * agrees with the domain's settlementType for every bet type.
 */
import {
  ALL_PANAS,
  BET_TYPES,
  PANA_KIND_LABEL,
  buildNewResult,
  formatBidDate,
  panaKind,
  settlementType,
  type BetTypeId,
} from '@matka/shared/domain';
import { sql } from 'kysely';
import {
  APP_KEY,
  call,
  createUser,
  kolkata,
  makeTestApp,
  marketByName,
  walletOf,
  ledgerSum,
  type TestApp,
  operatorCall,
} from './helpers';

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00', '2026-03-10') });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

async function bidBody(token: string, betType: BetTypeId, digits: string, points: number, market: string) {
  const m = await marketByName(t, market);
  const [new_result] = buildNewResult({
    family: 'regular',
    betType,
    token,
    gameId: m.id,
    gameName: m.name,
    bidDate: formatBidDate(t.clock.now()),
    rows: [
      {
        digits,
        closedigits: '',
        points,
        session: 'Open',
        // SP DP TP sends each pana under its kind
        pana: betType === 'sp_dp_tp' ? PANA_KIND_LABEL[panaKind(digits)!] : BET_TYPES[betType].title,
      },
    ],
  });
  return { unique_token: token, game_id: String(m.id), new_result };
}
const bid = async (token: string, betType: BetTypeId, digits: string, points: number, market: string) =>
  call(t.app, 'api-submit-bid', await bidBody(token, betType, digits, points, market));
async function post(body: Record<string, unknown>) {
  const res = await fetch(`${base}/api/api-submit-bid`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, ...body }),
  });
  return (await res.json()) as { status: boolean; msg: string };
}

test("the database's settles_as agrees with the domain for every bet type", async () => {
  // every number a row of each bet type can carry: digits, jodis, and every pana
  const samples = ['0', '5', '12', '90', ...ALL_PANAS];
  const pairs: [string, string][] = [];
  for (const id of Object.keys(BET_TYPES) as BetTypeId[]) for (const d of samples) pairs.push([id, d]);
  const r = await sql<{ t: string; d: string; s: string }>`
    SELECT x.t, x.d, settles_as(x.t, x.d) AS s
    FROM unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) AS x(t, d)`.execute(t.ctx.db);
  for (const row of r.rows)
    expect([row.t, row.d, row.s]).toEqual([row.t, row.d, settlementType(row.t as BetTypeId, row.d)]);
});

test("Single Pana's limit of a bid holds through SP DP TP and SP Motor; Double Pana's through DP Motor", async () => {
  await operatorCall(t, '/bet-limits/set', {
    family: 'regular',
    bet_type: 'single_pana',
    min: 10,
    max: 100,
    session_max: null,
  });
  await operatorCall(t, '/bet-limits/set', {
    family: 'regular',
    bet_type: 'double_pana',
    min: 10,
    max: 100,
    session_max: null,
  });
  const p = await createUser(t, { wallet: 50_000 });
  const market = 'MORNING STAR';
  for (const [type, digits] of [
    ['single_pana', '128'],
    ['sp_dp_tp', '128'],
    ['sp_motor', '128'],
    ['double_pana', '112'],
    ['sp_dp_tp', '112'],
    ['dp_motor', '112'],
  ] as const) {
    const r = await bid(p.token, type, digits, 5000, market);
    expect([type, digits, r.body]).toEqual([
      type,
      digits,
      { status: false, msg: expect.stringMatching(/100/), code: expect.any(String) },
    ]);
  }
  expect(await walletOf(t, p.id)).toBe(50_000);
  // within the limit, each screen places it
  for (const type of ['single_pana', 'sp_dp_tp', 'sp_motor'] as const)
    expect((await bid(p.token, type, '128', 100, market)).body.status).toBe(true);
  await operatorCall(t, '/bet-limits/set', {
    family: 'regular',
    bet_type: 'single_pana',
    min: 10,
    max: 100,
    session_max: 250,
  });
  // the session's maximum counts the pana's bids of every screen: 300 are placed already
  const over = await bid(p.token, 'sp_motor', '129', 10, market);
  expect(over.body.status).toBe(false);
  await operatorCall(t, '/bet-limits/set', {
    family: 'regular',
    bet_type: 'single_pana',
    min: null,
    max: null,
    session_max: null,
  });
  await operatorCall(t, '/bet-limits/set', {
    family: 'regular',
    bet_type: 'double_pana',
    min: null,
    max: null,
    session_max: null,
  });
});

test('one pana has one liability row: racing bids through every screen that carries it stop at the cap', async () => {
  const rate = await t.ctx.db
    .selectFrom('game_rates')
    .select(['val_1', 'val_2'])
    .where('family', '=', 'regular')
    .where('rate_key', '=', 'single_pana')
    .executeTakeFirstOrThrow();
  const per100 = Math.floor((100 * Number(rate.val_2)) / Number(rate.val_1));
  // the cap holds 15 bids of 100 on one pana
  await operatorCall(t, '/liability-cap/set', { family: 'regular', cap: per100 * 15 });
  try {
    const market = 'KALYAN';
    const players = await Promise.all(Array.from({ length: 60 }, () => createUser(t, { wallet: 1_000 })));
    const types = ['single_pana', 'sp_dp_tp', 'sp_motor'] as const;
    const bodies = await Promise.all(players.map((p, i) => bidBody(p.token, types[i % 3], '128', 100, market)));
    const answers = await Promise.all(bodies.map((b) => post(b)));
    // before: 15 through each screen, 45 in all (the number could pay three times the cap)
    expect(answers.filter((a) => a.status)).toHaveLength(15);
    expect(
      answers.filter((a) => a.msg === 'Closed for this session: 128. The other numbers can still be placed.'),
    ).toHaveLength(45);
    const m = await marketByName(t, market);
    const rows = await sql<{ bet_type: string; payout: string }>`
      SELECT bet_type, payout::text FROM number_liability
      WHERE market_id = ${m.id} AND bid_date = '2026-03-10' AND digits = '128'`.execute(t.ctx.db);
    expect(rows.rows).toEqual([{ bet_type: 'single_pana', payout: String(per100 * 15) }]);
    const placed = await sql<{ n: string; pts: string }>`
      SELECT count(*)::text AS n, sum(points)::text AS pts FROM bids WHERE market_id = ${m.id} AND digits = '128'`.execute(
      t.ctx.db,
    );
    expect(placed.rows[0]).toEqual({ n: '15', pts: '1500' });
    // the refused ones changed nothing: every wallet is its ledger
    for (const p of players) expect(await walletOf(t, p.id)).toBe(await ledgerSum(t, p.id));
    // a triple pana is its own number: it stays open (through TP and SP DP TP alike, one row)
    const tp = await createUser(t, { wallet: 1_000 });
    expect((await bid(tp.token, 'sp_dp_tp', '777', 10, market)).body.status).toBe(true);
    expect((await bid(tp.token, 'triple_pana', '777', 10, market)).body.status).toBe(true);
    const triple = await sql<{ bet_type: string }>`
      SELECT bet_type FROM number_liability WHERE market_id = ${m.id} AND digits = '777'`.execute(t.ctx.db);
    expect(triple.rows).toEqual([{ bet_type: 'triple_pana' }]);
  } finally {
    await operatorCall(t, '/liability-cap/set', { family: 'regular', cap: null });
  }
});
