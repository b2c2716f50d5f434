/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
/**
 * Wallet flows: deposits (request -> operator approve once / reject), UPI numbers behind a server
 * checked OTP, withdrawals (window, minimum, wallet, stored number; held at request time, refunded on
 * reject, receipt on approve), transfers, the histories with date ranges, and the operator CLI.
 */
import { run } from '../src/cli/operator';
import {
  call,
  createUser,
  kolkata,
  ledgerSum,
  makeTestApp,
  newMobile,
  OPERATOR_TOKEN,
  walletOf,
  type TestApp,
  operatorCall,
} from './helpers';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('12:00') });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(kolkata('12:00')));

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(
    argv,
    { SERVER_URL: base, OPERATOR_TOKEN },
    { out: (s) => out.push(s), err: (s) => err.push(s) },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const auditOf = (action: string) =>
  t.ctx.db
    .selectFrom('operator_audit')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirst();

const ledger = (userId: string) =>
  t.ctx.db.selectFrom('wallet_transactions').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** Adds a UPI number through the OTP step (the code comes back in demo mode). */
async function addUpi(token: string, upiType: 1 | 2 | 3, number: string) {
  const sent = await call(t.app, 'api-upi-send-otp', { unique_token: token, mobile: number, upi_type: upiType });
  expect(sent.body).toMatchObject({ status: true, otp: expect.stringMatching(/^\d{4}$/) });
  const fields = { paytm_no: '', google_pay_no: '', phon_pay_no: '' };
  fields[(['paytm_no', 'google_pay_no', 'phon_pay_no'] as const)[upiType - 1]] = number;
  const r = await call(t.app, 'api-add-user-upi-details', {
    unique_token: token,
    upi_type: upiType,
    ...fields,
    otp: sent.body.otp,
  });
  expect(r.body).toEqual({ status: true, msg: 'UPI Number Added Successfully!' });
}

describe('deposits', () => {
  test('min_amt, request, history, operator approves once (wallet + ledger + audit) or rejects', async () => {
    const u = await createUser(t, { wallet: 0 });
    const detail = await call(t.app, 'api-last-fund-request-detail', { unique_token: u.token });
    expect(detail.body).toMatchObject({ status: true, min_amt: '100', last_request: null });
    expect((await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 99 })).body).toEqual({
      status: false,
      msg: 'Minimum amount to add is 100',
      code: expect.any(String),
    });
    const bad = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: '12.5' });
    expect(bad).toMatchObject({
      statusCode: 400,
      body: { status: false, msg: 'Points must be a whole number', code: expect.any(String) },
    });
    expect((await call(t.app, 'api-fund-request-add', { request_amount: 500 })).statusCode).toBe(401);

    const a = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 700 });
    expect(a.body).toMatchObject({
      status: true,
      msg: 'Fund request submitted successfully',
      request_number: `D${a.body.request_id}`,
    });
    const b = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: '250' });
    expect(await walletOf(t, u.id)).toBe(0); // nothing until approved
    let hist = await call(t.app, 'api-fund-request-history', { unique_token: u.token });
    expect(hist.body.fund_requests).toEqual([
      expect.objectContaining({
        request_id: b.body.request_id,
        request_amount: '250',
        request_status: '0',
        insert_date: '10-March-2026 12:00 PM',
      }),
      expect.objectContaining({ request_id: a.body.request_id, request_amount: '700', request_status: '0' }),
    ]);
    expect(
      (await call(t.app, 'api-last-fund-request-detail', { unique_token: u.token })).body.last_request,
    ).toMatchObject({
      request_amount: '250',
      request_status: '0',
    });

    const approved = await operatorCall(t, '/operator/deposits/approve', { id: a.body.request_id });
    expect(approved.body).toMatchObject({ status: true, wallet_amt: '700' });
    expect(approved.body.msg).toContain(`700 points credited to ${u.mobile}`);
    const twice = await operatorCall(t, '/operator/deposits/approve', { id: a.body.request_id });
    expect(twice).toMatchObject({
      statusCode: 409,
      body: { msg: `Deposit request #${a.body.request_id} is already approved` },
    });
    const concurrently = await Promise.all(
      [1, 2, 3].map(() => operatorCall(t, '/operator/deposits/approve', { id: b.body.request_id })),
    );
    expect(concurrently.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await walletOf(t, u.id)).toBe(950);
    expect(await ledgerSum(t, u.id)).toBe(950);
    const rows = await ledger(u.id);
    expect(rows.map((r) => [r.type, r.kind, r.amount, r.balance_after, r.reference])).toEqual([
      ['credit', 'deposit', '700', '700', `deposit:${a.body.request_id}`],
      ['credit', 'deposit', '250', '950', `deposit:${b.body.request_id}`],
    ]);
    expect(await auditOf('deposits approve')).toMatchObject({
      target: `D${b.body.request_id}`,
      after: { status: 'approved', wallet: '950' },
    });

    const c = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 300 });
    expect(
      (await operatorCall(t, '/operator/deposits/reject', { id: c.body.request_id, reason: 'no payment seen' })).body,
    ).toMatchObject({
      status: true,
    });
    expect((await operatorCall(t, '/operator/deposits/approve', { id: c.body.request_id })).statusCode).toBe(409);
    expect((await operatorCall(t, '/operator/deposits/approve', { id: 987654 })).statusCode).toBe(404);
    expect((await operatorCall(t, '/operator/deposits/approve', { id: 'x' })).statusCode).toBe(400);
    expect(await walletOf(t, u.id)).toBe(950);
    hist = await call(t.app, 'api-fund-request-history', {
      unique_token: u.token,
      date_from: '03/10/2026',
      date_to: '03/10/2026',
    });
    expect(hist.body.fund_requests.map((r: any) => r.request_status)).toEqual(['1', '2', '2']);
    // another day's range: nothing; the wallet history lists the two deposits
    hist = await call(t.app, 'api-fund-request-history', {
      unique_token: u.token,
      date_from: '03/11/2026',
      date_to: '03/12/2026',
    });
    expect(hist.body).toMatchObject({ status: true, msg: 'NO DATA FOUND', fund_requests: [] });
    const wh = await call(t.app, 'api-wallet-transaction-history', { unique_token: u.token });
    expect(wh.body.transaction_history).toEqual([
      expect.objectContaining({
        transaction_type: '1',
        amount: '250',
        amount_status: '1',
        transaction_note: `Fund added (request D${b.body.request_id})`,
      }),
      expect.objectContaining({ transaction_type: '1', amount: '700' }),
    ]);
  });

  test('at most 5 pending requests per account', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++)
      expect(
        (await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 100 })).body.status,
      ).toBe(true);
    const sixth = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 100 });
    expect(sixth.body).toMatchObject({
      status: false,
      msg: expect.stringContaining('5 pending fund requests'),
      code: expect.any(String),
    });
  });
});

