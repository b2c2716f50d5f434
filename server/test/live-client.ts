/**
 * A test's client of the live stream: POST /api/live over a real socket (fetch), its events parsed as
 * a browser does (id, event, data; comments skipped).
 */
import { APP_KEY } from './helpers';

export interface Heard {
  id: string;
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the test reads what it expects
  at: number;
}

export interface TestStream {
  status: number;
  events: Heard[];
  /** resolves with the first event (after those already heard) that `match` accepts */
  next(match: (e: Heard) => boolean, timeoutMs?: number): Promise<Heard>;
  /** true once the server ended the stream */
  ended: () => boolean;
  close(): void;
}

export async function openStream(
  base: string,
  token: string,
  opts: { lastEventId?: string; body?: Record<string, unknown> } = {},
): Promise<TestStream> {
  const ac = new AbortController();
  const res = await fetch(`${base}/api/live`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(opts.lastEventId ? { 'Last-Event-ID': opts.lastEventId } : {}),
    },
    body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, unique_token: token, ...opts.body }),
    signal: ac.signal,
  });
  const events: Heard[] = [];
  const waiters: { from: number; match: (e: Heard) => boolean; done: (e: Heard) => void }[] = [];
  let ended = false;
  const check = () => {
    for (const w of [...waiters]) {
      const found = events.slice(w.from).find(w.match);
      if (found) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done(found);
      }
    }
  };
  if (res.body && res.headers.get('content-type')?.startsWith('text/event-stream')) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let cut;
          while ((cut = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            const e: Partial<Heard> = {};
            for (const line of block.split('\n')) {
              const i = line.indexOf(':');
              if (i <= 0) continue;
              const k = line.slice(0, i);
              const v = line.slice(i + 1).trimStart();
              if (k === 'id') e.id = v;
              else if (k === 'event') e.event = v;
              else if (k === 'data') e.data = JSON.parse(v);
            }
            if (e.event) events.push({ id: e.id ?? '', event: e.event, data: e.data, at: Date.now() });
          }
          check();
        }
      } catch {
        // aborted
      }
      ended = true;
    })();
  } else ended = true;
  return {
    status: res.status,
    events,
    next: (match, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event in ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          from: 0,
          match,
          done: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
        check();
      }),
    ended: () => ended,
    close: () => ac.abort(),
  };
}
