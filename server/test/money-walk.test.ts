/**
 * What a new player and an operator found on the money paths: a correction that reverses a win its
 * player has already asked to withdraw (the preview names them, the withdrawal is held, approving it
 * needs a reason, rejecting it recovers the points), and transfers out during a break or exclusion.
 */
import { buildNewResult } from '@matka/shared/domain';
import { liveText, pushMessage, type LiveEvent } from '@matka/shared/contract';
import { translatorFor } from '../src/services/language';
import {
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
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('12:00') });
  await operatorCall(t, '/operator/settings/withdraw-window', { open: '00:00', close: '23:59' });
});
afterAll(() => t.close());

async function bid(
  u: { token: string },
  market: string,
  points: number,
  digit: string,
  date = '10-March-2026',
  betType: 'single_digit' | 'jodi_digit' = 'single_digit',
) {
  const m = await marketByName(t, market);
  const [new_result] = buildNewResult({
    family: 'regular',
    betType,
    token: u.token,
    gameId: m.id,
    gameName: m.name,
    bidDate: date,
    rows: [{ digits: digit, closedigits: '', points, session: 'Open', pana: '' }],
  });
  const r = await call(t.app, 'api-submit-bid', { unique_token: u.token, game_id: String(m.id), new_result });
  expect(r.body.status).toBe(true);
}

async function withdraw(u: { id: string; token: string }, points: number) {
  await t.ctx.db.updateTable('users').set({ google_pay_no: '9123456780' }).where('id', '=', u.id).execute();
  const r = await call(t.app, 'api-user-withdraw-fund-request', {
    unique_token: u.token,
    request_amount: points,
    payment_method: 2,
  });
  expect(r.body.status).toBe(true);
  return String(r.body.request_id);
}

