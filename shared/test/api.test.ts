import {
  callApi,
  createAppStore,
  forgetTaggedAnswers,
  loggedIn,
  parseLooseJson,
  setRuntimeConfig,
} from '@matka/shared';
import { api, attachApi } from '@matka/shared/api';

const fetchMock = jest.fn();

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  forgetTaggedAnswers();
  global.fetch = fetchMock as unknown as typeof fetch;
  setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'KEY-1' });
});

function respond(body: string, status = 200) {
  fetchMock.mockResolvedValueOnce(new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('parseLooseJson', () => {
  it('parses plain JSON and JSON wrapped in extra text', () => {
    expect(parseLooseJson('{"status":true}')).toEqual({ status: true });
    expect(parseLooseJson('Notice: x on line 3 {"status":true,"msg":"a {b}"} trailing')).toEqual({
      status: true,
      msg: 'a {b}',
    });
    expect(parseLooseJson('\ufeff  {"a":{"b":[1,2]}}')).toEqual({ a: { b: [1, 2] } });
    expect(() => parseLooseJson('<html>oops</html>')).toThrow();
  });
});

describe('the base query', () => {
  it('sends the last ETag of a poll and answers a 304 with the answer it had', async () => {
    const home = '{"status":true,"wallet_amt":"150","result":[]}';
    fetchMock.mockResolvedValueOnce(
      new Response(home, { status: 200, headers: { 'Content-Type': 'application/json', ETag: 'W/"v1"' } }),
    );
    const first = await callApi('api-home-info', { token: 't1' });
    expect(first.data).toEqual({ status: true, wallet_amt: '150', result: [] });
    expect(fetchMock.mock.calls[0][1].headers['If-None-Match']).toBeUndefined();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 304 }));
    const again = await callApi('api-home-info', { token: 't1' });
    expect(fetchMock.mock.calls[1][1].headers['If-None-Match']).toBe('W/"v1"');
    expect(again.data).toEqual(first.data);
    // another player's poll (another payload) carries no tag of the first
    respond('{"status":true,"wallet_amt":"9"}');
    await callApi('api-home-info', { token: 't2' });
    expect(fetchMock.mock.calls[2][1].headers['If-None-Match']).toBeUndefined();
    // a changed answer replaces the remembered one
    fetchMock.mockResolvedValueOnce(
      new Response('{"status":true,"wallet_amt":"90"}', { status: 200, headers: { ETag: 'W/"v2"' } }),
    );
    expect((await callApi('api-home-info', { token: 't1' })).data).toEqual({ status: true, wallet_amt: '90' });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 304 }));
    expect((await callApi('api-home-info', { token: 't1' })).data).toEqual({ status: true, wallet_amt: '90' });
    expect(fetchMock.mock.calls[4][1].headers['If-None-Match']).toBe('W/"v2"');
  });

  it('POSTs the envelope with env_type, app_key and the token once logged in', async () => {
    const store = createAppStore();
    attachApi(store);
    respond('{"status":true,"wallet_amt":"150"}');
    await store.dispatch(api.endpoints.walletBalance.initiate());
    const [url, first] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/api/api-user-wallet-balance');
    expect(first.method).toBe('POST');
    expect(JSON.parse(first.body)).toEqual({ env_type: 'Prod', app_key: 'KEY-1' });

    store.dispatch(loggedIn({ username: 'A', unique_token: 'tok-9', mobile: '9876543210' }));
    respond('{"status":true,"wallet_amt":"200"}');
    await store.dispatch(api.endpoints.walletBalance.initiate(undefined, { forceRefetch: true }));
    const second = fetchMock.mock.calls[1][1];
    expect(JSON.parse(second.body)).toEqual({ env_type: 'Prod', app_key: 'KEY-1', unique_token: 'tok-9' });
    expect(store.getState().home.wallet_amt).toBe('200');
  });

  it('reads JSON wrapped in extra text', async () => {
    const store = createAppStore();
    attachApi(store);
    respond('Warning: something\n{"status":true,"user_name":"Ravi","unique_token":"t","mobile":"9876543210"}');
    const res = await store.dispatch(api.endpoints.login.initiate({ mobile: '9876543210', password: 'x' }));
    expect(res.data).toMatchObject({ status: true, user_name: 'Ravi' });
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toMatchObject({
      mobile: '9876543210',
      password: 'x',
      device_id: null,
    });
  });

  it('turns network failures, HTTP errors and non-JSON bodies into typed errors', async () => {
    const store = createAppStore();
    attachApi(store);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const net = await store.dispatch(api.endpoints.login.initiate({ mobile: '1', password: '2' }));
    expect(net.error).toEqual({ kind: 'network', message: 'Failed to fetch' });

    respond('{"status":false,"msg":"mobile is invalid"}', 400);
    const http = await store.dispatch(api.endpoints.login.initiate({ mobile: '1', password: '2' }));
    expect(http.error).toMatchObject({ kind: 'http', status: 400, message: 'mobile is invalid' });

    respond('<html>502</html>', 502);
    const parse = await store.dispatch(api.endpoints.login.initiate({ mobile: '1', password: '2' }));
    expect(parse.error).toMatchObject({ kind: 'parse', status: 502 });
  });

  it('ends the session when the server answers 401 to a request with a token', async () => {
    const store = createAppStore();
    attachApi(store);
    store.dispatch(loggedIn({ username: 'A', unique_token: 'dead', mobile: '9876543210' }));
    respond('{"status":false,"msg":"Session expired"}', 401);
    await store.dispatch(api.endpoints.homeInfo.initiate());
    expect(store.getState().session.unique_token).toBeNull();
  });
});

describe('connectivity', () => {
  it('marks the app offline when a request cannot reach the server, and online at the next answer', async () => {
    const store = createAppStore();
    attachApi(store);
    store.dispatch(loggedIn({ username: 'A', unique_token: 'tok-1', mobile: '9876543210' }));
    expect(store.getState().network.offline).toBe(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await store.dispatch(api.endpoints.walletBalance.initiate(undefined, { forceRefetch: true }));
    expect(store.getState().network.offline).toBe(true);
    // an HTTP error is still an answer: the server is reachable
    respond('{"status":false,"msg":"busy"}', 503);
    await store.dispatch(api.endpoints.walletBalance.initiate(undefined, { forceRefetch: true }));
    expect(store.getState().network.offline).toBe(false);
  });

  it("follows the browser's offline and online events", () => {
    const store = createAppStore();
    attachApi(store);
    window.dispatchEvent(new Event('offline'));
    expect(store.getState().network.offline).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(store.getState().network.offline).toBe(false);
  });
});
