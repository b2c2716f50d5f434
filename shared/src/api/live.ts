/**
 * The client of the live stream: one per app, owned by the shell (`startLive`). It reads
 * `POST <apiBase>/live` with fetch (the token goes in the body, never in an address), and turns each
 * event into the cache's update: a result or a market's status is written into the cached lists (no
 * list is asked for again), the wallet into the cached balance and the top bar, the player's own news
 * make their histories and the inbox stale. While it is up the lists poll only as a safety net
 * (`usePolling`); when it fails it is retried with back-off, and the lists poll every 5 s meanwhile.
 */
import {
  getRuntimeConfig,
  liveDown,
  liveUp,
  loggedOut,
  notify,
  resultHeard,
  walletHeard,
  type AppStore,
} from '@matka/shared';
import { t } from '@matka/shared/i18n';
import {
  HEARTBEAT_MS,
  LIVE_TAGS,
  TAGS,
  isLiveKind,
  resultFields,
  type LiveEvent,
  type Tag,
  liveText,
} from '@matka/shared/contract';
import { isoDateText, kolkataDateParts } from '@matka/shared/domain';
import { api } from './api';

/** an event (or the heartbeat) at least this often, else the stream is taken for dead */
const SILENCE_MS = HEARTBEAT_MS * 2 + 5_000;
/** the first bytes must come this soon (a proxy that buffers the stream never sends them) */
const FIRST_BYTES_MS = 10_000;
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface LiveHandle {
  stop(): void;
}

type Draft = Record<string, unknown>;
/** the store once the api has joined it (the stream starts only on pages with the api) */
type ApiState = Parameters<typeof api.util.selectInvalidatedBy>[0];
const thunk = (store: AppStore) => store.dispatch as unknown as (action: unknown) => void;

/** Writes `fields` into the cached list entries of market `id`, in every cached answer giving `tag`. */
function patchLists(store: AppStore, id: number, fields: Record<string, unknown>) {
  for (const q of api.util.selectInvalidatedBy(store.getState() as ApiState, ['Markets'])) {
    thunk(store)(
      api.util.updateQueryData(q.endpointName as 'homeInfo', q.originalArgs as undefined, (draft) => {
        const list = (draft as Draft).result;
        if (!Array.isArray(list)) return;
        for (const m of list as Draft[]) if (String(m.game_id) === String(id)) Object.assign(m, fields);
      }),
    );
  }
}

/** Writes the balance into every cached answer carrying it (the balance call, home info). */
function patchWallet(store: AppStore, wallet: number) {
  for (const q of api.util.selectInvalidatedBy(store.getState() as ApiState, ['Wallet'])) {
    thunk(store)(
      api.util.updateQueryData(q.endpointName as 'homeInfo', q.originalArgs as undefined, (draft) => {
        if ('wallet_amt' in (draft as Draft)) (draft as Draft).wallet_amt = String(wallet);
      }),
    );
  }
  store.dispatch(walletHeard(wallet));
}

/** What one event does to the cache. */
export function applyLiveEvent(store: AppStore, e: LiveEvent, now = new Date()): void {
  // the lists show today's results: a correction of another day changes only the histories
  if (e.kind === 'result' && e.date === isoDateText(kolkataDateParts(now))) {
    const fields = resultFields(e);
    patchLists(store, e.market_id, fields);
    // an open bid screen of this market closes the session the result ends
    store.dispatch(
      resultHeard({
        market_id: e.market_id,
        open_result: fields.open_result ?? '',
        close_result: fields.close_result ?? '',
      }),
    );
  } else if (e.kind === 'market') patchLists(store, e.market_id, { msg_status: e.open ? 1 : 0 });
  else if (e.kind === 'wallet') patchWallet(store, e.wallet);
  // the player's own wins, and a correction that took one back, are told at once on any page
  if (e.kind === 'win' || e.kind === 'win_reversed') {
    const { title, body } = liveText(e, t);
    (e.kind === 'win' ? notify.success : notify.info)(`${title}. ${body}`);
  }
  const stale = LIVE_TAGS[e.kind].filter((t) => !(e.kind === 'wallet' && t === 'Wallet'));
  if (stale.length) store.dispatch(api.util.invalidateTags([...stale]));
}

