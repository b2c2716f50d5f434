/**
 * What players and operators hit, on the server: typed amounts, rates fixed at bid
 * time, early results.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildNewResult, POINTS_WHOLE } from '@matka/shared/domain';
import {
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
  operatorCall,
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

describe('points are whole; a decimal is refused with a message and stores nothing', () => {
  test('a bid of 10.5 points', async () => {
    const u = await createUser(t, { wallet: 1_000 });
    for (const points of ['10.5', '105.', '1,000']) {
      const r = await kalyanBid(u, points);
      expect(r.body).toMatchObject({ status: false, msg: POINTS_WHOLE, code: expect.any(String) });
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
    expect(w.body).toEqual({ status: false, msg: POINTS_WHOLE, code: expect.any(String) });
    const d = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: '150.5' });
    expect(d.body).toEqual({ status: false, msg: POINTS_WHOLE, code: expect.any(String) });
    expect(await countOf('fund_requests', u.id)).toBe(0);
    expect(await countOf('withdraw_requests', u.id)).toBe(0);
    expect(await walletOf(t, u.id)).toBe(10_000);
    expect(await ledgerSum(t, u.id)).toBe(10_000);
  });
});

describe('the rate is part of the bet', () => {
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

    const changed = await operatorCall(t, '/operator/rates/set', {
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
    const d = await operatorCall(t, '/operator/result/declare', { market: 'KALYAN', session: 'open', pana: '128' });
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
    await operatorCall(t, '/operator/rates/set', { family: 'regular', rate_key: 'single_digit', val_1: 10, val_2: 95 });
  });
});

describe('a result before its draw needs an owner with a reason; labels say what happened', () => {
  test("KALYAN's open result at 05:56 for a 15:45 draw: refused (and audited) without an override; an owner's reason declares it", async () => {
    t.clock.set(kolkata('05:56', '2026-03-11'));
    const u = await createUser(t, { wallet: 1_000 });
    const m = await marketByName(t, 'KALYAN');
    const [new_result] = buildNewResult({
      family: 'regular',
      betType: 'single_digit',
      token: u.token,
      gameId: m.id,
      gameName: m.name,
      bidDate: '11-March-2026',
      rows: [{ digits: '1', closedigits: '', points: 100, session: 'Open', pana: '' }],
    });
    expect(
      (await call(t.app, 'api-submit-bid', { unique_token: u.token, game_id: String(m.id), new_result })).body.status,
    ).toBe(true);

    const preview = await operatorCall(t, '/operator/result/preview', {
      market: 'KALYAN',
      session: 'open',
      pana: '128',
    });
    expect(preview.body.early).toEqual({ due: '15:45 IST', minutes_early: 589 });
    expect(preview.body.msg).toContain("Early: KALYAN's open result is due at 15:45 IST, 9 h 49 min from now");

    const refused = await operatorCall(t, '/operator/result/declare', {
      market: 'KALYAN',
      session: 'open',
      pana: '128',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatchObject({
      status: false,
      msg: "KALYAN's open result for 2026-03-11 is due at 15:45 IST, 9 h 49 min from now: declaring it early needs an owner's override with a reason",
      early: true,
      code: expect.any(String),
    });
    // nothing was declared or settled
    expect(
      await t.ctx.db
        .selectFrom('results')
        .selectAll()
        .where('market_id', '=', m.id)
        .where('result_date', '=', '2026-03-11')
        .execute(),
    ).toEqual([]);
    expect(await walletOf(t, u.id)).toBe(900);
    const audited = await t.ctx.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'result declare')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audited).toMatchObject({ ok: false, target: 'regular:KALYAN 2026-03-11' });

    const done = await operatorCall(t, '/operator/result/declare', {
      market: 'KALYAN',
      session: 'open',
      pana: '128',
      early_reason: 'The draw was held early today',
    });
    expect(done.body).toMatchObject({ status: true, early: true, corrected: false });
    expect(done.body.msg).toContain(
      'KALYAN 2026-03-11: 128-1 (declared 9 h 49 min before its draw at 15:45 IST: The draw was held early today)',
    );
    expect(await walletOf(t, u.id)).toBe(900 + 950);
    const row = await t.ctx.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'result declare')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ok: true });
    expect(JSON.stringify(row.params)).toContain('The draw was held early today');
    expect(JSON.stringify(row.after)).toContain('"minutes_early":589');
  });

  test('the first close declaration is not a correction; a changed one is', async () => {
    t.clock.set(kolkata('22:00', '2026-03-12'));
    const open = await operatorCall(t, '/operator/result/declare', {
      market: 'KALYAN',
      session: 'open',
      pana: '128',
      date: '2026-03-12',
    });
    expect(open.body.msg).toMatch(/^KALYAN 2026-03-12: 128-1;/);
    const close = await operatorCall(t, '/operator/result/declare', {
      market: 'KALYAN',
      session: 'close',
      pana: '446',
      date: '2026-03-12',
    });
    expect(close.body).toMatchObject({ status: true, corrected: false });
    expect(close.body.msg).toMatch(/^KALYAN 2026-03-12: 128-14-446;/);
    const again = await operatorCall(t, '/operator/result/declare', {
      market: 'KALYAN',
      session: 'close',
      pana: '455',
      date: '2026-03-12',
    });
    expect(again.body).toMatchObject({ status: true, corrected: true });
    expect(again.body.msg).toMatch(/^KALYAN 2026-03-12: 128-14-455 \(corrected\);/);
    const same = await operatorCall(t, '/operator/result/declare', {
      market: 'KALYAN',
      session: 'close',
      pana: '455',
      date: '2026-03-12',
    });
    expect(same.body.msg).toContain('(unchanged)');
  });

  test('only an owner may override: a results operator with a reason is refused', async () => {
    t.clock.set(kolkata('15:40', '2026-03-13'));
    const made = await operatorCall(t, '/operator/operators', { name: 'declarer', role: 'results' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/operator/session',
      payload: { username: 'declarer', password: made.body.one_time_password },
    });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0];
    const csrf = signIn.json().csrf_token as string;
    const as = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie, 'x-csrf-token': csrf } });
    await as('/operator/password', { new_password: 'a long new password', confirm_password: 'a long new password' });
    const r = await as('/operator/result/declare', {
      market: 'KALYAN',
      session: 'open',
      pana: '128',
      early_reason: 'because',
    });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({
      status: false,
      msg: 'Only an owner can declare a result before its draw time',
      code: expect.any(String),
    });
    // on time it may declare
    t.clock.set(kolkata('15:46', '2026-03-13'));
    const onTime = await as('/operator/result/declare', { market: 'KALYAN', session: 'open', pana: '128' });
    expect(onTime.json()).toMatchObject({ status: true, early: false });
  });
});

describe("a rejection's reason reaches the player and the console", () => {
  test('a deposit and a withdrawal rejected with a reason: the histories and the queues carry it', async () => {
    t.clock.set(kolkata('12:00', '2026-03-14'));
    const u = await createUser(t, { wallet: 5_000 });
    await t.ctx.db.updateTable('users').set({ google_pay_no: '9123456780' }).where('id', '=', u.id).execute();
    const dep = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 500 });
    expect(dep.body.status).toBe(true);
    const rej = await operatorCall(t, '/operator/deposits/reject', {
      id: dep.body.request_id,
      reason: 'No payment with this UTR',
    });
    expect(rej.body.status).toBe(true);
    const hist = await call(t.app, 'api-fund-request-history', { unique_token: u.token });
    expect(hist.body.fund_requests[0]).toMatchObject({
      request_status: '1',
      reject_reason: 'No payment with this UTR',
    });
    const queue = await t.app.inject({
      method: 'GET',
      url: '/operator/deposits?status=rejected',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(
      queue.json().deposits.find((d: { id: string }) => String(d.id) === String(dep.body.request_id)),
    ).toMatchObject({
      status: 'rejected',
      note: 'No payment with this UTR',
    });

    const wd = await call(t.app, 'api-user-withdraw-fund-request', {
      unique_token: u.token,
      request_amount: 600,
      payment_method: 2,
    });
    expect(wd.body.status).toBe(true);
    expect(
      (await operatorCall(t, '/operator/withdrawals/reject', { id: wd.body.request_id, reason: 'UPI number closed' }))
        .body.status,
    ).toBe(true);
    const wh = await call(t.app, 'api-user-withdraw-transaction-history', {
      unique_token: u.token,
      mobile_no: u.mobile,
    });
    expect(wh.body.withdrawdata[0]).toMatchObject({ request_status: '1', reject_reason: 'UPI number closed' });
    const wq = await t.app.inject({
      method: 'GET',
      url: '/operator/withdrawals?status=rejected',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(wq.json().withdrawals[0]).toMatchObject({ note: 'UPI number closed' });
  });
});

describe('a deposit request carries the proof of the UPI payment', () => {
  /** A PNG of `size` bytes whose header declares width × height (a phone's screenshot by default). */
  const png = (size: number, width = 720, height = 1560) => {
    const b = Buffer.alloc(size, 7);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(b);
    b.write('IHDR', 12, 'latin1');
    b.writeUInt32BE(width, 16);
    b.writeUInt32BE(height, 20);
    return `data:image/png;base64,${b.toString('base64')}`;
  };
  const proof = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'api-fund-request-proof', { unique_token: token, ...body });
  const stored = (id: string) =>
    t.ctx.db
      .selectFrom('fund_requests')
      .select(['utr', 'proof_type', 'proof_at'])
      .select((eb) => eb.fn('octet_length', ['proof_image']).as('bytes'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  test('the UTR and a screenshot reach the deposit history and the console queue; bad ones change nothing', async () => {
    t.clock.set(kolkata('12:00', '2026-03-15'));
    const u = await createUser(t, { wallet: 0 });
    const other = await createUser(t, { wallet: 0 });
    const dep = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 500 });
    const id = String(dep.body.request_id);

    // a wrong UTR, a fake image, one too large, nothing at all, someone else's request: refused, nothing stored
    for (const [body, msg] of [
      [{ request_id: id, utr: '12345' }, 'The UTR is the 12-digit UPI reference number of your payment'],
      [{ request_id: id, utr: '12345678901a' }, 'The UTR is the 12-digit UPI reference number of your payment'],
      [
        {
          request_id: id,
          screenshot: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`,
        },
        'The screenshot must be a PNG, JPEG or WebP image of at most 180 KB',
      ],
      [
        { request_id: id, screenshot: png(181 * 1024) },
        'The screenshot must be a PNG, JPEG or WebP image of at most 180 KB',
      ],
      [{ request_id: id }, 'Enter the UTR or add a screenshot'],
    ] as const) {
      const r = await proof(u.token, body);
      expect(r.body).toEqual({ status: false, msg, code: expect.any(String) });
    }
    expect((await proof(other.token, { request_id: id, utr: '123456789012' })).body).toEqual({
      status: false,
      msg: 'Only a pending deposit request can take a payment reference',
      code: expect.any(String),
    });
    expect(await stored(id)).toMatchObject({ utr: null, proof_type: null, proof_at: null });

    const ok = await proof(u.token, { request_id: id, utr: '4012 3456 7890', screenshot: png(40 * 1024) });
    expect(ok.body).toMatchObject({ status: true, utr: '401234567890', has_screenshot: true });
    expect(await stored(id)).toMatchObject({ utr: '401234567890', proof_type: 'image/png', bytes: 40 * 1024 });
    const hist = await call(t.app, 'api-fund-request-history', { unique_token: u.token });
    expect(hist.body.fund_requests[0]).toMatchObject({ utr: '401234567890', has_screenshot: true });

    // the same payment cannot be claimed on another request
    const dep2 = await call(t.app, 'api-fund-request-add', { unique_token: other.token, request_amount: 500 });
    expect((await proof(other.token, { request_id: dep2.body.request_id, utr: '401234567890' })).body).toEqual({
      status: false,
      msg: 'This UTR is already on another deposit request',
      code: expect.any(String),
    });

    const queue = await t.app.inject({
      method: 'GET',
      url: '/operator/deposits?status=pending',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(queue.json().deposits.find((d: { id: string }) => String(d.id) === id)).toMatchObject({
      utr: '401234567890',
      has_screenshot: true,
    });
    const shot = await t.app.inject({
      method: 'GET',
      url: `/operator/deposits/screenshot?id=${id}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/png');
    expect(shot.rawPayload.length).toBe(40 * 1024);
    const none = await t.app.inject({
      method: 'GET',
      url: `/operator/deposits/screenshot?id=${dep2.body.request_id}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(none.statusCode).toBe(404);

    // once decided, the request takes no more proof; a rejected one frees its UTR
    await operatorCall(t, '/operator/deposits/reject', { id: Number(id), reason: 'No payment with this UTR' });
    expect((await proof(u.token, { request_id: id, utr: '999999999999' })).body.msg).toBe(
      'Only a pending deposit request can take a payment reference',
    );
    expect((await proof(other.token, { request_id: dep2.body.request_id, utr: '401234567890' })).body.status).toBe(
      true,
    );
  });

  test('a picture larger than a screen is refused by its header, whatever its file size', async () => {
    t.clock.set(kolkata('12:00', '2026-03-15'));
    const u = await createUser(t, { wallet: 0 });
    const dep = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 500 });
    const id = String(dep.body.request_id);
    // the attack: 48 KB declaring 20,000 × 20,000 pixels (1.6 GB for the operator's browser to decode)
    for (const [w, h] of [
      [20_000, 20_000],
      [4097, 100],
      [100, 4097],
    ])
      expect((await proof(u.token, { request_id: id, screenshot: png(48 * 1024, w, h) })).body).toEqual({
        status: false,
        msg: 'The screenshot must be at most 4096 × 4096 pixels',
        code: expect.any(String),
      });
    // a JPEG and a WebP are read by their own headers
    const jpeg = Buffer.alloc(2048, 0);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0xff, 0xc0, 0x00, 0x11, 8]).copy(jpeg);
    jpeg.writeUInt16BE(30_000, 13);
    jpeg.writeUInt16BE(30_000, 15);
    const webp = Buffer.alloc(2048, 0);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(19_999, 24, 3);
    webp.writeUIntLE(19_999, 27, 3);
    for (const [type, b] of [
      ['jpeg', jpeg],
      ['webp', webp],
    ] as const)
      expect(
        (await proof(u.token, { request_id: id, screenshot: `data:image/${type};base64,${b.toString('base64')}` })).body
          .msg,
      ).toBe('The screenshot must be at most 4096 × 4096 pixels');
    expect(await stored(id)).toMatchObject({ proof_type: null, proof_at: null });
    expect((await proof(u.token, { request_id: id, screenshot: png(48 * 1024, 4096, 4096) })).body.status).toBe(true);
  });

  test('replacing the screenshot over and over stops at the limits; the database does not grow with it', async () => {
    t.clock.set(kolkata('13:00', '2026-03-16'));
    const u = await createUser(t, { wallet: 0 });
    const dep = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 500 });
    const id = String(dep.body.request_id);
    const size = async () =>
      Number(
        (await sql<{ n: string }>`SELECT pg_total_relation_size('fund_requests')::text AS n`.execute(t.ctx.db)).rows[0]
          .n,
      );
    const before = await size();
    // the attack as fired: 3,000 replacements of a 180 KB image
    const shot = png(180 * 1024);
    const answers: string[] = [];
    for (let i = 0; i < 3000; i++)
      answers.push((await proof(u.token, { request_id: id, screenshot: shot })).body.msg as string);
    const counts = answers.reduce<Record<string, number>>((c, m) => ({ ...c, [m]: (c[m] ?? 0) + 1 }), {});
    expect(counts).toEqual({
      'Payment reference added: the operator will match it': 5,
      "This request's payment proof cannot be changed again. Please contact support.": 15,
      'Too many payment proof changes today. Please try again tomorrow.': 2980,
    });
    // five images written at most: the table grew by less than six of them
    expect((await size()) - before).toBeLessThan(6 * 180 * 1024 + 64 * 1024);
    // the day's budget is the player's, across requests
    const dep2 = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 500 });
    expect((await proof(u.token, { request_id: dep2.body.request_id, utr: '555566667777' })).body.msg).toBe(
      'Too many payment proof changes today. Please try again tomorrow.',
    );
    // the next day it may give a proof again (the first request's changes stay used)
    t.clock.set(kolkata('13:00', '2026-03-17'));
    expect((await proof(u.token, { request_id: dep2.body.request_id, utr: '555566667777' })).body.status).toBe(true);
    expect((await proof(u.token, { request_id: id, utr: '555566667778' })).body.msg).toBe(
      "This request's payment proof cannot be changed again. Please contact support.",
    );
  });

  (usingPostgres ? test.skip : test)(
    'the embedded database vacuums what updates leave behind, so space is used again',
    async () => {
      const u = await createUser(t, { wallet: 0 });
      const dep = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 500 });
      const size = async () =>
        Number(
          (await sql<{ n: string }>`SELECT pg_total_relation_size('fund_requests')::text AS n`.execute(t.ctx.db))
            .rows[0].n,
        );
      const replace = async (n: number) => {
        for (let i = 0; i < n; i++)
          await sql`UPDATE fund_requests SET proof_image = ${randomBytes(180 * 1024)}, proof_type = 'image/png'
                  WHERE id = ${dep.body.request_id}::bigint`.execute(t.ctx.db);
      };
      await replace(20);
      await t.ctx.vacuum!.run();
      const before = await size();
      // a hundred replacements of an incompressible 180 KB image, the vacuum passing every twenty
      for (let round = 0; round < 5; round++) {
        await replace(20);
        await t.ctx.vacuum!.run();
      }
      // without the vacuum: 100 × 180 KB more; with it, the space of the dead images is used again
      expect((await size()) - before).toBeLessThan(30 * 180 * 1024);
      expect(t.ctx.vacuum!.passes).toBeGreaterThanOrEqual(6);
    },
  );
});
