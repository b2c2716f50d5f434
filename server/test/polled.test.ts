/**
 * The polled list (api-home-info) is an ordinary Fastify route: over real sockets it answers with an ETag
 * and 304 for a matching If-None-Match, a change of the account shows in the next poll, a token that is
 * not a session's is refused, and the app's hooks apply to it as to every call (the security headers, the
 * request id, the counters).
 */
import { metricsText } from '../src/services/metrics';
import { APP_KEY, createUser, makeTestApp, OPERATOR_TOKEN, type TestApp } from './helpers';

let t: TestApp;
let base = '';

beforeAll(async () => {
  t = await makeTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

/** What the app's hooks put on every answer. */
const hooked = (r: Response) => ({
  nosniff: r.headers.get('x-content-type-options'),
  frames: r.headers.get('x-frame-options'),
  id: /^[\w.-]+$/.test(r.headers.get('x-request-id') ?? ''),
});
const HOOKED = { nosniff: 'nosniff', frames: 'DENY', id: true };
const counted = async () => {
  const m = /matka_http_requests_total\{call="\/api\/api-home-info",status="(\d+)"\} (\d+)/g;
  let n = 0;
  for (const x of (await metricsText()).matchAll(m)) n += Number(x[2]);
  return n;
};
afterAll(() => t.close());

const poll = (token: string, headers: Record<string, string> = {}, path = '/api/api-home-info') =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, unique_token: token }),
  });

test('200 with an ETag, 304 for the same list, a new answer when the account changes; every hook runs', async () => {
  const p = await createUser(t, { wallet: 250 });
  const before = await counted();
  const first = await poll(p.token);
  expect(first.status).toBe(200);
  expect(hooked(first)).toEqual(HOOKED);
  const etag = first.headers.get('etag')!;
  expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
  const body = (await first.json()) as { status: boolean; wallet_amt: unknown; result: unknown[] };
  expect(body).toMatchObject({ status: true, msg: 'Success', mobile: p.mobile });
  expect(body.result.length).toBeGreaterThan(0);

  const same = await poll(p.token, { 'if-none-match': etag });
  expect([same.status, await same.text()]).toEqual([304, '']);
  expect(hooked(same)).toEqual(HOOKED);

  // an operator credits the player: the next poll carries the new wallet (and a new ETag)
  const credit = await t.app.inject({
    method: 'POST',
    url: '/operator/credit',
    payload: { mobile: p.mobile, points: 100, note: 'Bonus' },
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  expect(credit.statusCode).toBe(200);
  const after = await poll(p.token, { 'if-none-match': etag });
  expect(after.status).toBe(200);
  expect(after.headers.get('etag')).not.toBe(etag);
  expect(String(((await after.json()) as { wallet_amt: unknown }).wallet_amt)).toBe('350');
  // the spellings deployed apps post to reach the same route, hooks and all
  const legacy = await poll(p.token, {}, '/api-home-info');
  expect(legacy.status).toBe(200);
  expect(hooked(legacy)).toEqual(HOOKED);
  // every answer counted under the call
  expect((await counted()) - before).toBe(4);
});

test('a token that is no session is refused, whatever it is', async () => {
  for (const token of ['f'.repeat(64), 'x', '']) {
    const r = await poll(token);
    expect([r.status, await r.json()]).toEqual([
      401,
      { status: false, msg: 'Session expired. Please login again.', code: expect.any(String) },
    ]);
  }
});
