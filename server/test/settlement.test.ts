/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
/**
 * Results and settlement: every bet type wins and loses against hand-worked payouts at the demo rates
 * (regular 10 -> 95 / 950 / 1500 / 3000 / 7000 / 10000 / 100000; starline 95 / 1500 / 3000 / 7000;
 * Gali 95 / 95 / 950), declaring twice pays once, a correction reverses with ledger rows and pays anew,
 * wallets always equal their ledgers, previews, the lists and the chart pages.
 */
import {
  buildNewResult,
  spMotor,
  dpMotor,
  type BetTypeId,
  type BidRow,
  type Family,
  type Session,
} from '@matka/shared/domain';
import { sql } from 'kysely';
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
  t = await makeTestApp({ at: kolkata('08:00') });
});
afterAll(() => t.close());

const row = (digits: string, points: number, session: Session = 'Open', closedigits = '', pana = ''): BidRow => ({
  digits,
  closedigits,
  points,
  session,
  pana,
});

const SUBMIT: Record<Family, string> = {
  regular: 'api-submit-bid',
  starline: 'api-starline-submit-bid',
  gali: 'api-galidisawar-submit-bid',
};

async function place(
  token: string,
  family: Family,
  betType: BetTypeId,
  marketName: string,
  session: Session,
  rows: BidRow[],
) {
  const m = await marketByName(t, marketName);
  for (const new_result of buildNewResult({
    family,
    betType,
    token,
    gameId: m.id,
    gameName: m.name,
    bidDate: '10-March-2026',
    rows: rows.map((r) => ({ ...r, session })),
  })) {
    const r = await call(t.app, SUBMIT[family], { unique_token: token, game_id: String(m.id), new_result });
    expect([betType, r.body.status, r.body.msg]).toEqual([betType, true, expect.any(String)]);
  }
}

const declare = (market: string, session: 'open' | 'close', pana: string, date?: string) =>
  operatorCall(t, '/operator/result/declare', { market, session, pana, date });

/** bet label + digits -> [status, win_amount] of a user's bids */
async function outcomes(userId: string) {
  const rows = await t.ctx.db
    .selectFrom('bids as b')
    .innerJoin('markets as m', 'm.id', 'b.market_id')
    .select(['m.name', 'b.bet_type', 'b.session', 'b.digits', 'b.closedigits', 'b.status', 'b.win_amount'])
    .where('b.user_id', '=', userId)
    .orderBy('b.id')
    .execute();
  return rows.map(
    (r) =>
      `${r.name}|${r.bet_type}|${r.session}|${r.digits}${r.closedigits ? '-' + r.closedigits : ''}=${r.status}:${r.win_amount}`,
  );
}

async function expectAllWalletsMatchLedger() {
  const bad = await sql<{ id: string }>`
    SELECT u.id FROM users u
    LEFT JOIN (SELECT user_id, sum(CASE WHEN type = 'credit' THEN amount ELSE -amount END) AS s
               FROM wallet_transactions GROUP BY user_id) l ON l.user_id = u.id
    WHERE u.wallet <> coalesce(l.s, 0)`.execute(t.ctx.db);
  expect(bad.rows).toEqual([]);
  // and every ledger row's balance_after is the running sum of that user's rows
  const drift = await sql<{ id: string }>`
    SELECT id FROM (
      SELECT id, balance_after,
             sum(CASE WHEN type = 'credit' THEN amount ELSE -amount END) OVER (PARTITION BY user_id ORDER BY id) AS running
      FROM wallet_transactions) x
    WHERE balance_after <> running`.execute(t.ctx.db);
  expect(drift.rows).toEqual([]);
}