describe('UPI numbers', () => {
  test('the OTP is checked on the server: wrong or missing code changes nothing; the right one stores only that app', async () => {
    const u = await createUser(t);
    const gpay = newMobile();
    // no code sent yet
    let r = await call(t.app, 'api-add-user-upi-details', {
      unique_token: u.token,
      upi_type: 2,
      google_pay_no: gpay,
      otp: '1234',
    });
    expect(r.body).toEqual({ status: false, msg: 'Enter Valid OTP', code: expect.any(String) });
    const sent = await call(t.app, 'api-upi-send-otp', { unique_token: u.token, mobile: gpay, upi_type: 2 });
    expect(sent.body.status).toBe(true);
    // the demo outbox holds it under the UPI number
    expect(t.ctx.outbox.get(gpay)).toMatchObject({ otp: sent.body.otp, purpose: 'upi' });
    const wrong = sent.body.otp === '0000' ? '1111' : '0000';
    r = await call(t.app, 'api-add-user-upi-details', {
      unique_token: u.token,
      upi_type: 2,
      google_pay_no: gpay,
      otp: wrong,
    });
    expect(r.body).toEqual({ status: false, msg: 'Enter Valid OTP', code: expect.any(String) });
    // the code is bound to the account, the app and the number
    const other = await createUser(t);
    r = await call(t.app, 'api-add-user-upi-details', {
      unique_token: other.token,
      upi_type: 2,
      google_pay_no: gpay,
      otp: sent.body.otp,
    });
    expect(r.body.status).toBe(false);
    r = await call(t.app, 'api-add-user-upi-details', {
      unique_token: u.token,
      upi_type: 1,
      paytm_no: gpay,
      otp: sent.body.otp,
    });
    expect(r.body.status).toBe(false);
    let pd = await call(t.app, 'api-get-user-payment-details', { unique_token: u.token });
    expect(pd.body).toEqual({
      status: true,
      msg: 'Success',
      payment_details: [
        {
          google_pay_number: '',
          paytm_number: '',
          phone_pay_number: '',
          ac_holder_name: expect.any(String),
          insert_date: '',
        },
      ],
    });
    // resend within 30 s is refused; the right code works once
    expect(
      (await call(t.app, 'api-upi-send-otp', { unique_token: u.token, mobile: gpay, upi_type: 2 })).body.msg,
    ).toMatch(/Please wait \d+ seconds/);
    r = await call(t.app, 'api-add-user-upi-details', {
      unique_token: u.token,
      upi_type: '2',
      paytm_no: '',
      google_pay_no: gpay,
      phon_pay_no: '9999999999', // not the chosen app: ignored
      otp: sent.body.otp,
    });
    expect(r.body).toEqual({ status: true, msg: 'UPI Number Added Successfully!' });
    r = await call(t.app, 'api-add-user-upi-details', {
      unique_token: u.token,
      upi_type: 2,
      google_pay_no: gpay,
      otp: sent.body.otp,
    });
    expect(r.body.status).toBe(false); // consumed
    pd = await call(t.app, 'api-get-user-payment-details', { unique_token: u.token });
    expect(pd.body.payment_details).toEqual([
      {
        google_pay_number: gpay,
        paytm_number: '',
        phone_pay_number: '',
        ac_holder_name: expect.any(String),
        insert_date: '',
      },
    ]);
    // validation: 400 with the spec's texts
    const v = (b: Record<string, unknown>) => call(t.app, 'api-upi-send-otp', { unique_token: u.token, ...b });
    expect((await v({ mobile: '', upi_type: 1 })).body).toEqual({
      status: false,
      msg: 'Phone No is required!',
      code: expect.any(String),
    });
    expect((await v({ mobile: '12345', upi_type: 1 })).body).toEqual({
      status: false,
      msg: 'Phone No is not Valid!',
      code: expect.any(String),
    });
    expect((await v({ mobile: gpay, upi_type: 4 })).statusCode).toBe(400);
    expect((await v({ mobile: gpay, upi_type: 1, unique_token: 'nope' })).statusCode).toBe(401);
    const miss = await call(t.app, 'api-add-user-upi-details', {
      unique_token: u.token,
      upi_type: 3,
      google_pay_no: gpay,
      otp: '1234',
    });
    expect(miss).toMatchObject({ statusCode: 400, body: { msg: 'Phone No is required!' } });
  });

  test('five wrong codes kill the code', async () => {
    const u = await createUser(t);
    const n = newMobile();
    const sent = await call(t.app, 'api-upi-send-otp', { unique_token: u.token, mobile: n, upi_type: 3 });
    const wrong = sent.body.otp === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++)
      await call(t.app, 'api-add-user-upi-details', { unique_token: u.token, upi_type: 3, phon_pay_no: n, otp: wrong });
    const r = await call(t.app, 'api-add-user-upi-details', {
      unique_token: u.token,
      upi_type: 3,
      phon_pay_no: n,
      otp: sent.body.otp,
    });
    expect(r.body.status).toBe(false);
  });
});

