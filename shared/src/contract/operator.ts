/**
 * The operator API's index (the player API's twin): every call under /operator/ once, by name, with its
 * method, its path and who may make it. The server registers each route from here and takes its right
 * from here; the console and the CLI name their calls OP.<name> and turn them into requests with
 * operatorRequest, so a path is written only here (a test checks). Pure data, like the player contract.
 */
import type { z } from 'zod';
import type { OperatorRight } from '../domain/operators';
import type { ServerFiguresSchema } from './operatorAnswerSchemas';
import type {
  ExposureSchema,
  ProposalSchema,
  SettleSummarySchema,
  SettledPointsSchema,
  SettlementJobSchema,
  UncoveredSchema,
  WinnerSchema,
} from './resultSchemas';

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
  // certification: the proposed results, certified or rejected by a second operator
  proposals: { method: 'GET', path: '/result/proposals', access: 'results' },
  certifyResult: { method: 'POST', path: '/result/certify', access: 'results' },
  rejectResult: { method: 'POST', path: '/result/reject', access: 'results' },

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
  // credits and debits above the owner's threshold, waiting for a second operator
  manualMoves: { method: 'GET', path: '/manual-moves', access: 'money' },
  approveManualMove: { method: 'POST', path: '/manual-moves/approve', access: 'money' },
  rejectManualMove: { method: 'POST', path: '/manual-moves/reject', access: 'money' },

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
  // the audit trail's hash chain: walked, and its head signed and published (/verify/log)
  auditVerify: { method: 'GET', path: '/audit/verify', access: 'audit' },
  auditSign: { method: 'POST', path: '/audit/sign', access: 'audit' },
  exportDay: { method: 'GET', path: '/export/day', access: 'audit' },

  // notices to every player
  notices: { method: 'GET', path: '/notices', access: 'notices' },
  sendNotice: { method: 'POST', path: '/notices', access: 'notices' },

  // a copy of the embedded database (PostgreSQL: pg_dump, docs/operating.md)
  backup: { method: 'GET', path: '/backup', access: 'backup' },

  // each family's releases: which build players get, a canary for some of them, the way back
  families: { method: 'GET', path: '/families', access: 'releases' },
  releaseFamily: { method: 'POST', path: '/families/release', access: 'releases' },
  promoteFamily: { method: 'POST', path: '/families/promote', access: 'releases' },
  rollbackFamily: { method: 'POST', path: '/families/rollback', access: 'releases' },
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

/** The calls that preview and declare a result, by the family's word (the console and the CLI share it). */
export const DECLARE_CALLS = {
  result: { preview: OP.previewResult, declare: OP.declareResult },
  starline: { preview: OP.previewStarline, declare: OP.declareStarline },
  gali: { preview: OP.previewGali, declare: OP.declareGali },
} as const satisfies Record<string, Record<'preview' | 'declare', OperatorCall>>;

/** The calls that approve and reject a money request, by its queue (the console and the CLI share it). */
export const DECISION_CALLS = {
  deposits: { approve: OP.approveDeposit, reject: OP.rejectDeposit },
  withdrawals: { approve: OP.approveWithdrawal, reject: OP.rejectWithdrawal },
} as const satisfies Record<string, Record<'approve' | 'reject', OperatorCall>>;

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

/** The server's state on the console's dashboard (the dashboard's `server`), from the figures /metrics answers. */
export type ServerFigures = z.output<typeof ServerFiguresSchema>;

/*
 * What a settlement reports (the points it moves, its job, the winners and the players a correction
 * leaves short, the exposure), as the operator API answers it (resultSchemas.ts).
 */
/** The points a settlement moves (a chunk's, a job's, a declaration's). */
export type SettledPoints = z.output<typeof SettledPointsSchema>;
/** The bids a declaration settles, and the points it moves. */
export type SettleSummary = z.output<typeof SettleSummarySchema>;
/** A declaration's settlement job, as the operator API reports it: progress while it runs, then done. */
export type SettlementJob = z.output<typeof SettlementJobSchema>;
/** A proposed result (certification on): waiting for a second operator, or certified or rejected. */
export type Proposal = z.output<typeof ProposalSchema>;
/** One winning bid of a previewed result. */
export type Winner = z.output<typeof WinnerSchema>;
/** A player a correction's reversals would leave short (their pending withdrawals are held). */
export type Uncovered = z.output<typeof UncoveredSchema>;
/** The points at stake on a market's open bids, by what the result could be. */
export type Exposure = z.output<typeof ExposureSchema>;
