/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
import * as OTPAuth from 'otpauth';
import { sql } from 'kysely';
import { buildNewResult } from '@matka/shared/domain';
import {
  call,
  createUser,
  kolkata,
  makeTestApp,
  marketByName,
  OPERATOR_TOKEN,
  TEST_PASSWORD,
  type TestApp,
} from './helpers';
import { actorCallsUnderWay, TOKEN_ACTOR_NAME } from '../src/services/operators';

/** A player's open-session bid on KALYAN on the test apps' day (10 March 2026), as the app sends it. */
async function bidOnKalyan(
  t: TestApp,
  user: { token: string },
  rows: { digits: string; points: number }[],
  betType: 'single_digit' | 'single_pana' = 'single_digit',
) {
  const m = await marketByName(t, 'KALYAN');
  const [new_result] = buildNewResult({
    family: 'regular',
    betType,
    token: user.token,
    gameId: m.id,
    gameName: m.name,
    bidDate: '10-March-2026',
    rows: rows.map((r) => ({ digits: r.digits, closedigits: '', points: r.points, session: 'Open', pana: '' })),
  });
  return call(t.app, 'api-submit-bid', { unique_token: user.token, game_id: String(m.id), new_result });
}

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
});
afterAll(() => t.close());

interface Session {
  cookie: string;
  csrf: string;
  name: string;
}

const bearer = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as any, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });

/** A call made as the console makes it: the session cookie, and the CSRF header on writes. */
const as = (s: Session, method: 'GET' | 'POST', url: string, payload?: unknown, csrf: string | null = s.csrf) =>
  t.app.inject({
    method,
    url,
    payload: payload as any,
    headers: { cookie: s.cookie, ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}) },
  });

async function signIn(name: string, password: string, code?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/operator/session',
    payload: { username: name, password, ...(code ? { code } : {}) },
  });
  const set = res.headers['set-cookie'];
  const line = (Array.isArray(set) ? set : [set]).find((c) => c?.startsWith('matka_operator='));
  return { res, body: res.json(), setCookie: line, cookie: line?.split(';')[0] ?? '' };
}

let seq = 0;
/** An operator of a role, signed in, with its one-time password replaced. */
async function operatorWith(role: 'owner' | 'results' | 'finance' | 'support'): Promise<Session> {
  const name = `${role}${++seq}`;
  const made = await bearer('POST', '/operator/operators', { name, role });
  expect(made.statusCode).toBe(200);
  const first = await signIn(name, made.json().one_time_password);
  const s = { cookie: first.cookie, csrf: first.body.csrf_token, name };
  const saved = await as(s, 'POST', '/operator/password', {
    new_password: 'a long new password',
    confirm_password: 'a long new password',
  });
  expect(saved.json()).toMatchObject({ status: true, msg: 'Password saved' });
  return s;
}

