import { render } from '@testing-library/react';
import { App } from '../src/App';
import { createConsoleStore } from '../src/store';

export const API = 'http://console.test/operator';

export type Handler = (call: {
  method: string;
  path: string;
  body: Record<string, unknown>;
  headers: Headers;
}) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

export interface Calls {
  list: { method: string; path: string; body: Record<string, unknown>; csrf: string | null }[];
}

/** Answers the console's calls to the operator API from `handler`; records each call. */
export function mockOperatorApi(handler: Handler): Calls {
  const calls: Calls = { list: [] };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/operator/, '') + url.search;
    const text = req.method === 'GET' ? '' : await req.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    calls.list.push({ method: req.method, path, body, csrf: req.headers.get('X-CSRF-Token') });
    const out = await handler({ method: req.method, path, body, headers: req.headers });
    return new Response(JSON.stringify(out.body), {
      status: out.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  return calls;
}

export const OPERATOR = (role: string, extra: Record<string, unknown> = {}) => ({
  status: true,
  operator: { name: `${role}1`, role, must_change_password: false, totp: false, ...extra },
  csrf_token: 'csrf-1',
});

/** The console at a path, with no session (the sign-in form) unless the handler answers GET /session. */
export function renderConsole(path = '/console/') {
  (globalThis as { __MATKA_CONSOLE__?: unknown }).__MATKA_CONSOLE__ = { operatorApi: API };
  window.history.pushState({}, '', path);
  const store = createConsoleStore();
  return { store, ...render(<App store={store} />) };
}

export const signedOutAnswer = {
  status: 401,
  body: { status: false, msg: 'Operator token missing or wrong: sign in to the console or send the token' },
};

/** A dashboard answer: today's figures per family, a week, pending requests, open markets. */
export const DASHBOARD = {
  status: true,
  date: '2026-11-24',
  today: [
    { family: 'regular', stakes: 1500, payouts: 950, profit: 550 },
    { family: 'starline', stakes: 200, payouts: 0, profit: 200 },
    { family: 'gali', stakes: 100, payouts: 900, profit: -800 },
  ],
  days: Array.from({ length: 7 }, (_, i) => ({ date: `2026-11-${18 + i}`, stakes: i * 100, payouts: i * 50 })),
  pending: { deposits: { count: 2, points: 700 }, withdrawals: { count: 1, points: 600 } },
  open_markets: [{ id: 1, family: 'regular', name: 'KALYAN', close_time: '05:45 PM' }],
};
