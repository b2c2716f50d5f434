/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
/**
 * Review fixes: limits and the OTP resend gap under concurrent requests, OTP codes under an HMAC,
 * scrypt cost, TRUST_PROXY, absolute chart links, betting_status on the wallet calls, transfer amounts,
 * the pending-deposit cap under concurrency, racing idempotent retries, bids racing a declaration and
 * the token -> account cache.
 */
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildNewResult } from '@matka/shared/domain';
import { sql } from 'kysely';
import {
  APP_KEY,
  TEST_PASSWORD,
  call,
  createUser,
  kolkata,
  ledgerSum,
  makeTestApp,
  marketByName,
  newMobile,
  walletOf,
  type TestApp,
  operatorCall,
} from './helpers';
import { DEFAULT_RATE_LIMITS, loadConfig, parseTrustProxy } from '../src/config';
import { resolveOtpSecret, startupProblems } from '../src/main';
import { SCRYPT_N, hashPassword, needsRehash, verifyPassword } from '../src/services/passwords';
import { UserCache } from '../src/services/usercache';
import { LocalBus } from '../src/services/bus';
import { ManualClock } from '../src/services/clock';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(kolkata('08:00')));

const TOO_MANY = 'Too many attempts. Please try again later.';
const DISABLED = 'Betting is disabled for your account';

async function submitSingle(
  app: TestApp,
  token: string,
  marketName: string,
  digit: string,
  points: number,
  headers: Record<string, string> = {},
) {
  const m = await marketByName(app, marketName);
  const [new_result] = buildNewResult({
    family: 'regular',
    betType: 'single_digit',
    token,
    gameId: m.id,
    gameName: m.name,
    bidDate: '10-March-2026',
    rows: [{ digits: digit, closedigits: '', points, session: 'Open', pana: '' }],
  });
  return call(app.app, 'api-submit-bid', { unique_token: token, game_id: String(m.id), new_result }, headers);
}

