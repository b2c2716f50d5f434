/**
 * Web push against a local fake push service: the server posts each push over HTTPS with a
 * VAPID signature; the fake service decrypts the body with the subscription's own keys (RFC 8291,
 * aes128gcm, written here from the RFC, not with the library under test) and checks the payload; a
 * subscription the service answers 410 for is removed. Subscriptions the server must not post to are
 * refused.
 */
import { spawnSync } from 'node:child_process';
import { createECDH, createDecipheriv, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  OPERATOR_TOKEN,
  call,
  createUser,
  insertBid,
  kolkata,
  makeTestApp,
  marketByName,
  type TestApp,
  operatorCall,
} from './helpers';
import { publicAddress, pushLookup } from '../src/services/push';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const dir = mkdtempSync(path.join(tmpdir(), 'push-test-'));
const received: Received[] = [];
let service: Server;
let port = 0;
let t: TestApp;

beforeAll(async () => {
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  service = createServer(
    { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
    (req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (b: Buffer) => parts.push(b));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(parts) });
        // a device that uninstalled the app: gone for good
        res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201);
        res.end();
      });
    },
  );
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
  port = (service.address() as { port: number }).port;
  t = await makeTestApp({
    at: kolkata('16:00', '2026-03-10'),
    env: { PUSH_HOSTS: `127.0.0.1:${port}`, PUSH_CA_FILE: path.join(dir, 'cert.pem') },
  });
});
afterAll(async () => {
  await t?.close();
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A browser's subscription: its key pair and auth secret stay here, its endpoint on the fake service. */
function device(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint: `https://127.0.0.1:${port}/${name}/${randomBytes(6).toString('hex')}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** RFC 8291 / RFC 8188: one aes128gcm body decrypted with the subscriber's keys. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  const secret = ecdh.computeSecret(asPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  expect(records.length).toBeLessThanOrEqual(rs); // one record
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([d.update(records.subarray(0, records.length - 16)), d.final()]);
  // padding: the last record ends with 0x02 and zeros
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end--;
  expect(plain[end - 1]).toBe(2);
  return plain.subarray(0, end - 1).toString('utf8');
}

async function pushed(n: number) {
  for (let i = 0; i < 200 && received.length < n; i++) {
    t.ctx.push.poke();
    await t.ctx.push.idle();
    if (received.length < n) await new Promise((r) => setTimeout(r, 20));
  }
  expect(received.length).toBeGreaterThanOrEqual(n);
}

test('a subscription the server must not post to is refused; nothing is stored', async () => {
  const p = await createUser(t);
  const d = device('phone');
  for (const [subscription, msg] of [
    [{ ...d.json, endpoint: `http://127.0.0.1:${port}/x` }, "This browser's push service is not supported"],
    [{ ...d.json, endpoint: 'https://169.254.169.254/latest' }, "This browser's push service is not supported"],
    [
      { ...d.json, keys: { p256dh: 'abc', auth: d.json.keys.auth } },
      'This browser gave an invalid push subscription. Please try again.',
    ],
  ] as const) {
    const r = await call(t.app, 'api-push-subscribe', { unique_token: p.token, subscription, categories: ['wins'] });
    expect(r.body).toEqual({ status: false, msg, code: expect.any(String) });
  }
  const bad = await call(t.app, 'api-push-subscribe', {
    unique_token: p.token,
    subscription: d.json,
    categories: ['spam'],
  });
  expect(bad.body.status).toBe(false);
  expect(bad.body.msg).toMatch(/^Categories must be among results_bid, /);
  expect(await t.ctx.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
});

