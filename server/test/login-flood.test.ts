/**
 * A real player's login under a flood of logins to unknown numbers, the attack as it was fired (2,000
 * logins from 4 addresses over real connections): the flood's checks against no account take one hashing
 * slot at most and wait behind real accounts' work, and each address's logins are worked on a few at a
 * time, so the player's login is never queued behind the flood. Asserted by what is answered first, never
 * by a time.
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

test("2,000 logins to unknown numbers from 4 addresses: a player's logins are not queued behind them", async () => {
  const player = await createUser(t);
  const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
  /** the flood's answers that were worked on (a refusal of a turn costs nothing) */
  let worked = 0;
  const answers: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < 2000) {
      const i = next++;
      const a = await login(`6${String(300_000_000 + i).slice(-9)}`, 'guess-1234', attackers[i % 4]);
      answers.push(String(a.body.msg));
      if (a.status !== 429) worked++;
    }
  };
  const flood = Promise.all(Array.from({ length: 200 }, lane));
  const mine: { ok: boolean; during: number }[] = [];
  for (let i = 0; i < 10; i++) {
    const before = worked;
    const a = await login(player.mobile, 'secret123', '198.51.100.50');
    mine.push({ ok: a.body.status === true, during: worked - before });
  }
  await flood;
  expect(mine.every((m) => m.ok)).toBe(true);
  for (const m of new Set(answers))
    expect([MSG.userNotRegistered, 'Too many attempts. Please try again later.']).toContain(m);
  // each address has 4 logins worked on and 32 waiting: the rest of its burst is refused at once
  expect(answers.filter((m) => m === 'Too many attempts. Please try again later.').length).toBeGreaterThan(500);
  // while a login of the player was worked on, the flood's logins in flight (4 an address) and a few
  // that followed them were answered, never the hundreds that came before it
  expect(Math.max(...mine.map((m) => m.during))).toBeLessThan(50);
});
