/**
 * Malformed input, as an attacker sends it, on every API and operator path the app registers: wrong
 * types, huge and fractional numbers, NUL and odd unicode, deep nesting, prototype keys and 1 MB
 * bodies. Never a 5xx, every refusal carries a message written for a person, and no wallet or ledger
 * row changes. Seeded, so a failure replays.
 */
import { sql } from 'kysely';
import { createUser, makeTestApp, OPERATOR_TOKEN, APP_KEY, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await makeTestApp();
  token = (await createUser(t, { wallet: 5000 })).token;
  await createUser(t, { wallet: 0 });
});
afterAll(() => t.close());

/** Every route of the app with its methods, read from Fastify's route tree. */
function routesOf(tree: string): { path: string; methods: string[] }[] {
  const out: { path: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = full;
    if (m[3]) out.push({ path: full, methods: m[3].split(', ') });
  }
  return out;
}

/** mulberry32: a small seeded PRNG */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const FIELDS = [
  'mobile',
  'password',
  'otp',
  'name',
  'email',
  'new_pass',
  'old_pass',
  'amount',
  'request_amount',
  'points',
  'mobile_no',
  'upi_type',
  'payment_method',
  'paytm_no',
  'google_pay_no',
  'phon_pay_no',
  'game_id',
  'new_result',
  'bid_from',
  'bid_to',
  'date_from',
  'date_to',
  'user_name',
  'transfer_note',
  'id',
  'key',
  'value',
  'market',
  'session',
  'pana',
  'jodi',
  'slot',
  'status',
  'note',
  'open',
  'close',
  'family',
  'reason',
  'receipt_url',
  'date',
  'result',
  'gameid',
  'digits',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
];

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

function badValue(r: () => number): unknown {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  return pick<() => unknown>([
    () => null,
    () => true,
    () => false,
    () => 0,
    () => -1,
    () => 10.5,
    () => 1e308,
    () => -1e308,
    () => 2 ** 53 + 1,
    () => Number.MAX_SAFE_INTEGER,
    () => '',
    () => ' ',
    () => '0x10',
    () => '1e3',
    () => '-0',
    () => 'NaN',
    () => 'Infinity',
    () => '9876543210',
    () => '12345678901234567890',
    () => 'a\u0000b',
    () => '\u0000',
    () => '\uD800',
    () => '\uFFFF\uFEFF',
    () => '😀'.repeat(50),
    () => 'مرحبا\u202Eabc',
    () => '<script>alert(1)</script>',
    () => "' OR 1=1 --",
    () => 'x'.repeat(5000),
    () => [],
    () => [1, 2, 3],
    () => ({}),
    () => ({ __proto__: { polluted: 1 } }),
    () => ({ constructor: { prototype: { polluted: 1 } } }),
    () => nested(8),
    () => ({ result: [{ digits: badValue(r), points: badValue(r), session: badValue(r) }], session: badValue(r) }),
  ])();
}

