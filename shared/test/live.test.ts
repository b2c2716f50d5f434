import { ReadableStream as NodeReadableStream, TextDecoderStream as NodeTextDecoderStream } from 'node:stream/web';
import { createAppStore, forgetTaggedAnswers, loggedIn, notify, setRuntimeConfig, type AppStore } from '@matka/shared';
import { api, applyLiveEvent, attachApi, sseParser, startLive } from '@matka/shared/api';
import type { ResultEvent } from '@matka/shared/contract';
import { isoDateText, kolkataDateParts } from '@matka/shared/domain';

// jsdom has no TextDecoderStream; the browsers the app supports do
globalThis.TextDecoderStream ??= NodeTextDecoderStream as unknown as typeof TextDecoderStream;

const fetchMock = jest.fn();

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  forgetTaggedAnswers();
  global.fetch = fetchMock as unknown as typeof fetch;
  setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'KEY-1' });
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A stream response whose events the test pushes. */
function sseResponse() {
  let push!: (text: string) => void;
  let end!: () => void;
  const body = new NodeReadableStream<Uint8Array>({
    start(c) {
      push = (text) => c.enqueue(new TextEncoder().encode(text));
      end = () => c.close();
    },
  });
  const res = new Response(body as unknown as BodyInit, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
  });
  return { res, push: (t: string) => push(t), end: () => end() };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

const TODAY = isoDateText(kolkataDateParts(new Date()));
const KALYAN: ResultEvent = {
  kind: 'result',
  date: TODAY,
  market_id: 5,
  family: 'regular',
  name: 'KALYAN',
  result: '128-1*-***',
  corrected: false,
  open_pana: '128',
  open_digit: '1',
  close_pana: null,
  close_digit: null,
  jodi: null,
};

async function storeWithHome(): Promise<AppStore> {
  const store = createAppStore();
  attachApi(store);
  store.dispatch(loggedIn({ username: 'A', unique_token: 'tok', mobile: '9876543210' }));
  fetchMock.mockResolvedValueOnce(
    json({
      status: true,
      wallet_amt: '150',
      betting_status: '1',
      result: [
        {
          game_id: 5,
          game_name: 'KALYAN',
          open_result: '',
          close_result: '',
          result_text: '***-**-***',
          msg_status: 1,
        },
        {
          game_id: 6,
          game_name: 'MILAN DAY',
          open_result: '',
          close_result: '',
          result_text: '***-**-***',
          msg_status: 1,
        },
      ],
    }),
  );
  store.dispatch(api.endpoints.homeInfo.initiate());
  await tick();
  await tick();
  return store;
}

describe('the live stream parser', () => {
  it('reads ids, kinds and data across chunks, and comments as pings', () => {
    const got: unknown[] = [];
    const feed = sseParser((e) => got.push(e));
    feed('retry: 3000\n\n: ping\n\nid: 7\nevent: res');
    feed('ult\ndata: {"a":1}\n\nid: 8\r\nevent: wallet\r\ndata: {"wallet":5}\r\n\r\n');
    expect(got).toEqual([
      { event: 'ping', data: '' },
      { event: 'ping', data: '' },
      { id: '7', event: 'result', data: '{"a":1}' },
      { id: '8', event: 'wallet', data: '{"wallet":5}' },
    ]);
  });
});