describe('operator accounts', () => {
  it('an owner made with the token gets a one-time password; only its scrypt hash is stored', async () => {
    const res = await bearer('POST', '/operator/operators', { name: 'Asha', role: 'owner' });
    expect(res.statusCode).toBe(200);
    const { one_time_password: pw } = res.json();
    expect(pw).toMatch(/^[A-Za-z2-9]{16}$/);
    const row = await t.ctx.db
      .selectFrom('operator_accounts')
      .selectAll()
      .where('name', '=', 'Asha')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(pw);
    expect(row.must_change_password).toBe(true);
    // the same name in other case is taken; bad names and roles are refused with a reason
    expect((await bearer('POST', '/operator/operators', { name: 'asha', role: 'support' })).json()).toEqual({
      status: false,
      msg: "An operator named 'asha' already exists",
      code: expect.any(String),
    });
    const bad = await bearer('POST', '/operator/operators', { name: '1x', role: 'support' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^Username must be 3 to 32/);
    const role = await bearer('POST', '/operator/operators', { name: 'Ravi', role: 'admin' });
    expect(role.json().msg).toBe('Role must be one of owner, results, finance, support');
  });

  it('a one-time password signs in to set a new password and nothing else', async () => {
    const made = (await bearer('POST', '/operator/operators', { name: 'Meera', role: 'results' })).json();
    const first = await signIn('meera', made.one_time_password);
    expect(first.res.statusCode).toBe(200);
    expect(first.body.operator).toEqual({ name: 'Meera', role: 'results', must_change_password: true, totp: false });
    expect(first.setCookie).toMatch(/HttpOnly/);
    expect(first.setCookie).toMatch(/SameSite=Strict/);
    expect(first.setCookie).toMatch(/Path=\/operator/);
    const s = { cookie: first.cookie, csrf: first.body.csrf_token, name: 'Meera' };
    const blocked = await as(s, 'GET', '/operator/markets');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ msg: 'Set a new password first', must_change_password: true });
    const mismatch = await as(s, 'POST', '/operator/password', {
      new_password: 'a long new password',
      confirm_password: 'a long new passw0rd',
    });
    expect(mismatch.json()).toEqual({ status: false, msg: 'Passwords do not match', code: expect.any(String) });
    const short = await as(s, 'POST', '/operator/password', { new_password: 'short', confirm_password: 'short' });
    expect(short.json().msg).toBe('Password must be at least 10 characters');
    const same = await as(s, 'POST', '/operator/password', {
      new_password: made.one_time_password,
      confirm_password: made.one_time_password,
    });
    expect(same.statusCode).toBe(400);
    const ok = await as(s, 'POST', '/operator/password', {
      new_password: 'a long new password',
      confirm_password: 'a long new password',
    });
    expect(ok.json()).toEqual({ status: true, msg: 'Password saved' });
    expect((await as(s, 'GET', '/operator/markets')).statusCode).toBe(200);
    // the one-time password is spent
    expect((await signIn('Meera', made.one_time_password)).res.statusCode).toBe(401);
    expect((await signIn('Meera', 'a long new password')).body.operator.must_change_password).toBe(false);
  });

  it('a wrong password, an unknown name and a disabled account get the same answer', async () => {
    const owner = await operatorWith('owner');
    const support = await operatorWith('support');
    expect((await signIn('nobody-here', 'whatever pw')).body).toEqual({
      status: false,
      msg: 'Wrong username or password',
      code: expect.any(String),
    });
    expect((await signIn(support.name, 'not the password')).body.msg).toBe('Wrong username or password');
    expect((await as(owner, 'POST', '/operator/operators/disable', { name: support.name })).json().status).toBe(true);
    expect((await signIn(support.name, 'a long new password')).body.msg).toBe('Wrong username or password');
    // its open session ended with it
    const after = await as(support, 'GET', '/operator/session');
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('Your session has ended: sign in again');
    const self = await as(owner, 'POST', '/operator/operators/disable', { name: owner.name });
    expect(self.json()).toEqual({
      status: false,
      msg: 'You cannot disable your own account',
      code: expect.any(String),
    });
  });

  it('sign-in attempts are limited per name and address (shared counters)', async () => {
    await operatorWith('finance');
    const name = `finance${seq}`;
    for (let i = 0; i < 3; i++) expect((await signIn(name, 'wrong password')).res.statusCode).toBe(401);
    const limited = await signIn(name, 'a long new password');
    expect(limited.res.statusCode).toBe(429);
    expect(limited.body.msg).toBe('Too many sign-in attempts: wait a few minutes and try again');
    t.clock.advance(60_000);
    expect((await signIn(name, 'a long new password')).res.statusCode).toBe(200);
  });
});

describe('roles', () => {
  let by: Record<'results' | 'finance' | 'support', Session>;
  beforeAll(async () => {
    by = {
      results: await operatorWith('results'),
      finance: await operatorWith('finance'),
      support: await operatorWith('support'),
    };
  });

  const refused: [keyof typeof by, 'GET' | 'POST', string, unknown, RegExp][] = [
    [
      'support',
      'POST',
      '/operator/result/preview',
      { market: 'KALYAN', session: 'open', pana: '128' },
      /\(support\) does not allow declaring results: ask an operator with the role owner or results$/,
    ],
    [
      'support',
      'POST',
      '/operator/deposits/approve',
      { id: 1 },
      /does not allow deposits, withdrawals and credits: .*owner or finance$/,
    ],
    [
      'support',
      'GET',
      '/operator/operators',
      undefined,
      /does not allow managing operators: ask an operator with the role owner$/,
    ],
    [
      'finance',
      'POST',
      '/operator/market/add',
      { name: 'NEW', open: '10:00', close: '11:00' },
      /\(finance\) does not allow changing markets/,
    ],
    ['finance', 'POST', '/operator/gali/declare', { market: 'X', jodi: '12' }, /declaring results/],
    [
      'finance',
      'POST',
      '/operator/set-betting',
      { mobile: '9876543210', status: '0' },
      /changing users: .*owner or support$/,
    ],
    ['results', 'GET', '/operator/deposits', undefined, /\(results\) does not allow deposits/],
    ['results', 'POST', '/operator/credit', { mobile: '9876543210', points: 5 }, /deposits, withdrawals and credits/],
    ['results', 'GET', '/operator/users', undefined, /reading users: .*owner or finance or support$/],
    [
      'results',
      'GET',
      '/operator/settings',
      undefined,
      /does not allow settings: ask an operator with the role owner$/,
    ],
    ['finance', 'GET', '/operator/audit', undefined, /the audit log/],
  ];
  it.each(refused)('%s: %s %s is refused with 403 and who may', async (role, method, url, payload, msg) => {
    const res = await as(by[role], method, url, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(false);
    expect(res.json().msg).toMatch(msg);
  });

  it('each role does what it is for', async () => {
    const user = await createUser(t);
    expect(
      (await as(by.results, 'POST', '/operator/result/preview', { market: 'KALYAN', session: 'open', pana: '128' }))
        .statusCode,
    ).toBe(200);
    expect((await as(by.finance, 'GET', '/operator/deposits')).statusCode).toBe(200);
    expect((await as(by.finance, 'GET', '/operator/users')).statusCode).toBe(200);
    const credit = await as(by.finance, 'POST', '/operator/credit', { mobile: user.mobile, points: 25 });
    expect(credit.json()).toMatchObject({ status: true, wallet_amt: '25' });
    const betting = await as(by.support, 'POST', '/operator/set-betting', { mobile: user.mobile, status: '0' });
    expect(betting.json()).toMatchObject({ status: true, betting_status: '0' });
    for (const s of Object.values(by)) expect((await as(s, 'GET', '/operator/markets')).statusCode).toBe(200);
    // the audit names who did it; the CLI's token is 'operator-token'
    await bearer('POST', '/operator/credit', { mobile: user.mobile, points: 5 });
    const rows = await t.ctx.db
      .selectFrom('operator_audit')
      .select(['action', 'operator', 'target'])
      .where('target', '=', user.mobile)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'credit', operator: by.finance.name, target: user.mobile },
      { action: 'set-betting', operator: by.support.name, target: user.mobile },
      { action: 'credit', operator: 'operator-token', target: user.mobile },
    ]);
  });
});

