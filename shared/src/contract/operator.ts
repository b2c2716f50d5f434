/**
 * The operator API's index (the player API's twin): every call under /operator/ once, by name, with its
 * method, its path and who may make it. The server registers each route from here and takes its right
 * from here; the console and the CLI name their calls OP.<name> and turn them into requests with
 * operatorRequest, so a path is written only here (a test checks). Pure data, like the player contract.
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
  signIn: { method: 'POST', path: '/session', access: 'sign-in' },
  session: { method: 'GET', path: '/session', access: 'self' },
  signOut: { method: 'POST', path: '/session/logout', access: 'self' },
  setPassword: { method: 'POST', path: '/password', access: 'self' },
  totpSetup: { method: 'POST', path: '/totp/setup', access: 'self-setup' },
  totpEnable: { method: 'POST', path: '/totp/enable', access: 'self-setup' },
  totpDisable: { method: 'POST', path: '/totp/disable', access: 'self-setup' },

  // operators (owner)
  operators: { method: 'GET', path: '/operators', access: 'operators' },
  addOperator: { method: 'POST', path: '/operators', access: 'operators' },
  resetOperatorPassword: { method: 'POST', path: '/operators/reset-password', access: 'operators' },
  disableOperator: { method: 'POST', path: '/operators/disable', access: 'operators' },
  enableOperator: { method: 'POST', path: '/operators/enable', access: 'operators' },
  operatorTotpOff: { method: 'POST', path: '/operators/totp-off', access: 'operators' },
  setOperatorRole: { method: 'POST', path: '/operators/role', access: 'operators' },

  // markets and rates
  markets: { method: 'GET', path: '/markets', access: 'markets:read' },
  addMarket: { method: 'POST', path: '/market/add', access: 'markets' },
  enableMarket: { method: 'POST', path: '/market/enable', access: 'markets' },
  disableMarket: { method: 'POST', path: '/market/disable', access: 'markets' },
  setOffDays: { method: 'POST', path: '/market/off-days', access: 'markets' },
  setMarketTimes: { method: 'POST', path: '/market/set-times', access: 'markets' },
  rates: { method: 'GET', path: '/rates', access: 'markets:read' },
  setRate: { method: 'POST', path: '/rates/set', access: 'markets' },
  // bet limits per family and bet type, the liability cap per number
  betLimits: { method: 'GET', path: '/bet-limits', access: 'markets:read' },
  setBetLimit: { method: 'POST', path: '/bet-limits/set', access: 'markets' },
  setLiabilityCap: { method: 'POST', path: '/liability-cap/set', access: 'markets' },

  // results and their settlement
  previewResult: { method: 'POST', path: '/result/preview', access: 'results' },
  declareResult: { method: 'POST', path: '/result/declare', access: 'results' },
  previewStarline: { method: 'POST', path: '/starline/preview', access: 'results' },
  declareStarline: { method: 'POST', path: '/starline/declare', access: 'results' },
  previewGali: { method: 'POST', path: '/gali/preview', access: 'results' },
  declareGali: { method: 'POST', path: '/gali/declare', access: 'results' },
  resultHistory: { method: 'GET', path: '/result/history', access: 'results' },
  settlement: { method: 'GET', path: '/settlement', access: 'results' },

  // money
  deposits: { method: 'GET', path: '/deposits', access: 'money' },
  depositScreenshot: { method: 'GET', path: '/deposits/screenshot', access: 'money' },
  approveDeposit: { method: 'POST', path: '/deposits/approve', access: 'money' },
  rejectDeposit: { method: 'POST', path: '/deposits/reject', access: 'money' },
  withdrawals: { method: 'GET', path: '/withdrawals', access: 'money' },
  approveWithdrawal: { method: 'POST', path: '/withdrawals/approve', access: 'money' },
  rejectWithdrawal: { method: 'POST', path: '/withdrawals/reject', access: 'money' },
  credit: { method: 'POST', path: '/credit', access: 'money' },
  debit: { method: 'POST', path: '/debit', access: 'money' },

  // players' accounts
  users: { method: 'GET', path: '/users', access: 'users:read' },
  unapprovedUsers: { method: 'GET', path: '/users/unapproved', access: 'users:read' },
  userDetail: { method: 'GET', path: '/users/detail', access: 'users:read' },
  approveUser: { method: 'POST', path: '/users/approve', access: 'users' },
  approveUpi: { method: 'POST', path: '/users/approve-upi', access: 'users' },
  setBetting: { method: 'POST', path: '/set-betting', access: 'users' },
  blockUser: { method: 'POST', path: '/users/block', access: 'users' },
  unblockUser: { method: 'POST', path: '/users/unblock', access: 'users' },
  logoutUser: { method: 'POST', path: '/users/logout', access: 'users' },
  liftExclusion: { method: 'POST', path: '/users/lift-exclusion', access: 'protection' },
  lastOtp: { method: 'GET', path: '/otp/last', access: 'users' },

  // settings, figures, the audit log
  settings: { method: 'GET', path: '/settings', access: 'settings' },
  setSetting: { method: 'POST', path: '/settings/set', access: 'settings' },
  setWithdrawWindow: { method: 'POST', path: '/settings/withdraw-window', access: 'settings' },
  dashboard: { method: 'GET', path: '/dashboard', access: 'dashboard' },
  reports: { method: 'GET', path: '/reports', access: 'reports' },
  audit: { method: 'GET', path: '/audit', access: 'audit' },

  // notices to every player
  notices: { method: 'GET', path: '/notices', access: 'notices' },
  sendNotice: { method: 'POST', path: '/notices', access: 'notices' },

  // a copy of the embedded database (PostgreSQL: pg_dump, README)
  backup: { method: 'GET', path: '/backup', access: 'backup' },
} as const satisfies Record<string, OperatorCallSpec>;

/** A call of the operator API: its method, its path below OPERATOR_PREFIX, who may make it. */
export interface OperatorCallSpec {
  method: 'GET' | 'POST';
  path: `/${string}`;
  access: OperatorAccess;
}