// ------------------------------------------------------------------------------------------------ 1
describe('rate limits and the OTP resend gap hold under concurrent requests', () => {
  const loginAt = (app: TestApp, mobile: string, password: string, remoteAddress = '127.0.0.1') =>
    app.app
      .inject({
        method: 'POST',
        url: '/api/api-user-login',
        remoteAddress,
        payload: { env_type: 'Prod', app_key: APP_KEY, mobile, password },
      })
      .then((r) => r.json().msg as string);

  test('40 parallel wrong-password logins for one mobile from one IP: 3 are checked, then the pair backs off', async () => {
    const u = await createUser(t);
    const rs = await Promise.all(
      Array.from({ length: 40 }, () => call(t.app, 'api-user-login', { mobile: u.mobile, password: 'wrong' })),
    );
    const msgs = rs.map((r) => r.body.msg);
    expect(msgs.filter((m) => m === 'User Not Registered')).toHaveLength(3);
    expect(msgs.filter((m) => m === TOO_MANY)).toHaveLength(37);
    // the owner, from another IP, is not locked out by those failures
    expect(await loginAt(t, u.mobile, TEST_PASSWORD, '10.9.8.7')).toBe('Login successful');
  });

  test('failures back off progressively per (mobile, IP): 1, 2, 4 ... s after the last; 10 end the window', async () => {
    const u = await createUser(t);
    const ip = '10.1.1.1';
    const t0 = t.clock.now().getTime();
    const at = (ms: number) => t.clock.set(new Date(t0 + ms));
    for (let i = 0; i < 3; i++) expect(await loginAt(t, u.mobile, 'wrong', ip)).toBe('User Not Registered');
    expect(await loginAt(t, u.mobile, 'wrong', ip)).toBe(TOO_MANY); // 4th at once: wait 1 s
    at(1_000);
    expect(await loginAt(t, u.mobile, 'wrong', ip)).toBe('User Not Registered');
    at(2_000);
    expect(await loginAt(t, u.mobile, 'wrong', ip)).toBe(TOO_MANY); // 5th failure: wait 2 s after it
    at(3_000);
    expect(await loginAt(t, u.mobile, 'wrong', ip)).toBe('User Not Registered');
    // a correct password still needs the pair's wait, then clears its failures
    at(4_000);
    expect(await loginAt(t, u.mobile, TEST_PASSWORD, ip)).toBe(TOO_MANY);
    at(7_000);
    expect(await loginAt(t, u.mobile, TEST_PASSWORD, ip)).toBe('Login successful');
    for (let i = 0; i < 3; i++) expect(await loginAt(t, u.mobile, 'wrong', ip)).toBe('User Not Registered');
  });

  test('good logins give their count back (only failures count)', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 25; i++) expect(await loginAt(t, u.mobile, TEST_PASSWORD, '10.2.2.2')).toBe('Login successful');
    for (let i = 0; i < 2; i++) expect(await loginAt(t, u.mobile, 'wrong', '10.2.2.2')).toBe('User Not Registered');
    expect(await loginAt(t, u.mobile, TEST_PASSWORD, '10.2.2.2')).toBe('Login successful');
  });

  test('a NAT: past its failure limit an IP may still log in to accounts it has not failed on', async () => {
    const p = await makeTestApp({ config: { rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 5 } } });
    try {
      const owner = await createUser(p);
      const nat = '100.64.0.1';
      for (let i = 0; i < 5; i++) expect(await loginAt(p, newMobile(), 'guess', nat)).toBe('User Not Registered');
      // another player behind the same address, first try
      expect(await loginAt(p, owner.mobile, TEST_PASSWORD, nat)).toBe('Login successful');
      // but a mobile this IP has already failed on is held
      const victim = await createUser(p);
      p.clock.set(new Date(p.clock.now().getTime() + 1));
      expect(await loginAt(p, victim.mobile, 'guess', nat)).toBe('User Not Registered');
      expect(await loginAt(p, victim.mobile, TEST_PASSWORD, nat)).toBe(TOO_MANY);
    } finally {
      await p.close();
    }
  });

  test('change-password: the same guessing limits as login', async () => {
    const u = await createUser(t);
    const change = (old_pass: string) =>
      call(t.app, 'api-change-password', { unique_token: u.token, old_pass, new_pass: 'newpass1' });
    for (let i = 0; i < 3; i++) expect((await change('nope')).body.msg).toBe('Old password is incorrect');
    expect((await change('nope')).body.msg).toBe(TOO_MANY);
    expect((await change(TEST_PASSWORD)).body.msg).toBe(TOO_MANY); // even the right one waits
    t.clock.set(new Date(t.clock.now().getTime() + 1_000));
    expect((await change(TEST_PASSWORD)).body.status).toBe(true);
  });

  test('an unknown number costs the same password check as a wrong password (no timing oracle)', async () => {
    const u = await createUser(t);
    await loginAt(t, newMobile(), 'warm-up', '10.3.3.1'); // the dummy hash is made once
    const time = async (mobile: string, ip: string) => {
      const s = process.hrtime.bigint();
      await loginAt(t, mobile, 'wrong', ip);
      return Number(process.hrtime.bigint() - s) / 1e6;
    };
    const known = [await time(u.mobile, '10.3.3.2'), await time(u.mobile, '10.3.3.3')];
    const unknown = [await time(newMobile(), '10.3.3.4'), await time(newMobile(), '10.3.3.5')];
    // both run scrypt (tens of ms); before, an unknown number answered in a few ms
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) / 3);
  });

  test('account lookups are limited per IP: check-mobile, forget-check-mobile, check-user-for-transfer-amt', async () => {
    const p = await makeTestApp({ config: { rateLimits: { ...DEFAULT_RATE_LIMITS, otpPerIp: 4 } } });
    try {
      const u = await createUser(p);
      const existing = await createUser(p);
      const msgs: string[] = [];
      for (let i = 0; i < 3; i++)
        msgs.push((await call(p.app, 'api-check-mobile', { mobile: existing.mobile })).body.msg);
      msgs.push((await call(p.app, 'api-forget-check-mobile', { mobile: newMobile() })).body.msg);
      msgs.push((await call(p.app, 'api-forget-check-mobile', { mobile: newMobile() })).body.msg);
      expect(msgs).toEqual([
        'User Alredy Registered',
        'User Alredy Registered',
        'User Alredy Registered',
        'User Not Registered',
        TOO_MANY,
      ]);
      const look = () =>
        call(p.app, 'api-check-user-for-transfer-amt', { unique_token: u.token, mobile_no: existing.mobile });
      expect((await look()).body.msg).toBe(TOO_MANY); // the same IP's lookups
    } finally {
      await p.close();
    }
  });

  test('20 parallel api-check-mobile for one number issue exactly one code', async () => {
    const mobile = newMobile();
    const rs = await Promise.all(Array.from({ length: 20 }, () => call(t.app, 'api-check-mobile', { mobile })));
    expect(rs.filter((r) => r.body.status === true)).toHaveLength(1);
    for (const r of rs.filter((x) => x.body.status !== true))
      expect(r.body.msg).toMatch(/^Please wait \d+ seconds before requesting a new OTP\.$/);
    const codes = await t.ctx.db.selectFrom('otp_codes').select('id').where('mobile', '=', mobile).execute();
    expect(codes).toHaveLength(1);
  });

  test('20 parallel forgot-password codes and 20 parallel UPI codes: one each', async () => {
    const u = await createUser(t);
    const forgot = await Promise.all(
      Array.from({ length: 20 }, () => call(t.app, 'api-forget-check-mobile', { mobile: u.mobile })),
    );
    expect(forgot.filter((r) => r.body.status === true)).toHaveLength(1);
    const upi = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, 'api-upi-send-otp', { unique_token: u.token, mobile: '9333333333', upi_type: 1 }),
      ),
    );
    expect(upi.filter((r) => r.body.status === true)).toHaveLength(1);
  });

  test("a logged-in user cannot use up a number's registration quota through api-upi-send-otp", async () => {
    const attacker = await createUser(t);
    const victimNumber = newMobile(); // not registered
    let limited = false;
    for (let i = 0; i < 12 && !limited; i++) {
      const r = await call(t.app, 'api-upi-send-otp', {
        unique_token: attacker.token,
        mobile: victimNumber,
        upi_type: 2,
      });
      limited = r.body.msg === TOO_MANY;
      t.clock.advance(31_000);
    }
    expect(limited).toBe(true); // the attacker's own quota for that number ran out ...
    // ... but the number's owner still registers
    expect((await call(t.app, 'api-check-mobile', { mobile: victimNumber })).body).toMatchObject({ status: true });
  });

  test('OTP limits are per purpose: the register quota is its own', async () => {
    const p = await makeTestApp({
      config: {
        rateLimits: {
          loginPerMobile: 10,
          loginPerIp: 100,
          otpPerMobile: 2,
          otpPerIp: 100,
          verifyPerIp: 300,
          windowMs: 600_000,
        },
      },
    });
    try {
      const mobile = newMobile();
      expect((await call(p.app, 'api-check-mobile', { mobile })).body.status).toBe(true);
      p.clock.advance(31_000);
      expect((await call(p.app, 'api-resend-otp', { mobile })).body.status).toBe(true);
      p.clock.advance(31_000);
      expect((await call(p.app, 'api-resend-otp', { mobile })).body.msg).toBe(TOO_MANY);
    } finally {
      await p.close();
    }
  });
});

