/**
 * Real SMS delivery and safe defaults (issue: accounts nobody can take over, finding 1): the providers'
 * documented requests against a local fake HTTP server, retries and timeouts, 'Failed to send OTP' when
 * sending fails (and the code then does not count), no code in any response outside demo mode, the
 * outbox behind the operator token, and the start-up refusals.
 */
import { registry } from '../src/services/metrics';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config';
import { startupProblems } from '../src/main';
import { call, createUser, makeTestApp, newMobile, OPERATOR_TOKEN, type TestApp } from './helpers';

interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server answering `reply(n)` to its n-th request (0-based), recording every request. */
async function fakeProvider(reply: (n: number) => { status: number; body?: string; delayMs?: number }) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const n = seen.length;
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      const r = reply(n);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(r.body ?? '{}');
      }, r.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // closing drops answers still held back (a slow provider's), so a test never waits them out
  const close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return { url, seen, close };
}

async function appWith(env: Record<string, string>) {
  return makeTestApp({ env: { DEMO: '0', SMS_TIMEOUT_MS: '700', ...env } });
}

const liveCodes = (t: TestApp, mobile: string) =>
  t.ctx.db.selectFrom('otp_codes').select('id').where('mobile', '=', mobile).where('consumed_at', 'is', null).execute();

describe('MSG91', () => {
  test('the Flow API request; the code reaches the phone and registers; no response carries it', async () => {
    const fake = await fakeProvider(() => ({
      status: 200,
      body: '{"type":"success","message":"3763646c3058373530393138"}',
    }));
    const t = await appWith({
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'auth-123',
      MSG91_TEMPLATE_ID: 'tmpl-9',
      MSG91_URL: fake.url,
    });
    try {
      const mobile = newMobile();
      const r = await call(t.app, 'api-check-mobile', { mobile });
      expect(r.body).toEqual({ status: true, msg: 'OTP sent successfully' });
      expect(fake.seen).toHaveLength(1);
      const [req] = fake.seen;
      expect(req.path).toBe('/api/v5/flow');
      expect(req.headers.authkey).toBe('auth-123');
      expect(req.headers['content-type']).toBe('application/json');
      const body = JSON.parse(req.body);
      expect(body).toEqual({
        template_id: 'tmpl-9',
        short_url: '0',
        recipients: [{ mobiles: `91${mobile}`, otp: expect.stringMatching(/^\d{4}$/) }],
      });
      const reg = await call(t.app, 'api-user-registration', {
        name: 'Sms User',
        password: 'pass1234',
        mobile,
        otp: body.recipients[0].otp,
      });
      expect(reg.body).toMatchObject({ status: true, unique_token: expect.any(String) });
      // outside demo mode: no code in any response, none kept for the operator
      const other = newMobile();
      t.clock.set(new Date(t.clock.now().getTime() + 31_000));
      expect((await call(t.app, 'api-forget-check-mobile', { mobile })).body).not.toHaveProperty('otp');
      expect((await call(t.app, 'api-check-mobile', { mobile: other })).body).not.toHaveProperty('otp');
      const u = await createUser(t, { wallet: 0 });
      const upi = await call(t.app, 'api-upi-send-otp', { unique_token: u.token, mobile: newMobile(), upi_type: 1 });
      expect(upi.body).toEqual({ status: true, msg: 'OTP sent successfully' });
      const last = await t.app.inject({
        url: `/operator/otp/last?mobile=${other}`,
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
      expect(last.json()).toEqual({
        status: false,
        msg: 'OTP codes are not kept outside demo mode (DEMO=1)',
        code: expect.any(String),
      });
    } finally {
      await t.close();
      await fake.close();
    }
  });

  test("an error answered with HTTP 200 ({type:'error'}) is a failure: 'Failed to send OTP', no live code", async () => {
    const fake = await fakeProvider(() => ({ status: 200, body: '{"type":"error","message":"Invalid authkey"}' }));
    const t = await appWith({
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'bad',
      MSG91_TEMPLATE_ID: 't',
      MSG91_URL: fake.url,
    });
    try {
      const mobile = newMobile();
      expect((await call(t.app, 'api-check-mobile', { mobile })).body).toEqual({
        status: false,
        msg: 'Failed to send OTP',
        code: expect.any(String),
      });
      expect(await liveCodes(t, mobile)).toEqual([]);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

describe('Twilio', () => {
  test('the Messages API request with basic auth and a form body', async () => {
    const fake = await fakeProvider(() => ({ status: 201, body: '{"sid":"SM1"}' }));
    const t = await appWith({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'tok',
      TWILIO_FROM: '+15005550006',
      TWILIO_URL: fake.url,
    });
    try {
      const mobile = newMobile();
      expect((await call(t.app, 'api-check-mobile', { mobile })).body.status).toBe(true);
      const [req] = fake.seen;
      expect(req.path).toBe('/2010-04-01/Accounts/AC1/Messages.json');
      expect(req.headers.authorization).toBe(`Basic ${Buffer.from('AC1:tok').toString('base64')}`);
      const form = new URLSearchParams(req.body);
      expect(form.get('To')).toBe(`+91${mobile}`);
      expect(form.get('From')).toBe('+15005550006');
      expect(form.get('Body')).toMatch(/^\d{4} is your Matka Play verification code/);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

describe('webhook: retries, timeouts and failures', () => {
  test('5xx twice then 200: sent on the third try, with the bearer token', async () => {
    const fake = await fakeProvider((n) => ({ status: n < 2 ? 503 : 200 }));
    const t = await appWith({
      SMS_PROVIDER: 'webhook',
      SMS_WEBHOOK_URL: `${fake.url}/sms`,
      SMS_WEBHOOK_TOKEN: 'hook-secret',
    });
    try {
      const mobile = newMobile();
      expect((await call(t.app, 'api-check-mobile', { mobile })).body).toEqual({
        status: true,
        msg: 'OTP sent successfully',
      });
      expect(fake.seen).toHaveLength(3);
      expect(fake.seen[2].headers.authorization).toBe('Bearer hook-secret');
      expect(JSON.parse(fake.seen[2].body)).toMatchObject({
        mobile,
        to: `+91${mobile}`,
        purpose: 'register',
        otp: expect.stringMatching(/^\d{4}$/),
      });
      expect(await liveCodes(t, mobile)).toHaveLength(1);
    } finally {
      await t.close();
      await fake.close();
    }
  });

  test("always 500: three tries, 'Failed to send OTP', no live code, and the player may try again at once", async () => {
    let healthy = false;
    const fake = await fakeProvider(() => ({ status: healthy ? 200 : 500 }));
    const t = await appWith({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: fake.url });
    try {
      const mobile = newMobile();
      expect((await call(t.app, 'api-check-mobile', { mobile })).body).toEqual({
        status: false,
        msg: 'Failed to send OTP',
        code: expect.any(String),
      });
      expect(fake.seen).toHaveLength(3);
      expect(await liveCodes(t, mobile)).toEqual([]);
      // counted for /metrics: two retries and one failed send, by provider
      const metrics = await registry.getSingleMetricAsString('matka_sms_retries_total');
      expect(metrics).toMatch(/^matka_sms_retries_total\{provider="webhook"\} ([2-9]|\d\d+)$/m);
      const failed = await registry.getSingleMetricAsString('matka_sms_last_hour');
      expect(failed).toMatch(/^matka_sms_last_hour\{provider="webhook",outcome="failed"\} [1-9]\d*$/m);
      healthy = true; // no 30 s wait: the failed code did not count
      expect((await call(t.app, 'api-check-mobile', { mobile })).body).toEqual({
        status: true,
        msg: 'OTP sent successfully',
      });
    } finally {
      await t.close();
      await fake.close();
    }
  });

  test('a 4xx is final (no retry); a provider slower than SMS_TIMEOUT_MS fails', async () => {
    const refusing = await fakeProvider(() => ({ status: 401 }));
    const slow = await fakeProvider(() => ({ status: 200, delayMs: 3000 }));
    const a = await appWith({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: refusing.url });
    const b = await appWith({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: slow.url, SMS_TIMEOUT_MS: '500' });
    try {
      expect((await call(a.app, 'api-check-mobile', { mobile: newMobile() })).body.msg).toBe('Failed to send OTP');
      expect(refusing.seen).toHaveLength(1);
      const started = Date.now();
      expect((await call(b.app, 'api-check-mobile', { mobile: newMobile() })).body.msg).toBe('Failed to send OTP');
      expect(Date.now() - started).toBeLessThan(6000);
    } finally {
      await a.close();
      await b.close();
      await refusing.close();
      await slow.close();
    }
  }, 20_000);

  test("no provider configured (outside demo mode): 'Failed to send OTP'", async () => {
    const t = await appWith({});
    try {
      expect((await call(t.app, 'api-check-mobile', { mobile: newMobile() })).body).toEqual({
        status: false,
        msg: 'Failed to send OTP',
        code: expect.any(String),
      });
    } finally {
      await t.close();
    }
  });
});

describe('safe defaults', () => {
  test('demo mode is explicit, loopback only; SMS settings are checked at start', () => {
    expect(loadConfig({}).demo).toBe(false);
    expect(loadConfig({}).sms.provider).toBe('none');
    expect(loadConfig({ DEMO: '1' }).sms.provider).toBe('console');
    expect(startupProblems(loadConfig({ DEMO: '1' }))).toEqual([]);
    expect(startupProblems(loadConfig({ DEMO: '1', HOST: '0.0.0.0' }))).toEqual([expect.stringMatching(/loopback/)]);
    expect(startupProblems(loadConfig({ DEMO: '1', HOST: '::1' }))).toEqual([]);
    expect(startupProblems(loadConfig({ SMS_PROVIDER: 'console' }))).toEqual([
      expect.stringMatching(/only works in demo mode/),
    ]);
    expect(startupProblems(loadConfig({ SMS_PROVIDER: 'msg91' }))).toEqual([
      'MSG91_AUTH_KEY is required with SMS_PROVIDER=msg91',
      'MSG91_TEMPLATE_ID is required with SMS_PROVIDER=msg91',
    ]);
    expect(startupProblems(loadConfig({ SMS_PROVIDER: 'carrier-pigeon' }))).toEqual([
      expect.stringMatching(/must be one of/),
    ]);
  });

  test("the outbox is the operator's (token required); the old open /dev/otp-outbox is gone", async () => {
    const t = await makeTestApp();
    try {
      const mobile = newMobile();
      await call(t.app, 'api-check-mobile', { mobile });
      expect((await t.app.inject(`/operator/otp/last?mobile=${mobile}`)).statusCode).toBe(401);
      expect((await t.app.inject(`/dev/otp-outbox?mobile=${mobile}`)).statusCode).toBe(404);
      const ok = await t.app.inject({
        url: `/operator/otp/last?mobile=${mobile}`,
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
      expect(ok.json()).toMatchObject({ status: true, mobile, otp: expect.stringMatching(/^\d{4}$/) });
    } finally {
      await t.close();
    }
  });
});