describe('the console session', () => {
  it('writes need the CSRF token; reads do not', async () => {
    const s = await operatorWith('support');
    const user = await createUser(t);
    const body = { mobile: user.mobile, status: '0' };
    const none = await as(s, 'POST', '/operator/set-betting', body, null);
    expect(none.statusCode).toBe(403);
    expect(none.json().msg).toBe('This request is missing its security token: reload the console and try again');
    expect((await as(s, 'POST', '/operator/set-betting', body, 'forged')).statusCode).toBe(403);
    expect((await as(s, 'GET', '/operator/users')).statusCode).toBe(200);
    // a reloaded console gets the token again from GET /operator/session (same origin only: CORS)
    const again = await as(s, 'GET', '/operator/session');
    expect(again.json().csrf_token).toBe(s.csrf);
    expect((await as(s, 'POST', '/operator/set-betting', body, again.json().csrf_token)).statusCode).toBe(200);
  });

  it('ends after 2 idle hours, after 12 hours in all, and at logout', async () => {
    const idle = await operatorWith('results');
    t.clock.advance(2 * 60 * 60 * 1000 + 60_000);
    const gone = await as(idle, 'GET', '/operator/markets');
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ msg: 'Your session has ended: sign in again', signed_out: true });

    const busy = await operatorWith('results');
    for (let h = 0; h < 11; h++) {
      t.clock.advance(60 * 60 * 1000);
      expect((await as(busy, 'GET', '/operator/markets')).statusCode).toBe(200);
    }
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await as(busy, 'GET', '/operator/markets')).statusCode).toBe(401);

    const s = await operatorWith('results');
    const out = await as(s, 'POST', '/operator/session/logout');
    expect(out.json()).toEqual({ status: true, msg: 'Signed out' });
    expect(String(out.headers['set-cookie'])).toMatch(/matka_operator=;/);
    expect((await as(s, 'GET', '/operator/markets')).statusCode).toBe(401);
    // the session is ended in the database, so every server process refuses it
    const ended = await t.ctx.db
      .selectFrom('operator_sessions')
      .select('revoked_at')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(ended.revoked_at).not.toBeNull();
  });

  it('no credentials, a wrong token, a made-up cookie: 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/operator/markets' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/operator/markets',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.json()).toEqual({ status: false, msg: 'Operator token missing or wrong', code: expect.any(String) });
    const made = await t.app.inject({
      method: 'GET',
      url: '/operator/markets',
      headers: { cookie: 'matka_operator=abc' },
    });
    expect(made.statusCode).toBe(401);
  });

  it('an optional TOTP second factor (otpauth), checked at sign-in', async () => {
    const s = await operatorWith('finance');
    const setup = (await as(s, 'POST', '/operator/totp/setup')).json();
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret) });
    const now = () => t.clock.now().getTime();
    expect((await as(s, 'POST', '/operator/totp/enable', { secret: setup.secret, code: '000000' })).statusCode).toBe(
      400,
    );
    const on = await as(s, 'POST', '/operator/totp/enable', {
      secret: setup.secret,
      code: totp.generate({ timestamp: now() }),
    });
    expect(on.json()).toEqual({ status: true, msg: 'Two-step sign-in is on' });
    const asked = await signIn(s.name, 'a long new password');
    expect(asked.res.statusCode).toBe(401);
    expect(asked.body).toEqual({
      status: false,
      msg: 'Enter the 6-digit code from your authenticator app',
      totp: true,
      code: expect.any(String),
    });
    expect((await signIn(s.name, 'a long new password', '123456')).body.msg).toBe(
      'That code is wrong or expired: enter the current one',
    );
    t.clock.advance(60_000); // past the sign-in back-off of the failures above
    const ok = await signIn(s.name, 'a long new password', totp.generate({ timestamp: now() }));
    expect(ok.body.operator).toMatchObject({ name: s.name, totp: true });
  });

  it('the set-up carries a QR code; the owner can turn another operator’s two-step sign-in off (audited), not their own', async () => {
    const owner = await operatorWith('owner');
    const s = await operatorWith('results');
    const setup = (await as(s, 'POST', '/operator/totp/setup')).json();
    expect(setup.qr_image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret) });
    const code = totp.generate({ timestamp: t.clock.now().getTime() });
    expect((await as(s, 'POST', '/operator/totp/enable', { secret: setup.secret, code })).json().status).toBe(true);
    // not by a non-owner, not for oneself
    expect((await as(s, 'POST', '/operator/operators/totp-off', { name: owner.name })).statusCode).toBe(403);
    const self = await as(owner, 'POST', '/operator/operators/totp-off', { name: owner.name });
    expect(self.statusCode).toBe(409);
    const off = await as(owner, 'POST', '/operator/operators/totp-off', { name: s.name });
    expect(off.json()).toEqual({
      status: true,
      msg: `Two-step sign-in is off for ${s.name}: they can set it up again`,
    });
    const list = (await as(owner, 'GET', '/operator/operators')).json().operators as { name: string; totp: boolean }[];
    expect(list.find((o) => o.name === s.name)?.totp).toBe(false);
    // the operator's sessions ended; signing in needs no code now
    expect((await as(s, 'GET', '/operator/session')).statusCode).toBe(401);
    expect((await signIn(s.name, 'a long new password')).body.operator).toMatchObject({ name: s.name, totp: false });
    const again = await as(owner, 'POST', '/operator/operators/totp-off', { name: s.name });
    expect(again.json()).toEqual({
      status: false,
      msg: `Two-step sign-in is not on for ${s.name}`,
      code: expect.any(String),
    });
    const audit = await t.ctx.db
      .selectFrom('operator_audit')
      .select(['target', 'operator', 'ok'])
      .where('action', '=', 'operator totp-off')
      .execute();
    expect(audit).toEqual([{ target: s.name, operator: owner.name, ok: true }]);
  });
});

