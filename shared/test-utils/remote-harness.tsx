/** Test harness for a remote's pages: a store, a memory router and a mocked API (used by the Starline and Gali tests). */
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { createAppStore, loggedIn, NowProvider, setRuntimeConfig } from '@matka/shared';
import { attachApi } from '@matka/shared/api';

/** The clock the market lists see in tests: 10:00 in Kolkata on 5 March 2026 (see NowProvider). */
export const LIST_NOW = () => new Date('2026-03-05T10:00:00+05:30');

export type Handler = (body: Record<string, unknown>) => unknown;
export interface Call {
  call: string;
  body: Record<string, unknown>;
}

/** Mocks fetch: each API call name answers with its handler's value (or the value itself). */
export function mockApi(handlers: Record<string, unknown>) {
  setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'k' });
  const calls: Call[] = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const call = String(url).split('/').pop() ?? '';
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ call, body });
    const h = handlers[call];
    if (h === undefined) return new Response(JSON.stringify({ status: false, msg: 'not mocked' }), { status: 404 });
    const data = typeof h === 'function' ? await (h as Handler)(body) : h;
    return new Response(JSON.stringify(data), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, count: (name: string) => calls.filter((c) => c.call === name).length };
}

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

/** Shows where a navigation ended up (path and state) for routes outside the ones under test. */
function Elsewhere() {
  const loc = useLocation();
  return (
    <p data-testid="elsewhere">
      {loc.pathname} {JSON.stringify(loc.state ?? null)}
    </p>
  );
}

/** Renders routes in a memory router with a fresh logged-in store and a toast container. */
export async function renderRoutes(
  routes: RouteObject[],
  pathname: string,
  state?: unknown,
  opts: { loggedIn?: boolean; now?: () => Date } = {},
) {
  const store = createAppStore({ storage: memoryStorage() });
  attachApi(store);
  if (opts.loggedIn !== false) {
    store.dispatch(loggedIn({ username: 'Tester', unique_token: 'tok', mobile: '9876543210' }));
  }
  const router = createMemoryRouter([...routes, { path: '*', element: <Elsewhere /> }], {
    initialEntries: [{ pathname, state }],
  });
  let utils!: ReturnType<typeof render>;
  await act(async () => {
    utils = render(
      <NowProvider value={opts.now ?? LIST_NOW}>
        <Provider store={store}>
          <RouterProvider router={router} />
          <ToastContainer position="top-right" />
        </Provider>
      </NowProvider>,
    );
  });
  return { ...utils, store, router };
}

/** Sets document.visibilityState and fires the event RTK's listeners read. */
export function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}
