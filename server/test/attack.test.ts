/**
 * The rest of a fresh attack: slow bodies, new-password minimums,
 * the operator API in upper case, source maps, and requests Node cannot parse. Over real sockets where
 * the attack needs them.
 */
import fs from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MSG, OPERATOR_PASSWORD_RULE, PLAYER_PASSWORD_RULE } from '@matka/shared/domain';
import { hashPassword } from '../src/services/passwords';
import { call, createUser, makeTestApp, OPERATOR_TOKEN, type TestApp } from './helpers';

/** Writes `chunks` to the server one by one, `gapMs` apart; resolves with what came back and when it closed. */
function rawExchange(url: string, chunks: string[], gapMs: number, giveUpMs: number) {
  const { hostname, port } = new URL(url);
  return new Promise<{ text: string; closedAfterMs: number | null }>((resolve) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    let text = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < chunks.length && socket.writable) socket.write(chunks[i++]);
    }, gapMs);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      resolve({ text, closedAfterMs: null });
    }, giveUpMs);
    socket.on('data', (b) => (text += b.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
  });
}

describe('a body sent a byte at a time does not outlive REQUEST_TIMEOUT_MS', () => {
  let t: TestApp;
  let url = '';
  beforeAll(async () => {
    t = await makeTestApp({ config: { requestTimeoutMs: 1_500 } });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  test('1 byte every 300 ms: dropped with a 408 and a message soon after 1.5 s (it was held until Node looked, every 30 s)', async () => {
    const head =
      'POST /api/api-home-info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    const r = await rawExchange(url, [head, ...'{"app_key":"x","padding":"'.split('')], 300, 10_000);
    expect(r.closedAfterMs).not.toBeNull();
    // the timeout plus Node's check every second, with room for a busy machine
    expect(r.closedAfterMs!).toBeLessThan(5_000);
    expect(r.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(r.text).toContain('"msg":"The request took too long to arrive. Please try again."');
  });

  test('headers sent a byte at a time are dropped as soon', async () => {
    const head = 'POST /api/api-home-info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(100);
    const r = await rawExchange(url, head.split(''), 100, 10_000);
    expect(r.closedAfterMs).not.toBeNull();
    expect(r.closedAfterMs!).toBeLessThan(5_000);
  });

  test("a request line Node cannot parse gets the API's JSON answer with a message", async () => {
    const r = await rawExchange(url, ['GARBAGE\x01 / HTTP/9\r\n\r\n'], 10, 5_000);
    expect(r.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(r.text.slice(r.text.indexOf('\r\n\r\n') + 4))).toEqual({
      status: false,
      msg: 'Invalid request',
      code: expect.any(String),
    });
  });
});

describe('the smaller findings', () => {
  let t: TestApp;
  let staticRoot = '';
  beforeAll(async () => {
    // a built shell with its source map beside it
    staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'matka-static-'));
    fs.mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>x</title>');
    fs.writeFileSync(path.join(staticRoot, 'shell', 'dist', 'main.1234abcd.js'), 'console.log(1)');
    fs.writeFileSync(path.join(staticRoot, 'shell', 'dist', 'main.1234abcd.js.map'), '{"version":3}');
    t = await makeTestApp({ config: { staticRoot } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticRoot, { recursive: true, force: true });
  });

  test('a new player password needs 8 characters (registration, reset, change); an older short one still logs in', async () => {
    const mobile = '9812300001';
    const code = await call(t.app, 'api-check-mobile', { mobile });
    const reg = await call(t.app, 'api-user-registration', {
      name: 'Short',
      mobile,
      password: '2',
      otp: code.body.otp,
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.body).toEqual({ status: false, msg: PLAYER_PASSWORD_RULE, code: expect.any(String) });
    const spaces = await call(t.app, 'api-user-registration', {
      name: 'Short',
      mobile,
      password: '          ',
      otp: code.body.otp,
    });
    expect(spaces.body.msg).toBe(PLAYER_PASSWORD_RULE);
    const ok = await call(t.app, 'api-user-registration', {
      name: 'Long',
      mobile,
      password: 'eight888',
      otp: code.body.otp,
    });
    expect(ok.body).toMatchObject({ status: true });

    const u = await createUser(t);
    await t.ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('x1') })
      .where('id', '=', u.id)
      .execute();
    expect((await call(t.app, 'api-user-login', { mobile: u.mobile, password: 'x1' })).body.status).toBe(true);
    const change = await call(t.app, 'api-change-password', { unique_token: u.token, old_pass: 'x1', new_pass: 'n2' });
    expect(change.body).toEqual({ status: false, msg: PLAYER_PASSWORD_RULE, code: expect.any(String) });
    const forgot = await call(t.app, 'api-forget-check-mobile', { mobile: u.mobile });
    const reset = await call(t.app, 'api-forgot-password', {
      mobile: u.mobile,
      new_pass: 'short',
      otp: forgot.body.otp,
    });
    expect(reset.body).toEqual({ status: false, msg: PLAYER_PASSWORD_RULE, code: expect.any(String) });
    // nothing changed: the old password still works
    expect((await call(t.app, 'api-user-login', { mobile: u.mobile, password: 'x1' })).body.status).toBe(true);
    expect((await call(t.app, 'api-forgot-password', { mobile: u.mobile, new_pass: '' })).body.msg).toBe(
      MSG.newPasswordRequired,
    );
  });

  test('an operator password of ten spaces is refused', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/operator/operators',
      payload: { name: 'spacey', role: 'support' },
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/operator/session',
      payload: { username: 'spacey', password: made.json().one_time_password },
    });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0];
    const csrf = signIn.json().csrf_token as string;
    const save = (pw: string) =>
      t.app.inject({
        method: 'POST',
        url: '/operator/password',
        payload: { new_password: pw, confirm_password: pw },
        headers: { cookie, 'x-csrf-token': csrf },
      });
    const spaces = await save('          ');
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json()).toEqual({ status: false, msg: OPERATOR_PASSWORD_RULE, code: expect.any(String) });
    expect((await save('  a b c d  ')).json()).toEqual({
      status: false,
      msg: OPERATOR_PASSWORD_RULE,
      code: expect.any(String),
    });
    expect((await save('a long new password')).json()).toMatchObject({ status: true });
  });

  test('/OPERATOR/... in upper case is the operator API to CORS too: no Access-Control-Allow-Origin for another site', async () => {
    for (const url of ['/OPERATOR/session', '/Operator/markets', '/operator/markets']) {
      const pre = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const get = await t.app.inject({
        method: 'GET',
        url,
        headers: { origin: 'https://evil.example', authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    }
    // the player API stays open to any origin
    const api = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/api-home-info',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(api.headers['access-control-allow-origin']).toBe('*');
  });

  test('source maps are not served unless SOURCE_MAPS=on', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/main.1234abcd.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/main.1234abcd.js.map' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/MAIN.1234ABCD.JS.MAP' })).statusCode).toBe(404);
    const maps = await makeTestApp({ config: { staticRoot, sourceMaps: true } });
    try {
      expect((await maps.app.inject({ method: 'GET', url: '/main.1234abcd.js.map' })).statusCode).toBe(200);
    } finally {
      await maps.close();
    }
  });
});
