/**
 * The server serves exactly the calls of @matka/shared/contract, each with the contract's token rule:
 * a call it serves that the contract does not declare, or a declared call it does not serve, fails here.
 */
import { CALLS, CALL_NAMES, callSpec } from '@matka/shared/contract';
import { MSG_BAD_TOKEN } from '../src/http/api';
import { APP_KEY, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('every /api/ route is a call of the contract, and every call of the contract is served', () => {
  // printRoutes draws the router's tree ('/api/api-game' with a child '-rates'): its paths, put back together
  const paths: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push((stack[depth - 1] ?? '') + m[2]);
    if (m[3]?.includes('POST')) paths.push(stack[depth]);
  }
  const served = new Set(paths.flatMap((p) => /^\/api\/(api-[a-z0-9-]+)$/.exec(p)?.[1] ?? []));
  expect(served.size).toBeGreaterThan(40);
  expect([...served].filter((n) => !Object.hasOwn(CALLS, n))).toEqual([]);
  expect(CALL_NAMES.filter((n) => !served.has(n))).toEqual([]);
});

test("each call asks for the player's token exactly when the contract says so", async () => {
  for (const name of CALL_NAMES) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${name}`,
      payload: { app_key: APP_KEY },
    });
    const refusedToken = res.statusCode === 401 && res.json().msg === MSG_BAD_TOKEN;
    expect({ name, refusedToken }).toEqual({ name, refusedToken: callSpec(name).auth });
  }
});
