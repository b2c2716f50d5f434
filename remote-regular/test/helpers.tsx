import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { createAppStore, loggedIn, NowProvider, setRuntimeConfig } from '@matka/shared';
import { attachApi } from '@matka/shared/api';

/** The clock the market lists see in tests: 10:00 in Kolkata on 5 March 2026 (see NowProvider). */
export const LIST_NOW = () => new Date('2026-03-05T10:00:00+05:30');

export interface Recorded {
  call: string;
  body: Record<string, unknown>;
}

/** fetch answering the calls the regular screens make; records them. */
export function mockServer(opts: { wallet?: number; markets?: unknown[]; bettingStatus?: string } = {}) {
  const calls: Recorded[] = [];
  let wallet = opts.wallet ?? 1000;
  global.fetch = jest.fn(async (url: string, init: RequestInit) => {
    const call = String(url).split('/').pop() ?? '';
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    calls.push({ call, body });
    let out: unknown = { status: false, msg: 'unexpected' };
    if (call === 'api-user-wallet-balance') out = { status: true, wallet_amt: String(wallet) };
    if (call === 'api-home-info')
      out = {
        status: true,
        wallet_amt: String(wallet),
        betting_status: opts.bettingStatus ?? '1',
        result: opts.markets ?? [],
      };
    if (call === 'api-submit-bid') {
      wallet -= (body.new_result as { totalbit: number }).totalbit;
      out = { status: true, wallet_amt: String(wallet) };
    }
    return new Response(JSON.stringify(out), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof fetch;
  return calls;
}

export async function renderRoutes(routes: RouteObject[], path: string, state?: unknown, now = LIST_NOW) {
  localStorage.clear();
  setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'k' });
  const store = createAppStore();
  attachApi(store);
  store.dispatch(loggedIn({ username: 'Ravi', unique_token: 'tok-1', mobile: '9876543210' }));
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: path, state }] });
  await act(async () => {
    render(
      <NowProvider value={now}>
        <Provider store={store}>
          <RouterProvider router={router} />
          <ToastContainer />
        </Provider>
      </NowProvider>,
    );
  });
  return { store, router };
}

/** hh:mm on 5 March 2026 on the markets' clock (Asia/Kolkata), whatever the test machine's zone. */
export const at =
  (hh: number, mm = 0) =>
  () =>
    new Date(`2026-03-05T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+05:30`);
