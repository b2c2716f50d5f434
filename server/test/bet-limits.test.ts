/**
 * The operator's bet limits per family and bet type, and the liability cap per number,
 * enforced by the server inside place_bid for every client: a bid row below the minimum or above the
 * maximum, a player's stake past the maximum per market session, and a bid that would take one number's
 * potential payout past its family's cap are refused and change nothing; racing bids at the session
 * maximum or at the cap cannot both pass (100 parallel bids over real connections).
 */
import { buildNewResult, formatBidDate } from '@matka/shared/domain';
import { sql } from 'kysely';
import {
  APP_KEY,
  call,
  createUser,
  kolkata,
  ledgerSum,
  makeTestApp,
  marketByName,
  walletOf,
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

type Row = { digits: string; points: number; session?: 'Open' | 'Close'; closedigits?: string };
async function bidBody(token: string, rows: Row[], market = 'MORNING STAR', betType = 'single_digit' as const) {
  const m = await marketByName(t, market);
  const [new_result] = buildNewResult({
    family: 'regular',
    betType,
    token,
    gameId: m.id,
    gameName: m.name,
    bidDate: formatBidDate(t.clock.now()),
    rows: rows.map((r) => ({
      digits: r.digits,
      closedigits: r.closedigits ?? '',
      points: r.points,
      session: r.session ?? 'Open',
      pana: 'Single Digit',
    })),
  });
  return { unique_token: token, game_id: String(m.id), new_result };
}
const bid = async (token: string, rows: Row[], market?: string) =>
  call(t.app, 'api-submit-bid', await bidBody(token, rows, market));

async function post(name: string, body: Record<string, unknown>) {
  const res = await fetch(`${base}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, ...body }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const liabilityOf = async (market: string, digits: string, session = 'Open') => {
  const m = await marketByName(t, market);
  const r = await sql<{ payout: string }>`
    SELECT payout FROM number_liability WHERE market_id = ${m.id} AND bid_date = '2026-03-10' AND session = ${session}
      AND bet_type = 'single_digit' AND digits = ${digits}`.execute(t.ctx.db);
  return r.rows[0] ? Number(r.rows[0].payout) : 0;
};

describe('bet limits per family and bet type', () => {
  afterAll(async () => {
    await t.ctx.db.deleteFrom('bet_limits').execute();
    await t.ctx.markets.invalidate();
  });

  test('bad limits are refused with a clear message; nothing is stored', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ family: 'regular', bet_type: 'left_digit', min: 10, max: 100 }, "regular has no bet type 'left_digit'"],
      [
        { family: 'regular', bet_type: 'single_digit', min: 5, max: 100 },
        'Fewest points a bid must be at least 10 points',
      ],
      [
        { family: 'regular', bet_type: 'single_digit', min: 500, max: 100 },
        'Fewest points a bid must not be more than the most points a bid',
      ],
      [
        { family: 'regular', bet_type: 'single_digit', min: 10, max: 100, session_max: 50 },
        'the maximum per session must be at least the maximum of one bid',
      ],
      [
        { family: 'regular', bet_type: 'single_digit', min: 10.5, max: 100 },
        'Fewest points a bid must be a whole number of points',
      ],
    ];
    for (const [body, msg] of cases) {
      const r = await operatorCall(t, '/bet-limits/set', body);
      expect([r.statusCode, r.body.msg]).toEqual([400, expect.stringContaining(msg)]);
    }
    expect(await t.ctx.db.selectFrom('bet_limits').selectAll().execute()).toEqual([]);
  });

  test('min, max and the maximum per player and session: each refusal names it and changes nothing; the rates answer shows them', async () => {
    const set = await operatorCall(t, '/bet-limits/set', {
      family: 'regular',
      bet_type: 'single_digit',
      min: 50,
      max: 1000,
      session_max: 2000,
    });
    expect(set.body).toEqual({
      status: true,
      msg: 'regular Single Digit: 50 to 1,000 points a bid, at most 2,000 per player and session',
    });
    const rates = await call(t.app, 'api-game-rates', {});
    expect(rates.body.bet_limits).toEqual([{ bet_type: 'single_digit', min: 50, max: 1000, session_max: 2000 }]);
    const listed = await operatorCall(t, '/bet-limits');
    expect(listed.body.families[0].bet_types.find((b: { bet_type: string }) => b.bet_type === 'single_digit')).toEqual({
      bet_type: 'single_digit',
      title: 'Single Digit',
      min: 50,
      max: 1000,
      session_max: 2000,
      own: true,
    });

    const p = await createUser(t, { wallet: 10_000 });
    expect((await bid(p.token, [{ digits: '1', points: 20 }])).body).toEqual({
      status: false,
      msg: 'Required minimum bid amount is 50',
      code: expect.any(String),
    });
    expect((await bid(p.token, [{ digits: '1', points: 1500 }])).body).toEqual({
      status: false,
      msg: 'Maximum bid amount is 1000',
      code: expect.any(String),
    });
    expect((await bid(p.token, [{ digits: '1', points: 1000 }])).body.status).toBe(true);
    expect((await bid(p.token, [{ digits: '2', points: 900 }])).body.status).toBe(true);
    expect((await bid(p.token, [{ digits: '3', points: 200 }])).body).toEqual({
      status: false,
      msg: 'You can bid at most 2,000 points on Single Digit in one session of this market (100 left)',
      code: expect.any(String),
    });
    // the Close session and another market are sessions of their own
    expect((await bid(p.token, [{ digits: '3', points: 1000, session: 'Close' }])).body.status).toBe(true);
    expect((await bid(p.token, [{ digits: '3', points: 1000 }], 'TIME BAZAR')).body.status).toBe(true);
    expect(await walletOf(t, p.id)).toBe(10_000 - 3900);
    expect(await ledgerSum(t, p.id)).toBe(10_000 - 3900);
    const audit = await t.ctx.db
      .selectFrom('operator_audit')
      .select(['action', 'target'])
      .where('action', '=', 'bet-limits set')
      .execute();
    expect(audit).toEqual([{ action: 'bet-limits set', target: 'regular:single_digit' }]);
  });

  test('racing at the maximum per session: 100 bids of 100 at once against 2,000 place exactly 20', async () => {
    const p = await createUser(t, { wallet: 50_000 });
    const body = await bidBody(p.token, [{ digits: '7', points: 100, session: 'Close' }], 'TIME BAZAR');
    const answers = await Promise.all(Array.from({ length: 100 }, () => post('api-submit-bid', body)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.status === true)).toHaveLength(20);
    expect(await walletOf(t, p.id)).toBe(48_000);
    expect(await ledgerSum(t, p.id)).toBe(48_000);
  });
});

describe('the liability cap per number', () => {
  afterAll(async () => {
    await operatorCall(t, '/liability-cap/set', { family: 'regular', cap: null });
  });

  test("a bid that would take a number's potential payout past the cap is refused whole; other numbers stay open; the dashboard lists it", async () => {
    const rate = await t.ctx.db
      .selectFrom('game_rates')
      .select(['val_1', 'val_2'])
      .where('family', '=', 'regular')
      .where('rate_key', '=', 'single_digit')
      .executeTakeFirstOrThrow();
    const per100 = Math.floor((100 * Number(rate.val_2)) / Number(rate.val_1));
    const set = await operatorCall(t, '/liability-cap/set', { family: 'regular', cap: per100 * 10 });
    expect(set.body.status).toBe(true);
    const market = 'SRIDEVI';
    const p = await createUser(t, { wallet: 50_000 });
    for (let i = 0; i < 10; i++)
      expect((await bid(p.token, [{ digits: '4', points: 100 }], market)).body.status).toBe(true);
    expect(await liabilityOf(market, '4')).toBe(per100 * 10);
    // digit 4 is full: a submission with it and digit 6 is refused whole, digit 6 is untouched
    const refused = await bid(
      p.token,
      [
        { digits: '6', points: 100 },
        { digits: '4', points: 10 },
      ],
      market,
    );
    // the refusal names the closed number, and lists it for the app to offer the rest
    expect(refused.body).toEqual({
      status: false,
      msg: 'Closed for this session: 4. The other numbers can still be placed.',
      closed_numbers: ['4'],
      code: expect.any(String),
    });
    expect(await liabilityOf(market, '6')).toBe(0);
    expect(await walletOf(t, p.id)).toBe(49_000);
    expect((await bid(p.token, [{ digits: '6', points: 100 }], market)).body.status).toBe(true);
    // the Close session's digit 4 is another number
    expect((await bid(p.token, [{ digits: '4', points: 100, session: 'Close' }], market)).body.status).toBe(true);
    const dash = await operatorCall(t, '/dashboard');
    expect(dash.body.capped).toEqual([
      expect.objectContaining({
        market,
        session: 'Open',
        title: 'Single Digit',
        number: '4',
        payout: per100 * 10,
        cap: per100 * 10,
        closed: true,
      }),
    ]);
  });

  test('100 players racing on one number: exactly as many bids as the cap holds pass', async () => {
    const rate = await t.ctx.db
      .selectFrom('game_rates')
      .select(['val_1', 'val_2'])
      .where('family', '=', 'regular')
      .where('rate_key', '=', 'single_digit')
      .executeTakeFirstOrThrow();
    const per100 = Math.floor((100 * Number(rate.val_2)) / Number(rate.val_1));
    await operatorCall(t, '/liability-cap/set', { family: 'regular', cap: per100 * 25 });
    const market = 'TIME BAZAR';
    const players = await Promise.all(Array.from({ length: 100 }, () => createUser(t, { wallet: 1_000 })));
    const bodies = await Promise.all(players.map((p) => bidBody(p.token, [{ digits: '9', points: 100 }], market)));
    const answers = await Promise.all(bodies.map((b) => post('api-submit-bid', b)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.status === true)).toHaveLength(25);
    expect(
      answers.filter((a) => a.body.msg === 'Closed for this session: 9. The other numbers can still be placed.'),
    ).toHaveLength(75);
    expect(await liabilityOf(market, '9')).toBe(per100 * 25);
    const m = await marketByName(t, market);
    const placed = await sql<{ n: string }>`
      SELECT count(*) AS n FROM bids WHERE market_id = ${m.id} AND digits = '9' AND session = 'Open'`.execute(t.ctx.db);
    expect(Number(placed.rows[0].n)).toBe(25);
  });
});
