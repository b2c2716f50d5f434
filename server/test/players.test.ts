/**
 * What players and operators hit (wave 3, issue I), on the server: typed amounts, rates fixed at bid
 * time, early results.
 */
import { buildNewResult, POINTS_WHOLE } from '@matka/shared/domain';
import { call, createUser, kolkata, ledgerSum, makeTestApp, marketByName, walletOf, type TestApp } from './helpers';

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
  (new_result.result as { points: string }[])[0].points = String(points);
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