describe('the audit names the operator of each call', () => {
  it('when two operators act at once, and again after every operator call has ended', async () => {
    const a = await operatorWith('owner');
    const b = await operatorWith('owner');
    const times = (n: number) => ({
      name: 'KALYAN',
      family: 'regular',
      open: '09:00',
      close: `11:${String(n).padStart(2, '0')}`,
    });
    // 10 calls of each, all at once: each row names the operator whose call wrote it
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => as(i % 2 ? b : a, 'POST', '/operator/market/set-times', times(10 + i))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.ctx.db
      .selectFrom('operator_audit')
      .select(['operator', 'after'])
      .where('action', '=', 'market set-times')
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    const byClose = new Map(rows.map((r) => [(r.after as { close: string }).close, r.operator]));
    for (let i = 0; i < 20; i++) expect(byClose.get(`11:${10 + i}`)).toBe(i % 2 ? b.name : a.name);
    // every call has ended: the storage is off (no promise of the player API pays for it) ...
    expect(actorCallsUnderWay()).toBe(0);
    // ... and the next operator call is audited under its name again; the token's calls too
    expect((await as(b, 'POST', '/operator/market/set-times', times(59))).statusCode).toBe(200);
    expect((await bearer('POST', '/operator/market/set-times', times(58))).statusCode).toBe(200);
    const last = await t.ctx.db
      .selectFrom('operator_audit')
      .select(['operator'])
      .where('action', '=', 'market set-times')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(last.map((r) => r.operator)).toEqual([TOKEN_ACTOR_NAME, b.name]);
    expect(actorCallsUnderWay()).toBe(0);
  });
});

describe('CORS of the operator API', () => {
  it('answers only the configured console origins, with credentials; the player API stays open', async () => {
    const other = await makeTestApp({ config: { consoleOrigins: ['https://ops.example.com'] } });
    try {
      const pre = (origin: string, url: string) =>
        other.app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type,x-csrf-token',
          },
        });
      const ok = await pre('https://ops.example.com', '/operator/session');
      expect(ok.headers['access-control-allow-origin']).toBe('https://ops.example.com');
      expect(ok.headers['access-control-allow-credentials']).toBe('true');
      expect(String(ok.headers['access-control-allow-headers'])).toMatch(/X-CSRF-Token/i);
      const evil = await pre('https://evil.example', '/operator/session');
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
      const player = await pre('https://any.example', '/api/api-user-login');
      expect(player.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await other.close();
    }
  });
});

