/**
 * The console's one RTK Query api over the operator API (/operator/). The session is an HttpOnly
 * cookie the browser sends by itself (credentials: 'include', also from another configured origin);
 * writes carry the CSRF token the server gave at sign-in or on GET /operator/session.
 * An answer with status false, or an HTTP error, becomes an error holding the server's message.
 */
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Exposure, OperatorRole, SettleSummary, SettlementJob, Uncovered, Winner } from '@matka/shared/domain';
import { OP, OPERATOR_PREFIX, operatorRequest, type OperatorCall, type ServerFigures } from '@matka/shared/contract';
import type { OperatorRequestOf } from '@matka/shared/contract/schemas';

export type Role = OperatorRole;

export interface Operator {
  name: string;
  role: Role;
  must_change_password: boolean;
  totp: boolean;
}

export interface SessionState {
  operator: Operator | null;
  csrf: string | null;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: { operator: null, csrf: null } as SessionState,
  reducers: {
    signedIn: (_s, a: PayloadAction<{ operator: Operator; csrf_token?: string }>) => ({
      operator: a.payload.operator,
      csrf: a.payload.csrf_token ?? null,
    }),
    signedOut: () => ({ operator: null, csrf: null }),
    /** The signed-in operator turned their two-step sign-in on or off. */
    totpChanged: (s, a: PayloadAction<boolean>) => {
      if (s.operator) s.operator.totp = a.payload;
    },
  },
});
export const { signedIn, signedOut, totpChanged } = sessionSlice.actions;

/** What the owner may do to another operator, and the call that does it ({name}). */
const OPERATOR_ACTIONS = {
  disable: OP.disableOperator,
  enable: OP.enableOperator,
  'reset-password': OP.resetOperatorPassword,
  'totp-off': OP.operatorTotpOff,
} as const satisfies Record<string, OperatorCall>;
export type OperatorAction = keyof typeof OPERATOR_ACTIONS;

export interface TotpSetup {
  secret: string;
  uri: string;
  /** the otpauth URI as a QR code (PNG data URL) */
  qr_image: string;
}

/** Where the operator API is: this server's /operator, or OPERATOR_API in the page's config. */
export function operatorApiBase(): string {
  const configured = (globalThis as { __MATKA_CONSOLE__?: { operatorApi?: string } }).__MATKA_CONSOLE__?.operatorApi;
  return (configured || OPERATOR_PREFIX).replace(/\/+$/, '');
}

export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR';
  msg: string;
  data?: Record<string, unknown>;
}

type State = { session: SessionState };