/** An operator call's name (the key of OPERATOR_CALLS: 'addMarket'). */
export type OperatorCall = keyof typeof OPERATOR_CALLS;
export const OPERATOR_CALL_NAMES = Object.keys(OPERATOR_CALLS) as OperatorCall[];

/** Every operator call by its name's identifier: code writes OP.addMarket, never the call's path. */
export const OP = Object.fromEntries(OPERATOR_CALL_NAMES.map((c) => [c, c])) as { readonly [C in OperatorCall]: C };

/** The paths of the operator calls (below /operator). */
export const OPERATOR_PATHS: readonly string[] = [...new Set(OPERATOR_CALL_NAMES.map((c) => OPERATOR_CALLS[c].path))];

const BY_ROUTE = new Map<string, OperatorCall>(
  OPERATOR_CALL_NAMES.map((c) => [`${OPERATOR_CALLS[c].method} ${OPERATOR_CALLS[c].path}`, c]),
);

/**
 * The call a method and a path make (below /operator, any case, no query; HEAD is GET): undefined for a
 * route this index does not declare.
 */
export function operatorCallOf(method: string, path: string): OperatorCall | undefined {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return BY_ROUTE.get(`${m} ${path.toLowerCase()}`);
}

/** Who may make a call, by its method and path: undefined for a call this index does not declare. */
export function operatorAccess(method: string, path: string): OperatorAccess | undefined {
  const call = operatorCallOf(method, path);
  return call && OPERATOR_CALLS[call].access;
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
  const { method, path } = OPERATOR_CALLS[call];
  const qs = Object.entries(query)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const below = `${path}${qs ? `?${qs}` : ''}`;
  return { method, path: below, url: `${OPERATOR_PREFIX}${below}` };
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