function badBody(r: () => number): string | Record<string, unknown> {
  const roll = r();
  if (roll < 0.02) return '['.repeat(5000) + '1' + ']'.repeat(5000); // 10 KB of [[[…]]]
  if (roll < 0.025) return JSON.stringify({ app_key: APP_KEY, unique_token: token, blob: 'x'.repeat(1024 * 1024) }); // 1 MB
  if (roll < 0.04) return '{"app_key": "' + APP_KEY + '", "mobile": '; // cut off
  if (roll < 0.05) return '{"__proto__": {"polluted": true}, "app_key": "' + APP_KEY + '"}';
  const body: Record<string, unknown> = { env_type: 'Prod' };
  // mostly a valid envelope, so the handlers' own checks run
  if (r() < 0.9) body.app_key = APP_KEY;
  else body.app_key = badValue(r);
  if (r() < 0.8) body.unique_token = token;
  else body.unique_token = badValue(r);
  const n = 1 + Math.floor(r() * 6);
  for (let i = 0; i < n; i++)
    Object.defineProperty(body, FIELDS[Math.floor(r() * FIELDS.length)], {
      value: badValue(r),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  return body;
}

/** encodeURIComponent, or raw malformed UTF-8 for a lone surrogate (also worth sending) */
const q = (v: unknown) => {
  try {
    return encodeURIComponent(String(v));
  } catch {
    return '%ED%A0%80';
  }
};

const ZOD_DEFAULT = /Invalid input|expected \w+, received|Too (big|small): expected/;

test('10,000+ malformed bodies over every API and operator path: no 5xx, a message for a person, no money moves', async () => {
  const routes = routesOf(t.app.printRoutes({ commonPrefix: false }))
    .filter((x) => x.path.startsWith('/api/') || x.path.startsWith('/operator/'))
    // the live stream answers a live token with a stream that stays open: its bad input is live.test.ts's
    .filter((x) => x.path !== '/api/live')
    // the backup reads no input and answers the database as a gzipped tar: backup.test.ts
    .filter((x) => x.path !== '/operator/backup')
    .map((x) => ({ ...x, path: x.path.replace(/:id\b/, '7') }))
    // logout last: it ends the token the other calls use
    .sort((a, b) => Number(a.path.endsWith('api-user-logout')) - Number(b.path.endsWith('api-user-logout')));
  expect(routes.length).toBeGreaterThan(60);
  const money = async () => {
    const w = await sql<{
      s: string;
      n: string;
    }>`SELECT coalesce(sum(wallet), 0)::text AS s, count(*)::text AS n FROM users`.execute(t.ctx.db);
    const l = await sql<{
      n: string;
      s: string;
    }>`SELECT count(*)::text AS n, coalesce(sum(amount), 0)::text AS s FROM wallet_transactions`.execute(t.ctx.db);
    return { wallets: w.rows[0], ledger: l.rows[0] };
  };
  const before = await money();
  const r = rng(20261124);
  const perRoute = Math.ceil(10_000 / routes.length);
  const failures: string[] = [];
  let sent = 0;
  for (const route of routes) {
    for (let i = 0; i < perRoute; i++) {
      const body = badBody(r);
      const isGet = !route.methods.includes('POST');
      const res = await t.app.inject({
        method: isGet ? 'GET' : 'POST',
        url: isGet ? `${route.path}?mobile=${q(badValue(r))}&id=${q(badValue(r))}` : route.path,
        headers: {
          ...(route.path.startsWith('/operator/') && r() < 0.9 ? { authorization: `Bearer ${OPERATOR_TOKEN}` } : {}),
          'content-type': r() < 0.95 ? 'application/json' : 'text/plain',
        },
        ...(isGet ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      sent++;
      const tag = `${route.path} #${i}`;
      if (res.statusCode >= 500) {
        failures.push(`${tag}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      let json: { status?: unknown; msg?: unknown };
      try {
        json = res.json();
      } catch {
        failures.push(`${tag}: not JSON (${res.statusCode})`);
        continue;
      }
      if (json.status === false) {
        if (typeof json.msg !== 'string' || json.msg.trim() === '') failures.push(`${tag}: refusal without a message`);
        else if (ZOD_DEFAULT.test(json.msg)) failures.push(`${tag}: machine message '${json.msg}'`);
      }
    }
  }
  expect(sent).toBeGreaterThanOrEqual(10_000);
  expect(failures.slice(0, 20)).toEqual([]);
  expect(await money()).toEqual(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}, 300_000);

describe('the findings, one by one', () => {
  const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const op = (url: string, payload: object) =>
    post(`/operator/${url}`, payload, { authorization: `Bearer ${OPERATOR_TOKEN}` });

  test('240 KB of nested arrays: a 400 with a message on API and operator paths', async () => {
    const deep = '['.repeat(120_000) + ']'.repeat(120_000);
    for (const url of ['/api/api-user-login', '/api-game-rates', '/operator/credit']) {
      const res = await post(url, deep, { authorization: `Bearer ${OPERATOR_TOKEN}` });
      expect([url, res.statusCode, res.json().msg]).toEqual([url, 400, 'Request body is nested too deeply']);
    }
  });

  test("operator: NUL in a name, settings key 'constructor', ids true / '0x10': clear 400s", async () => {
    const nul = await op('market/add', { name: 'BAD\u0000NAME', family: 'regular', open: '10:00', close: '11:00' });
    expect([nul.statusCode, nul.json().msg]).toEqual([400, 'Invalid characters in request']);
    const ctor = await op('settings/set', { key: 'constructor', value: 'x' });
    expect(ctor.statusCode).toBe(400);
    expect(ctor.json().msg).toMatch(/^unknown setting 'constructor'/);
    for (const id of [true, '0x10', '1e1', 1.5, -3]) {
      const res = await op('deposits/approve', { id });
      expect([id, res.statusCode, res.json().msg]).toEqual([id, 400, 'The request number must be a whole number']);
    }
  });

  test("a starline bid's gameid '0x10' is not market 16", async () => {
    const u = await createUser(t, { wallet: 100 }); // the fuzz above logs its token out
    const res = await post('/api/api-starline-submit-bid', {
      app_key: APP_KEY,
      unique_token: u.token,
      game_id: '0x10',
      new_result: {
        gameid: '0x10',
        pana: 'Single Digit',
        bid_date: '10-March-2026',
        session: 'Open',
        result: [{ digits: '1', points: 10, session: 'Open' }],
      },
    });
    expect(res.json()).toEqual({ status: false, msg: 'Invalid game', code: expect.any(String) });
  });

  test('a field of the wrong type answers for a person, not with zod defaults', async () => {
    const res = await post('/api/api-user-login', { app_key: APP_KEY, mobile: 9876543210, password: ['x'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).not.toMatch(ZOD_DEFAULT);
  });
});