describe('the CLI creates operators', () => {
  it('owner create and operators add print the one-time password, which signs in', async () => {
    const { run } = await import('../src/cli/operator');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const cli = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await run(
        argv,
        { SERVER_URL: base, OPERATOR_TOKEN },
        { out: (x) => out.push(x), err: (x) => err.push(x) },
      );
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const owner = await cli('owner', 'create', 'Kiran');
    expect(owner.code).toBe(0);
    const pw = /^one-time password: (\S+)$/m.exec(owner.out)?.[1];
    expect(pw).toMatch(/^[A-Za-z2-9]{16}$/);
    expect((await signIn('Kiran', pw!)).body.operator).toEqual({
      name: 'Kiran',
      role: 'owner',
      must_change_password: true,
      totp: false,
    });
    const added = await cli('operators', 'add', 'Deepa', 'results');
    expect(added.out).toMatch(/^Operator Deepa \(results\) created: give them the one-time password\.$/m);
    expect(added.out).toMatch(/^one-time password: \S{16}$/m);
    const list = await cli('operators', 'list');
    expect(list.out).toMatch(/Deepa\s+results\s+off\s+active/);
    const bad = await cli('operators', 'add', 'Deepa2', 'admin');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/'admin' is not a role \(owner, results, finance, support\)/);
    const again = await cli('operators', 'add', 'deepa', 'support');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/An operator named 'deepa' already exists/);
  });
});

