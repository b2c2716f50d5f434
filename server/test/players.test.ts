/**
 * What players and operators hit (wave 3, issue I), on the server: typed amounts, rates fixed at bid
 * time, early results.
 */
import { buildNewResult, POINTS_WHOLE } from '@matka/shared/domain';
import {
  OPERATOR_TOKEN,
  call,
  createUser,
  kolkata,
  ledgerSum,
  makeTestApp,
  marketByName,
  walletOf,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('12:00') });
});
afterAll(() => t.close());

async function kalyanBid(u: { token: string }, points: string | number, digit = '5') {
  const m = await marketByName(t, 'KALYAN');
  const [new_result] = buildNewResult({
    family: 'regular',
    betType: 'single_digit',
    token: u.token,
    gameId: m.id,
    gameName: m.name,
    bidDate: '10-March-2026',
    rows: [{ digits: digit, closedigits: '', points: 10, session: 'Open', pana: '' }],
  });
  (new_result.result as unknown as { points: string }[])[0].points = String(points);
  return call(t.app, 'api-submit-bid', { unique_token: u.token, game_id: String(m.id), new_result });
}

const countOf = async (
  table: 'bid_submissions' | 'fund_requests' | 'withdraw_requests' | 'transfers',
  userId: string,
) =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(table === 'transfers' ? 'from_user_id' : 'user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('item 1: points are whole; a decimal is refused with a message and stores nothing', () => {
  test('a bid of 10.5 points', async () => {
    const u = await createUser(t, { wallet: 1_000 });
    for (const points of ['10.5', '105.', '1,000']) {
      const r = await kalyanBid(u, points);
      expect(r.body).toMatchObject({ status: false, msg: POINTS_WHOLE });
    }
    expect(await countOf('bid_submissions', u.id)).toBe(0);
    expect(await walletOf(t, u.id)).toBe(1_000);
    expect((await kalyanBid(u, '105')).body.status).toBe(true);
    expect(await walletOf(t, u.id)).toBe(895);
  });

  test('a withdrawal of 600.5 and a deposit of 150.5', async () => {
    const u = await createUser(t, { wallet: 10_000 });
    await t.ctx.db.updateTable('users').set({ google_pay_no: '9123456780' }).where('id', '=', u.id).execute();
    const w = await call(t.app, 'api-user-withdraw-fund-request', {
      unique_token: u.token,
      request_amount: '600.5',
      payment_method: 2,
    });
    expect(w.body).toEqual({ status: false, msg: POINTS_WHOLE });
    const d = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: '150.5' });
    expect(d.body).toEqual({ status: false, msg: POINTS_WHOLE });
    expect(await countOf('fund_requests', u.id)).toBe(0);
    expect(await countOf('withdraw_requests', u.id)).toBe(0);
    expect(await walletOf(t, u.id)).toBe(10_000);
    expect(await ledgerSum(t, u.id)).toBe(10_000);
  });
});

const op = async (url: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  return { statusCode: res.statusCode, body: res.json() };
};

describe('item 2: the rate is part of the bet', () => {
  test('a 1,000-point Single Digit bid placed at 10-95 is paid 9,500 after the rate becomes 10-90; history shows its rate', async () => {
    t.clock.set(kolkata('12:00'));
    const u = await createUser(t, { wallet: 1_000 });
    const late = await createUser(t, { wallet: 1_000 });
    expect((await kalyanBid(u, 1_000, '1')).body.status).toBe(true);
    const stored = await t.ctx.db
      .selectFrom('bids')
      .select(['rate_1', 'rate_2'])
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ rate_1: '10', rate_2: '95' });

    const changed = await op('/operator/rates/set', {
      family: 'regular',
      rate_key: 'single_digit',
      val_1: 10,
      val_2: 90,
    });
    expect(changed.body.status).toBe(true);
    // a bid placed after the change carries the new rate
    expect((await kalyanBid(late, 1_000, '1')).body.status).toBe(true);

    const before = await call(t.app, 'api-bid-history-data', {
      unique_token: u.token,
      bid_from: '03/10/2026',
      bid_to: '03/10/2026',
    });
    expect(before.body.bid_data[0]).toMatchObject({
      status: 'pending',
      rate: '10-95',
      win_if_correct: '9500',
      result: '',
    });

    t.clock.set(kolkata('15:50'));
    // 128: 1 + 2 + 8 = 11 -> open digit 1
    const d = await op('/operator/result/declare', { market: 'KALYAN', session: 'open', pana: '128' });
    expect(d.body.status).toBe(true);
    expect(await walletOf(t, u.id)).toBe(9_500);
    expect(await walletOf(t, late.id)).toBe(9_000);
    expect(await ledgerSum(t, u.id)).toBe(9_500);
    const after = await call(t.app, 'api-bid-history-data', {
      unique_token: u.token,
      bid_from: '03/10/2026',
      bid_to: '03/10/2026',
    });
    expect(after.body.bid_data[0]).toMatchObject({
      status: 'won',
      win_amount: '9500',
      rate: '10-95',
      result: '128-1*-***',
    });
    // and the preview of a correction counts it at its own rate too
    await op('/operator/rates/set', { family: 'regular', rate_key: 'single_digit', val_1: 10, val_2: 95 });
  });
});