describe('a live event in the cache', () => {
  it('writes a result into the cached list without asking for it again', async () => {
    const store = await storeWithHome();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    applyLiveEvent(store, KALYAN);
    await tick();
    const home = api.endpoints.homeInfo.select()(store.getState() as never).data;
    expect(home?.result?.[0]).toMatchObject({ open_result: '128', close_result: '', result_text: '128-1*-***' });
    expect(home?.result?.[1]).toMatchObject({ open_result: '' });
    // a correction of another day leaves today's list alone
    applyLiveEvent(store, { ...KALYAN, market_id: 6, date: '2020-01-01' });
    expect(api.endpoints.homeInfo.select()(store.getState() as never).data?.result?.[1].open_result).toBe('');
    // a market closing by the clock
    applyLiveEvent(store, { kind: 'market', market_id: 6, family: 'regular', name: 'MILAN DAY', open: false });
    expect(api.endpoints.homeInfo.select()(store.getState() as never).data?.result?.[1].msg_status).toBe(0);
    // no list was asked for (the histories' tags went stale, none is shown)
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tells a win and a reversed win at once, on any page', async () => {
    const store = await storeWithHome();
    const success = jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    const info = jest.spyOn(notify, 'info').mockImplementation(() => undefined);
    applyLiveEvent(store, { kind: 'win', market_id: 5, family: 'regular', name: 'KALYAN', points: 4750, bids: 1 });
    expect(success).toHaveBeenCalledWith('You won 4,750 points. KALYAN: 1 winning bid');
    applyLiveEvent(store, {
      kind: 'win_reversed',
      market_id: 5,
      family: 'regular',
      name: 'KALYAN',
      points: 4750,
      taken: 690,
      bids: 1,
    });
    expect(info).toHaveBeenCalledWith('Win reversed: 4,750 points. KALYAN result corrected: 1 winning bid reversed');
    success.mockRestore();
    info.mockRestore();
  });

  it('writes a wallet event into the balance and the top bar', async () => {
    const store = await storeWithHome();
    applyLiveEvent(store, { kind: 'wallet', wallet: 1045 });
    expect(store.getState().home.wallet_amt).toBe('1045');
    expect(api.endpoints.homeInfo.select()(store.getState() as never).data?.wallet_amt).toBe('1045');
  });
});

describe('startLive', () => {
  it('is up while events come, applies them, and reconnects with the last id', async () => {
    const store = await storeWithHome();
    const first = sseResponse();
    fetchMock.mockResolvedValueOnce(first.res);
    const live = startLive(store, 'tok');
    await tick();
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('http://api.test/api/live');
    expect(JSON.parse(init.body)).toEqual({ env_type: 'Prod', app_key: 'KEY-1', unique_token: 'tok' });
    expect(init.headers['Last-Event-ID']).toBeUndefined();
    expect(store.getState().live.up).toBe(false);

    first.push('retry: 3000\n\nid: TnG0y31jg5oqq7PiQ76zTA\nevent: hello\ndata: {}\n\n');
    await tick();
    await tick();
    expect(store.getState().live.up).toBe(true);
    // ids are opaque: the last one heard is where a reconnection resumes
    first.push(`id: QbN1-3q9hVvJ0ZBz0m2W9g\nevent: result\ndata: ${JSON.stringify(KALYAN)}\n\n`);
    await tick();
    await tick();
    expect(api.endpoints.homeInfo.select()(store.getState() as never).data?.result?.[0].open_result).toBe('128');

    // the server goes away: down at once, and back with Last-Event-ID after a second
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const second = sseResponse();
    fetchMock.mockResolvedValueOnce(second.res);
    first.end();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await jest.runOnlyPendingTimersAsync();
    jest.useRealTimers();
    await tick();
    expect(fetchMock.mock.calls[2][1].headers['Last-Event-ID']).toBe('QbN1-3q9hVvJ0ZBz0m2W9g');
    live.stop();
    expect(store.getState().live.up).toBe(false);
  });

  it('logs out when the server says the session ended', async () => {
    const store = await storeWithHome();
    const s = sseResponse();
    fetchMock.mockResolvedValueOnce(s.res);
    startLive(store, 'tok');
    await tick();
    s.push('id: 3\nevent: revoked\ndata: {}\n\n');
    await tick();
    await tick();
    expect(store.getState().session.unique_token).toBeNull();
  });

  it('stays on polling, logged in, when newer streams of the account replaced it', async () => {
    const store = await storeWithHome();
    const s = sseResponse();
    fetchMock.mockResolvedValueOnce(s.res);
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      startLive(store, 'tok');
      await jest.advanceTimersByTimeAsync(1);
      s.push('id: TnG0y31jg5oqq7PiQ76zTA\nevent: hello\ndata: {}\n\n');
      await jest.advanceTimersByTimeAsync(1);
      expect(store.getState().live.up).toBe(true);
      const calls = fetchMock.mock.calls.length;
      s.push('event: replaced\ndata: {}\n\n');
      s.end();
      for (let i = 0; i < 5; i++) await Promise.resolve();
      // no stream is taken back, however long it waits
      await jest.advanceTimersByTimeAsync(10 * 60_000);
      expect(fetchMock.mock.calls.length).toBe(calls);
      expect(store.getState().live.up).toBe(false);
      expect(store.getState().session.unique_token).toBe('tok');
    } finally {
      jest.useRealTimers();
    }
  });
});