describe('withdrawals', () => {
  test('refusals with the spec texts; nothing held', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const w = (b: Record<string, unknown>) =>
      call(t.app, 'api-user-withdraw-fund-request', { unique_token: u.token, mobile: u.mobile, ...b });
    expect((await w({ request_amount: '', payment_method: 2 })).body).toEqual({
      status: false,
      msg: 'Amount is required!',
      code: expect.any(String),
    });
    expect((await w({ request_amount: 600 })).body).toEqual({
      status: false,
      msg: 'Please select a payment method',
      code: expect.any(String),
    });
    expect((await w({ request_amount: 600, payment_method: 1 })).statusCode).toBe(400);
    expect((await w({ request_amount: 1001, payment_method: 2 })).body).toEqual({
      status: false,
      msg: 'Wallet Limit Exceeded',
      code: expect.any(String),
    });
    expect((await w({ request_amount: 499, payment_method: 2 })).body).toEqual({
      status: false,
      msg: 'Min amt is 500',
      code: expect.any(String),
    });
    expect((await w({ request_amount: 600, payment_method: 2 })).body).toEqual({
      status: false,
      msg: 'Please add your Google Pay number first',
      code: expect.any(String),
    });
    await addUpi(u.token, 2, newMobile());
    t.clock.set(kolkata('09:59'));
    expect((await w({ request_amount: 600, payment_method: 2 })).body).toEqual({
      status: false,
      msg: 'Withdrawals are only allowed during specified hours.',
      code: expect.any(String),
    });
    t.clock.set(kolkata('23:01'));
    expect((await w({ request_amount: 600, payment_method: 2 })).body.status).toBe(false);
    expect(await walletOf(t, u.id)).toBe(1000);
    expect(await t.ctx.db.selectFrom('withdraw_requests').select('id').where('user_id', '=', u.id).execute()).toEqual(
      [],
    );
    // both ends of the window are inclusive
    t.clock.set(kolkata('10:00'));
    expect((await w({ request_amount: 500, payment_method: 2 })).body.status).toBe(true);
    t.clock.set(kolkata('23:00'));
    expect((await w({ request_amount: 500, payment_method: '2' })).body.status).toBe(true);
    expect((await w({ request_amount: 500, payment_method: 2 })).body).toEqual({
      status: false,
      msg: 'Wallet Limit Exceeded',
      code: expect.any(String),
    });
    expect(await walletOf(t, u.id)).toBe(0);
    expect(await ledgerSum(t, u.id)).toBe(0);
  });

  test('held at request time; approve records the receipt; reject refunds; history and ledger', async () => {
    const u = await createUser(t, { wallet: 2000 });
    const gpay = newMobile();
    const phonepe = newMobile();
    await addUpi(u.token, 2, gpay);
    await addUpi(u.token, 3, phonepe);
    const a = await call(t.app, 'api-user-withdraw-fund-request', {
      unique_token: u.token,
      mobile: '9000000000',
      request_amount: 600,
      payment_method: 2,
    });
    expect(a.body).toMatchObject({ status: true, msg: 'Withdraw request sent successfully', wallet_amt: '1400' });
    const b = await call(t.app, 'api-user-withdraw-fund-request', {
      unique_token: u.token,
      request_amount: '700',
      payment_method: 4,
    });
    expect(b.body.wallet_amt).toBe('700');
    expect(await walletOf(t, u.id)).toBe(700);

    let hist = await call(t.app, 'api-user-withdraw-transaction-history', {
      unique_token: u.token,
      mobile_no: '9000000000',
    });
    expect(hist.body.withdrawdata).toEqual([
      expect.objectContaining({
        request_number: `W${b.body.request_id}`,
        phone_pay_number: phonepe,
        google_pay_number: '',
        request_amount: '700',
        request_status: '0',
      }),
      expect.objectContaining({
        request_number: `W${a.body.request_id}`,
        google_pay_number: gpay,
        request_amount: '600',
        request_status: '0',
        payment_receipt: '',
      }),
    ]);

    const ok = await operatorCall(t, '/operator/withdrawals/approve', {
      id: a.body.request_id,
      receipt_url: 'https://bank.example/r/1.png',
    });
    expect(ok.body).toMatchObject({ status: true });
    expect(ok.body.msg).toContain(`pay 600 to Google Pay ${gpay}`);
    expect((await operatorCall(t, '/operator/withdrawals/approve', { id: a.body.request_id })).statusCode).toBe(409);
    expect(
      (
        await operatorCall(t, '/operator/withdrawals/approve', {
          id: b.body.request_id,
          receipt_url: 'javascript:alert(1)',
        })
      ).statusCode,
    ).toBe(400);
    const rej = await operatorCall(t, '/operator/withdrawals/reject', { id: b.body.request_id });
    expect(rej.body).toMatchObject({ status: true, wallet_amt: '1400' });
    expect((await operatorCall(t, '/operator/withdrawals/reject', { id: b.body.request_id })).statusCode).toBe(409);
    expect((await operatorCall(t, '/operator/withdrawals/approve', { id: b.body.request_id })).statusCode).toBe(409);
    expect(await walletOf(t, u.id)).toBe(1400);
    expect(await ledgerSum(t, u.id)).toBe(1400);
    const rows = await ledger(u.id);
    expect(rows.slice(1).map((r) => [r.type, r.kind, r.amount, r.balance_after, r.amount_status])).toEqual([
      ['debit', 'withdraw', '600', '1400', '1'],
      ['debit', 'withdraw', '700', '700', '1'],
      ['credit', 'withdraw_refund', '700', '1400', '1'],
    ]);
    hist = await call(t.app, 'api-user-withdraw-transaction-history', {
      unique_token: u.token,
      date_from: '3/10/2026',
      date_to: '3/10/2026',
    });
    expect(hist.body.withdrawdata.map((r: any) => [r.request_status, r.payment_receipt])).toEqual([
      ['1', ''],
      ['2', 'https://bank.example/r/1.png'],
    ]);
    expect(
      (
        await call(t.app, 'api-user-withdraw-transaction-history', {
          unique_token: u.token,
          date_from: '03/09/2026',
          date_to: '03/09/2026',
        })
      ).body.withdrawdata,
    ).toEqual([]);
    for (const c of [
      'api-user-withdraw-transaction-history',
      'api-wallet-transaction-history',
      'api-fund-request-history',
    ])
      for (const bad of ['13/45/2026', '', 12345, { $gt: '' }, '2026-02-30', "' OR 1=1"]) {
        const r = await call(t.app, c, { unique_token: u.token, date_from: bad });
        expect([c, bad, r.statusCode, r.body.msg]).toEqual([c, bad, 400, 'Invalid from date']);
      }
    expect(await auditOf('withdrawals reject')).toMatchObject({
      before: { status: 'pending', wallet: '700' },
      after: { status: 'rejected', wallet: '1400' },
    });
    expect(await auditOf('withdrawals approve')).toMatchObject({
      after: { receipt_url: 'https://bank.example/r/1.png' },
    });
  });
});