// ------------------------------------------------------------------------------------------------ 8, 9
describe('secrets at rest', () => {
  test('OTP codes are stored as an HMAC under the server secret, not a plain sha256', async () => {
    const mobile = newMobile();
    const r = await call(t.app, 'api-check-mobile', { mobile });
    const row = await t.ctx.db
      .selectFrom('otp_codes')
      .select('code_hash')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    const msg = `otp:${mobile}:register:${r.body.otp}`;
    expect(row.code_hash).not.toBe(createHash('sha256').update(msg).digest('hex'));
    expect(row.code_hash).toBe(createHmac('sha256', t.ctx.otpSecret).update(msg).digest('hex'));
    // a plain-sha256 code (the old scheme) does not verify
    const m2 = newMobile();
    await t.ctx.db
      .insertInto('otp_codes')
      .values({
        mobile: m2,
        purpose: 'register',
        code_hash: createHash('sha256').update(`otp:${m2}:register:1234`).digest('hex'),
        created_at: t.clock.now(),
        expires_at: new Date(t.clock.now().getTime() + 300_000),
      })
      .execute();
    const reg = await call(t.app, 'api-user-registration', {
      name: 'Old',
      password: 'pw-old-long',
      mobile: m2,
      otp: '1234',
    });
    expect(reg.body).toEqual({ status: false, msg: 'Enter Valid OTP', code: expect.any(String) });
  });

  test('OTP_SECRET wins; else <DATA_DIR>/otp-secret is created once (mode 600), also with DATABASE_URL', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matka-otp-'));
    try {
      const cfg = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@127.0.0.1:1/x', INIT_CWD: '' });
      const first = resolveOtpSecret(cfg);
      expect(first.file).toBe(path.join(dir, 'otp-secret'));
      expect(first.token).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.statSync(first.file!).mode & 0o777).toBe(0o600);
      expect(resolveOtpSecret(cfg).token).toBe(first.token);
      expect(resolveOtpSecret(loadConfig({ DATA_DIR: dir, OTP_SECRET: 'from-env', INIT_CWD: '' }))).toEqual({
        token: 'from-env',
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test(`passwords: new hashes use scrypt N=${SCRYPT_N}; old N=16384 hashes verify and are upgraded at login`, async () => {
    const h = await hashPassword('pw-new');
    expect(h.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 15), '8', '1']);
    expect(await verifyPassword('pw-new', h)).toBe(true);
    expect(await verifyPassword('pw-other', h)).toBe(false);
    const old = await hashPassword('pw-old', 16384);
    expect(old.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('pw-old', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(h)).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$AAAA$AAAA')).toBe(false); // absurd cost: refused
    const u = await createUser(t);
    await t.ctx.db.updateTable('users').set({ password_hash: old }).where('id', '=', u.id).execute();
    expect((await call(t.app, 'api-user-login', { mobile: u.mobile, password: 'pw-old' })).body.status).toBe(true);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith(`scrypt$${SCRYPT_N}$`)).toBe(true);
    expect((await call(t.app, 'api-user-login', { mobile: u.mobile, password: 'pw-old' })).body.status).toBe(true);
  });
});

// ------------------------------------------------------------------------------------------------ 3, 10
describe('TRUST_PROXY and absolute chart links', () => {
  test('TRUST_PROXY parsing: off by default; true, hop counts and address lists', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    // ... which the server refuses to start with: any client could choose its own address
    expect(startupProblems(loadConfig({ TRUST_PROXY: 'true' })).join()).toMatch(/TRUST_PROXY=true would take/);
    expect(startupProblems(loadConfig({ TRUST_PROXY: '1' }))).toEqual([]);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ')).toBe('127.0.0.1,10.0.0.0/8');
    expect(loadConfig({ PUBLIC_URL: 'https://api.example.com/' }).publicUrl).toBe('https://api.example.com');
    expect(loadConfig({ PUBLIC_URL: 'javascript:alert(1)' }).publicUrl).toBeUndefined();
  });

  const mobileX = newMobile();
  // wrong passwords for one mobile, "from" the given X-Forwarded-For address
  const loginFrom = (app: TestApp, ip: string) =>
    call(app.app, 'api-user-login', { mobile: mobileX, password: 'x' }, { 'x-forwarded-for': ip });
  const limits = {
    loginPerMobile: 10,
    loginPerIp: 3,
    otpPerMobile: 6,
    otpPerIp: 60,
    verifyPerIp: 300,
    windowMs: 60_000,
  };

  test('default: X-Forwarded-For is ignored (every request counts against the socket address)', async () => {
    const p = await makeTestApp({ config: { rateLimits: limits } });
    try {
      // the header is ignored: all four come from the socket address, one (mobile, IP) pair that backs off
      for (let i = 0; i < 3; i++) expect((await loginFrom(p, `1.1.1.${i}`)).body.msg).toBe('User Not Registered');
      expect((await loginFrom(p, '2.2.2.2')).body.msg).toBe(TOO_MANY);
      // and the chart links use the Host the request came to
      const d = await call(
        p.app,
        'api-dashboard-data',
        {},
        { host: 'api.example.com:8080', 'x-forwarded-proto': 'https' },
      );
      expect(d.body.result[0].web_chart_url).toMatch(/^http:\/\/api\.example\.com:8080\/charts\/market\/\d+$/);
    } finally {
      await p.close();
    }
  });

  test('TRUST_PROXY=1: per-IP limits count the address the proxy saw (a made-up leftmost X-Forwarded-For changes nothing); links follow X-Forwarded-Proto/Host', async () => {
    const p = await makeTestApp({ config: { rateLimits: limits, trustProxy: 1 } });
    try {
      // the client wrote its own X-Forwarded-For (each time another address); the proxy appended 1.1.1.1
      for (let i = 0; i < 3; i++)
        expect((await loginFrom(p, `6.6.6.${i}, 1.1.1.1`)).body.msg).toBe('User Not Registered');
      expect((await loginFrom(p, '6.6.6.9, 1.1.1.1')).body.msg).toBe(TOO_MANY);
      expect((await loginFrom(p, '2.2.2.2')).body.msg).toBe('User Not Registered');
      const d = await call(
        p.app,
        'api-starline-game',
        {},
        { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'play.example.com' },
      );
      expect(d.body.web_starline_chart_url).toBe('https://play.example.com/charts/starline');
    } finally {
      await p.close();
    }
  });

  test('PUBLIC_URL wins over the request; an odd Host leaves the links relative; the list cache is not rebuilt', async () => {
    const p = await makeTestApp({ config: { publicUrl: 'https://api.example.com' } });
    try {
      const u = await createUser(p);
      const home = await call(p.app, 'api-home-info', { unique_token: u.token }, { host: 'evil.example' });
      expect(home.body.result[0].web_chart_url).toMatch(/^https:\/\/api\.example\.com\/charts\/market\/\d+$/);
      const g = await call(p.app, 'api-galidisawar-game', {});
      expect(g.body.web_galidessar_chart_url).toBe('https://api.example.com/charts/gali');
      expect(g.body.result[0].web_chart_url).toMatch(/^https:\/\/api\.example\.com\/charts\/gali\/\d+$/);
      const s = await call(p.app, 'api-starline-game', {});
      expect(s.body.web_starline_chart_url).toBe('https://api.example.com/charts/starline');
    } finally {
      await p.close();
    }
    const odd = await call(t.app, 'api-dashboard-data', {}, { host: 'a b<c>' });
    expect(odd.body.result[0].web_chart_url).toMatch(/^\/charts\/market\/\d+$/);
    const loads = t.ctx.markets.loads;
    await call(t.app, 'api-dashboard-data', {}, { host: 'one.example' });
    const two = await call(t.app, 'api-dashboard-data', {}, { host: 'two.example:3000' });
    expect(two.body.result[0].web_chart_url).toMatch(/^http:\/\/two\.example:3000\/charts\/market\/\d+$/);
    expect(t.ctx.markets.loads).toBe(loads);
  });
});