describe('the dashboard', () => {
  it("sums today's stakes, payouts and profit per family, the last 7 days, pending requests and open markets", async () => {
    const d = await makeTestApp({ at: kolkata('08:00') });
    try {
      const user = await createUser(d, { wallet: 1000 });
      const bid = await bidOnKalyan(d, user, [
        { digits: '1', points: 100 },
        { digits: '2', points: 50 },
      ]);
      expect(bid.body.status).toBe(true);
      const declared = await d.app.inject({
        method: 'POST',
        url: '/operator/result/declare',
        payload: { market: 'KALYAN', session: 'open', pana: '128', early_reason: 'test: declared before the draw' },
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
      expect(declared.json().status).toBe(true);
      await call(d.app, 'api-fund-request-add', { unique_token: user.token, request_amount: 500 });
      const won = await d.ctx.db.selectFrom('wins').select('amount').executeTakeFirstOrThrow();
      const res = await d.app.inject({
        method: 'GET',
        url: '/operator/dashboard',
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
      const body = res.json();
      expect(body.date).toBe('2026-03-10');
      expect(body.today).toEqual([
        { family: 'regular', stakes: 150, payouts: Number(won.amount), profit: 150 - Number(won.amount) },
        { family: 'starline', stakes: 0, payouts: 0, profit: 0 },
        { family: 'gali', stakes: 0, payouts: 0, profit: 0 },
      ]);
      expect(body.days).toHaveLength(7);
      expect(body.days[0]).toEqual({ date: '2026-03-04', stakes: 0, payouts: 0 });
      expect(body.days[6]).toEqual({ date: '2026-03-10', stakes: 150, payouts: Number(won.amount) });
      expect(body.pending).toEqual({ deposits: { count: 1, points: 500 }, withdrawals: { count: 0, points: 0 } });
      expect(body.open_markets.length).toBeGreaterThan(0);
      expect(body.open_markets[0]).toEqual({
        id: expect.any(Number),
        family: expect.any(String),
        name: expect.any(String),
        close_time: expect.any(String),
      });
    } finally {
      await d.close();
    }
  });

  it('every role may read it', async () => {
    for (const role of ['results', 'finance', 'support'] as const) {
      const s = await operatorWith(role);
      expect((await as(s, 'GET', '/operator/dashboard')).statusCode).toBe(200);
    }
  });
});

describe('one player account', () => {
  let support: Session;
  let finance: Session;
  beforeAll(async () => {
    t.clock.set(kolkata('08:00')); // the session tests moved the clock on: markets open again
    support = await operatorWith('support');
    finance = await operatorWith('finance');
  });

  it('shows the wallet, ledger, bids, wins, totals and live sessions', async () => {
    const user = await createUser(t, { wallet: 300 });
    expect((await bidOnKalyan(t, user, [{ digits: '7', points: 40 }])).body.status).toBe(true);
    const res = await as(finance, 'GET', `/operator/users/detail?mobile=${user.mobile}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      mobile: user.mobile,
      wallet: '260',
      blocked: false,
      approved: true,
      sessions: 1,
    });
    expect(body.totals).toEqual({ staked: 40, won: 0, deposited: 0, withdrawn: 0 });
    expect(body.bids).toEqual([
      expect.objectContaining({
        market: 'KALYAN',
        bet: 'Single Digit',
        session: 'Open',
        digits: '7',
        points: 40,
        status: 'pending',
      }),
    ]);
    expect(body.ledger[0]).toMatchObject({ type: 'debit', amount: 40, balance_after: 260 });
    const unknown = await as(finance, 'GET', '/operator/users/detail?mobile=9000000001');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('No user with mobile 9000000001');
    expect((await as(finance, 'GET', '/operator/users/detail?mobile=12')).json().msg).toBe(
      'Mobile number must be 10 digits starting 6-9',
    );
  });

  it('debit needs a reason and a balance that covers it; credit and debit write ledger rows', async () => {
    const user = await createUser(t, { wallet: 100 });
    const noReason = await as(finance, 'POST', '/operator/debit', { mobile: user.mobile, points: 10 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe('A reason is required');
    const tooMuch = await as(finance, 'POST', '/operator/debit', {
      mobile: user.mobile,
      points: 101,
      note: 'duplicate deposit',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().msg).toBe(`${user.mobile} has only 100 points: debit at most 100`);
    const ok = await as(finance, 'POST', '/operator/debit', {
      mobile: user.mobile,
      points: 30,
      note: 'duplicate deposit',
    });
    expect(ok.json()).toMatchObject({ status: true, wallet_amt: '70', msg: `Debited 30 points from ${user.mobile}` });
    const rows = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select(['type', 'amount', 'balance_after', 'kind', 'note'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'operator_debit')
      .execute();
    expect(rows).toEqual([
      { type: 'debit', amount: '30', balance_after: '70', kind: 'operator_debit', note: 'duplicate deposit' },
    ]);
    // support may not move money
    const refused = await as(support, 'POST', '/operator/debit', {
      mobile: user.mobile,
      points: 1,
      note: 'test debit',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/does not allow deposits, withdrawals and credits/);
  });

  it('block ends every session and refuses login until unblocked; force logout ends the sessions only', async () => {
    const user = await createUser(t);
    const home = () => call(t.app, 'api-user-wallet-balance', { unique_token: user.token });
    expect((await home()).body.status).toBe(true);
    const noReason = await as(support, 'POST', '/operator/users/block', { mobile: user.mobile, reason: '' });
    expect(noReason.json().msg).toBe('A reason is required (at least 3 characters)');
    const blocked = await as(support, 'POST', '/operator/users/block', {
      mobile: user.mobile,
      reason: 'chargeback fraud',
    });
    expect(blocked.json()).toMatchObject({ status: true });
    expect((await home()).body.status).toBe(false);
    const login = await call(t.app, 'api-user-login', { mobile: user.mobile, password: TEST_PASSWORD });
    expect(login.body).toMatchObject({
      status: false,
      msg: 'Your account is blocked. Please contact support.',
      code: expect.any(String),
    });
    const detail = (await as(support, 'GET', `/operator/users/detail?mobile=${user.mobile}`)).json();
    expect(detail.user).toMatchObject({ blocked: true, blocked_reason: 'chargeback fraud', sessions: 0 });
    expect(
      (await as(support, 'POST', '/operator/users/block', { mobile: user.mobile, reason: 'again' })).statusCode,
    ).toBe(409);
    expect((await as(support, 'POST', '/operator/users/unblock', { mobile: user.mobile })).json().status).toBe(true);
    const again = await call(t.app, 'api-user-login', { mobile: user.mobile, password: TEST_PASSWORD });
    expect(again.body.status).toBe(true);
    const token = again.body.unique_token as string;
    const out = await as(support, 'POST', '/operator/users/logout', { mobile: user.mobile });
    expect(out.json()).toMatchObject({ status: true, sessions: 1, msg: `${user.mobile} logged out of 1 session` });
    expect((await call(t.app, 'api-user-wallet-balance', { unique_token: token })).body.status).toBe(false);
    const actions = await t.ctx.db
      .selectFrom('operator_audit')
      .select(['action', 'operator'])
      .where('target', '=', user.mobile)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['users block', 'users unblock', 'users logout']);
    expect(actions.every((a) => a.operator === support.name)).toBe(true);
    // finance reads users but may not block them
    const refused = await as(finance, 'POST', '/operator/users/block', { mobile: user.mobile, reason: 'no reason' });
    expect(refused.statusCode).toBe(403);
  });
});

const sqlSum = sql<string>`sum(amount)::text`.as('n');

describe('reports', () => {
  it('profit and loss per market and day, stakes by bet type, transfers and approved deposits, for owner and finance only', async () => {
    const d = await makeTestApp({ at: kolkata('08:00') });
    const op = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      d.app.inject({ method, url, payload: payload as any, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    try {
      const a = await createUser(d, { wallet: 1000 });
      const b = await createUser(d);
      const m = await marketByName(d, 'KALYAN');
      const bid = (betType: 'single_digit' | 'single_pana', digits: string, points: number) =>
        bidOnKalyan(d, a, [{ digits, points }], betType);
      expect((await bid('single_digit', '1', 100)).body.status).toBe(true);
      expect((await bid('single_digit', '5', 20)).body.status).toBe(true);
      expect((await bid('single_pana', '128', 30)).body.status).toBe(true);
      expect(
        (
          await op('POST', '/operator/result/declare', {
            market: 'KALYAN',
            session: 'open',
            pana: '128',
            early_reason: 'test: declared before the draw',
          })
        ).json().status,
      ).toBe(true);
      const t = await call(d.app, 'api-user-transfer-wallet-balance', {
        unique_token: a.token,
        amount: 200,
        mobile_no: b.mobile,
      });
      expect(t.body.status).toBe(true);
      await call(d.app, 'api-fund-request-add', { unique_token: b.token, request_amount: 500 });
      const dep = await d.ctx.db.selectFrom('fund_requests').select('id').executeTakeFirstOrThrow();
      expect((await op('POST', '/operator/deposits/approve', { id: dep.id })).json().status).toBe(true);
      const won = Number((await d.ctx.db.selectFrom('wins').select(sqlSum).executeTakeFirstOrThrow()).n);
      expect(won).toBeGreaterThan(0);

      const res = await op('GET', '/operator/reports?from=2026-03-04&to=2026-03-10');
      expect(res.statusCode).toBe(200);
      const r = res.json();
      expect(r.markets).toEqual([
        {
          date: '2026-03-10',
          family: 'regular',
          market_id: m.id,
          market: 'KALYAN',
          stakes: 150,
          payouts: won,
          profit: 150 - won,
        },
      ]);
      expect(r.bet_types).toEqual([
        { family: 'regular', bet: 'Single Digit', bids: 2, points: 120 },
        { family: 'regular', bet: 'Single Pana', bids: 1, points: 30 },
      ]);
      expect(r.transfers).toEqual([{ date: '2026-03-10', count: 1, points: 200 }]);
      expect(r.money).toEqual([{ date: '2026-03-10', deposits: 500, withdrawals: 0 }]);
      expect(r.totals).toEqual({
        stakes: 150,
        payouts: won,
        profit: 150 - won,
        transfers: 200,
        deposits: 500,
        withdrawals: 0,
      });
      // the days before: nothing
      const before = (await op('GET', '/operator/reports?from=2026-03-01&to=2026-03-09')).json();
      expect(before.markets).toEqual([]);
      expect(before.totals.stakes).toBe(0);
      // bad ranges are refused with a reason
      expect((await op('GET', '/operator/reports?from=2026-03-10&to=2026-03-01')).json().msg).toBe(
        'The first day must not be after the last day',
      );
      expect((await op('GET', '/operator/reports?from=2025-01-01&to=2026-03-01')).json().msg).toBe(
        'A report covers at most 92 days: choose a shorter range',
      );
      expect((await op('GET', '/operator/reports?from=2026-02-30')).json().msg).toBe(
        'Date must be a real day (YYYY-MM-DD)',
      );
    } finally {
      await d.close();
    }
  });

  it('support and results may not read them', async () => {
    for (const role of ['support', 'results'] as const) {
      const s = await operatorWith(role);
      const res = await as(s, 'GET', '/operator/reports');
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(
        `Your role (${role}) does not allow the reports: ask an operator with the role owner or finance`,
      );
    }
    expect((await as(await operatorWith('finance'), 'GET', '/operator/reports')).statusCode).toBe(200);
  });
});

describe('markets: weekly off days, rates; results: history', () => {
  it('an off day closes the market for bids and in the lists, the other days not', async () => {
    // 2026-03-10 is a Tuesday (2)
    const d = await makeTestApp({ at: kolkata('08:00') });
    const op = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      d.app.inject({ method, url, payload: payload as any, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    try {
      const user = await createUser(d, { wallet: 500 });
      const m = await marketByName(d, 'KALYAN');
      const bid = () => bidOnKalyan(d, user, [{ digits: '3', points: 10 }]);
      const listed = async () =>
        ((await call(d.app, 'api-dashboard-data', {})).body.result as any[]).find(
          (x) => String(x.game_id) === String(m.id),
        );
      expect((await listed()).msg_status).toBe(1);
      const bad = await op('POST', '/operator/market/off-days', {
        market: 'KALYAN',
        family: 'regular',
        days: [0, 1, 2, 3, 4, 5, 6],
      });
      expect(bad.json().msg).toBe('a market cannot be off every day: disable it instead');
      expect(
        (await op('POST', '/operator/market/off-days', { market: 'KALYAN', family: 'regular', days: [9] })).statusCode,
      ).toBe(400);
      const set = await op('POST', '/operator/market/off-days', { market: 'KALYAN', family: 'regular', days: [2, 0] });
      expect(set.json()).toMatchObject({
        status: true,
        msg: 'KALYAN (regular) is off on: Sunday, Tuesday',
        off_days: [0, 2],
      });
      expect((await listed()).msg_status).toBe(0);
      expect((await bid()).body).toMatchObject({ status: false, msg: 'Market is closed', code: expect.any(String) });
      const markets = (await op('GET', '/operator/markets')).json().markets;
      expect(markets.find((x: any) => x.id === m.id)).toMatchObject({ off_days: [0, 2], open_now: false });
      await op('POST', '/operator/market/off-days', { market: 'KALYAN', family: 'regular', days: [0] });
      expect((await listed()).msg_status).toBe(1);
      expect((await bid()).body.status).toBe(true);
    } finally {
      await d.close();
    }
  });

  it('settings carry the QR code players scan, made from the UPI id and payee', async () => {
    await bearer('POST', '/operator/settings/set', { key: 'upi_id', value: 'shop.qr@okbank' });
    const body = (await bearer('GET', '/operator/settings')).json();
    expect(body.qr).toMatchObject({
      upi_id: 'shop.qr@okbank',
      qr_image: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(body.qr.upi_uri).toMatch(/^upi:\/\/pay\?pa=shop\.qr@okbank&/);
    const player = (await call(t.app, 'api-get-qr-pay', {})).body.qrdata[0];
    expect(player.qr_image).toBe(body.qr.qr_image);
  });

  it('the privacy policy text: empty until set, then what the Privacy Policy page shows', async () => {
    expect((await call(t.app, 'api-privacy-policy', {})).body).toMatchObject({ status: true, privacy_policy: '' });
    const set = await bearer('POST', '/operator/settings/set', {
      key: 'privacy_policy',
      value: '<p>We keep little.</p>',
    });
    expect(set.json().status).toBe(true);
    expect((await call(t.app, 'api-privacy-policy', {})).body.privacy_policy).toBe('<p>We keep little.</p>');
    const long = await bearer('POST', '/operator/settings/set', { key: 'privacy_policy', value: 'x'.repeat(20_001) });
    expect(long.json().msg).toBe('Value must be at most 20000 characters');
  });

  it("rates: listed, changed (audited with the operator's name), and the player's rates follow", async () => {
    const results = await operatorWith('results');
    const list = (await as(results, 'GET', '/operator/rates')).json().rates;
    expect(list).toContainEqual({ family: 'regular', rate_key: 'single_digit', val_1: 10, val_2: 95 });
    const set = await as(results, 'POST', '/operator/rates/set', {
      family: 'regular',
      rate_key: 'single_digit',
      val_1: 10,
      val_2: 96,
    });
    expect(set.json()).toMatchObject({ status: true, msg: 'regular Single Digit: 10-96' });
    const row = await t.ctx.db
      .selectFrom('operator_audit')
      .select(['operator', 'before', 'after'])
      .where('action', '=', 'rates set')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ operator: results.name, after: { val_1: 10, val_2: 96 } });
    const rates = (await call(t.app, 'api-game-rates', {})).body.game_rates[0];
    expect(rates).toMatchObject({ single_digit_val_1: '10', single_digit_val_2: '96' });
    expect(
      (
        await as(results, 'POST', '/operator/rates/set', { family: 'regular', rate_key: 'nope', val_1: 1, val_2: 2 })
      ).json().msg,
    ).toBe("No regular rate 'nope'");
    expect(
      (
        await as(results, 'POST', '/operator/rates/set', {
          family: 'regular',
          rate_key: 'single_digit',
          val_1: 0,
          val_2: 2,
        })
      ).json().msg,
    ).toBe('Points bid must be more than 0');
    const support = await operatorWith('support');
    expect(
      (
        await as(support, 'POST', '/operator/rates/set', {
          family: 'regular',
          rate_key: 'single_digit',
          val_1: 1,
          val_2: 2,
        })
      ).statusCode,
    ).toBe(403);
    await as(results, 'POST', '/operator/rates/set', {
      family: 'regular',
      rate_key: 'single_digit',
      val_1: 10,
      val_2: 95,
    });
  });

  it('the result history lists declared results, newest first, by family', async () => {
    const d = await makeTestApp({ at: kolkata('08:00') });
    const op = (url: string, payload?: unknown) =>
      d.app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        payload: payload as any,
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
    try {
      expect(
        (
          await op('/operator/result/declare', {
            market: 'KALYAN',
            session: 'open',
            pana: '128',
            early_reason: 'test: declared before the draw',
          })
        ).json().status,
      ).toBe(true);
      expect(
        (
          await op('/operator/gali/declare', {
            market: (
              await d.ctx.db.selectFrom('markets').select('name').where('family', '=', 'gali').executeTakeFirstOrThrow()
            ).name,
            jodi: '42',
            early_reason: 'test: declared before the draw',
          })
        ).json().status,
      ).toBe(true);
      const all = (await op('/operator/result/history')).json();
      expect(all.to).toBe('2026-03-10');
      expect(all.results).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ family: 'regular', market: 'KALYAN', date: '2026-03-10', result_text: '128-1' }),
          expect.objectContaining({ family: 'gali', date: '2026-03-10', result_text: '42' }),
        ]),
      );
      const gali = (await op('/operator/result/history?family=gali')).json().results;
      expect(gali).toHaveLength(1);
      expect((await op('/operator/result/history?days=500')).json().msg).toBe('Days must be 1 to 92');
    } finally {
      await d.close();
    }
  });
});