describe('regular market: every bet type, open then close, twice, then corrected', () => {
  let u: { id: string; token: string; mobile: string };
  const STAKE_START = 10_000;

  beforeAll(async () => {
    t.clock.set(kolkata('08:00'));
    u = await createUser(t, { wallet: STAKE_START });
    const K = 'KALYAN';
    await place(u.token, 'regular', 'single_digit', K, 'Open', [row('1', 20), row('2', 10)]);
    await place(u.token, 'regular', 'single_digit', K, 'Close', [row('4', 10, 'Close'), row('1', 10, 'Close')]);
    await place(u.token, 'regular', 'jodi_digit', K, 'Close', [row('14', 10, 'Close'), row('41', 10, 'Close')]);
    await place(u.token, 'regular', 'single_pana', K, 'Open', [row('128', 10)]);
    await place(u.token, 'regular', 'single_pana', K, 'Close', [row('128', 10, 'Close')]);
    await place(u.token, 'regular', 'double_pana', K, 'Close', [row('446', 10, 'Close')]);
    await place(u.token, 'regular', 'double_pana', K, 'Open', [row('100', 10)]);
    await place(u.token, 'regular', 'half_sangam', K, 'Open', [
      row('1', 10, 'Open', '446'),
      row('128', 10, 'Open', '4'),
      row('2', 10, 'Open', '446'),
      row('128', 10, 'Open', '5'),
    ]);
    await place(u.token, 'regular', 'full_sangam', K, 'Open', [
      row('128', 10, 'Open', '446'),
      row('128', 10, 'Open', '447'),
    ]);
    const sp = spMotor('1289');
    if (!sp.ok) throw new Error('spMotor');
    await place(
      u.token,
      'regular',
      'sp_motor',
      K,
      'Open',
      sp.panas.map((p) => row(p, 10, 'Open', '', 'Single Pana')),
    );
    const dp = dpMotor('46');
    if (!dp.ok) throw new Error('dpMotor');
    await place(
      u.token,
      'regular',
      'dp_motor',
      K,
      'Close',
      dp.panas.map((p) => row(p, 10, 'Close', '', 'Double Pana')),
    );
    await place(u.token, 'regular', 'sp_dp_tp', K, 'Open', [
      row('128', 10, 'Open', '', 'Single Pana'),
      row('100', 10, 'Open', '', 'Double Pana'),
      row('777', 10, 'Open', '', 'Triple Pana'),
    ]);
    const M = 'MILAN DAY';
    await place(u.token, 'regular', 'triple_pana', M, 'Open', [row('777', 10)]);
    await place(u.token, 'regular', 'triple_pana', M, 'Close', [row('777', 10, 'Close')]);
    await place(u.token, 'regular', 'sp_dp_tp', M, 'Open', [row('777', 10, 'Open', '', 'Triple Pana')]);
  });

  const stakes = 20 + 10 + 10 + 10 + 10 + 10 + 10 + 10 + 10 + 10 + 40 + 20 + 40 + 20 + 30 + 10 + 10 + 10;

  test('the stakes were debited', async () => {
    expect(await walletOf(t, u.id)).toBe(STAKE_START - stakes);
  });

  test('open result 128: open-session bids settle, the rest waits; bids on the open session are closed', async () => {
    t.clock.set(kolkata('16:00'));
    const r = await declare('KALYAN', 'open', '128');
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatchObject({ status: true, result_text: '128-1', changed: true });
    // 128 digit 1: Single Digit 1 (20 pts) 190, Single Pana 128 1500, SP Motor 128 1500, SP DP TP 128 1500
    expect(r.body.summary).toMatchObject({ paid: 4, paid_points: 190 + 1500 * 3, reversed: 0 });
    expect(await walletOf(t, u.id)).toBe(STAKE_START - stakes + 190 + 4500);
    const o = await outcomes(u.id);
    expect(o).toEqual(
      expect.arrayContaining([
        'KALYAN|single_digit|Open|1=won:190',
        'KALYAN|single_digit|Open|2=lost:0',
        'KALYAN|single_digit|Close|4=pending:0',
        'KALYAN|jodi_digit|Close|14=pending:0',
        'KALYAN|jodi_digit|Close|41=lost:0', // the open digit already misses
        'KALYAN|half_sangam|Open|2-446=lost:0',
        'KALYAN|half_sangam|Open|1-446=pending:0',
        'KALYAN|full_sangam|Open|128-446=pending:0',
        'KALYAN|sp_motor|Open|129=lost:0',
        'KALYAN|sp_dp_tp|Open|100=lost:0',
      ]),
    );
    // home list shows it at once; the open session no longer takes bids, the close session does
    const home = await call(t.app, 'api-home-info', { unique_token: u.token });
    const k = home.body.result.find((m: any) => m.game_name === 'KALYAN');
    expect(k).toMatchObject({ open_result: '128', close_result: '' });
    t.clock.set(kolkata('08:00'));
    const m = await marketByName(t, 'KALYAN');
    const [late] = buildNewResult({
      family: 'regular',
      betType: 'single_digit',
      token: u.token,
      gameId: m.id,
      gameName: m.name,
      bidDate: '10-March-2026',
      rows: [row('1', 10)],
    });
    const refused = await call(t.app, 'api-submit-bid', {
      unique_token: u.token,
      game_id: String(m.id),
      new_result: late,
    });
    expect(refused.body).toEqual({
      status: false,
      msg: 'Open bids are closed for Single Digit; Close bids are still taken.',
      code: expect.any(String),
    });
    const [jodi] = buildNewResult({
      family: 'regular',
      betType: 'jodi_digit',
      token: u.token,
      gameId: m.id,
      gameName: m.name,
      bidDate: '10-March-2026',
      rows: [row('11', 10, 'Close')],
    });
    expect(
      (await call(t.app, 'api-submit-bid', { unique_token: u.token, game_id: String(m.id), new_result: jodi })).body,
    ).toEqual({
      status: false,
      msg: 'Bidding is closed for Jodi Digit',
      code: expect.any(String),
    });
    await expectAllWalletsMatchLedger();
  });

  test('preview of the close result: winners, total payout and exposure, nothing written', async () => {
    t.clock.set(kolkata('18:00'));
    const before = await ledgerSum(t, u.id);
    const p = await operatorCall(t, '/operator/result/preview', { market: 'KALYAN', session: 'close', pana: '446' });
    expect(p.statusCode).toBe(200);
    // Close Single Digit 4: 95; Jodi 14: 950; Double Pana 446: 3000; Half Sangam 1-446 and 128-4: 10000 each;
    // Full Sangam 128-446: 100000; DP Motor 446: 3000
    expect(p.body.total_payout).toBe(95 + 950 + 3000 + 20000 + 100000 + 3000);
    expect(p.body.winners_count).toBe(7);
    expect(p.body.winners[0]).toMatchObject({
      bet: 'Full Sangam',
      digits: '128',
      closedigits: '446',
      win_amount: 100000,
    });
    expect(p.body.exposure.by_digit).toEqual({ '1': 10, '4': 10 });
    expect(p.body.exposure.by_jodi).toEqual([{ jodi: '14', points: 10 }]);
    expect(p.body.exposure.by_pana).toEqual([
      { pana: '446', points: 20 }, // Double Pana + DP Motor
      { pana: '128', points: 10 },
      { pana: '466', points: 10 },
    ]);
    expect(p.body.exposure.by_sangam.map((x: any) => x.sangam).sort()).toEqual([
      '1-446',
      '128-4',
      '128-446',
      '128-447',
      '128-5',
    ]);
    expect(p.body.exposure.riskiest[0]).toMatchObject({ result: '446' });
    expect(await ledgerSum(t, u.id)).toBe(before);
    // a bad candidate is a 400 with a clear message; a close before the open is refused
    expect(
      (await operatorCall(t, '/operator/result/preview', { market: 'KALYAN', session: 'close', pana: '123x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await operatorCall(t, '/operator/result/preview', { market: 'KALYAN', session: 'close', pana: '132' })).body.msg,
    ).toMatch(/not a pana/);
    expect((await declare('SRIDEVI', 'close', '446')).body).toMatchObject({
      status: false,
      msg: 'Declare the open result of SRIDEVI first',
      code: expect.any(String),
    });
  });

  test('close result 446: the rest settles with hand-worked payouts; declaring it again pays nothing more', async () => {
    const r = await declare('KALYAN', 'close', '446');
    expect(r.body).toMatchObject({ status: true, result_text: '128-14-446' });
    expect(r.body.summary).toMatchObject({ paid: 7, paid_points: 127045, pending: 0 });
    const afterClose = STAKE_START - stakes + 190 + 4500 + 127045;
    expect(await walletOf(t, u.id)).toBe(afterClose);
    expect(await outcomes(u.id)).toEqual(
      expect.arrayContaining([
        'KALYAN|single_digit|Close|4=won:95',
        'KALYAN|single_digit|Close|1=lost:0',
        'KALYAN|jodi_digit|Close|14=won:950',
        'KALYAN|single_pana|Close|128=lost:0',
        'KALYAN|double_pana|Close|446=won:3000',
        'KALYAN|double_pana|Open|100=lost:0',
        'KALYAN|half_sangam|Open|1-446=won:10000',
        'KALYAN|half_sangam|Open|128-4=won:10000',
        'KALYAN|half_sangam|Open|128-5=lost:0',
        'KALYAN|full_sangam|Open|128-446=won:100000',
        'KALYAN|full_sangam|Open|128-447=lost:0',
        'KALYAN|dp_motor|Close|446=won:3000',
        'KALYAN|dp_motor|Close|466=lost:0',
        'KALYAN|sp_dp_tp|Open|777=lost:0',
      ]),
    );
    // twice (and concurrently) -> paid once
    const again = await Promise.all([declare('KALYAN', 'close', '446'), declare('KALYAN', 'close', '446')]);
    for (const a of again)
      expect(a.body).toMatchObject({ status: true, changed: false, summary: { paid: 0, reversed: 0 } });
    expect(await walletOf(t, u.id)).toBe(afterClose);
    const wins = await t.ctx.db
      .selectFrom('wins')
      .select(['amount'])
      .where('user_id', '=', u.id)
      .where('reversed_at', 'is', null)
      .execute();
    expect(wins).toHaveLength(11);
    expect(wins.reduce((s, w) => s + Number(w.amount), 0)).toBe(190 + 4500 + 127045);
    // the win history lists them; the ledger has one 'win' row per winning bid
    const hist = await call(t.app, 'api-wining-history-data', {
      unique_token: u.token,
      date_from: '03/10/2026',
      date_to: '03/10/2026',
    });
    expect(hist.body.win_data).toHaveLength(11);
    expect(hist.body.win_data).toContainEqual(
      expect.objectContaining({
        game_name: 'KALYAN',
        pana: 'Full Sangam',
        digits: '128',
        closedigits: '446',
        amount: '100000',
      }),
    );
    const winRows = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select('amount')
      .where('user_id', '=', u.id)
      .where('kind', '=', 'win')
      .execute();
    expect(winRows).toHaveLength(11);
    // the whole day is closed for bids now
    const home = await call(t.app, 'api-home-info', { unique_token: u.token });
    expect(home.body.result.find((m: any) => m.game_name === 'KALYAN')).toMatchObject({
      open_result: '128',
      close_result: '446',
      result_text: expect.stringContaining('128'),
    });
    await expectAllWalletsMatchLedger();
  });

  test('Milan Day: Triple Pana wins 7000 (also as SP DP TP); the Close-session triple loses', async () => {
    await declare('MILAN DAY', 'open', '777');
    const r = await declare('MILAN DAY', 'close', '390');
    expect(r.body).toMatchObject({ status: true, result_text: '777-12-390' });
    expect(await outcomes(u.id)).toEqual(
      expect.arrayContaining([
        'MILAN DAY|triple_pana|Open|777=won:7000',
        'MILAN DAY|triple_pana|Close|777=lost:0',
        'MILAN DAY|sp_dp_tp|Open|777=won:7000',
      ]),
    );
  });

  test('a corrected close result reverses the earlier wins with ledger rows and pays the new winners', async () => {
    const before = await walletOf(t, u.id);
    const r = await declare('KALYAN', 'close', '447'); // digit 5: jodi 15
    expect(r.body).toMatchObject({ status: true, result_text: '128-15-447', changed: true });
    // reversed: Close SD 4 (95), Jodi 14 (950), DP 446 (3000), HS 1-446 (10000), HS 128-4 (10000), FS 128-446 (100000), DP Motor 446 (3000)
    // paid: FS 128-447 (100000), HS 128-5 (10000)
    expect(r.body.summary).toMatchObject({
      reversed: 7,
      reversed_points: 127045,
      paid: 2,
      paid_points: 110000,
      shortfall_points: 0,
    });
    expect(await walletOf(t, u.id)).toBe(before - 127045 + 110000);
    const ledger = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select(['type', 'kind', 'amount', 'reference'])
      .where('user_id', '=', u.id)
      .where('kind', 'in', ['win', 'win_reversal'])
      .orderBy('id')
      .execute();
    expect(
      ledger
        .filter((l) => l.kind === 'win_reversal')
        .map((l) => Number(l.amount))
        .sort((a, b) => a - b),
    ).toEqual([95, 950, 3000, 3000, 10000, 10000, 100000]);
    expect(
      ledger
        .slice(-9)
        .filter((l) => l.kind === 'win')
        .map((l) => Number(l.amount))
        .sort((a, b) => a - b),
    ).toEqual([10000, 100000]);
    expect(await outcomes(u.id)).toEqual(
      expect.arrayContaining([
        'KALYAN|full_sangam|Open|128-446=lost:0',
        'KALYAN|full_sangam|Open|128-447=won:100000',
        'KALYAN|half_sangam|Open|128-5=won:10000',
        'KALYAN|jodi_digit|Close|14=lost:0',
        'KALYAN|single_digit|Open|1=won:190', // the open result did not change
      ]),
    );
    // the reversed win records are kept (reversed_at) and left the win history
    const reversed = await t.ctx.db
      .selectFrom('wins')
      .select('id')
      .where('user_id', '=', u.id)
      .where('reversed_at', 'is not', null)
      .execute();
    expect(reversed).toHaveLength(7);
    const hist = await call(t.app, 'api-wining-history-data', {
      unique_token: u.token,
      date_from: '03/10/2026',
      date_to: '03/10/2026',
    });
    expect(hist.body.win_data).toHaveLength(11 + 2 - 7 + 2);
    // the audit shows before and after
    const a = await t.ctx.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'result declare')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(a).toMatchObject({ before: { close_pana: '446' }, after: { close_pana: '447', job: r.body.job.id } });
    // and its settlement's row what the job did
    const done = await t.ctx.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'settlement done')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ params: { job: r.body.job.id }, after: { status: 'done', reversed: 7, paid: 2 } });
    await expectAllWalletsMatchLedger();
  });

  test('correcting the open result re-settles the open bids too', async () => {
    const before = await walletOf(t, u.id);
    const r = await declare('KALYAN', 'open', '137'); // digit 1 again: jodi stays 15
    expect(r.body).toMatchObject({ result_text: '137-15-447' });
    // lost now: Single Pana 128 (1500), SP Motor 128 (1500), SP DP TP 128 (1500), HS 128-5 (10000), FS 128-447 (100000)
    // still won: Single Digit 1 (190). New: none bid on 137.
    expect(r.body.summary).toMatchObject({ reversed: 5, reversed_points: 114500, paid: 0 });
    expect(await walletOf(t, u.id)).toBe(before - 114500);
    await expectAllWalletsMatchLedger();
  });
});

