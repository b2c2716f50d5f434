/**
 * The polled calls' lane (http/lane.ts): the plain request of api-home-info is answered ahead of Fastify,
 * and its answer is the one Fastify's path gives, header for header and byte for byte. Everything else
 * reaches Fastify with its body and is answered as before. Over real sockets (app.inject never reaches
 * the lane).
 */
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { SERVER_TEXTS } from '@matka/shared/domain';
import { laneOf } from '../src/http/lane';
import { metricsText } from '../src/services/metrics';
import { APP_KEY, createUser, makeTestApp, OPERATOR_TOKEN, type TestApp } from './helpers';

let t: TestApp;
let port = 0;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

beforeAll(async () => {
  t = await makeTestApp();
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(url).port);
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** A POST over a keep-alive socket, its body sent as it is. */
function post(
  path: string,
  body: string,
  headers: Record<string, string> = {},
  through: Agent = agent,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: through,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const envelope = (token: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, unique_token: token, ...extra });

/** The answers the lane gave so far. */
const served = () => laneOf(t.ctx)!.served;

/** Posts `body` and tells whether the lane answered it. */
async function viaLane(path: string, body: string, headers: Record<string, string> = {}) {
  const before = served();
  const answer = await post(path, body, headers);
  return { ...answer, lane: served() - before === 1 };
}

/** What two answers of the same call share: all but the date and the request id, which both carry. */
const shared = (a: Answer) => {
  const { date, 'x-request-id': id, ...headers } = a.headers;
  expect(date).toBeTruthy();
  expect(id).toBeTruthy();
  return { status: a.status, headers, text: a.text };
};

describe('the lane answers the polled list as Fastify does', () => {
  test('200 and 304: the same status, headers and bytes as the same request through Fastify', async () => {
    const p = await createUser(t, { wallet: 750, name: 'Lane Player' });
    const lane = await viaLane('/api/api-home-info', envelope(p.token));
    // a text/plain body (legacy apps) is left to Fastify: the same call, its usual path
    const fastify = await viaLane('/api/api-home-info', envelope(p.token), { 'content-type': 'text/plain' });
    expect([lane.lane, fastify.lane]).toEqual([true, false]);
    expect(lane.status).toBe(200);
    const body = JSON.parse(lane.text) as Record<string, unknown>;
    expect(body).toMatchObject({ status: true, msg: 'Success', wallet_amt: '750', user_name: 'Lane Player' });
    expect((body.result as unknown[]).length).toBeGreaterThan(0);
    expect(shared(lane)).toEqual(shared(fastify));
    expect(lane.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': '*',
      'content-type': 'application/json; charset=utf-8',
    });

    const etag = lane.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const again = await viaLane('/api/api-home-info', envelope(p.token), { 'if-none-match': etag });
    const againFastify = await viaLane('/api/api-home-info', envelope(p.token), {
      'if-none-match': etag,
      'content-type': 'text/plain',
    });
    expect([again.lane, again.status, again.text]).toEqual([true, 304, '']);
    expect(shared(again)).toEqual(shared(againFastify));
  });

  test("the caller's request id, the spellings deployed apps post to, and a charset", async () => {
    const p = await createUser(t, { wallet: 20 });
    const traced = await viaLane('/api/api-home-info', envelope(p.token), { 'x-request-id': 'lane-trace-1' });
    expect([traced.lane, traced.headers['x-request-id']]).toEqual([true, 'lane-trace-1']);
    for (const path of ['/api-home-info', '/api/API-HOME-INFO', '/api/api-home-info/']) {
      const r = await viaLane(path, envelope(p.token), { 'content-type': 'application/json; charset=UTF-8' });
      expect([path, r.lane, r.status, JSON.parse(r.text).wallet_amt]).toEqual([path, true, 200, '20']);
    }
  });

  test('a change of the account shows in the next poll (the token cache is emptied for the lane too)', async () => {
    const p = await createUser(t, { wallet: 100 });
    const first = await viaLane('/api/api-home-info', envelope(p.token));
    expect([first.lane, JSON.parse(first.text).wallet_amt]).toEqual([true, '100']);
    const credit = await t.app.inject({
      method: 'POST',
      url: '/operator/credit',
      payload: { mobile: p.mobile, points: 300 },
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(credit.statusCode).toBe(200);
    const next = await viaLane('/api/api-home-info', envelope(p.token), { 'if-none-match': first.headers.etag });
    expect([next.lane, next.status, JSON.parse(next.text).wallet_amt]).toEqual([true, 200, '400']);
    expect(next.headers.etag).not.toBe(first.headers.etag);

    const blocked = await t.app.inject({
      method: 'POST',
      url: '/operator/users/block',
      payload: { mobile: p.mobile, reason: 'lane test' },
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(blocked.statusCode).toBe(200);
    const refused = await viaLane('/api/api-home-info', envelope(p.token));
    expect([refused.lane, refused.status, JSON.parse(refused.text)]).toEqual([
      false,
      401,
      { status: false, msg: SERVER_TEXTS.sessionExpired },
    ]);
  });

  test('what the lane does not answer reaches Fastify with its body, and gets the answer it always got', async () => {
    const p = await createUser(t);
    const cases: [string, string, Record<string, string>, number, string][] = [
      ['unknown token', envelope('f'.repeat(64)), {}, 401, SERVER_TEXTS.sessionExpired],
      ['no token', JSON.stringify({ app_key: APP_KEY }), {}, 401, SERVER_TEXTS.sessionExpired],
      ['wrong app key', JSON.stringify({ app_key: 'nope', unique_token: p.token }), {}, 401, 'Invalid app key'],
      ['not JSON', '{"app_key":', {}, 400, 'Invalid JSON body'],
      ['an array', '[1,2]', {}, 400, 'Request body must be a JSON object'],
      ['__proto__', `{"__proto__":{"x":1},"app_key":"${APP_KEY}"}`, {}, 400, 'Invalid request'],
      ['too deep', '['.repeat(40) + ']'.repeat(40), {}, 400, 'Request body is nested too deeply'],
      ['in Hindi', envelope('e'.repeat(64)), { 'accept-language': 'hi' }, 401, ''],
    ];
    for (const [what, body, headers, status, msg] of cases) {
      const r = await viaLane('/api/api-home-info', body, headers);
      const plain = await viaLane('/api/api-home-info', body, { ...headers, 'content-type': 'text/plain' });
      expect([what, r.lane, r.status]).toEqual([what, false, status]);
      if (msg) expect([what, JSON.parse(r.text).msg]).toEqual([what, msg]);
      expect(shared(r)).toEqual(shared(plain));
    }
    // a body over the lane's 4 KB goes to Fastify unread, and is answered in full
    const long = await viaLane('/api/api-home-info', envelope(p.token, { padding: 'x'.repeat(5000) }));
    expect([long.lane, long.status, JSON.parse(long.text).status]).toEqual([false, 200, true]);
    // a query string, another method, another call: Fastify's
    const query = await viaLane('/api/api-home-info?x=1', envelope(p.token));
    expect([query.lane, query.status]).toEqual([false, 200]);
    const other = await viaLane('/api/api-user-wallet-balance', envelope(p.token));
    expect([other.lane, other.status, JSON.parse(other.text).status]).toEqual([false, 200, true]);
  });

  test('one connection, several players and refusals: each request is read for itself', async () => {
    const one = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const a = await createUser(t, { wallet: 11 });
      const b = await createUser(t, { wallet: 22 });
      const sockets = new Set<unknown>();
      one.on('free', (socket) => sockets.add(socket));
      const seen: [string, number, string][] = [];
      for (const [token, host] of [
        [a.token, 'play.example.com'],
        [a.token, 'play.example.com'],
        [a.token, 'other.example.com'],
        [b.token, 'other.example.com'],
        ['0'.repeat(64), 'other.example.com'],
        [a.token, 'other.example.com'],
      ]) {
        const r = await post('/api/api-home-info', envelope(token), { host }, one);
        const body = JSON.parse(r.text) as { wallet_amt?: string; msg: string; result?: { web_chart_url?: string }[] };
        seen.push([r.status === 200 ? body.wallet_amt! : body.msg, r.status, body.result?.[0]?.web_chart_url ?? '']);
      }
      expect(sockets.size).toBe(1);
      const chart = (host: string) => expect.stringMatching(new RegExp(`^http://${host.replace(/\./g, '\\.')}/`));
      expect(seen).toEqual([
        ['11', 200, chart('play.example.com')],
        ['11', 200, chart('play.example.com')],
        ['11', 200, chart('other.example.com')],
        ['22', 200, chart('other.example.com')],
        [SERVER_TEXTS.sessionExpired, 401, ''],
        ['11', 200, chart('other.example.com')],
      ]);
    } finally {
      one.destroy();
    }
  });

  test('a client that goes away halfway through its body leaves the server answering', async () => {
    const p = await createUser(t, { wallet: 33 });
    const body = envelope(p.token);
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/api-home-info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`,
          () => setTimeout(() => socket.resetAndDestroy(), 50),
        );
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve());
    });
    const after = await viaLane('/api/api-home-info', body);
    expect([after.lane, after.status, JSON.parse(after.text).wallet_amt]).toEqual([true, 200, '33']);
  });

  test("the lane's answers are counted under the call, as Fastify's are", async () => {
    const p = await createUser(t);
    const count = async () => {
      const m = /matka_http_requests_total\{call="\/api\/api-home-info",status="200"\} (\d+)/.exec(await metricsText());
      return Number(m?.[1] ?? 0);
    };
    const [before, lane] = [await count(), served()];
    const r = await Promise.all(Array.from({ length: 20 }, () => post('/api/api-home-info', envelope(p.token))));
    expect(r.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(served() - lane).toBe(20);
    expect(await count()).toBe(before + 20);
  });
});

describe('behind a proxy', () => {
  /** An app of its own with `config`, listening; the home info of a new player, and whether the lane answered. */
  async function homeBehind(config: Partial<TestApp['config']>) {
    const own = await makeTestApp({ config });
    try {
      const url = await own.app.listen({ host: '127.0.0.1', port: 0 });
      const p = await createUser(own, { wallet: 5 });
      const served = laneOf(own.ctx)!.served;
      const res = await fetch(`${url}/api/api-home-info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-host': 'proxied.example.com' },
        body: envelope(p.token),
      });
      const body = (await res.json()) as { wallet_amt: string; result: { web_chart_url: string }[] };
      return { lane: laneOf(own.ctx)!.served - served, wallet: body.wallet_amt, chart: body.result[0].web_chart_url };
    } finally {
      await own.close();
    }
  }

  test("with TRUST_PROXY and no PUBLIC_URL the links follow the proxy's headers: Fastify answers", async () => {
    const r = await homeBehind({ trustProxy: true });
    expect(r).toMatchObject({ lane: 0, wallet: '5' });
    expect(r.chart).toMatch(/^http:\/\/proxied\.example\.com\//);
  });

  test('with PUBLIC_URL the lane answers, with links under it', async () => {
    const r = await homeBehind({ trustProxy: true, publicUrl: 'https://play.example.com' });
    expect(r).toMatchObject({ lane: 1, wallet: '5' });
    expect(r.chart).toMatch(/^https:\/\/play\.example\.com\//);
  });
});