describe('transfers', () => {
  test('lookup, refusals with the spec texts, then both wallets and both ledger rows', async () => {
    const a = await createUser(t, { wallet: 500, name: 'Asha' });
    const b = await createUser(t, { wallet: 0, name: 'Bala' });
    const look = (mobile_no: unknown) =>
      call(t.app, 'api-check-user-for-transfer-amt', { unique_token: a.token, mobile_no });
    expect((await look(b.mobile)).body).toEqual({ status: true, msg: 'Success', user_name: 'Bala' });
    expect((await look(newMobile())).body).toEqual({
      status: false,
      msg: 'Username or password incorrect',
      code: expect.any(String),
    });
    expect((await look(a.mobile)).body).toEqual({
      status: false,
      msg: "Don't Use Your Own Phone No.",
      code: expect.any(String),
    });
    expect((await look('')).body).toEqual({ status: false, msg: 'Phone No is required!', code: expect.any(String) });
    expect((await look('12345')).body).toEqual({
      status: false,
      msg: 'Phone.No is not Valid!',
      code: expect.any(String),
    });

    const tr = (amount: unknown, mobile_no: unknown = b.mobile) =>
      call(t.app, 'api-user-transfer-wallet-balance', {
        unique_token: a.token,
        amount,
        mobile_no,
        transfer_note: 'hi',
      });
    expect((await tr(99)).body).toEqual({
      status: false,
      msg: 'Points Must be More than 100',
      code: expect.any(String),
    });
    expect((await tr(501)).body).toEqual({ status: false, msg: 'Not Enough Points', code: expect.any(String) });
    expect((await tr(150, a.mobile)).body).toEqual({
      status: false,
      msg: "Don't Use Your Own Phone No.",
      code: expect.any(String),
    });
    expect((await tr(150, newMobile())).body).toEqual({
      status: false,
      msg: 'Username or password incorrect',
      code: expect.any(String),
    });
    expect((await tr('')).body).toEqual({ status: false, msg: 'Points is required!', code: expect.any(String) });
    expect((await tr(150, '')).body).toEqual({ status: false, msg: 'Phone No is required!', code: expect.any(String) });
    expect((await tr(150, '5123456789')).body).toEqual({
      status: false,
      msg: 'Phone.No is not Valid!',
      code: expect.any(String),
    });
    expect(await walletOf(t, a.id)).toBe(500);

    const ok = await tr('150');
    expect(ok.body).toMatchObject({ status: true, msg: 'Points transferred successfully', wallet_amt: '350' });
    expect(await walletOf(t, a.id)).toBe(350);
    expect(await walletOf(t, b.id)).toBe(150);
    const [out] = (await ledger(a.id)).slice(-1);
    const [inn] = (await ledger(b.id)).slice(-1);
    expect(out).toMatchObject({
      type: 'debit',
      kind: 'transfer_out',
      amount: '150',
      balance_after: '350',
      note: `Transferred to Bala (${b.mobile})`,
    });
    expect(inn).toMatchObject({
      type: 'credit',
      kind: 'transfer_in',
      amount: '150',
      balance_after: '150',
      note: `Received from Asha (${a.mobile})`,
    });
    expect(out.reference).toBe(inn.reference);
    const hist = await call(t.app, 'api-wallet-transaction-history', {
      unique_token: b.token,
      date_from: '03/10/2026',
      date_to: '03/10/2026',
    });
    expect(hist.body.transaction_history).toEqual([
      expect.objectContaining({
        transaction_type: '1',
        amount: '150',
        transaction_note: `Received from Asha (${a.mobile})`,
        amount_status: '1',
      }),
    ]);
    const ah = await call(t.app, 'api-wallet-transaction-history', { unique_token: a.token });
    expect(ah.body.transaction_history[0]).toMatchObject({ transaction_type: '2', amount: '150' });
  });
});