describe('a reversal never takes a wallet below zero', () => {
  test('the win was spent: the wallet goes to 0, the shortfall is reported, the ledger still matches', async () => {
    t.clock.set(kolkata('08:00'));
    const u = await createUser(t, { wallet: 100 });
    await place(u.token, 'regular', 'single_digit', 'TIME BAZAR', 'Open', [row('6', 100)]);
    t.clock.set(kolkata('13:30'));
    await declare('TIME BAZAR', 'open', '123'); // digit 6: wins 950
    expect(await walletOf(t, u.id)).toBe(950);
    await t.ctx.db.transaction().execute(async (trx) => {
      // spend 900 (as a withdrawal hold would)
      await trx.updateTable('users').set({ wallet: 50 }).where('id', '=', u.id).execute();
      await trx
        .insertInto('wallet_transactions')
        .values({ user_id: u.id, type: 'debit', amount: 900, balance_after: 50, kind: 'test_debit', note: 'spent' })
        .execute();
    });
    const r = await declare('TIME BAZAR', 'open', '124'); // digit 7
    expect(r.body.summary).toMatchObject({ reversed: 1, reversed_points: 950, shortfall_points: 900 });
    expect(r.body.msg).toContain('900 points of reversed wins were no longer in the wallets');
    expect(await walletOf(t, u.id)).toBe(0);
    expect(await ledgerSum(t, u.id)).toBe(0);
  });
});

