/**
 * The operator API's index (the player API's twin): every call under /operator/ once, as 'METHOD /path',
 * with who may make it. The server refuses to start with a route this index does not declare and takes
 * each call's right from here; the console and the CLI name their calls by these paths (a test checks
 * both sides). Pure data, like the player contract.
 */
import type { OperatorRight } from '../domain/operators';

/**
 * Who may make a call: a right of the operator's role (the domain's ROLE_RIGHTS), or
 * 'sign-in' (anyone: it makes the session), 'self' (any signed-in operator, even one who must set a new
 * password first), 'self-setup' (any signed-in operator with a password of their own: two-step sign-in).
 */
export type OperatorAccess = OperatorRight | 'sign-in' | 'self' | 'self-setup';

export const OPERATOR_CALLS = {
  // the console's session and the operator's own account
  'POST /session': 'sign-in',
  'GET /session': 'self',
  'POST /session/logout': 'self',
  'POST /password': 'self',
  'POST /totp/setup': 'self-setup',
  'POST /totp/enable': 'self-setup',
  'POST /totp/disable': 'self-setup',

  // operators (owner)
  'GET /operators': 'operators',
  'POST /operators': 'operators',
  'POST /operators/reset-password': 'operators',
  'POST /operators/disable': 'operators',
  'POST /operators/enable': 'operators',
  'POST /operators/totp-off': 'operators',
  'POST /operators/role': 'operators',

  // markets and rates
  'GET /markets': 'markets:read',
  'POST /market/add': 'markets',
  'POST /market/enable': 'markets',
  'POST /market/disable': 'markets',
  'POST /market/off-days': 'markets',
  'POST /market/set-times': 'markets',
  'GET /rates': 'markets:read',
  'POST /rates/set': 'markets',
  // bet limits per family and bet type, the liability cap per number
  'GET /bet-limits': 'markets:read',
  'POST /bet-limits/set': 'markets',
  'POST /liability-cap/set': 'markets',

  // results and their settlement
  'POST /result/preview': 'results',
  'POST /result/declare': 'results',
  'POST /starline/preview': 'results',
  'POST /starline/declare': 'results',
  'POST /gali/preview': 'results',
  'POST /gali/declare': 'results',
  'GET /result/history': 'results',
  'GET /settlement': 'results',

  // money
  'GET /deposits': 'money',
  'GET /deposits/screenshot': 'money',
  'POST /deposits/approve': 'money',
  'POST /deposits/reject': 'money',
  'GET /withdrawals': 'money',
  'POST /withdrawals/approve': 'money',
  'POST /withdrawals/reject': 'money',
  'POST /credit': 'money',
  'POST /debit': 'money',

  // players' accounts
  'GET /users': 'users:read',
  'GET /users/unapproved': 'users:read',
  'GET /users/detail': 'users:read',
  'POST /users/approve': 'users',
  'POST /users/approve-upi': 'users',
  'POST /set-betting': 'users',
  'POST /users/block': 'users',
  'POST /users/unblock': 'users',
  'POST /users/logout': 'users',
  'POST /users/lift-exclusion': 'protection',
  'GET /otp/last': 'users',

  // settings, figures, the audit log
  'GET /settings': 'settings',
  'POST /settings/set': 'settings',
  'POST /settings/withdraw-window': 'settings',
  'GET /dashboard': 'dashboard',
  'GET /reports': 'reports',
  'GET /audit': 'audit',

  // notices to every player
  'GET /notices': 'notices',
  'POST /notices': 'notices',

  // a copy of the embedded database (PostgreSQL: pg_dump, README)
  'GET /backup': 'backup',
} as const satisfies Record<`${'GET' | 'POST'} /${string}`, OperatorAccess>;

export type OperatorCall = keyof typeof OPERATOR_CALLS;
export const OPERATOR_CALL_NAMES = Object.keys(OPERATOR_CALLS) as OperatorCall[];

/** The paths of the operator calls (below /operator). */
export const OPERATOR_PATHS: readonly string[] = [...new Set(OPERATOR_CALL_NAMES.map((c) => c.split(' ')[1]))];

/**
 * Who may make a call, by its method and path (below /operator, any case, no query): undefined for a
 * call this index does not declare.
 */
export function operatorAccess(method: string, path: string): OperatorAccess | undefined {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const key = `${m} ${path.toLowerCase()}`;
  return Object.hasOwn(OPERATOR_CALLS, key) ? OPERATOR_CALLS[key as OperatorCall] : undefined;
}

/** Where the operator API is mounted. */
export const OPERATOR_PREFIX = '/operator';

/**
 * A call's method, its path below OPERATOR_PREFIX with the query, and its URL on this server, as the
 * console and the CLI send it: the one place a client turns a declared call into a request.
 */
export function operatorRequest(
  call: OperatorCall,
  query: Record<string, string | number | undefined> = {},
): { method: 'GET' | 'POST'; path: string; url: string } {
  const [method, path] = call.split(' ') as ['GET' | 'POST', string];
  const qs = Object.entries(query)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const below = `${path}${qs ? `?${qs}` : ''}`;
  return { method, path: below, url: `${OPERATOR_PREFIX}${below}` };
}

/** The declared call of a method and a path put together at run time (a CLI word); throws for any other. */
export function operatorCall(method: 'GET' | 'POST', path: string): OperatorCall {
  const call = `${method} ${path}`;
  if (!Object.hasOwn(OPERATOR_CALLS, call)) throw new Error(`${call} is not a call of the operator API`);
  return call as OperatorCall;
}

/**
 * The server's state on the console's dashboard (GET /operator/dashboard's `server`), read from the
 * figures /metrics answers, every process added up (server/src/services/metrics.ts).
 */
export interface ServerFigures {
  /** server processes answering, and how many are configured (WORKERS) */
  processes: { up: number; configured: number };
  queues: { deposits: number; withdrawals: number; settlement_jobs: number };
  /** one-time codes handed to the SMS provider in the last 60 minutes */
  sms_last_hour: { sent: number; failed: number };
  live_streams: number;
  /** PostgreSQL's connections (null on the embedded database) */
  db_pool: { in_use: number; idle: number; waiting: number } | null;
}
