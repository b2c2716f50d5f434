/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
/**
 * Table-driven hostile input at every call: wrong types, missing fields, huge numbers and strings,
 * SQL and script strings, revoked (other user's) and expired tokens. Every answer must be a 4xx or a
 * 200 {status:false,msg}, never a 5xx, and the database must not change. The baseline bodies are
 * chosen to be refused for a business reason (wrong OTP or password, empty wallet, taken number), so
 * that a mutation which happens to be valid input still changes nothing. (Wrong OTP guesses do count
 * tries on the code by design: otp_codes.attempts is left out of the comparison.)
 */
import { buildNewResult } from '@matka/shared/domain';
import { sql } from 'kysely';
import { APP_KEY, createUser, kolkata, makeTestApp, marketByName, newMobile, walletOf, type TestApp } from './helpers';
import { sha256 } from '../src/services/passwords';

let t: TestApp;
let victim: { id: string; mobile: string; token: string };
let revokedOther: string;
let expired: string;
let bidBody: Record<string, any>;
let starBody: Record<string, any>;
let galiBody: Record<string, any>;
let pendingOtpMobile: string;
let receiver: { mobile: string };
const UPI_LIVE = '9123400001';
const UPI_NONE = '9123400002';

const HUGE = 'x'.repeat(100_000);
const SQLI = "' OR 1=1; DROP TABLE users; --";
const XSS = '<script>alert(1)</script>';
const VALUES: [string, unknown][] = [
  ['number', 12345],
  ['negative', -1],
  ['float', 1.5],
  ['huge number', 1e308],
  ['big int text', '99999999999999999999999999'],
  ['object', { $gt: '' }],
  ['array', ['a', 'b']],
  ['boolean', true],
  ['null', null],
  ['empty', ''],
  ['huge string', HUGE],
  ['sql', SQLI],
  ['script', XSS],
  ['unicode', '\u0000\uffff💥'],
];

beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
  victim = await createUser(t, { wallet: 0 });
  const other = await createUser(t, { wallet: 100 });
  revokedOther = other.token;
  await t.ctx.db
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', sha256(other.token))
    .execute();
  const old = await createUser(t, { wallet: 100 });
  expired = old.token;
  await t.ctx.db
    .updateTable('auth_tokens')
    .set({ expires_at: new Date('2020-01-01T00:00:00Z') })
    .where('token_hash', '=', sha256(old.token))
    .execute();
  // a live registration code (so the wrong-OTP baseline reaches the OTP check)
  pendingOtpMobile = newMobile();
  await t.app.inject({
    method: 'POST',
    url: '/api/api-check-mobile',
    payload: { app_key: APP_KEY, mobile: pendingOtpMobile },
  });
  receiver = await createUser(t, { wallet: 0 });
  // the victim's pending deposits are at the limit, so a valid amount is still refused
  await t.ctx.db
    .insertInto('fund_requests')
    .values(Array.from({ length: 5 }, () => ({ user_id: victim.id, amount: 100 })))
    .execute();
  // live UPI codes (so a resend within 30 s is refused): for the number and app of the baseline, for the
  // account's own number (asked with none), and for the number with no app
  for (const asked of [{ mobile: UPI_LIVE, upi_type: 2 }, { upi_type: 2 }, { mobile: UPI_LIVE }])
    await t.app.inject({
      method: 'POST',
      url: '/api/api-upi-send-otp',
      payload: { app_key: APP_KEY, unique_token: victim.token, ...asked },
    });
  const mk = async (name: string) => marketByName(t, name);
  const [m, s, g] = [await mk('KALYAN'), await mk('STARLINE 01:00 PM'), await mk('GALI')];
  const nr = (family: any, betType: any, market: any, digits: string) =>
    buildNewResult({
      family,
      betType,
      token: victim.token,
      gameId: market.id,
      gameName: market.name,
      bidDate: '10-March-2026',
      rows: [{ digits, closedigits: '', points: 10, session: 'Open', pana: '' }],
    })[0];
  bidBody = { game_id: String(m.id), new_result: nr('regular', 'single_pana', m, '128') };
  starBody = { game_id: String(s.id), new_result: nr('starline', 'starline_single_digit', s, '4') };
  galiBody = { game_id: String(g.id), new_result: nr('gali', 'gali_jodi_digit', g, '47') };
});
afterAll(() => t.close());

interface Case {
  call: string;
  auth: boolean;
  /** baseline body (without envelope); refused for a business reason */
  base: () => Record<string, any>;
  /** paths of fields to mutate ('a.b.0.c') */
  fields: string[];
}