// ------------------------------------------------------------------------------------------------ 5, 12
describe('betting_status 0 also closes the wallet features; transfer amounts', () => {
  test("fund request, withdrawal, transfer, UPI OTP and UPI details are refused with the bids' message; reads stay", async () => {
    t.clock.set(kolkata('12:00'));
    const u = await createUser(t, { wallet: 5_000, betting: '0' });
    const other = await createUser(t);
    await t.ctx.db.updateTable('users').set({ google_pay_no: '9444444444' }).where('id', '=', u.id).execute();
    const tk = { unique_token: u.token };
    const refusals = [
      await call(t.app, 'api-fund-request-add', { ...tk, request_amount: 500 }),
      await call(t.app, 'api-user-withdraw-fund-request', { ...tk, request_amount: 600, payment_method: 2 }),
      await call(t.app, 'api-user-transfer-wallet-balance', { ...tk, amount: 500, mobile_no: other.mobile }),
      await call(t.app, 'api-upi-send-otp', { ...tk, mobile: '9444444445', upi_type: 1 }),
      await call(t.app, 'api-add-user-upi-details', { ...tk, upi_type: 1, paytm_no: '9444444445', otp: '1234' }),
    ];
    for (const r of refusals)
      expect([r.statusCode, r.body]).toEqual([200, { status: false, msg: DISABLED, code: expect.any(String) }]);
    expect(await walletOf(t, u.id)).toBe(5_000);
    expect(await walletOf(t, other.id)).toBe(0);
    for (const c of ['fund_requests', 'withdraw_requests'] as const)
      expect(await t.ctx.db.selectFrom(c).select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    // reads are allowed
    expect((await call(t.app, 'api-user-wallet-balance', tk)).body).toMatchObject({ status: true, wallet_amt: '5000' });
    expect((await call(t.app, 'api-wallet-transaction-history', tk)).body.status).toBe(true);
    expect((await call(t.app, 'api-fund-request-history', tk)).body.status).toBe(true);
    expect((await call(t.app, 'api-user-withdraw-transaction-history', tk)).body.status).toBe(true);
    expect((await call(t.app, 'api-get-user-payment-details', tk)).body.status).toBe(true);
    expect((await call(t.app, 'api-check-user-for-transfer-amt', { ...tk, mobile_no: other.mobile })).body.status).toBe(
      true,
    );
    // the operator turns betting on: the same calls work at once (the account cache is dropped)
    expect((await operatorCall(t, '/operator/set-betting', { mobile: u.mobile, status: '1' })).statusCode).toBe(200);
    expect((await call(t.app, 'api-fund-request-add', { ...tk, request_amount: 500 })).body.status).toBe(true);
  });

  test("transfer points: below 100 (0, negative, fractions, 99) 'Points Must be More than 100'; 100 itself goes; non-numbers a clear 400", async () => {
    const u = await createUser(t, { wallet: 5_000 });
    const other = await createUser(t);
    const send = (amount: unknown) =>
      call(t.app, 'api-user-transfer-wallet-balance', { unique_token: u.token, amount, mobile_no: other.mobile });
    for (const amount of [0, -5, '-500', 50.5, '99', 99, 99.5, '0.5', 1e-9]) {
      const r = await send(amount);
      expect([amount, r.statusCode, r.body]).toEqual([
        amount,
        200,
        { status: false, msg: 'Points Must be More than 100', code: expect.any(String) },
      ]);
    }
    for (const [amount, msg] of [
      ['abc', 'Points must be a number'],
      ['12abc', 'Points must be a number'],
      ['Infinity', 'Points must be a number'],
      [' ', 'Points is required!'],
      [null, 'Points is required!'],
      [undefined, 'Points is required!'],
      [150.5, 'Points must be a whole number'],
      ['1e12', 'Points are too many (max 10000000)'],
    ] as [unknown, string][]) {
      const r = await send(amount);
      expect([amount, r.statusCode, r.body]).toEqual([amount, 400, { status: false, msg, code: expect.any(String) }]);
    }
    expect(await walletOf(t, u.id)).toBe(5_000);
    expect((await send('150')).body).toMatchObject({ status: true, wallet_amt: '4850' });
  });
});

// ------------------------------------------------------------------------------------------------ 7, 4
describe('races on one account', () => {
  test('20 concurrent fund requests: at most 5 pending (the account row is locked first)', async () => {
    const u = await createUser(t);
    // A slow insert (a temporary trigger) widens the window between counting and inserting, so that on
    // PostgreSQL concurrent requests really overlap.
    await sql`CREATE FUNCTION test_slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$
              BEGIN PERFORM pg_sleep(0.03); RETURN NEW; END $$`.execute(t.ctx.db);
    await sql`CREATE TRIGGER test_slow_insert BEFORE INSERT ON fund_requests
              FOR EACH ROW EXECUTE FUNCTION test_slow_insert()`.execute(t.ctx.db);
    let rs;
    try {
      rs = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(t.app, 'api-fund-request-add', { unique_token: u.token, request_amount: 500 }),
        ),
      );
    } finally {
      await sql`DROP TRIGGER test_slow_insert ON fund_requests`.execute(t.ctx.db);
      await sql`DROP FUNCTION test_slow_insert()`.execute(t.ctx.db);
    }
    expect(rs.filter((r) => r.body.status === true)).toHaveLength(5);
    for (const r of rs.filter((x) => x.body.status !== true)) expect(r.body.msg).toMatch(/pending fund requests/);
    const rows = await t.ctx.db.selectFrom('fund_requests').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(5);
  });

  test('two racing retries with one idempotency key, balance for one: both answer the one success', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await createUser(t, { wallet: 10 });
      const key = `retry-race-${round}`;
      const rs = await Promise.all(
        [0, 1].map(() => submitSingle(t, u.token, 'MILAN NIGHT', '4', 10, { 'Idempotency-Key': key })),
      );
      expect(rs.map((r) => r.body.status)).toEqual([true, true]);
      expect(rs[0].body.bid_id).toBe(rs[1].body.bid_id);
      expect(rs.filter((r) => r.body.duplicate === true)).toHaveLength(1);
      expect(await walletOf(t, u.id)).toBe(0);
      expect(await t.ctx.db.selectFrom('bids').select('id').where('user_id', '=', u.id).execute()).toHaveLength(1);
    }
  });
});