test('an endpoint two URL parsers read differently is refused, and never reached', async () => {
  // the attack as fired: the allowlist's wildcard, and an endpoint whose host the WHATWG parser reads as
  // a push service's and the legacy parser (web-push's) as 127.0.0.1, port 443
  const probe = createServer({
    key: readFileSync(path.join(dir, 'key.pem')),
    cert: readFileSync(path.join(dir, 'cert.pem')),
  });
  let reached = 0;
  probe.on('connection', () => reached++);
  const listening = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(443, '127.0.0.1', () => resolve(true));
  });
  const a = await makeTestApp({
    at: kolkata('16:00', '2026-03-10'),
    env: { PUSH_HOSTS: '*.push.apple.com', PUSH_CA_FILE: path.join(dir, 'cert.pem') },
  });
  try {
    const p = await createUser(a);
    const d = device('phone');
    for (const endpoint of [
      'https://127.0.0.1".push.apple.com/x',
      `https://127.0.0.1".push.apple.com:${port}/x`,
      'https://WEB.push.apple.com/x',
      'https://web.push.apple.com\\@127.0.0.1/x',
      'https://web.push.apple.com%2F@127.0.0.1/x',
      'https://web.push.apple.com:443/x',
      'https://web.push.apple.com./x',
    ]) {
      const r = await call(a.app, 'api-push-subscribe', {
        unique_token: p.token,
        subscription: { ...d.json, endpoint },
        categories: ['money'],
      });
      expect([endpoint, r.body]).toEqual([
        endpoint,
        { status: false, msg: "This browser's push service is not supported", code: expect.any(String) },
      ]);
    }
    expect(await a.ctx.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
    // the canonical form of a real service's endpoint is taken
    const good = await call(a.app, 'api-push-subscribe', {
      unique_token: p.token,
      subscription: { ...d.json, endpoint: 'https://web.push.apple.com/QGm3x' },
      categories: ['money'],
    });
    expect(good.body.status).toBe(true);
    // one stored before this check (or written into the table): a money event sends nothing to it
    await a.ctx.db
      .insertInto('push_subscriptions')
      .values({
        user_id: p.id,
        endpoint: 'https://127.0.0.1".push.apple.com/x',
        p256dh: d.json.keys.p256dh,
        auth: d.json.keys.auth,
        categories: ['money'],
        created_at: new Date(),
      })
      .execute();
    await a.ctx.db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', 'https://web.push.apple.com/QGm3x')
      .execute();
    const req = await call(a.app, 'api-fund-request-add', { unique_token: p.token, request_amount: 300 });
    await a.app.inject({
      method: 'POST',
      url: '/operator/deposits/approve',
      payload: { id: Number(req.body.request_id) },
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    a.ctx.push.poke();
    await a.ctx.push.idle();
    expect(a.ctx.push.sent).toBe(0);
    // nothing connected to this machine's port 443 (when the test could listen there to count)
    if (listening) expect(reached).toBe(0);
  } finally {
    await a.close();
    probe.close();
  }
});

test('a push service name that resolves to a private address is not connected to', async () => {
  const lookup = pushLookup(['*.push.apple.com']);
  const outcome = await new Promise<{ err: NodeJS.ErrnoException | null; address?: unknown }>((resolve) =>
    lookup('localhost', { all: true }, (err, address) => resolve({ err, address })),
  );
  expect(outcome.err?.code).toBe('EPRIVATE');
  // a host the operator named exactly (their own push service) is theirs to trust
  const own = await new Promise<{ err: NodeJS.ErrnoException | null; address?: unknown }>((resolve) =>
    pushLookup(['localhost:8443'])('localhost', {}, (err, address) => resolve({ err, address })),
  );
  expect(own.err).toBeNull();
  expect(own.address).toBe('127.0.0.1');
  for (const ip of [
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::',
  ])
    expect([ip, publicAddress(ip)]).toEqual([ip, false]);
  for (const ip of ['17.57.146.52', '142.250.183.10', '2a00:1450:4009:81f::200a'])
    expect([ip, publicAddress(ip)]).toEqual([ip, true]);
});

test('one account keeps five devices however many it subscribes; a result goes to those five', async () => {
  const p = await createUser(t);
  const market = await marketByName(t, 'TIME BAZAR');
  await call(t.app, 'api-push-follow', { unique_token: p.token, follows: [market.id] });
  // the attack as fired: 2,000 subscriptions of one player, twenty at a time
  const devices = Array.from({ length: 2000 }, (_, i) => device(`flood${i}`));
  for (let i = 0; i < devices.length; i += 20)
    await Promise.all(
      devices.slice(i, i + 20).map((d) =>
        call(t.app, 'api-push-subscribe', {
          unique_token: p.token,
          subscription: d.json,
          categories: ['results_followed'],
        }),
      ),
    );
  const kept = await t.ctx.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', p.id).execute();
  expect(kept).toHaveLength(5);
  await t.ctx.push.idle();
  received.length = 0;
  await operatorCall(t, '/operator/result/declare', {
    market: 'TIME BAZAR',
    session: 'open',
    pana: '128',
    date: '2026-03-10',
  });
  await pushed(5);
  t.ctx.push.poke();
  await t.ctx.push.idle();
  expect(received.filter((r) => r.path.startsWith('/flood'))).toHaveLength(5);
  await t.ctx.db.deleteFrom('push_subscriptions').where('user_id', '=', p.id).execute();
});

test('a device hears nothing more once the session that subscribed it ends, however it ends', async () => {
  const ends: [string, (p: { mobile: string; token: string }) => Promise<unknown>][] = [
    ['logout', (p) => call(t.app, 'api-user-logout', { unique_token: p.token })],
    [
      // changed on another phone: every other session ends, this device's with it
      'password change',
      async (p) => {
        const other = await call(t.app, 'api-user-login', { mobile: p.mobile, password: 'secret123', device_id: null });
        return call(t.app, 'api-change-password', {
          unique_token: other.body.unique_token,
          old_pass: 'secret123',
          new_pass: 'secret456',
        });
      },
    ],
    ['force-logout', (p) => operatorCall(t, '/operator/users/logout', { mobile: p.mobile }).then((r) => r.body)],
    [
      'block',
      (p) => operatorCall(t, '/operator/users/block', { mobile: p.mobile, reason: 'Chargebacks' }).then((r) => r.body),
    ],
  ];
  for (const [how, end] of ends) {
    const p = await createUser(t, { wallet: 0 });
    const d = device(`ended-${how.replace(/\W/g, '')}`);
    const on = await call(t.app, 'api-push-subscribe', {
      unique_token: p.token,
      subscription: d.json,
      categories: ['money'],
    });
    expect(on.body.status).toBe(true);
    const req = await call(t.app, 'api-fund-request-add', { unique_token: p.token, request_amount: 500 });
    await end(p);
    // the subscription went with the session
    expect([
      how,
      await t.ctx.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', p.id).execute(),
    ]).toEqual([how, []]);
    await t.ctx.push.idle();
    received.length = 0;
    // a deposit decided afterwards: its amount reaches no device of the ended session
    await operatorCall(t, '/operator/deposits/approve', { id: Number(req.body.request_id) });
    t.ctx.push.poke();
    await t.ctx.push.idle();
    expect([how, received.filter((r) => r.path.startsWith('/ended-'))]).toEqual([how, []]);
  }
  // a subscription whose session merely expired is not sent to either (checked when sending)
  const p = await createUser(t, { wallet: 0 });
  const d = device('expired');
  await call(t.app, 'api-push-subscribe', { unique_token: p.token, subscription: d.json, categories: ['money'] });
  const req = await call(t.app, 'api-fund-request-add', { unique_token: p.token, request_amount: 500 });
  await t.ctx.db
    .updateTable('auth_tokens')
    .set({ expires_at: new Date('2026-03-01T00:00:00Z') })
    .where('user_id', '=', p.id)
    .execute();
  await t.ctx.push.idle();
  received.length = 0;
  await operatorCall(t, '/operator/deposits/approve', { id: Number(req.body.request_id) });
  t.ctx.push.poke();
  await t.ctx.push.idle();
  expect(received.filter((r) => r.path.startsWith('/expired/'))).toEqual([]);
});

test("a deposit decision and a followed market's result reach the phone, encrypted for it; a gone phone is removed", async () => {
  const p = await createUser(t);
  const phone = device('phone');
  const old = device('gone');
  const settings = await call(t.app, 'api-push-settings', { unique_token: p.token });
  expect(settings.body).toMatchObject({ status: true, subscribed: false, categories: [], follows: [] });
  expect(Buffer.from(settings.body.public_key, 'base64url')).toHaveLength(65);

  const on = await call(t.app, 'api-push-subscribe', {
    unique_token: p.token,
    subscription: phone.json,
    categories: ['money', 'results_followed'],
  });
  expect(on.body).toMatchObject({
    status: true,
    msg: 'Notifications are on for this phone',
    subscribed: true,
    categories: ['results_followed', 'money'],
  });
  await call(t.app, 'api-push-subscribe', { unique_token: p.token, subscription: old.json, categories: ['money'] });
  const market = await marketByName(t, 'KALYAN');
  expect((await call(t.app, 'api-push-follow', { unique_token: p.token, follows: [market.id] })).body.follows).toEqual([
    market.id,
  ]);
  expect((await call(t.app, 'api-push-follow', { unique_token: p.token, follows: [999999] })).body).toEqual({
    status: false,
    msg: 'Unknown market',
    code: expect.any(String),
  });
  await t.ctx.push.idle();
  received.length = 0;

  const req = await call(t.app, 'api-fund-request-add', { unique_token: p.token, request_amount: 700 });
  await operatorCall(t, '/operator/deposits/approve', { id: Number(req.body.request_id) });
  await pushed(2);
  const mine = received.find((r) => r.path === new URL(phone.json.endpoint).pathname)!;
  expect(mine.headers['content-encoding']).toBe('aes128gcm');
  expect(mine.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
  expect(Number(mine.headers.ttl)).toBeGreaterThan(0);
  expect(JSON.parse(decrypt(mine.body, phone.ecdh, phone.auth))).toEqual({
    title: 'Deposit approved',
    body: '700 points added to your wallet',
    url: '/addfundhistory',
    tag: `deposit-${req.body.request_id}`,
  });
  // the service said 410 for the other one: it is gone once the sender has taken that answer in
  await t.ctx.push.idle();
  const left = await t.ctx.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', p.id).execute();
  expect(left.map((s) => s.endpoint)).toEqual([phone.json.endpoint]);

  received.length = 0;
  await operatorCall(t, '/operator/result/declare', {
    market: 'KALYAN',
    session: 'open',
    pana: '128',
    date: '2026-03-10',
  });
  await pushed(1);
  expect(JSON.parse(decrypt(received[0].body, phone.ecdh, phone.auth))).toEqual({
    title: 'KALYAN result',
    body: '128-1*-***',
    url: '/imp',
    tag: `result-${market.id}-2026-03-10`,
  });
  // the event was sent once: another pass sends nothing more
  t.ctx.push.poke();
  await t.ctx.push.idle();
  expect(received).toHaveLength(1);

  // turned off: nothing more for this phone
  const off = await call(t.app, 'api-push-unsubscribe', { unique_token: p.token, endpoint: phone.json.endpoint });
  expect(off.body).toMatchObject({ status: true, subscribed: false });
});

test("a push is written in the player's language (the account's choice); others' stay English", async () => {
  const p = await createUser(t);
  const q = await createUser(t);
  const hindi = device('hindi');
  const english = device('english');
  expect((await call(t.app, 'api-set-language', { unique_token: p.token, language: 'hi' })).body.status).toBe(true);
  await call(t.app, 'api-push-subscribe', { unique_token: p.token, subscription: hindi.json, categories: ['money'] });
  await call(t.app, 'api-push-subscribe', { unique_token: q.token, subscription: english.json, categories: ['money'] });
  await t.ctx.push.idle();
  received.length = 0;
  const a = await call(t.app, 'api-fund-request-add', { unique_token: p.token, request_amount: 1500 });
  const b = await call(t.app, 'api-fund-request-add', { unique_token: q.token, request_amount: 600 });
  await operatorCall(t, '/operator/deposits/approve', { id: Number(a.body.request_id) });
  await operatorCall(t, '/operator/deposits/approve', { id: Number(b.body.request_id) });
  await pushed(2);
  const to = (d: ReturnType<typeof device>) =>
    JSON.parse(
      decrypt(received.find((r) => r.path === new URL(d.json.endpoint).pathname)!.body, d.ecdh, d.auth),
    ) as Record<string, string>;
  expect(to(hindi)).toMatchObject({ title: 'जमा मंज़ूर', body: '1,500 पॉइंट आपके वॉलेट में जोड़े गए' });
  expect(to(english)).toMatchObject({ title: 'Deposit approved', body: '600 points added to your wallet' });
});

test("a result reaches the phones of the players who bid on that market that day, and no one else's", async () => {
  const market = await marketByName(t, 'MILAN DAY');
  const elsewhere = await marketByName(t, 'SRIDEVI');
  // its open draw is past at the test's 16:00
  await t.ctx.db
    .updateTable('markets')
    .set({ open_minute: 11 * 60, close_minute: 23 * 60 })
    .where('id', '=', market.id)
    .execute();
  const bidder = await createUser(t);
  const other = await createUser(t); // bid on another market that day, and on this one the day before
  await insertBid(t, { user: bidder.id, market: market.id, date: '2026-03-10' });
  await insertBid(t, { user: other.id, market: elsewhere.id, date: '2026-03-10' });
  await insertBid(t, { user: other.id, market: market.id, date: '2026-03-09' });
  const mine = device('bidder');
  const theirs = device('other');
  for (const [p, d] of [
    [bidder, mine],
    [other, theirs],
  ] as const)
    expect(
      (
        await call(t.app, 'api-push-subscribe', {
          unique_token: p.token,
          subscription: d.json,
          categories: ['results_bid'],
        })
      ).body.status,
    ).toBe(true);
  await t.ctx.push.idle();
  received.length = 0;

  await operatorCall(t, '/operator/result/declare', {
    market: 'MILAN DAY',
    session: 'open',
    pana: '137',
    date: '2026-03-10',
  });
  await pushed(1);
  t.ctx.push.poke();
  await t.ctx.push.idle();
  expect(received.map((r) => r.path)).toEqual([new URL(mine.json.endpoint).pathname]);
  expect(JSON.parse(decrypt(received[0].body, mine.ecdh, mine.auth))).toMatchObject({
    title: 'MILAN DAY result',
    body: '137-1*-***',
    tag: `result-${market.id}-2026-03-10`,
  });
});