const registered = () => victim.mobile;
const CASES: Case[] = [
  {
    call: 'api-user-login',
    auth: false,
    base: () => ({ mobile: registered(), password: 'wrong-password', device_id: 'd' }),
    fields: ['mobile', 'password', 'device_id'],
  },
  { call: 'api-check-mobile', auth: false, base: () => ({ mobile: registered() }), fields: ['mobile'] },
  {
    call: 'api-user-registration',
    auth: false,
    base: () => ({
      name: 'Tester',
      email: 'a@b.c',
      password: 'pw',
      mobile: pendingOtpMobile,
      security_pin: '1234',
      device_id: null,
      otp: 'abcd',
    }),
    fields: ['name', 'email', 'password', 'mobile', 'security_pin', 'device_id', 'otp'],
  },
  {
    call: 'api-resend-otp',
    auth: false,
    base: () => ({ mobile: registered(), purpose: 'register' }),
    fields: ['mobile', 'purpose'],
  },
  { call: 'api-forget-check-mobile', auth: false, base: () => ({ mobile: '6000000000' }), fields: ['mobile'] },
  {
    call: 'api-forgot-password',
    auth: false,
    base: () => ({ mobile: registered(), new_pass: 'x', otp: '00000' }),
    fields: ['mobile', 'new_pass', 'otp'],
  },
  {
    call: 'api-change-password',
    auth: true,
    base: () => ({ old_pass: 'not-the-password', new_pass: 'n' }),
    fields: ['old_pass', 'new_pass'],
  },
  { call: 'api-profile-update', auth: true, base: () => ({ user_name: '' }), fields: ['user_name'] },
  { call: 'api-get-profile', auth: true, base: () => ({}), fields: [] },
  { call: 'api-user-logout', auth: true, base: () => ({}), fields: [] },
  { call: 'api-home-info', auth: true, base: () => ({}), fields: [] },
  { call: 'api-user-wallet-balance', auth: true, base: () => ({}), fields: [] },
  ...['api-last-fund-request-detail', 'api-get-user-payment-details'].map((c): Case => ({
    call: c,
    auth: true,
    base: () => ({}),
    fields: [],
  })),
  ...['api-wallet-transaction-history', 'api-fund-request-history', 'api-user-withdraw-transaction-history'].map(
    (c): Case => ({
      call: c,
      auth: true,
      base: () => ({ date_from: '03/10/2026', date_to: '03/10/2026', mobile_no: victim.mobile }),
      // the range is optional (absent or null: every record) and mobile_no is ignored, so only the
      // envelope is mutated here; bad dates are covered in wallet.test.ts
      fields: [],
    }),
  ),
  { call: 'api-fund-request-add', auth: true, base: () => ({ request_amount: 500 }), fields: ['request_amount'] },
  {
    call: 'api-fund-request-proof',
    auth: true,
    base: () => ({ request_id: '999999', utr: '123456789012' }),
    fields: ['request_id', 'utr', 'screenshot'],
  },
  {
    call: 'api-upi-send-otp',
    auth: true,
    base: () => ({ mobile: UPI_LIVE, upi_type: 2 }),
    fields: ['mobile', 'upi_type'],
  },
  {
    call: 'api-add-user-upi-details',
    auth: true,
    base: () => ({ upi_type: 2, paytm_no: '', google_pay_no: UPI_NONE, phon_pay_no: '', otp: '1234' }),
    fields: ['upi_type', 'paytm_no', 'google_pay_no', 'phon_pay_no', 'otp'],
  },
  {
    call: 'api-user-withdraw-fund-request',
    auth: true,
    base: () => ({ mobile: victim.mobile, request_amount: 600, payment_method: 2 }),
    fields: ['mobile', 'request_amount', 'payment_method'],
  },
  {
    call: 'api-check-user-for-transfer-amt',
    auth: true,
    base: () => ({ mobile_no: receiver.mobile }),
    fields: ['mobile_no'],
  },
  {
    call: 'api-user-transfer-wallet-balance',
    auth: true,
    base: () => ({ amount: 150, mobile_no: receiver.mobile, transfer_note: 'x' }),
    fields: ['amount', 'mobile_no', 'transfer_note'],
  },
  ...[
    'api-dashboard-data',
    'api-social-data',
    'api-game-rates',
    'api-how-to-play',
    'api-money-deposit-withdrawal-rule',
    'api-get-qr-pay',
    'api-admin-bank-details',
    'api-starline-game',
    'api-starline-game-rates',
    'api-galidisawar-game',
    'api-galidisawar-game-rates',
  ].map((c): Case => ({ call: c, auth: false, base: () => ({}), fields: [] })),
  ...(
    [
      ['api-submit-bid', () => bidBody],
      ['api-starline-submit-bid', () => starBody],
      ['api-galidisawar-submit-bid', () => galiBody],
    ] as const
  ).map(([c, b]): Case => ({
    call: c,
    auth: true,
    base: () => structuredClone(b()),
    fields: [
      'game_id',
      'request_id',
      'new_result',
      'new_result.gameid',
      'new_result.pana',
      'new_result.gametype',
      'new_result.session',
      'new_result.bid_date',
      'new_result.result',
      'new_result.result.0',
      'new_result.result.0.digits',
      'new_result.result.0.closedigits',
      'new_result.result.0.points',
      'new_result.result.0.session',
      'new_result.totalbit',
    ],
  })),
  ...['api-bid-history-data', 'api-starline-bid-history-data', 'api-galidisawar-bid-history-data'].map((c): Case => ({
    call: c,
    auth: true,
    base: () => ({ bid_from: '03/10/2026', bid_to: '03/10/2026' }),
    fields: ['bid_from', 'bid_to'],
  })),
  ...['api-wining-history-data', 'api-starline-wining-history-data', 'api-galidisawar-wining-history-data'].map(
    (c): Case => ({
      call: c,
      auth: true,
      base: () => ({ date_from: '03/10/2026', date_to: '03/10/2026' }),
      fields: ['date_from', 'date_to'],
    }),
  ),
];