// ------------------------------------------------------------------------------------------------ 2
describe('bids racing a declaration', () => {
  test('declare while bids keep arriving: no bid of the declared session stays pending', async () => {
    t.clock.set(kolkata('08:00')); // KALYAN's Open session takes bids until 15:45
    const players = await Promise.all(Array.from({ length: 4 }, () => createUser(t, { wallet: 100_000 })));
    const m = await marketByName(t, 'KALYAN');
    let declared = false;
    const results: { status: boolean; msg: string }[] = [];
    let n = 0;
    const pump = async (u: { token: string }) => {
      // keep bids coming until shortly after the declaration answered
      let after = 0;
      while (after < 5) {
        if (declared) after++;
        const r = await submitSingle(t, u.token, 'KALYAN', String(n++ % 10), 10);
        results.push(r.body as any);
      }
    };
    const pumps = players.flatMap((u) => [pump(u), pump(u), pump(u)]);
    // some bids are placed before the declaration, more keep coming while it runs and after it
    while (results.filter((r) => r.status).length < 24) await new Promise((r) => setTimeout(r, 2));
    // digit 0; before the draw (an owner's override)
    const d = await operatorCall(t, '/operator/result/declare', {
      market: 'KALYAN',
      session: 'open',
      pana: '370',
      early_reason: 'test: declared before the draw',
    });
    declared = true;
    expect(d.statusCode).toBe(200);
    await Promise.all(pumps);
    // every answer is a placed bid or the closed-session message
    for (const r of results)
      if (!r.status) expect(r.msg).toBe('Open bids are closed for Single Digit; Close bids are still taken.');
    expect(results.filter((r) => r.status).length).toBeGreaterThan(0);
    expect(results.filter((r) => !r.status).length).toBeGreaterThan(0);
    const pending = await t.ctx.db
      .selectFrom('bids')
      .select(['id', 'user_id', 'status'])
      .where('market_id', '=', m.id)
      .where('bid_date', '=', '2026-03-10')
      .where('session', '=', 'Open')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
    for (const u of players) expect(await walletOf(t, u.id)).toBe(await ledgerSum(t, u.id));
    // the winners (digit 0) were paid 95 per 10 points, once
    const won = await sql<{ n: string; s: string }>`
      SELECT count(*) AS n, coalesce(sum(win_amount), 0) AS s FROM bids
      WHERE market_id = ${m.id} AND bid_date = '2026-03-10' AND status = 'won'`.execute(t.ctx.db);
    expect(Number(won.rows[0].s)).toBe(95 * Number(won.rows[0].n));
  });
});