describe('an unrecovered reversal is netted against a later re-payment', () => {
  const unrecoveredOf = async (userId: string) =>
    (await t.ctx.db
      .selectFrom('bids')
      .select(['status', 'win_amount', 'unrecovered'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()) as { status: string; win_amount: string; unrecovered: string };
  const transferOut = (from: { token: string }, to: { mobile: string }, amount: number) =>
    call(t.app, 'api-user-transfer-wallet-balance', { unique_token: from.token, amount, mobile_no: to.mobile });

  test('win -> transfer it all away -> correct (nothing taken back) -> restore: paid once, not twice', async () => {
    t.clock.set(kolkata('08:00'));
    const u = await createUser(t, { wallet: 100 });
    const friend = await createUser(t, { wallet: 0 });
    await place(u.token, 'regular', 'single_digit', 'MAIN BAZAR', 'Open', [row('6', 100)]);
    t.clock.set(kolkata('22:00'));
    expect((await declare('MAIN BAZAR', 'open', '123')).body.summary).toMatchObject({ paid: 1, paid_points: 950 });
    expect(await walletOf(t, u.id)).toBe(950);
    expect((await transferOut(u, friend, 950)).body.status).toBe(true);
    // corrected: the win is reversed, but the wallet holds nothing; the 950 are recorded on the bid
    const corrected = await declare('MAIN BAZAR', 'open', '124');
    expect(corrected.body.summary).toMatchObject({ reversed: 1, reversed_points: 950, shortfall_points: 950 });
    expect(await walletOf(t, u.id)).toBe(0);
    expect(await unrecoveredOf(u.id)).toEqual({ status: 'lost', win_amount: '0', unrecovered: '950' });
    // restored: the bid wins again, but its earlier payment was never taken back: nothing more is paid
    const restored = await declare('MAIN BAZAR', 'open', '123');
    expect(restored.body.summary).toMatchObject({ paid: 1, paid_points: 950, withheld_points: 950 });
    expect(restored.body.msg).toContain('950 points of new wins kept back');
    expect(await walletOf(t, u.id)).toBe(0);
    expect(await unrecoveredOf(u.id)).toEqual({ status: 'won', win_amount: '950', unrecovered: '0' });
    // the win history still shows the (one) live win
    const wins = await call(t.app, 'api-wining-history-data', {
      unique_token: u.token,
      date_from: '03/10/2026',
      date_to: '03/10/2026',
    });
    expect(wins.body.win_data.map((w: any) => w.amount)).toEqual(['950']);
    // and a second correction reverses again from an empty wallet (recorded again, never negative)
    expect((await declare('MAIN BAZAR', 'open', '124')).body.summary).toMatchObject({ shortfall_points: 950 });
    expect(await unrecoveredOf(u.id)).toMatchObject({ unrecovered: '950' });
    expect(await walletOf(t, u.id)).toBe(0);
    await expectAllWalletsMatchLedger();
  });

  test('partly recovered: the re-payment credits only what the reversal took back', async () => {
    t.clock.set(kolkata('08:00'));
    const u = await createUser(t, { wallet: 100 });
    const friend = await createUser(t, { wallet: 0 });
    await place(u.token, 'regular', 'single_digit', 'SRIDEVI NIGHT', 'Open', [row('6', 100)]);
    t.clock.set(kolkata('19:30'));
    await declare('SRIDEVI NIGHT', 'open', '123'); // digit 6: 950
    expect(await walletOf(t, u.id)).toBe(950);
    expect((await transferOut(u, friend, 500)).body.status).toBe(true); // 450 left
    await declare('SRIDEVI NIGHT', 'open', '124'); // takes back 450, 500 unrecovered
    expect(await walletOf(t, u.id)).toBe(0);
    expect(await unrecoveredOf(u.id)).toMatchObject({ status: 'lost', unrecovered: '500' });
    const r = await declare('SRIDEVI NIGHT', 'open', '123'); // pays 950 - 500
    expect(r.body.summary).toMatchObject({ paid: 1, paid_points: 950, withheld_points: 500 });
    expect(await walletOf(t, u.id)).toBe(450);
    expect(await unrecoveredOf(u.id)).toMatchObject({ status: 'won', win_amount: '950', unrecovered: '0' });
    // u and the friend hold the one win: 450 + 500 (+ the stake spent)
    expect((await walletOf(t, u.id)) + (await walletOf(t, friend.id))).toBe(950);
    await expectAllWalletsMatchLedger();
  });
});

describe('starline and Gali', () => {
  test('each bet type wins and loses; the lists show the results at once', async () => {
    t.clock.set(kolkata('08:00'));
    const u = await createUser(t, { wallet: 1000 });
    await place(u.token, 'starline', 'starline_single_digit', 'STARLINE 01:00 PM', 'Open', [
      row('3', 10),
      row('4', 10),
    ]);
    await place(u.token, 'starline', 'starline_single_pana', 'STARLINE 01:00 PM', 'Open', [
      row('580', 10),
      row('123', 10),
    ]);
    await place(u.token, 'starline', 'starline_double_pana', 'STARLINE 02:00 PM', 'Open', [
      row('112', 20),
      row('113', 10),
    ]);
    await place(u.token, 'starline', 'starline_triple_pana', 'STARLINE 03:00 PM', 'Open', [
      row('000', 10),
      row('111', 10),
    ]);
    await place(u.token, 'gali', 'gali_left_digit', 'GALI', 'Open', [row('4', 10), row('5', 10)]);
    await place(u.token, 'gali', 'gali_right_digit', 'GALI', 'Open', [row('7', 10), row('8', 10)]);
    await place(u.token, 'gali', 'gali_jodi_digit', 'GALI', 'Open', [row('47', 10), row('74', 10)]);
    const staked = 20 + 20 + 30 + 20 + 20 + 20 + 20;
    expect(await walletOf(t, u.id)).toBe(1000 - staked);

    t.clock.set(kolkata('15:30'));
    const s1 = await operatorCall(t, '/operator/starline/declare', { slot: '01:00 PM', pana: '580' });
    expect(s1.body).toMatchObject({ status: true, result_text: '580-3', summary: { paid: 2, paid_points: 95 + 1500 } });
    const s2 = await operatorCall(t, '/operator/starline/declare', { slot: '14:00', pana: '112' });
    expect(s2.body.summary).toMatchObject({ paid: 1, paid_points: 6000 });
    const s3 = await operatorCall(t, '/operator/starline/declare', { slot: 'STARLINE 03:00 PM', pana: '000' });
    expect(s3.body.summary).toMatchObject({ paid: 1, paid_points: 7000 });
    t.clock.set(kolkata('23:45'));
    const gp = await operatorCall(t, '/operator/gali/preview', { market: 'GALI', jodi: '47' });
    expect(gp.body).toMatchObject({ total_payout: 95 + 95 + 950, winners_count: 3 });
    expect(gp.body.exposure.by_digit).toEqual({ L4: 10, L5: 10, R7: 10, R8: 10 });
    const g = await operatorCall(t, '/operator/gali/declare', { market: 'GALI', jodi: '47' });
    expect(g.body).toMatchObject({ status: true, result_text: '47', summary: { paid: 3, paid_points: 1140 } });
    expect(await walletOf(t, u.id)).toBe(1000 - staked + 1595 + 6000 + 7000 + 1140);
    expect(await outcomes(u.id)).toEqual([
      'STARLINE 01:00 PM|starline_single_digit|Open|3=won:95',
      'STARLINE 01:00 PM|starline_single_digit|Open|4=lost:0',
      'STARLINE 01:00 PM|starline_single_pana|Open|580=won:1500',
      'STARLINE 01:00 PM|starline_single_pana|Open|123=lost:0',
      'STARLINE 02:00 PM|starline_double_pana|Open|112=won:6000',
      'STARLINE 02:00 PM|starline_double_pana|Open|113=lost:0',
      'STARLINE 03:00 PM|starline_triple_pana|Open|000=won:7000',
      'STARLINE 03:00 PM|starline_triple_pana|Open|111=lost:0',
      'GALI|gali_left_digit|Open|4=won:95',
      'GALI|gali_left_digit|Open|5=lost:0',
      'GALI|gali_right_digit|Open|7=won:95',
      'GALI|gali_right_digit|Open|8=lost:0',
      'GALI|gali_jodi_digit|Open|47=won:950',
      'GALI|gali_jodi_digit|Open|74=lost:0',
    ]);
    const star = await call(t.app, 'api-starline-game', {});
    expect(star.body.result.find((m: any) => m.game_name === 'STARLINE 01:00 PM')).toMatchObject({
      open_result: '580-3',
    });
    const gali = await call(t.app, 'api-galidisawar-game', {});
    expect(gali.body.result.find((m: any) => m.game_name === 'GALI')).toMatchObject({
      result: '47',
      open_result: '47',
    });
    const sw = await call(t.app, 'api-starline-wining-history-data', {
      unique_token: u.token,
      date_from: '03/10/2026',
      date_to: '03/10/2026',
    });
    expect(sw.body.win_data).toHaveLength(4);
    const gw = await call(t.app, 'api-galidisawar-wining-history-data', {
      unique_token: u.token,
      date_from: '03/10/2026',
      date_to: '03/10/2026',
    });
    expect(gw.body.bid_data).toHaveLength(3);
    // wrong family / bad values / future date: clear 4xx messages
    expect((await operatorCall(t, '/operator/starline/declare', { slot: 'KALYAN', pana: '128' })).body.msg).toBe(
      "No starline market 'KALYAN'",
    );
    expect((await operatorCall(t, '/operator/gali/declare', { market: 'GALI', jodi: '7' })).body.msg).toMatch(
      /not a jodi/,
    );
    const future = await operatorCall(t, '/operator/gali/declare', { market: 'GALI', jodi: '47', date: '2026-03-11' });
    expect(future).toMatchObject({ statusCode: 400, body: { msg: expect.stringMatching(/future day/) } });
    await expectAllWalletsMatchLedger();
  });
});

describe('chart pages', () => {
  test('a regular market: Jodi and Panel chart by week, cached with an ETag until the next result', async () => {
    const k = await marketByName(t, 'KALYAN');
    const res = await t.app.inject(`/charts/market/${k.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('KALYAN Chart');
    expect(html).toContain('Jodi Chart');
    expect(html).toContain('Panel Chart');
    // the week of Monday 09/03/26: Monday has no result, Tuesday the 10th has 137-15-447
    expect(html).toMatch(/09\/03\/26<br>to<br>15\/03\/26<\/td><td class="j n">\*\*<\/td><td class="j( r)?">15<\/td>/);
    expect(html).toMatch(/<td class="p">137<b[^>]*>15<\/b>447<\/td>/);
    const again = await t.app.inject({
      url: `/charts/market/${k.id}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // a new result changes the page
    await declare('KALYAN', 'close', '448'); // 4+4+8=16 -> jodi 16
    const after = await t.app.inject({
      url: `/charts/market/${k.id}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('>16<');
    // past results and other days
    await declare('KALYAN', 'open', '250', '2026-03-02');
    await declare('KALYAN', 'close', '129', '2026-03-02');
    const older = (await t.app.inject(`/charts/market/${k.id}`)).body;
    expect(older).toMatch(/02\/03\/26<br>to<br>08\/03\/26<\/td><td class="j( r)?">72<\/td>/);
    expect((await t.app.inject('/charts/market/99999')).statusCode).toBe(404);
    expect((await t.app.inject('/charts/market/abc')).statusCode).toBe(404);
    const gali = await marketByName(t, 'GALI');
    expect((await t.app.inject(`/charts/market/${gali.id}`)).statusCode).toBe(404);
  });

  test('starline and Gali: results by day and slot / market; the lists link to these pages', async () => {
    const star = await t.app.inject('/charts/starline');
    expect(star.statusCode).toBe(200);
    expect(star.body).toContain('Tue 10/03/2026');
    expect(star.body).toMatch(/<small>01:00 PM<\/small><strong>580-3<\/strong>/);
    expect(star.body).toMatch(/<small>10:00 AM<\/small><strong class="n">\*\*<\/strong>/);
    const gali = await t.app.inject('/charts/gali');
    expect(gali.body).toMatch(/Tue 10\/03\/26<\/td>(<td class="j n">\*\*<\/td>){3}<td class="j">47<\/td>/);
    const gm = await marketByName(t, 'GALI');
    const one = await t.app.inject(`/charts/gali/${gm.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('>47<');
    const lists = [
      (await call(t.app, 'api-starline-game', {})).body.web_starline_chart_url,
      (await call(t.app, 'api-galidisawar-game', {})).body.web_galidessar_chart_url,
      ...(await call(t.app, 'api-dashboard-data', {})).body.result.map((m: any) => m.web_chart_url),
      ...(await call(t.app, 'api-galidisawar-game', {})).body.result.map((m: any) => m.web_chart_url),
    ];
    for (const url of lists) expect([url, (await t.app.inject(url)).statusCode]).toEqual([url, 200]);
  });
});

describe('a declared result closes its market in the lists and to bids, whatever the clock says', () => {
  test('Starline slot, Gali market and regular market declared before their times', async () => {
    t.clock.set(kolkata('08:00'));
    const u = await createUser(t, { wallet: 1000 });
    const listed = async (call_: string, name: string, token?: string) =>
      ((await call(t.app, call_, token ? { unique_token: token } : {})).body.result as any[]).find(
        (m) => m.game_name === name,
      );
    expect(await listed('api-starline-game', 'STARLINE 06:00 PM')).toMatchObject({ msg_status: 1 });
    expect(await listed('api-galidisawar-game', 'FARIDABAD')).toMatchObject({ msg_status: 1 });
    expect(await listed('api-home-info', 'MAIN BAZAR', u.token)).toMatchObject({ msg_status: 1 });

    // before their draw times: an owner's override with a reason (the operator token is an owner)
    expect(
      (
        await operatorCall(t, '/operator/starline/declare', {
          slot: '18:00',
          pana: '128',
          early_reason: 'test: declared before the draw',
        })
      ).body.status,
    ).toBe(true);
    expect(
      (
        await operatorCall(t, '/operator/gali/declare', {
          market: 'FARIDABAD',
          jodi: '12',
          early_reason: 'test: declared before the draw',
        })
      ).body.status,
    ).toBe(true);
    const early = (session: string, pana: string) =>
      operatorCall(t, '/operator/result/declare', {
        market: 'MAIN BAZAR',
        session,
        pana,
        early_reason: 'test: declared before the draw',
      });
    expect((await early('open', '123')).body.status).toBe(true);
    // the open result closes the open session and the timed bets; the close session still runs
    expect(await listed('api-home-info', 'MAIN BAZAR', u.token)).toMatchObject({ open_result: '123', msg_status: 1 });
    await place(u.token, 'regular', 'single_digit', 'MAIN BAZAR', 'Close', [row('4', 10, 'Close')]);
    expect((await early('close', '456')).body.status).toBe(true);

    expect(await listed('api-starline-game', 'STARLINE 06:00 PM')).toMatchObject({ msg_status: 0 });
    expect(await listed('api-galidisawar-game', 'FARIDABAD')).toMatchObject({ msg_status: 0 });
    expect(await listed('api-home-info', 'MAIN BAZAR', u.token)).toMatchObject({ msg_status: 0 });
    // and the server refuses what the lists no longer offer
    const refused = async (family: Family, betType: BetTypeId, market: string, rows: BidRow[]) => {
      const m = await marketByName(t, market);
      const [new_result] = buildNewResult({
        family,
        betType,
        token: u.token,
        gameId: m.id,
        gameName: m.name,
        bidDate: '10-March-2026',
        rows,
      });
      return (await call(t.app, SUBMIT[family], { unique_token: u.token, game_id: String(m.id), new_result })).body;
    };
    expect(await refused('starline', 'starline_single_digit', 'STARLINE 06:00 PM', [row('1', 10)])).toEqual({
      status: false,
      msg: 'Bidding is closed for Single Digit',
      code: expect.any(String),
    });
    expect(await refused('gali', 'gali_jodi_digit', 'FARIDABAD', [row('12', 10)])).toEqual({
      status: false,
      msg: 'Bidding is closed for Jodi Digit',
      code: expect.any(String),
    });
    expect(await refused('regular', 'single_digit', 'MAIN BAZAR', [row('4', 10, 'Close')])).toEqual({
      status: false,
      msg: 'Bidding is closed for Single Digit',
      code: expect.any(String),
    });
    await expectAllWalletsMatchLedger();
  });
});