function setPath(obj: Record<string, any>, p: string, v: unknown) {
  const keys = p.split('.');
  let o: any = obj;
  for (const k of keys.slice(0, -1)) o = o?.[k];
  if (o && typeof o === 'object') {
    if (v === undefined) delete o[keys.at(-1)!];
    else o[keys.at(-1)!] = v;
  }
}

async function snapshot() {
  const q = async (s: string) => (await sql.raw(s).execute(t.ctx.db)).rows;
  return {
    users: await q(
      'SELECT id, mobile, name, email, password_hash, betting_status, wallet, device_id, paytm_no, google_pay_no, phon_pay_no FROM users ORDER BY id',
    ),
    tokens: await q('SELECT id, revoked_at, expires_at FROM auth_tokens ORDER BY id'),
    otps: await q('SELECT id, consumed_at FROM otp_codes ORDER BY id'),
    bids: await q('SELECT count(*) AS n FROM bids'),
    subs: await q('SELECT count(*) AS n FROM bid_submissions'),
    ledger: await q('SELECT count(*) AS n FROM wallet_transactions'),
    deposits: await q('SELECT id, status FROM fund_requests ORDER BY id'),
    withdrawals: await q('SELECT count(*) AS n FROM withdraw_requests'),
    transfers: await q('SELECT count(*) AS n FROM transfers'),
    markets: await q('SELECT * FROM markets ORDER BY id'),
    settings: await q('SELECT * FROM settings ORDER BY key'),
  };
}

function expectRefused(label: string, res: { statusCode: number; body: string }) {
  let body: any;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = undefined;
  }
  const ok =
    res.statusCode < 500 &&
    (res.statusCode >= 400 || body?.status === false) &&
    body?.status === false &&
    typeof body?.msg === 'string' &&
    body.msg.length > 0 &&
    body.msg.length < 300;
  if (!ok) throw new Error(`${label}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
}

describe.each(CASES)('$call', (c) => {
  test('hostile envelopes and field values are refused and change nothing', async () => {
    const before = await snapshot();
    const send = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/${c.call}`,
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers,
      });
    const env = (extra: Record<string, unknown> = {}) => ({
      env_type: 'Prod',
      app_key: APP_KEY,
      ...(c.auth ? { unique_token: victim.token } : {}),
      ...c.base(),
      ...extra,
    });
    const attempts: [string, Promise<any>][] = [];
    const tryIt = (label: string, p: Promise<any>) => attempts.push([label, p]);

    // the body itself
    for (const raw of ['', 'null', '[]', '"text"', '42', '{"app_key":', '{'.repeat(5000), JSON.stringify([env()])])
      tryIt(`body ${raw.slice(0, 20)}`, send(raw));
    tryIt('form body', send('app_key=x', { 'content-type': 'application/x-www-form-urlencoded' }));
    tryIt('too large', send(JSON.stringify({ ...env(), pad: 'x'.repeat(300_000) })));
    // app_key
    for (const [label, v] of [['no app_key', undefined], ...VALUES] as [string, unknown][]) {
      const b = env();
      setPath(b, 'app_key', v);
      tryIt(`app_key ${label}`, send(b));
    }
    // tokens
    if (c.auth) {
      for (const [label, v] of [
        ['no token', undefined],
        ['revoked token of another user', revokedOther],
        ['expired token', expired],
        ...VALUES,
      ] as [string, unknown][]) {
        const b = env();
        setPath(b, 'unique_token', v);
        tryIt(`token ${label}`, send(b));
      }
    }
    // fields
    for (const f of c.fields) {
      for (const [label, v] of [['missing', undefined], ...VALUES] as [string, unknown][]) {
        const b = env();
        setPath(b, f, v);
        tryIt(`${f} ${label}`, send(b));
      }
    }
    if (c.call.includes('submit-bid')) {
      const b: any = env();
      b.new_result.result = Array.from({ length: 600 }, () => b.new_result.result[0]);
      tryIt('600 rows', send(b));
    }
    if (c.fields.length === 0 && !c.auth) {
      // read-only calls without parameters: only the envelope can be wrong (done above)
    }
    for (const [label, p] of attempts) expectRefused(`${c.call} / ${label}`, await p);
    expect(await snapshot()).toEqual(before);
  });
});

