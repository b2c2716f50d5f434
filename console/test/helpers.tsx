import { render } from '@testing-library/react';
import { App } from '../src/App';
import { createConsoleStore } from '../src/store';
import type { z } from 'zod';
import { operatorCallOf, type OperatorCall } from '@matka/shared/contract';
import { OPERATOR_ANSWERS, OPERATOR_REQUESTS, OperatorRefusalSchema } from '@matka/shared/contract/schemas';
import { undeclaredFields, WRITTEN_OPERATOR_REFUSAL } from '@matka/shared/contract/written';

const REQUESTS: Partial<Record<OperatorCall, z.ZodType>> = OPERATOR_REQUESTS;
const ANSWERS: Partial<Record<OperatorCall, z.ZodType>> = OPERATOR_ANSWERS;
const REFUSAL: z.ZodType = OperatorRefusalSchema;

/** What broke the contract in this test: the console would have shown a network error, the test fails. */
const broken: string[] = [];
afterEach(() => {
  const found = broken.splice(0);
  if (found.length) throw new Error([...new Set(found)].join('\n'));
});

function expectParsed(schema: z.ZodType, value: unknown, what: string): void {
  const r = schema.safeParse(value);
  if (!r.success)
    broken.push(
      `${what} does not parse with its schema: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
}

export const API = 'http://console.test/operator';

export type Handler = (request: {
  /** the contract's name of the call (OP.markets) */
  call: OperatorCall;
  method: string;
  path: string;
  body: Record<string, unknown>;
  headers: Headers;
}) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

export interface Calls {
  list: {
    call: OperatorCall | undefined;
    method: string;
    path: string;
    body: Record<string, unknown>;
    csrf: string | null;
  }[];
}

/**
 * Answers the console's calls to the operator API from `handler`; records each call. Both sides are
 * held to the contract, as the server holds them: a request the console sends must name a declared call
 * and parse with its request schema, and an answer a test makes up must parse with the call's answer
 * schema (or, status false, as a refusal), so a test cannot pass on a shape the server never sends.
 */
export function mockOperatorApi(handler: Handler): Calls {
  const calls: Calls = { list: [] };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/operator/, '') + url.search;
    const text = req.method === 'GET' ? '' : await req.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const call = operatorCallOf(req.method, url.pathname.replace(/^\/operator/, ''));
    calls.list.push({ call, method: req.method, path, body, csrf: req.headers.get('X-CSRF-Token') });
    if (!call) {
      broken.push(`The console called ${req.method} ${path}, which the contract does not declare`);
      return new Response('{}', { status: 404 });
    }
    const out = await handler({ call, method: req.method, path, body, headers: req.headers });
    const refused = (out.body as { status?: unknown } | null)?.status === false;
    // a request the test's server refuses may be one the schema refuses too: the refusal is what is tested
    const request = REQUESTS[call];
    const sent = req.method === 'GET' ? Object.fromEntries(url.searchParams) : body;
    if (request && !refused) expectParsed(request, sent, `the console's ${call} request`);
    const answer = refused ? REFUSAL : ANSWERS[call];
    if (answer) {
      expectParsed(answer, out.body, `the test's ${call} answer`);
      // the server writes an answer through its schema: a field it does not name never reaches the console
      const extra = undeclaredFields(refused ? WRITTEN_OPERATOR_REFUSAL : answer, out.body);
      if (extra.length)
        broken.push(`the test's ${call} answer has fields its schema does not name: ${extra.join(', ')}`);
    }
    return new Response(JSON.stringify(out.body), {
      status: out.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  return calls;
}

export const OPERATOR = (role: string, extra: Record<string, unknown> = {}) => ({
  status: true,
  msg: `Signed in as ${role}1`,
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
  body: {
    status: false,
    code: 'unauthorized',
    msg: 'Operator token missing or wrong: sign in to the console or send the token',
  },
};

/** A dashboard answer: today's figures per family, a week, pending requests, open markets. */
export const DASHBOARD = {
  status: true,
  capped: [],
  server: null,
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

/**
 * What a list answers when a test has nothing in it (a screen reads more lists than the test is about),
 * and what an action answers when only its having been made matters; each parses with its call's schema.
 */
const QUIET: Partial<Record<OperatorCall, unknown>> = {
  proposals: { status: true, certification: { on: false, by: null }, proposals: [] },
  resultHistory: { status: true, from: '2026-10-26', to: '2026-11-24', results: [] },
  deposits: { status: true, filter: 'pending', deposits: [] },
  withdrawals: { status: true, filter: 'pending', withdrawals: [] },
  manualMoves: { status: true, threshold: 0, moves: [] },
  markets: { status: true, markets: [] },
  rates: { status: true, rates: [] },
  betLimits: { status: true, families: [] },
  users: { status: true, users: [] },
  audit: { status: true, audit: [] },
  notices: { status: true, notices: [] },
  dashboard: DASHBOARD,
};

/** The quiet answer of the call a test does not look at (see QUIET); an action's plain 'Done'. */
export function quietAnswer(call: OperatorCall): { body: unknown } {
  return { body: QUIET[call] ?? { status: true, msg: 'Done' } };
}
