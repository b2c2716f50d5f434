import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createAppStore, loggedIn, NowProvider, setRuntimeConfig, type AppStore } from '@matka/shared';
import { attachApi } from '@matka/shared/api';

/** The clock the market lists see in tests: 10:00 in Kolkata on 5 March 2026 (see NowProvider). */
export const LIST_NOW = () => new Date('2026-03-05T10:00:00+05:30');

/** Shows where the router is, so a test can assert navigation and its state. */
export function LocationProbe() {
  const loc = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(loc.state ?? null)}>
      {loc.pathname}
    </output>
  );
}

export type Handler = (call: string, body: Record<string, unknown>) => unknown | Promise<unknown>;

export interface FetchMock {
  calls: { call: string; body: Record<string, unknown> }[];
  fn: jest.Mock;
}

/** Mocks fetch: `handler` gets the call name and JSON body and returns the response JSON (or a Response). */
export function mockFetch(handler: Handler): FetchMock {
  const calls: FetchMock['calls'] = [];
  const fn = jest.fn(async (url: string, init?: RequestInit) => {
    const call = String(url).split('/').pop() ?? '';
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ call, body });
    const out = await handler(call, body);
    return out instanceof Response ? out : new Response(JSON.stringify(out ?? {}), { status: 200 });
  });
  global.fetch = fn as unknown as typeof fetch;
  return { calls, fn };
}

/** A promise you resolve later (to hold a call in flight and look at the busy state). */
export function deferred<T = unknown>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => Array.from(m.keys())[i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

export interface RenderOpts {
  path?: string;
  state?: unknown;
  store?: AppStore;
  session?: boolean;
  /** The market lists' clock (default LIST_NOW). */
  now?: () => Date;
}

/** Renders a page at `path` (with navigation state) inside a fresh store and a memory router. */
export async function renderPage(ui: ReactElement, opts: RenderOpts = {}) {
  setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'k', appDownloadUrl: '/app.apk' });
  const store = opts.store ?? createAppStore({ storage: memoryStorage() });
  attachApi(store);
  if (opts.session)
    store.dispatch(loggedIn({ username: 'Ravi Kumar Sharma', unique_token: 't'.repeat(64), mobile: '9876543210' }));
  const path = opts.path ?? '/';
  let utils!: ReturnType<typeof render>;
  await act(async () => {
    utils = render(
      <NowProvider value={opts.now ?? LIST_NOW}>
        <Provider store={store}>
          <MemoryRouter initialEntries={[{ pathname: path, state: opts.state }]}>
            <Routes>
              <Route
                path="*"
                element={
                  <>
                    {ui}
                    <LocationProbe />
                  </>
                }
              />
            </Routes>
          </MemoryRouter>
        </Provider>
      </NowProvider>,
    );
  });
  return { ...utils, store };
}