/** Splits a text/event-stream into its events (`id`, `event`, `data`); comments are kept as `ping`. */
export function sseParser(onEvent: (e: { id?: string; event: string; data: string }) => void) {
  let buf = '';
  return (chunk: string) => {
    buf += chunk.replace(/\r\n?/g, '\n');
    let cut;
    while ((cut = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      let id: string | undefined;
      let event = 'message';
      const data: string[] = [];
      let any = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const i = line.indexOf(':');
        const k = i < 0 ? line : line.slice(0, i);
        const v = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
        if (k === 'id') id = v;
        else if (k === 'event') event = v;
        else if (k === 'data') data.push(v);
        else continue;
        any = true;
      }
      onEvent(any ? { id, event, data: data.join('\n') } : { event: 'ping', data: '' });
    }
  };
}

/**
 * Opens the app's one stream for `token` and keeps it open until stop(): reconnects with back-off,
 * replays what it missed (Last-Event-ID), stops for good when the session has ended.
 */
export function startLive(store: AppStore, token: string): LiveHandle {
  let stopped = false;
  let lastId: string | null = null;
  let attempt = 0;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let watchdog: ReturnType<typeof setTimeout> | null = null;
  /** a connection is being made or read */
  let busy = false;

  const down = () => {
    if (store.getState().live.up) store.dispatch(liveDown());
  };
  const later = () => {
    down();
    if (stopped || retryTimer) return;
    const wait = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)];
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, wait);
  };
  const feed = (ms: number) => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = setTimeout(() => controller?.abort(), ms);
  };

  const onEvent = ({ id, event, data }: { id?: string; event: string; data: string }) => {
    feed(SILENCE_MS);
    if (!store.getState().live.up) store.dispatch(liveUp());
    attempt = 0;
    // ids are opaque and come in order: the last one heard is where a reconnection resumes
    if (id) lastId = id;
    if (event === 'replaced') {
      // the account's newer streams (other tabs or phones) took its place: the lists poll meanwhile
      stopped = true;
      controller?.abort();
      return;
    }
    if (event === 'revoked') {
      stopped = true;
      controller?.abort();
      store.dispatch(loggedOut());
      return;
    }
    if (event === 'refetch') {
      store.dispatch(api.util.invalidateTags([...TAGS] as Tag[]));
      return;
    }
    if (!isLiveKind(event)) return;
    try {
      applyLiveEvent(store, JSON.parse(data) as LiveEvent);
    } catch {
      // an event this version cannot read: the safety poll catches up
    }
  };

  async function connect() {
    if (stopped || busy) return;
    busy = true;
    try {
      await read();
    } finally {
      busy = false;
    }
    if (stopped) down();
    else later();
  }

  async function read() {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    controller = new AbortController();
    const { apiBase, appKey } = getRuntimeConfig();
    feed(FIRST_BYTES_MS);
    try {
      const res = await fetch(`${apiBase.replace(/\/$/, '')}/live`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
          ...(lastId ? { 'Last-Event-ID': lastId } : {}),
        },
        body: JSON.stringify({ env_type: 'Prod', app_key: appKey, unique_token: token }),
        signal: controller.signal,
        cache: 'no-store',
      });
      if (res.status === 401) {
        // the session is over: the next call of the api logs out
        stopped = true;
        return;
      }
      if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) return;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const parse = sseParser(onEvent);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch {
      // aborted, offline or cut: try again
    } finally {
      if (watchdog) clearTimeout(watchdog);
    }
  }

  const online = () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    attempt = 0;
    void connect();
  };
  const offline = () => controller?.abort();
  if (typeof window !== 'undefined') {
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
  }
  void connect();
  return {
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (watchdog) clearTimeout(watchdog);
      controller?.abort();
      down();
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
      }
    },
  };
}