const raw = fetchBaseQuery({
  baseUrl: '',
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    const csrf = (getState() as State).session.csrf;
    if (csrf) headers.set('X-CSRF-Token', csrf);
    return headers;
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const a = typeof args === 'string' ? { url: args } : args;
  const result = await raw({ ...a, url: operatorApiBase() + a.url }, api, extra);
  if (result.error) {
    const e = result.error;
    const data = (e as { data?: unknown }).data as Record<string, unknown> | undefined;
    if (e.status === 'FETCH_ERROR')
      return {
        error: { status: 'FETCH_ERROR', msg: 'The server cannot be reached: check the connection and try again' },
      };
    if (typeof e.status !== 'number')
      return { error: { status: 'PARSE_ERROR', msg: 'The server sent an answer the console cannot read' } };
    if (e.status === 401 && data?.signed_out) api.dispatch(signedOut());
    return {
      error: {
        status: e.status,
        msg: typeof data?.msg === 'string' ? data.msg : `The server answered ${e.status}`,
        data,
      },
    };
  }
  const body = result.data as Record<string, unknown> | undefined;
  if (body && body.status === false)
    return { error: { status: 200, msg: typeof body.msg === 'string' ? body.msg : 'Refused', data: body } };
  return { data: body };
};

/** The message to show for a failed call. */
export const messageOf = (error: unknown): string =>
  (error as ApiError | undefined)?.msg ?? 'Something went wrong: try again';

export interface Answer {
  status: boolean;
  msg?: string;
}

export interface OperatorRow {
  id: string;
  name: string;
  role: Role;
  must_change_password: boolean;
  totp: boolean;
  disabled: boolean;
  created_at: string;
}

export interface MarketRow {
  id: number;
  family: 'regular' | 'starline' | 'gali';
  name: string;
  open: string;
  close: string;
  open_time: string;
  close_time: string;
  active: boolean;
  /** weekly off days, 0 = Sunday .. 6 = Saturday */
  off_days: number[];
  open_now: boolean;
}

export interface RateRow {
  family: MarketRow['family'];
  rate_key: string;
  val_1: number;
  val_2: number;
}

export interface DeclaredResult {
  market_id: number;
  family: MarketRow['family'];
  market: string;
  date: string;
  result_text: string;
  declared: string;
  changed: string;
}

/** A preview (what declaring would do) or a declaration's outcome. */
export interface Preview {
  status: boolean;
  msg: string;
  market: { id: number; name: string; family: string };
  date: string;
  result_text: string;
  winners_count?: number;
  total_payout?: number;
  winners?: Winner[];
  /** a correction: the players whose wallets cannot cover the wins it reverses */
  uncovered?: Uncovered[];
  summary: SettleSummary;
  exposure?: Exposure;
  /** the result is declared before its draw: when it is due and how early (needs an owner's reason) */
  early?: { due: string; minutes_early: number } | null;
  /** a declaration's settlement job (its bids settle in chunks after the answer) */
  job?: SettlementJob;
}

/** A declaration's settlement: progress while it runs, the summary once done (the domain's type). */
export type { SettlementJob };

export interface MoneyRequest {
  id: string;
  mobile: string;
  name: string;
  amount: string;
  status: 'pending' | 'approved' | 'rejected';
  requested: string;
  method?: string;
  number?: string;
  receipt_url?: string | null;
  /** why it was rejected (the operator's reason), if it was */
  note?: string;
  /** deposits: the UPI payment's reference and whether the player sent a screenshot */
  utr?: string;
  has_screenshot?: boolean;
  /** withdrawals: points of a reversed win it still owes (approved only with a reason) and why */
  held_points?: string;
  held_note?: string;
  [key: string]: unknown;
}

export interface UserRow {
  id: string;
  mobile: string;
  name: string;
  wallet: string;
  betting_status: '0' | '1';
  approved: boolean;
  blocked: boolean;
  created: string;
}

/** One account in full (GET /operator/users/detail). */
export interface UserDetail {
  user: UserRow & {
    blocked_reason: string;
    blocked_since: string | null;
    sessions: number;
    /** UPI numbers saved without a proved code (LEGACY_REGISTRATION): no withdrawal to them until approved */
    upi_held?: string[];
  };
  /** responsible play: when the age was declared, a break or self-exclusion running ('permanent'), or null */
  protection: {
    age_declared: string | null;
    break_until: string | null;
    excluded_until: string | null;
    /** the player's limits in force, with their use and a change that waits */
    limits: string[];
  };
  totals: { staked: number; won: number; deposited: number; withdrawn: number };
  ledger: {
    id: string;
    when: string;
    type: 'credit' | 'debit';
    amount: number;
    balance_after: number;
    kind: string;
    note: string;
  }[];
  bids: {
    id: string;
    when: string;
    date: string;
    family: MarketRow['family'];
    market: string;
    bet: string;
    session: string;
    digits: string;
    points: number;
    status: string;
    win_amount: number;
  }[];
  wins: { id: string; date: string; family: MarketRow['family']; market: string; amount: number; reversed: boolean }[];
}

/** What an operator may do to an account (the Users screens). */
export type AccountAction =
  | { action: 'betting-on' | 'betting-off' | 'approve' | 'approve-upi' | 'unblock' | 'logout'; mobile: string }
  | { action: 'block' | 'lift-exclusion'; mobile: string; reason: string }
  | { action: 'credit' | 'debit'; mobile: string; points: number; reason: string };

const ACCOUNT_CALLS: Record<AccountAction['action'], OperatorCall> = {
  'betting-on': OP.setBetting,
  'betting-off': OP.setBetting,
  approve: OP.approveUser,
  'approve-upi': OP.approveUpi,
  block: OP.blockUser,
  unblock: OP.unblockUser,
  logout: OP.logoutUser,
  'lift-exclusion': OP.liftExclusion,
  credit: OP.credit,
  debit: OP.debit,
};

const accountBody = (a: AccountAction) => {
  switch (a.action) {
    case 'betting-on':
    case 'betting-off':
      return { mobile: a.mobile, status: a.action === 'betting-on' ? '1' : '0' };
    case 'block':
    case 'lift-exclusion':
      return { mobile: a.mobile, reason: a.reason };
    case 'credit':
    case 'debit':
      return { mobile: a.mobile, points: a.points, note: a.reason };
    default:
      return { mobile: a.mobile };
  }
};

export interface AuditRow {
  id: string;
  action: string;
  target: string | null;
  operator: string | null;
  params: unknown;
  before: unknown;
  after: unknown;
  ok: boolean;
  created_at: string;
}

export interface Dashboard {
  date: string;
  today: { family: MarketRow['family']; stakes: number; payouts: number; profit: number }[];
  days: { date: string; stakes: number; payouts: number }[];
  pending: { deposits: { count: number; points: number }; withdrawals: { count: number; points: number } };
  open_markets: { id: number; family: MarketRow['family']; name: string; close_time: string }[];
  /** the numbers nearest their family's liability cap today, largest share first */
  capped?: CappedNumber[];
  /** processes up, queues, SMS in the last hour; null when the figures could not be read */
  server?: ServerFigures | null;
}

export interface CappedNumber {
  market: string;
  family: MarketRow['family'];
  session: string;
  bet_type: string;
  title: string;
  number: string;
  payout: number;
  cap: number;
  /** no bid of the family's smallest size fits any more */
  closed: boolean;
}

/** GET /operator/bet-limits: a family's bet types with their limits (own or the defaults), and its cap. */
export interface FamilyLimits {
  family: MarketRow['family'];
  bet_types: { bet_type: string; title: string; min: number; max: number; session_max: number | null; own: boolean }[];
  liability_cap: number | null;
}
export interface SetBetLimit {
  family: MarketRow['family'];
  bet_type: string;
  min: number;
  max: number;
  session_max: number | null;
}

/** GET /operator/reports: the figures of a range of days. */
export interface Report {
  from: string;
  to: string;
  markets: {
    date: string;
    family: MarketRow['family'];
    market_id: number;
    market: string;
    stakes: number;
    payouts: number;
    profit: number;
  }[];
  bet_types: { family: MarketRow['family']; bet: string; bids: number; points: number }[];
  transfers: { date: string; count: number; points: number }[];
  money: { date: string; deposits: number; withdrawals: number }[];
  totals: { stakes: number; payouts: number; profit: number; transfers: number; deposits: number; withdrawals: number };
}

/** A notice sent to every player. */
export interface NoticeRow {
  id: number;
  title: string;
  body: string;
  link: string;
  sent_by: string | null;
  created_at: string;
}

export type RequestFilter = 'pending' | 'approved' | 'rejected' | 'all';

/** `early_reason`: an owner's reason for declaring before the draw time (the server refuses it otherwise). */
export type Declare = (
  | { kind: 'result'; market: string; session: 'open' | 'close'; pana: string; date?: string }
  | { kind: 'starline'; slot: string; pana: string; date?: string }
  | { kind: 'gali'; market: string; jodi: string; date?: string }
) & { early_reason?: string };

/**
 * A call of the operator API by its declaration in the contract (OP.addMarket): the request RTK
 * Query sends. A call the contract does not declare does not compile.
 */
function op(call: OperatorCall, body?: unknown, query?: Record<string, string>) {
  const { method, path } = operatorRequest(call, query);
  return { url: path, method, ...(body === undefined ? {} : { body }) };
}

/** The calls that preview and declare a result, by its kind. */
const DECLARE = {
  result: { preview: OP.previewResult, declare: OP.declareResult },
  starline: { preview: OP.previewStarline, declare: OP.declareStarline },
  gali: { preview: OP.previewGali, declare: OP.declareGali },
} as const satisfies Record<Declare['kind'], Record<'preview' | 'declare', OperatorCall>>;

/** The calls that approve and reject a money request, by its queue. */
const DECIDE = {
  deposits: { approve: OP.approveDeposit, reject: OP.rejectDeposit },
  withdrawals: { approve: OP.approveWithdrawal, reject: OP.rejectWithdrawal },
} as const satisfies Record<'deposits' | 'withdrawals', Record<'approve' | 'reject', OperatorCall>>;

const declareBody = (d: Declare) => {
  const { kind: _kind, ...body } = d;
  return body;
};

export const consoleApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Operators',
    'Markets',
    'Rates',
    'Results',
    'Deposits',
    'Withdrawals',
    'Audit',
    'Users',
    'Settings',
    'Notices',
  ],
  endpoints: (build) => ({
    session: build.query<{ operator: Operator; csrf_token?: string }, void>({ query: () => op(OP.session) }),
    signIn: build.mutation<{ operator: Operator; csrf_token: string }, OperatorRequestOf<'signIn'>>({
      query: (body) => op(OP.signIn, body),
    }),
    signOut: build.mutation<Answer, void>({ query: () => op(OP.signOut) }),
    setPassword: build.mutation<Answer, OperatorRequestOf<'setPassword'>>({
      query: (body) => op(OP.setPassword, body),
    }),
    operators: build.query<{ operators: OperatorRow[] }, void>({
      query: () => op(OP.operators),
      providesTags: ['Operators'],
    }),
    addOperator: build.mutation<Answer & { one_time_password: string; name: string }, OperatorRequestOf<'addOperator'>>(
      {
        query: (body) => op(OP.addOperator, body),
        invalidatesTags: ['Operators'],
      },
    ),
    operatorAction: build.mutation<Answer & { one_time_password?: string }, { action: OperatorAction; name: string }>({
      query: ({ action, name }) => op(OPERATOR_ACTIONS[action], { name }),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    totpSetup: build.mutation<TotpSetup, void>({ query: () => op(OP.totpSetup, {}) }),
    totpEnable: build.mutation<Answer, OperatorRequestOf<'totpEnable'>>({
      query: (body) => op(OP.totpEnable, body),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    totpDisable: build.mutation<Answer, OperatorRequestOf<'totpDisable'>>({
      query: (body) => op(OP.totpDisable, body),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    settlement: build.query<{ msg: string; job: SettlementJob }, string>({
      query: (id) => op(OP.settlement, undefined, { id }),
    }),
    markets: build.query<{ markets: MarketRow[] }, void>({
      query: () => op(OP.markets),
      providesTags: ['Markets'],
    }),
    preview: build.mutation<Preview, Declare>({
      query: (d) => op(DECLARE[d.kind].preview, declareBody(d)),
    }),
    declare: build.mutation<Preview, Declare>({
      query: (d) => op(DECLARE[d.kind].declare, declareBody(d)),
      invalidatesTags: ['Markets', 'Results', 'Audit'],
    }),
    requests: build.query<MoneyRequest[], { kind: 'deposits' | 'withdrawals'; status: RequestFilter }>({
      query: ({ kind, status }) => op(kind === 'deposits' ? OP.deposits : OP.withdrawals, undefined, { status }),
      transformResponse: (r: { deposits?: MoneyRequest[]; withdrawals?: MoneyRequest[] }) =>
        r.deposits ?? r.withdrawals ?? [],
      providesTags: (_r, _e, a) => [a.kind === 'deposits' ? 'Deposits' : 'Withdrawals'],
    }),
    decide: build.mutation<
      Answer,
      {
        kind: 'deposits' | 'withdrawals';
        action: 'approve' | 'reject';
        id: string;
        reason?: string;
        receipt_url?: string;
      }
    >({
      query: ({ kind, action, ...body }) => op(DECIDE[kind][action], body),
      invalidatesTags: (_r, _e, a) => [a.kind === 'deposits' ? 'Deposits' : 'Withdrawals', 'Audit'],
    }),
    addMarket: build.mutation<Answer, OperatorRequestOf<'addMarket'>>({
      query: (body) => op(OP.addMarket, body),
      invalidatesTags: ['Markets', 'Audit'],
    }),
    setMarketTimes: build.mutation<Answer, OperatorRequestOf<'setMarketTimes'>>({
      query: (body) => op(OP.setMarketTimes, body),
      invalidatesTags: ['Markets', 'Audit'],
    }),
    toggleMarket: build.mutation<Answer, { family: MarketRow['family']; name: string; active: boolean }>({
      query: ({ active, ...body }) => op(active ? OP.enableMarket : OP.disableMarket, body),
      invalidatesTags: ['Markets', 'Audit'],
    }),
    setOffDays: build.mutation<Answer, OperatorRequestOf<'setOffDays'>>({
      query: (body) => op(OP.setOffDays, body),
      invalidatesTags: ['Markets', 'Audit'],
    }),
    rates: build.query<RateRow[], void>({
      query: () => op(OP.rates),
      transformResponse: (r: { rates: RateRow[] }) => r.rates,
      providesTags: ['Rates'],
    }),
    setRate: build.mutation<Answer, RateRow>({
      query: (body) => op(OP.setRate, body),
      invalidatesTags: ['Rates', 'Audit'],
    }),
    betLimits: build.query<FamilyLimits[], void>({
      query: () => op(OP.betLimits),
      transformResponse: (r: { families: FamilyLimits[] }) => r.families,
      providesTags: ['Rates'],
    }),
    setBetLimit: build.mutation<Answer, SetBetLimit>({
      query: (body) => op(OP.setBetLimit, body),
      invalidatesTags: ['Rates', 'Audit'],
    }),
    setLiabilityCap: build.mutation<Answer, OperatorRequestOf<'setLiabilityCap'>>({
      query: (body) => op(OP.setLiabilityCap, body),
      invalidatesTags: ['Rates', 'Audit'],
    }),
    resultHistory: build.query<DeclaredResult[], MarketRow['family']>({
      query: (family) => op(OP.resultHistory, undefined, { family }),
      transformResponse: (r: { results: DeclaredResult[] }) => r.results,
      providesTags: ['Results'],
    }),
    dashboard: build.query<Dashboard, void>({
      query: () => op(OP.dashboard),
      providesTags: ['Markets', 'Deposits', 'Withdrawals'],
    }),
    report: build.query<Report, { from: string; to: string }>({
      query: ({ from, to }) => op(OP.reports, undefined, { from, to }),
      providesTags: ['Markets', 'Deposits', 'Withdrawals'],
    }),
    settings: build.query<
      {
        settings: Record<string, string>;
        keys: string[];
        qr?: { qr_image: string; upi_id: string; payee_name: string; upi_uri: string };
      },
      void
    >({
      query: () => op(OP.settings),
      providesTags: ['Settings'],
    }),
    setSetting: build.mutation<Answer & { value: string }, OperatorRequestOf<'setSetting'>>({
      query: (body) => op(OP.setSetting, body),
      invalidatesTags: ['Settings', 'Audit'],
    }),
    users: build.query<UserRow[], string>({
      query: (q) => op(OP.users, undefined, { q }),
      transformResponse: (r: { users: UserRow[] }) => r.users,
      providesTags: ['Users'],
    }),
    userDetail: build.query<UserDetail, string>({
      query: (mobile) => op(OP.userDetail, undefined, { mobile }),
      providesTags: ['Users'],
    }),
    changeAccount: build.mutation<Answer, AccountAction>({
      query: (a) => op(ACCOUNT_CALLS[a.action], accountBody(a)),
      invalidatesTags: ['Users', 'Audit'],
    }),
    audit: build.query<AuditRow[], void>({
      query: () => op(OP.audit, undefined, { limit: '500' }),
      transformResponse: (r: { audit: AuditRow[] }) => r.audit,
      providesTags: ['Audit'],
    }),
    notices: build.query<NoticeRow[], void>({
      query: () => op(OP.notices),
      transformResponse: (r: { notices: NoticeRow[] }) => r.notices,
      providesTags: ['Notices'],
    }),
    sendNotice: build.mutation<Answer & { notice: NoticeRow }, OperatorRequestOf<'sendNotice'>>({
      query: (body) => op(OP.sendNotice, body),
      invalidatesTags: ['Notices', 'Audit'],
    }),
  }),
});

export const {
  useSessionQuery,
  useSignInMutation,
  useSignOutMutation,
  useSetPasswordMutation,
  useOperatorsQuery,
  useAddOperatorMutation,
  useOperatorActionMutation,
  useSettlementQuery,
  useTotpSetupMutation,
  useTotpEnableMutation,
  useTotpDisableMutation,
  useMarketsQuery,
  usePreviewMutation,
  useDeclareMutation,
  useRequestsQuery,
  useDecideMutation,
  useUsersQuery,
  useSettingsQuery,
  useDashboardQuery,
  useReportQuery,
  useSetSettingMutation,
  useAddMarketMutation,
  useSetMarketTimesMutation,
  useToggleMarketMutation,
  useSetOffDaysMutation,
  useRatesQuery,
  useSetRateMutation,
  useBetLimitsQuery,
  useSetBetLimitMutation,
  useSetLiabilityCapMutation,
  useResultHistoryQuery,
  useUserDetailQuery,
  useChangeAccountMutation,
  useAuditQuery,
  useNoticesQuery,
  useSendNoticeMutation,
} = consoleApi;