// ------------------------------------------------------------------------------------------------ 11
describe('token -> account cache', () => {
  test('api-home-info polling costs no query per request once warm', async () => {
    const u = await createUser(t, { wallet: 70 });
    await call(t.app, 'api-home-info', { unique_token: u.token });
    const hits = t.ctx.users.hits;
    const loads = t.ctx.markets.loads;
    for (let i = 0; i < 20; i++)
      expect((await call(t.app, 'api-home-info', { unique_token: u.token })).body.wallet_amt).toBe('70');
    expect(t.ctx.users.hits - hits).toBe(20);
    expect(t.ctx.markets.loads).toBe(loads);
  });

  test('wallet_amt and betting_status are right immediately after every kind of change', async () => {
    t.clock.set(kolkata('08:00'));
    const u = await createUser(t, { wallet: 1_000 });
    const v = await createUser(t, { wallet: 1_000 });
    await t.ctx.db.updateTable('users').set({ google_pay_no: '9555555555' }).where('id', '=', u.id).execute();
    const home = async (who: { token: string }) =>
      (await call(t.app, 'api-home-info', { unique_token: who.token })).body;
    const wallet = async (who: { token: string }) => (await home(who)).wallet_amt;
    expect(await wallet(u)).toBe('1000');
    expect(await wallet(v)).toBe('1000');
    expect((await submitSingle(t, u.token, 'SRIDEVI NIGHT', '5', 100)).body.status).toBe(true); // bid
    expect(await wallet(u)).toBe('900');
    const tr = await call(t.app, 'api-user-transfer-wallet-balance', {
      unique_token: u.token,
      amount: 200,
      mobile_no: v.mobile,
    });
    expect(tr.body.status).toBe(true); // transfer: both sides
    expect(await wallet(u)).toBe('700');
    expect(await wallet(v)).toBe('1200');
    expect((await operatorCall(t, '/operator/credit', { mobile: u.mobile, points: 300 })).statusCode).toBe(200); // credit
    expect(await wallet(u)).toBe('1000');
    t.clock.set(kolkata('12:00'));
    const w = await call(t.app, 'api-user-withdraw-fund-request', {
      unique_token: u.token,
      request_amount: 500,
      payment_method: 2,
    });
    expect(w.body.status).toBe(true); // withdrawal hold
    expect(await wallet(u)).toBe('500');
    const wid = w.body.request_id;
    expect((await operatorCall(t, '/operator/withdrawals/reject', { id: wid })).statusCode).toBe(200); // refund
    expect(await wallet(u)).toBe('1000');
    t.clock.set(kolkata('19:30'));
    const d = await operatorCall(t, '/operator/result/declare', {
      market: 'SRIDEVI NIGHT',
      session: 'open',
      pana: '140',
    }); // digit 5
    expect(d.body.summary).toMatchObject({ paid: 1, paid_points: 950 });
    expect(await wallet(u)).toBe('1950'); // settlement
    expect((await operatorCall(t, '/operator/set-betting', { mobile: u.mobile, status: '0' })).statusCode).toBe(200);
    expect((await home(u)).betting_status).toBe('0');
    expect((await call(t.app, 'api-profile-update', { unique_token: u.token, user_name: 'Renamed' })).body.status).toBe(
      true,
    );
    expect((await home(u)).user_name).toBe('Renamed');
  });

  test('logout and password change / reset end the cached tokens at once', async () => {
    const u = await createUser(t);
    const a = (await call(t.app, 'api-user-login', { mobile: u.mobile, password: TEST_PASSWORD })).body.unique_token;
    const b = (await call(t.app, 'api-user-login', { mobile: u.mobile, password: TEST_PASSWORD })).body.unique_token;
    for (const tok of [a, b, u.token])
      expect((await call(t.app, 'api-home-info', { unique_token: tok })).statusCode).toBe(200);
    expect((await call(t.app, 'api-user-logout', { unique_token: a })).body.status).toBe(true);
    expect((await call(t.app, 'api-home-info', { unique_token: a })).statusCode).toBe(401);
    expect((await call(t.app, 'api-home-info', { unique_token: b })).statusCode).toBe(200);
    const ch = await call(t.app, 'api-change-password', {
      unique_token: b,
      old_pass: TEST_PASSWORD,
      new_pass: 'n2-new-pass',
    });
    expect(ch.body.status).toBe(true);
    expect((await call(t.app, 'api-home-info', { unique_token: u.token })).statusCode).toBe(401);
    expect((await call(t.app, 'api-home-info', { unique_token: b })).statusCode).toBe(200);
    const f = await call(t.app, 'api-forget-check-mobile', { mobile: u.mobile });
    expect(
      (await call(t.app, 'api-forgot-password', { mobile: u.mobile, new_pass: 'n3-new-pass', otp: f.body.otp })).body
        .status,
    ).toBe(true);
    expect((await call(t.app, 'api-home-info', { unique_token: b })).statusCode).toBe(401);
  });

  test('a lookup that raced an invalidation is not stored; entries expire after the TTL', async () => {
    const clock = new ManualClock(new Date('2026-03-10T00:00:00Z'));
    const c = new UserCache(clock, 30_000, new LocalBus());
    const user = { id: '7', mobile: '9000000000', name: 'X', betting_status: '1', wallet: '100', language: null };
    const far = new Date('2030-01-01T00:00:00Z');
    const started = c.begin();
    await c.invalidate('7'); // e.g. a bid committed while the lookup was reading the old wallet
    c.fill(started, 'h', '1', far, user);
    expect(c.get('h')).toBeUndefined();
    const again = c.begin();
    c.fill(again, 'h', '1', far, user);
    expect(c.get('h')).toMatchObject({ wallet: '100', token_id: '1' });
    await c.invalidate('7');
    expect(c.get('h')).toBeUndefined(); // the row goes; the token mapping stays until the TTL
    c.fill(c.begin(), 'h', '1', far, { ...user, wallet: '50' });
    clock.advance(30_001);
    expect(c.get('h')).toBeUndefined();
    c.fill(c.begin(), 'h', '1', new Date(clock.now().getTime() + 10), user);
    clock.advance(11);
    expect(c.get('h')).toBeUndefined(); // the token itself expired
    c.fill(c.begin(), 'h', '1', far, user);
    await c.revoke('7');
    expect(c.get('h')).toBeUndefined();
    expect(new UserCache(clock, 0, new LocalBus()).enabled).toBe(false);
    // a bid keeps the cached row with the wallet it committed, unless anything else touched the user meanwhile
    c.fill(c.begin(), 'h', '1', far, { ...user, wallet: '100' });
    const w1 = c.beginWrite('7');
    const staleRead = c.begin(); // a look-up that read the wallet before the bid committed
    await c.wrote('7', w1, '90');
    expect(c.get('h')).toMatchObject({ wallet: '90' });
    c.fill(staleRead, 'h', '1', far, { ...user, wallet: '100' });
    expect(c.get('h')).toMatchObject({ wallet: '90' }); // the older read does not come back
    const a = c.beginWrite('7');
    const b = c.beginWrite('7');
    await c.wrote('7', b, '70'); // two bids of one player at once: their order is not known here
    expect(c.get('h')).toBeUndefined();
    await c.wrote('7', a, '80');
    expect(c.get('h')).toBeUndefined();
    c.fill(c.begin(), 'h', '1', far, { ...user, wallet: '70' });
    const w2 = c.beginWrite('7');
    await c.invalidate('7'); // e.g. a transfer in between
    c.fill(c.begin(), 'h', '1', far, { ...user, wallet: '170' });
    await c.wrote('7', w2, '60');
    expect(c.get('h')).toBeUndefined();
    // while events of other processes may be missed (the bus is not live), nothing is served from memory
    const down = {
      live: false,
      publish: async () => {},
      subscribe: () => {},
      listen: async () => {},
      close: async () => {},
    };
    const d = new UserCache(clock, 30_000, down);
    d.fill(d.begin(), 'h', '1', far, user);
    expect(d.get('h')).toBeUndefined();
  });
});