describe("another user's live token with A's mobile / mobile_no in the body", () => {
  test('every call acts on the token’s account (B) and leaves A unchanged', async () => {
    const a = await createUser(t, { wallet: 5_000 });
    const b = await createUser(t, { wallet: 1_000 });
    await t.ctx.db.updateTable('users').set({ google_pay_no: '9111111111' }).where('id', '=', a.id).execute();
    await t.ctx.db.updateTable('users').set({ google_pay_no: '9222222222' }).where('id', '=', b.id).execute();
    const aState = async () => ({
      user: (await sql`SELECT * FROM users WHERE id = ${a.id}`.execute(t.ctx.db)).rows,
      ledger: (await sql`SELECT * FROM wallet_transactions WHERE user_id = ${a.id} ORDER BY id`.execute(t.ctx.db)).rows,
      deposits: (await sql`SELECT * FROM fund_requests WHERE user_id = ${a.id}`.execute(t.ctx.db)).rows,
      withdrawals: (await sql`SELECT * FROM withdraw_requests WHERE user_id = ${a.id}`.execute(t.ctx.db)).rows,
      tokens: (await sql`SELECT id, revoked_at FROM auth_tokens WHERE user_id = ${a.id}`.execute(t.ctx.db)).rows,
    });
    const before = await aState();
    const asB = (name: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/${name}`,
        payload: { env_type: 'Prod', app_key: APP_KEY, unique_token: b.token, ...body },
      });
    const json = async (p: Promise<{ json: () => any }>) => (await p).json();
    const both = { mobile: a.mobile, mobile_no: a.mobile };
    const t0 = t.clock.now();
    t.clock.set(kolkata('12:00')); // inside the withdraw window
    try {
      // reads answer B's data
      expect(await json(asB('api-get-user-payment-details', both))).toMatchObject({
        status: true,
        payment_details: [{ google_pay_number: '9222222222' }],
      });
      expect(await json(asB('api-user-wallet-balance', both))).toMatchObject({ status: true, wallet_amt: '1000' });
      expect(await json(asB('api-home-info', both))).toMatchObject({ wallet_amt: '1000', mobile: b.mobile });
      expect(await json(asB('api-get-profile', both))).toMatchObject({ mobile: b.mobile });
      expect(await json(asB('api-last-fund-request-detail', both))).toMatchObject({ status: true, last_request: null });
      // writes act on B
      const w = await json(asB('api-user-withdraw-fund-request', { ...both, request_amount: 600, payment_method: 2 }));
      expect(w).toMatchObject({ status: true, wallet_amt: '400' });
      expect(await json(asB('api-fund-request-add', { ...both, request_amount: 500 }))).toMatchObject({ status: true });
      expect((await json(asB('api-user-withdraw-transaction-history', both))).withdrawdata).toEqual([
        expect.objectContaining({ google_pay_number: '9222222222', request_amount: '600' }),
      ]);
      expect((await json(asB('api-profile-update', { ...both, user_name: 'Bee' }))).status).toBe(true);
      expect((await json(asB('api-user-logout', both))).status).toBe(true);
    } finally {
      t.clock.set(t0);
    }
    expect(await aState()).toEqual(before);
    expect(await walletOf(t, b.id)).toBe(400);
  });
});
