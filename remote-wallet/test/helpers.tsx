import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { createAppStore, loggedIn, setRuntimeConfig, type AppStore } from '@matka/shared';
import { api, attachApi } from '@matka/shared/api';
import { routes } from '../src/routes';

export const ME = '9876543210';

type Handler = ((body: Record<string, unknown>) => unknown) | Record<string, unknown> | Response;
export interface Call {
  call: string;
  body: Record<string, unknown>;
}

/** Mocks fetch: each call name answers with its handler's value (a Response as is; a throw = network down). */
export function mockApi(handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const call = String(url).split('/').pop() ?? '';
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ call, body });
    const h = handlers[call];
    if (h === undefined)
      return new Response(JSON.stringify({ status: false, msg: `not mocked: ${call}` }), { status: 404 });
    const v = typeof h === 'function' ? await h(body) : h;
    return v instanceof Response ? v.clone() : new Response(JSON.stringify(v));
  }) as typeof fetch;
  return calls;
}

export const callsOf = (calls: Call[], name: string) => calls.filter((c) => c.call === name);

const memoryStorage = (): Storage => {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => Array.from(m.keys())[i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
};

/** The balance call answered `wallet` (the home slice mirrors the api's answers). */
export async function balanceAnswered(store: AppStore, wallet: string) {
  await act(async () => {
    // the store's type does not know the api's thunks (the api is attached at run time)
    await (store.dispatch as (a: unknown) => Promise<unknown>)(
      api.util.upsertQueryData('walletBalance', undefined, {
        status: true,
        msg: 'Success',
        wallet_amt: wallet,
        withdraw_open_time: '09:00 AM',
        withdraw_close_time: '11:00 PM',
        min_withdrawal: '500',
        min_amt: '100',
      }),
    );
  });
}

/** Renders the remote's routes at `pathname` (with navigation state) on a logged-in store. */
/** `wallet: null` leaves the balance unloaded (as before the first home-info / balance answer). */
export async function renderAt(pathname: string, state?: unknown, opts: { wallet?: string | null } = {}) {
  setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'k' });
  const store = createAppStore({ storage: memoryStorage() });
  attachApi(store);
  store.dispatch(loggedIn({ username: 'Tester', unique_token: 'a'.repeat(64), mobile: ME }));
  if (opts.wallet !== null) await balanceAnswered(store, opts.wallet ?? '1000');
  const router = createMemoryRouter([...routes, { path: '/imp', element: <h1>Home page</h1> }], {
    initialEntries: [{ pathname, state }],
  });
  let utils!: ReturnType<typeof render>;
  await act(async () => {
    utils = render(
      <Provider store={store}>
        <RouterProvider router={router} />
        <ToastContainer />
      </Provider>,
    );
  });
  return { ...utils, store, router };
}