const requestOf = (id: string) =>
  t.ctx.db.selectFrom('withdraw_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a correction reverses a win its player is withdrawing', () => {
  test('the preview names them; the withdrawal is held; approving needs a reason; rejecting recovers the points', async () => {
    t.clock.set(kolkata('12:00'));
    const a = await createUser(t, { wallet: 500 });
    const b = await createUser(t, { wallet: 500 });
    const covered = await createUser(t, { wallet: 10_000 });
    for (const u of [a, b, covered]) await bid(u, 'KALYAN', 500, '1');
    t.clock.set(kolkata('15:50'));
    // 128: 1 + 2 + 8 = 11, open digit 1: each wins 500 at 10-95 = 4,750
    expect(
      (await operatorCall(t, '/operator/result/declare', { market: 'KALYAN', session: 'open', pana: '128' })).body
        .status,
    ).toBe(true);
    expect(await walletOf(t, a.id)).toBe(4_750);
    const wa = await withdraw(a, 4_700);
    const wb = await withdraw(b, 4_000);
    expect(await walletOf(t, a.id)).toBe(50);
    expect(await walletOf(t, b.id)).toBe(750);

    // the correction 235 (open digit 0) reverses the three wins
    const preview = await operatorCall(t, '/operator/result/preview', {
      market: 'KALYAN',
      session: 'open',
      pana: '235',
    });
    expect(preview.body.summary).toMatchObject({ reversed: 3, reversed_points: 14_250 });
    const short = Object.fromEntries(
      (preview.body.uncovered as { mobile: string; shortfall: number }[]).map((u) => [u.mobile, u]),
    );
    expect(Object.keys(short).sort()).toEqual([a.mobile, b.mobile].sort());
    expect(short[a.mobile]).toMatchObject({
      reversed: 4_750,
      wallet: 50,
      gained: 0,
      shortfall: 4_700,
      pending_withdrawals: 4_700,
    });
    expect(short[b.mobile]).toMatchObject({
      reversed: 4_750,
      wallet: 750,
      shortfall: 4_000,
      pending_withdrawals: 4_000,
    });
    expect(preview.body.msg).toContain('2 players cannot cover the reversal');

    const d = await operatorCall(t, '/operator/result/declare', { market: 'KALYAN', session: 'open', pana: '235' });
    expect(d.body.status).toBe(true);
    expect(await walletOf(t, a.id)).toBe(0);
    expect(await walletOf(t, b.id)).toBe(0);
    expect(await walletOf(t, covered.id)).toBe(10_000 - 500);

    // each player hears of the reversal: the inbox, and the push in their language
    const inbox = await call(t.app, 'api-notifications', { unique_token: a.token });
    const [latest] = inbox.body.notifications as { kind: string; event: Record<string, unknown> }[];
    expect(latest).toMatchObject({
      kind: 'win_reversed',
      event: { kind: 'win_reversed', name: 'KALYAN', points: 4_750, taken: 50, bids: 1 },
    });
    const told = latest.event as unknown as LiveEvent;
    expect(liveText(told)).toEqual({
      title: 'Win reversed: 4,750 points',
      body: 'KALYAN result corrected: 1 winning bid reversed',
    });
    expect(pushMessage(told, translatorFor('hi'), 'hi')).toMatchObject({
      title: 'जीत वापस ली गई: 4,750 पॉइंट',
      url: '/win',
    });
    expect(await requestOf(wa)).toMatchObject({ status: 'pending', held_points: '4700' });
    expect((await requestOf(wa)).held_note).toContain('KALYAN 2026-03-10, 4700 points of a reversed win not recovered');
    expect(await requestOf(wb)).toMatchObject({ status: 'pending', held_points: '4000' });

    // the queue flags them
    const queue = await operatorCall(t, '/operator/withdrawals');
    const row = (queue.body.withdrawals as { id: string; held_points: string }[]).find((w) => String(w.id) === wa);
    expect(row).toMatchObject({ held_points: '4700' });

    // approving a held withdrawal without a reason is refused and changes nothing
    for (const reason of [undefined, '   ']) {
      const refused = await operatorCall(t, '/operator/withdrawals/approve', {
        id: Number(wa),
        ...(reason ? { reason } : {}),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.body.msg).toContain(`Withdrawal #${wa} is held: 4700 points of a reversed win`);
    }
    expect(await requestOf(wa)).toMatchObject({ status: 'pending' });

    // rejecting it: the points come back less what the house is owed, and the bid owes nothing more
    const rejected = await operatorCall(t, '/operator/withdrawals/reject', { id: Number(wa), reason: 'Win reversed' });
    expect(rejected.body.msg).toContain('of which 4,700 recovered for the reversed win (wallet now 0)');
    expect(await walletOf(t, a.id)).toBe(0);
    expect(await ledgerSum(t, a.id)).toBe(0);
    const owed = await t.ctx.db.selectFrom('bids').select('unrecovered').where('user_id', '=', a.id).execute();
    expect(owed.map((r) => r.unrecovered)).toEqual(['0']);

    // approving with a reason pays it, and the reason is kept and audited
    const approved = await operatorCall(t, '/operator/withdrawals/approve', {
      id: Number(wb),
      reason: 'Paid out before the correction',
    });
    expect(approved.body.status).toBe(true);
    expect(await requestOf(wb)).toMatchObject({ status: 'approved', note: 'Paid out before the correction' });
    const audited = await t.ctx.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('target', '=', `W${wb}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audited.after)).toContain('Paid out before the correction');
    expect(JSON.stringify(audited.before)).toContain('"held_points":"4000"');
  });

  test('a withdrawal of a player whose wallet covers the reversal is not held', async () => {
    t.clock.set(kolkata('12:00'));
    const u = await createUser(t, { wallet: 20_000 });
    await bid(u, 'MILAN DAY', 100, '3', '10-March-2026');
    const m = await marketByName(t, 'MILAN DAY');
    t.clock.set(kolkata('16:00'));
    // 120: open digit 3, wins 950; then 4,000 asked out of the 20,850
    const first = await operatorCall(t, '/operator/result/declare', { market: m.name, session: 'open', pana: '120' });
    expect(first.body.status).toBe(true);
    const w = await withdraw(u, 4_000);
    const preview = await operatorCall(t, '/operator/result/preview', { market: m.name, session: 'open', pana: '149' });
    expect(preview.body.uncovered).toEqual([]);
    expect(
      (await operatorCall(t, '/operator/result/declare', { market: m.name, session: 'open', pana: '149' })).body.status,
    ).toBe(true);
    expect(await walletOf(t, u.id)).toBe(20_000 - 100 - 4_000);
    expect(await requestOf(w)).toMatchObject({ status: 'pending', held_points: '0' });
    expect((await operatorCall(t, '/operator/withdrawals/approve', { id: Number(w) })).body.status).toBe(true);
  });
});

describe('a player on a break or self-excluded sends no points', () => {
  const transfer = (from: { token: string }, to: { mobile: string }, amount: number) =>
    call(t.app, 'api-user-transfer-wallet-balance', { unique_token: from.token, mobile_no: to.mobile, amount });
  const transfersFrom = async (id: string) =>
    (await t.ctx.db.selectFrom('transfers').select('id').where('from_user_id', '=', id).execute()).length;

  test.each([
    ['a break', 'api-take-break', { period: '24h' }, /^You are taking a break until .*to and from you are closed/],
    ['self-exclusion', 'api-self-exclude', { period: '6m' }, /^You have excluded yourself from play until /],
  ])(
    '%s: the transfer is refused with the reason, nothing moves; a withdrawal is still taken',
    async (_, call_, body, msg) => {
      t.clock.set(kolkata('12:00'));
      const p = await createUser(t, { wallet: 1_000 });
      const friend = await createUser(t, { wallet: 0 });
      expect((await transfer(p, friend, 100)).body.status).toBe(true);
      const paused = await call(t.app, call_, { unique_token: p.token, ...body });
      expect(paused.body.status).toBe(true);
      const refused = await transfer(p, friend, 200);
      expect(refused.body).toEqual({ status: false, msg: expect.stringMatching(msg), code: expect.any(String) });
      expect(await walletOf(t, p.id)).toBe(900);
      expect(await walletOf(t, friend.id)).toBe(100);
      expect(await transfersFrom(p.id)).toBe(1);
      // the one transfer that went through reached the receiver's inbox
      const inbox = await call(t.app, 'api-notifications', { unique_token: friend.token });
      const got = (inbox.body.notifications as { kind: string; event: LiveEvent }[]).filter(
        (n) => n.kind === 'transfer',
      );
      expect(got).toHaveLength(1);
      expect(liveText(got[0].event)).toEqual({
        title: '100 points received',
        body: expect.stringMatching(/^From Player /),
      });
      expect(await ledgerSum(t, p.id)).toBe(900);
      // withdrawals stay allowed
      await withdraw(p, 500);
      expect(await walletOf(t, p.id)).toBe(400);
    },
  );
});

describe("a declaration's counts", () => {
  test('bids waiting for the close are not counted as settled; one of a thing is singular', async () => {
    t.clock.set(kolkata('12:00'));
    const u = await createUser(t, { wallet: 10_000 });
    const v = await createUser(t, { wallet: 10_000 });
    // TIME BAZAR: open 13:00; 3 single digits (one wins) and 2 jodis (they wait for the close)
    for (const d of ['1', '2', '3']) await bid(u, 'TIME BAZAR', 10, d);
    await bid(u, 'TIME BAZAR', 10, '15', '10-March-2026', 'jodi_digit');
    await bid(v, 'TIME BAZAR', 10, '16', '10-March-2026', 'jodi_digit');
    t.clock.set(kolkata('13:05'));
    const preview = await operatorCall(t, '/operator/result/preview', {
      market: 'TIME BAZAR',
      session: 'open',
      pana: '128',
    });
    expect(preview.body.msg).toContain('if declared 128-1, 1 winning bid would be paid 95 points');
    expect(preview.body.summary).toMatchObject({ bids: 5, pending: 2, paid: 1 });
    const d = await operatorCall(t, '/operator/result/declare', { market: 'TIME BAZAR', session: 'open', pana: '128' });
    expect(d.body.msg).toContain('settled 3 bids: 1 winning bid paid 95 points');
    expect(d.body.msg).toContain('2 bids wait for the close result');
    expect(d.body.msg).not.toContain('settled 5');
    // one waiting: singular
    const w = await createUser(t, { wallet: 1_000 });
    t.clock.set(kolkata('12:00', '2026-03-11'));
    await bid(w, 'TIME BAZAR', 10, '4', '11-March-2026');
    await bid(w, 'TIME BAZAR', 10, '44', '11-March-2026', 'jodi_digit');
    t.clock.set(kolkata('13:05', '2026-03-11'));
    const one = await operatorCall(t, '/operator/result/declare', {
      market: 'TIME BAZAR',
      session: 'open',
      pana: '130',
    });
    expect(one.body.msg).toContain('settled 1 bid: 1 winning bid paid 95 points');
    expect(one.body.msg).toContain('1 bid waits for the close result');
  });
});

describe('Gali has no session', () => {
  test("a Gali win's ledger row and the operator's list of bids say no '(Open)'", async () => {
    t.clock.set(kolkata('12:00'));
    const u = await createUser(t, { wallet: 1_000 });
    const m = await marketByName(t, 'FARIDABAD');
    const [new_result] = buildNewResult({
      family: 'gali',
      betType: 'gali_jodi_digit',
      token: u.token,
      gameId: m.id,
      gameName: m.name,
      bidDate: '10-March-2026',
      rows: [{ digits: '47', closedigits: '', points: 10, session: 'Close', pana: '' }],
    });
    const placed = await call(t.app, 'api-galidisawar-submit-bid', {
      unique_token: u.token,
      game_id: String(m.id),
      new_result,
    });
    expect(placed.body.status).toBe(true);
    t.clock.set(kolkata('18:05'));
    expect((await operatorCall(t, '/operator/gali/declare', { market: 'FARIDABAD', jodi: '47' })).body.status).toBe(
      true,
    );
    const notes = (
      await t.ctx.db.selectFrom('wallet_transactions').select(['kind', 'note']).where('user_id', '=', u.id).execute()
    ).filter((r) => r.kind === 'win' || r.kind === 'bid');
    expect(notes.map((r) => r.kind).sort()).toEqual(['bid', 'win']);
    for (const r of notes) expect(r.note).not.toMatch(/\((Open|Close)\)/);
    expect(notes.find((r) => r.kind === 'win')!.note).toBe('Win FARIDABAD Jodi Digit 47');
    const detail = await operatorCall(t, `/operator/users/detail?mobile=${u.mobile}`);
    expect(detail.body.bids[0]).toMatchObject({ market: 'FARIDABAD', bet: 'Jodi Digit', session: '' });
  });
});

describe("the operator's messages", () => {
  test('betting on and off, and an approval, are said in words, not field values', async () => {
    const u = await createUser(t, { wallet: 0 });
    const off = await operatorCall(t, '/operator/set-betting', { mobile: u.mobile, status: '0' });
    expect(off.body.msg).toBe(`Betting for ${u.mobile} is now off`);
    const on = await operatorCall(t, '/operator/set-betting', { mobile: u.mobile, status: '1' });
    expect(on.body.msg).toBe(`Betting for ${u.mobile} is now on`);
    expect(JSON.stringify([off.body.msg, on.body.msg])).not.toMatch(/betting_status|'0'|'1'/);
  });
});