describe('operator CLI for money, users, settings, markets and results', () => {
  test('deposits / withdrawals list + approve / reject by id; users list; settings; exit codes', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const dep = await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 800 });
    let r = await cli('deposits', 'list');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toMatch(/^id\s+mobile\s+amount\s+status\s+requested\s+name$/);
    const line = r.out.split('\n').find((l) => l.includes(u.mobile) && l.includes('800'))!;
    expect(line).toMatch(
      new RegExp(`^${dep.body.request_id}\\s+${u.mobile}\\s+800\\s+pending\\s+2026-03-10 12:00\\s+Player`),
    );
    r = await cli('deposits', 'approve', String(dep.body.request_id));
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toContain('800 points credited');
    expect((await cli('deposits', 'approve', `D${dep.body.request_id}`)).code).toBe(1); // already approved
    expect(await walletOf(t, u.id)).toBe(1800);
    expect((await cli('deposits', 'list', '--all')).out).toMatch(/approved/);

    const n = newMobile();
    await addUpi(u.token, 1, n);
    const wd = await call(t.app, 'api-user-withdraw-fund-request', {
      unique_token: u.token,
      request_amount: 600,
      payment_method: 3,
    });
    r = await cli('withdrawals', 'list');
    const wline = r.out.split('\n').find((l) => l.includes(u.mobile) && l.includes('600'))!;
    expect(wline).toMatch(
      new RegExp(`^${wd.body.request_id}\\s+${u.mobile}\\s+600\\s+pending\\s+\\S+ \\S+\\s+Paytm\\s+${n}`),
    );
    r = await cli('withdrawals', 'approve', String(wd.body.request_id), 'https://pay.example/receipt/9');
    expect(r.code).toBe(0);
    const wd2 = await call(t.app, 'api-user-withdraw-fund-request', {
      unique_token: u.token,
      request_amount: 500,
      payment_method: 3,
    });
    r = await cli('withdrawals', 'reject', `W${wd2.body.request_id}`, 'wrong', 'number');
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toContain('500 points returned');
    expect(await walletOf(t, u.id)).toBe(1200);
    expect((await cli('withdrawals', 'list')).out).not.toContain(u.mobile);
    expect((await cli('deposits', 'list', '--status', 'rejected')).out).toMatch(/^id .*\n\d+ .* rejected /);

    r = await cli('users', 'list', u.mobile.slice(2, 8));
    expect(r.out).toContain(u.mobile);
    expect(r.out.split('\n')[0]).toMatch(/^id\s+mobile\s+wallet\s+betting\s+created\s+name$/);

    r = await cli('settings', 'set-withdraw-window', '00:00', '23:59');
    expect(r).toMatchObject({ code: 0, out: 'Withdrawals allowed 12:00 AM to 11:59 PM (Asia/Kolkata)' });
    const info = await call(t.app, 'api-user-wallet-balance', { unique_token: u.token });
    expect(info.body).toMatchObject({ withdraw_open_time: '12:00 AM', withdraw_close_time: '11:59 PM' });
    t.clock.set(kolkata('03:00'));
    const early = await call(t.app, 'api-user-withdraw-fund-request', {
      unique_token: u.token,
      request_amount: 500,
      payment_method: 3,
    });
    expect(early.body.status).toBe(true);
    expect((await cli('settings', 'set', 'min_withdrawal', '1000')).code).toBe(0);
    expect((await call(t.app, 'api-user-wallet-balance', { unique_token: u.token })).body.min_withdrawal).toBe('1000');
    expect((await cli('settings', 'set', 'min_amt', '200')).code).toBe(0);
    expect((await call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 150 })).body.msg).toBe(
      'Minimum amount to add is 200',
    );
    expect((await cli('settings', 'set', 'withdraw_close_time', '22:30')).out).toContain('10:30 PM');
    expect((await cli('settings', 'list')).out).toMatch(/withdraw_close_time\s+10:30 PM/);
    expect(await auditOf('settings set')).toMatchObject({
      before: { withdraw_close_time: '11:59 PM' },
      after: { withdraw_close_time: '10:30 PM' },
    });
    // restore the defaults for the other tests
    await cli('settings', 'set-withdraw-window', '10:00', '23:00');
    await cli('settings', 'set', 'min_withdrawal', '500');
    await cli('settings', 'set', 'min_amt', '100');

    for (const argv of [
      ['deposits'],
      ['deposits', 'approve'],
      ['deposits', 'approve', 'abc'],
      ['deposits', 'approve', '1', '2'],
      ['deposits', 'list', '--status', 'weird'],
      ['withdrawals', 'approve', '1', 'ftp://x'],
      ['withdrawals', 'explode'],
      ['result', 'declare', 'KALYAN', 'open'],
      ['result', 'declare', 'KALYAN', 'opening', '128'],
      ['result', 'declare', 'KALYAN', 'open', '12'],
      ['result', 'declare', 'KALYAN', 'open', '128', '--date', 'tomorrow'],
      ['result', 'publish', 'KALYAN', 'open', '128'],
      ['starline', 'declare', '01:00 PM'],
      ['gali', 'declare', 'GALI', '4'],
      ['users', 'delete'],
      ['settings', 'set', 'min_amt'],
      ['settings', 'set-withdraw-window', '9am', '10:00'],
      ['market', 'add', 'NEW MARKET'],
      ['market', 'add', 'NEW MARKET', '10:00'],
      ['market', 'enable'],
    ]) {
      const x = await cli(...argv);
      expect([argv.join(' '), x.code]).toEqual([argv.join(' '), 2]);
      expect(x.err).toMatch(/^Error: .+/);
    }
    // server-side refusals: exit 1 with the reason
    expect(await cli('settings', 'set', 'min_amt', 'lots')).toMatchObject({
      code: 1,
      err: expect.stringMatching(/Minimum deposit \(points\) must be a whole number/),
    });
    expect(await cli('settings', 'set', 'password', 'x')).toMatchObject({
      code: 1,
      err: expect.stringMatching(/unknown setting/),
    });
    expect(await cli('deposits', 'approve', '999999')).toMatchObject({
      code: 1,
      err: 'Error: No deposit request #999999',
    });
  });

  test('market add / disable / enable; result preview / declare; starline and gali declare', async () => {
    let r = await cli('market', 'add', 'NIGHT', 'OWL', '20:00', '22:00');
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toMatch(/^Added regular market NIGHT OWL \(id \d+\), open 20:00, close 22:00$/);
    expect((await cli('market', 'add', 'night owl', '20:00', '22:00')).err).toMatch(/already exists/);
    expect((await cli('market', 'add', 'STARLINE 11:30 PM', '23:30', '--family', 'starline')).code).toBe(0);
    const home = async () => (await call(t.app, 'api-dashboard-data', {})).body.result.map((m: any) => m.game_name);
    expect(await home()).toContain('NIGHT OWL');
    expect((await cli('market', 'disable', 'NIGHT OWL')).out).toBe('NIGHT OWL (regular) is now disabled');
    expect(await home()).not.toContain('NIGHT OWL');
    expect((await cli('market', 'enable', 'night owl', '--family', 'regular')).code).toBe(0);
    expect(await home()).toContain('NIGHT OWL');
    expect(await auditOf('market disable')).toMatchObject({ before: { active: true }, after: { active: false } });

    t.clock.set(kolkata('08:00'));
    const u = await createUser(t, { wallet: 1000 });
    const { buildNewResult } = await import('@matka/shared/domain');
    const m = await t.ctx.db
      .selectFrom('markets')
      .selectAll()
      .where('name', '=', 'NIGHT OWL')
      .executeTakeFirstOrThrow();
    const [nr] = buildNewResult({
      family: 'regular',
      betType: 'single_digit',
      token: u.token,
      gameId: m.id,
      gameName: m.name,
      bidDate: '10-March-2026',
      rows: [{ digits: '5', closedigits: '', points: 50, session: 'Open', pana: '' }],
    });
    expect(
      (await call(t.app, 'api-submit-bid', { unique_token: u.token, game_id: String(m.id), new_result: nr })).body
        .status,
    ).toBe(true);
    t.clock.set(kolkata('20:30'));
    r = await cli('result', 'preview', 'NIGHT', 'OWL', 'open', '555');
    expect(r.code).toBe(0);
    expect(r.out).toContain('1 winning bid would be paid 475 points');
    expect(r.out).toMatch(/Exposure: 1 open bid, 50 points/);
    expect(r.out).toContain('by digit: 5:50');
    r = await cli('result', 'declare', 'NIGHT OWL', 'open', '555');
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toContain('NIGHT OWL 2026-03-10: 555-5; settled 1 bid: 1 winning bid paid 475 points');
    expect(await walletOf(t, u.id)).toBe(1000 - 50 + 475);
    expect((await cli('result', 'declare', 'NIGHT OWL', 'open', '555')).out).toContain('(unchanged)');
    expect(await walletOf(t, u.id)).toBe(1425);
    // the close result before NIGHT OWL's close time: refused without an owner's reason, then declared with one
    const tooEarly = await cli('result', 'declare', 'NIGHT OWL', 'close', '123', '--date', '2026-03-10');
    expect(tooEarly.code).toBe(1);
    expect(tooEarly.err).toMatch(
      /NIGHT OWL's close result for 2026-03-10 is due at .* from now: declaring it early needs an owner's override with a reason/,
    );
    const closeEarly = await cli(
      'result',
      'declare',
      'NIGHT OWL',
      'close',
      '123',
      '--date',
      '2026-03-10',
      '--early-reason',
      'draw held early',
    );
    expect(closeEarly.out).toContain('555-56-123 (declared');
    expect(closeEarly.out).toContain('draw held early');
    expect((await cli('result', 'declare', 'NO SUCH', 'open', '123')).err).toBe("Error: No regular market 'NO SUCH'");
    r = await cli('starline', 'declare', '23:30', '129', '--early-reason', 'test: before the draw');
    expect(r.out).toContain('STARLINE 11:30 PM 2026-03-10: 129-2');
    r = await cli('gali', 'declare', 'FARIDABAD', '05');
    expect(r.out).toContain('FARIDABAD 2026-03-10: 05');
    expect((await cli('gali', 'preview', 'FARIDABAD', '06')).code).toBe(0);
    expect(await auditOf('starline declare')).toMatchObject({
      target: 'starline:STARLINE 11:30 PM 2026-03-10',
      after: { open_pana: '129' },
    });
  });
});
