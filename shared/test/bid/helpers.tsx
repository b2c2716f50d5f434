import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import type { ReactElement } from 'react';
import { createAppStore, loggedIn, setRuntimeConfig } from '@matka/shared';
import { attachApi } from '@matka/shared/api';

export type Handler = (call: string, body: Record<string, unknown>, headers: Record<string, string>) => unknown;

/** A fetch mock answering by call name; records every call. */
export function mockApi(handler: Handler) {
  const calls: { call: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const fetchMock = jest.fn(async (url: string, init: RequestInit) => {
    const call = String(url).split('/').pop() ?? '';
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ call, body, headers });
    const out = await handler(call, body, headers);
    if (out instanceof Response) return out;
    return new Response(JSON.stringify(out), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock, submits: () => calls.filter((c) => c.call.includes('submit-bid')) };
}

/** The rates every family's rates call answers here (the seed's). */
export const GAME_RATES = {
  single_digit_val_1: '10',
  single_digit_val_2: '95',
  jodi_digit_val_1: '10',
  jodi_digit_val_2: '950',
  single_pana_val_1: '10',
  single_pana_val_2: '1500',
  double_pana_val_1: '10',
  double_pana_val_2: '3000',
  tripple_pana_val_1: '10',
  tripple_pana_val_2: '7000',
};

/** A wallet that the submit calls debit, like the server. */
export function walletServer(
  start: number,
  opts: {
    fail?: (call: string, body: Record<string, unknown>) => unknown;
    betLimits?: unknown[];
    /** the player's responsible-play answer (a break, an exclusion) */
    protection?: Record<string, unknown>;
  } = {},
) {
  let wallet = start;
  return mockApi((call, body) => {
    if (call === 'api-user-wallet-balance') return { status: true, wallet_amt: String(wallet) };
    if (call === 'api-responsible') return opts.protection ?? { status: true, break_until: '', excluded_until: '' };
    if (call === 'api-home-info') return { status: true, wallet_amt: String(wallet), betting_status: '1', result: [] };
    if (call.endsWith('game-rates'))
      return { status: true, game_rates: [GAME_RATES], ...(opts.betLimits ? { bet_limits: opts.betLimits } : {}) };
    if (call.includes('submit-bid')) {
      const failed = opts.fail?.(call, body);
      if (failed) return failed;
      const nr = body.new_result as { totalbit: number };
      wallet -= nr.totalbit;
      return { status: true, msg: 'ok', wallet_amt: String(wallet) };
    }
    return { status: false, msg: `unexpected ${call}` };
  });
}

export function setup() {
  localStorage.clear();
  setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'k' });
  const store = createAppStore();
  attachApi(store);
  store.dispatch(loggedIn({ username: 'Ravi', unique_token: 'tok-1', mobile: '9876543210' }));
  return store;
}

export async function renderAt(
  ui: ReactElement,
  opts: { path?: string; state?: unknown; store?: ReturnType<typeof setup> } = {},
) {
  const store = opts.store ?? setup();
  const path = opts.path ?? '/bid';
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[{ pathname: path, state: opts.state }]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </MemoryRouter>
        <ToastContainer />
      </Provider>,
    );
  });
  return store;
}

/** hh:mm on 5 March 2026 on the markets' clock (Asia/Kolkata), whatever the test machine's zone. */
export const at =
  (hh: number, mm = 0) =>
  () =>
    new Date(`2026-03-05T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+05:30`);
