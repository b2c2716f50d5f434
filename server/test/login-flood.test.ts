/**
 * A real player's login under a flood of logins to unknown numbers, the attack as it was fired (2,000
 * logins from 4 addresses over real connections): the flood's checks against no account take one hashing
 * slot at most and wait behind real accounts' work, each address's logins are worked on a few at a time
 * and hash at most 10 a window, so the player's login is never queued behind the flood and the flood
 * cannot keep the server hashing. Asserted by what is answered first and what was hashed, never by a time.
 */
import { hashPassword, hashing, verifyPassword } from '../src/services/passwords';
import { MSG } from '@matka/shared/domain';
import { APP_KEY, createUser, kolkata, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('12:00'), env: { TRUST_PROXY: '1' } });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const login = async (mobile: string, password: string, ip: string) => {
  const res = await fetch(`${base}/api/api-user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, mobile, password }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

test("a real account's password check goes ahead of checks against no account", async () => {
  const dummy = await hashPassword('not-anyones');
  const real = await hashPassword('players-own');
  const order: string[] = [];
  const unknown = Array.from({ length: 20 }, (_, i) =>
    verifyPassword('guess', dummy, 'unknown').then(() => order.push(`unknown${i}`)),
  );
  const mine = verifyPassword('players-own', real).then((ok) => {
    order.push('player');
    return ok;
  });
  expect(await mine).toBe(true);
  await Promise.all(unknown);
  // at most the one check against no account that was running when the player's came
  expect(order.indexOf('player')).toBeLessThanOrEqual(1);
  expect(hashing.active).toBe(0);
});

/** The flood, fired once and read by the tests below: every answer, and the player's logins meanwhile. */
const flood = {
  answers: [] as { status: number; msg: string }[],
  mine: [] as { ok: boolean; during: number }[],
  hashed: 0,
};

describe('2,000 logins to unknown numbers from 4 addresses over real connections', () => {
  beforeAll(async () => {
    const player = await createUser(t);
    const runsBefore = hashing.runs;
    const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    /** the flood's answers that were worked on (a refusal of a turn costs nothing) */
    let worked = 0;
    let next = 0;
    const lane = async () => {
      while (next < 2000) {
        const i = next++;
        const a = await login(`6${String(300_000_000 + i).slice(-9)}`, 'guess-1234', attackers[i % 4]);
        flood.answers.push({ status: a.status, msg: String(a.body.msg) });
        if (a.status !== 429) worked++;
      }
    };
    const lanes = Promise.all(Array.from({ length: 200 }, lane));
    for (let i = 0; i < 10; i++) {
      const before = worked;
      const a = await login(player.mobile, 'secret123', '198.51.100.50');
      flood.mine.push({ ok: a.body.status === true, during: worked - before });
    }
    await lanes;
    flood.hashed = hashing.runs - runsBefore;
  });

  test("a player's logins meanwhile succeed and are not queued behind them", () => {
    expect(flood.mine.map((m) => m.ok)).toEqual(Array(10).fill(true));
    // while a login of the player was worked on, the flood's logins in flight (4 an address) and a few
    // that followed them were answered, never the hundreds that came before it
    expect(Math.max(...flood.mine.map((m) => m.during))).toBeLessThan(50);
  });

  test("each address hashes 10 a window; every answer is a wrong number's or 'Too many attempts'", () => {
    expect(flood.answers).toHaveLength(2000);
    for (const m of new Set(flood.answers.map((a) => a.msg)))
      expect([MSG.userNotRegistered, 'Too many attempts. Please try again later.']).toContain(m);
    // each address has 4 logins worked on and 32 waiting: the rest of its burst is refused at once, the
    // ones worked on get a wrong number's answer
    const refused = flood.answers.filter((a) => a.msg === 'Too many attempts. Please try again later.');
    expect(refused.length).toBeGreaterThan(500);
    expect(flood.answers.length - refused.length).toBeGreaterThan(100);
    // 10 a window per address (RATE_LIMIT_LOGIN_PER_IP 100 / 10), the player's 10 logins, and the
    // dummy hash the unknown numbers are checked against (made once per process)
    expect(flood.hashed).toBeLessThanOrEqual(4 * 10 + 10 + 1);
  });
});

test('past the hashing queue a login is refused at once with a clear message, and nothing waits behind it', async () => {
  const saved = { running: hashing.running, queue: hashing.queue };
  hashing.running = 1;
  hashing.queue = 2;
  try {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
    const answers = await Promise.all(users.map((u, i) => login(u.mobile, 'secret123', `203.0.114.${i}`)));
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.body.status === true).length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect(r.body).toEqual({
        status: false,
        msg: 'Too many attempts. Please try again later.',
        code: expect.any(String),
      });
    expect(hashing.active).toBe(0);
  } finally {
    Object.assign(hashing, saved);
  }
});
