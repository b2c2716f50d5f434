/**
 * The console's one RTK Query api over the operator API (/operator/). The session is an HttpOnly
 * cookie the browser sends by itself (credentials: 'include', also from another configured origin);
 * writes carry the CSRF token the server gave at sign-in or on GET /operator/session.
 * An answer with status false, or an HTTP error, becomes an error holding the server's message.
 */
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OperatorRole } from '@matka/shared/domain';
import {
  DECISION_CALLS,
  DECLARE_CALLS,
  OP,
  OPERATOR_PREFIX,
  operatorRequest,
  refusalCodeOfStatus,
  RULE_REFUSAL,
  type OperatorCall,
  type SettlementJob,
} from '@matka/shared/contract';
import type { OperatorAnswerOf, OperatorCallWithAnswer, OperatorRequestOf } from '@matka/shared/contract/schemas';

export type Role = OperatorRole;

/** The signed-in operator. */
export type Operator = OperatorAnswerOf<'session'>['operator'];

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

export type TotpSetup = OperatorAnswerOf<'totpSetup'>;

/** Where the operator API is: this server's /operator, or OPERATOR_API in the page's config. */
export function operatorApiBase(): string {
  const configured = (globalThis as { __MATKA_CONSOLE__?: { operatorApi?: string } }).__MATKA_CONSOLE__?.operatorApi;
  return (configured || OPERATOR_PREFIX).replace(/\/+$/, '');
}

export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR';
  /** for a person: shown as it is, never compared */
  msg: string;
  /** what the console decides by: the refusal's code ('conflict', 'not_found', 'request'), or the transport's */
  code: string;
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

/** A field of an answer that should be text (a refusal's code or message), or `fallback`: read, never compared. */
const textOr = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const a = typeof args === 'string' ? { url: args } : args;
  const result = await raw({ ...a, url: operatorApiBase() + a.url }, api, extra);
  if (result.error) {
    const e = result.error;
    const data = (e as { data?: unknown }).data as Record<string, unknown> | undefined;
    if (e.status === 'FETCH_ERROR')
      return {
        error: {
          status: 'FETCH_ERROR',
          code: 'unreachable',
          msg: 'The server cannot be reached: check the connection and try again',
        },
      };
    if (typeof e.status !== 'number')
      return {
        error: { status: 'PARSE_ERROR', code: 'unreadable', msg: 'The server sent an answer the console cannot read' },
      };
    if (e.status === 401 && data?.signed_out) api.dispatch(signedOut());
    return {
      error: {
        status: e.status,
        code: textOr(data?.code, refusalCodeOfStatus(e.status)),
        msg: textOr(data?.msg, `The server answered ${e.status}`),
        data,
      },
    };
  }
  const body = result.data as Record<string, unknown> | undefined;
  if (body && body.status === false)
    return {
      error: {
        status: 200,
        code: textOr(body.code, RULE_REFUSAL),
        msg: textOr(body.msg, 'Refused'),
        data: body,
      },
    };
  return { data: body };
};

/** The message to show for a failed call. */
export const messageOf = (error: unknown): string =>
  (error as ApiError | undefined)?.msg ?? 'Something went wrong: try again';

/** What a call answers, as the contract declares it (never typed here by hand). */
type AnswerOf<C extends OperatorCallWithAnswer> = OperatorAnswerOf<C>;
type AccountCall = (typeof ACCOUNT_CALLS)[AccountAction['action']];

export type OperatorRow = OperatorAnswerOf<'operators'>['operators'][number];
export type MarketRow = OperatorAnswerOf<'markets'>['markets'][number];
export type RateRow = OperatorAnswerOf<'rates'>['rates'][number];
export type DeclaredResult = OperatorAnswerOf<'resultHistory'>['results'][number];

/** What declaring a result would do (its winners, what it reverses, the exposure, whether it is early). */
export type Preview = OperatorAnswerOf<'previewResult'>;
/** A declaration: the result stored and its settlement job, or (certification on) the proposal stored. */
export type Declaration = OperatorAnswerOf<'declareResult'>;
/** Whether declarations need a second operator, and the proposals (waiting, then decided lately). */
export type Proposals = OperatorAnswerOf<'proposals'>;
export type Proposal = Proposals['proposals'][number];
/** A proposal certified: declared, its settlement as a declaration's. */
export type Certified = OperatorAnswerOf<'certifyResult'>;

/** A declaration's settlement: progress while it runs, the summary once done. */
export type { SettlementJob };

type DepositRow = OperatorAnswerOf<'deposits'>['deposits'][number];
type WithdrawRow = OperatorAnswerOf<'withdrawals'>['withdrawals'][number];
/** A row of the deposits or the withdrawals queue: what both have, and what one of them has. */
export type MoneyRequest = Pick<DepositRow, keyof DepositRow & keyof WithdrawRow> &
  Partial<Omit<DepositRow, keyof WithdrawRow>> &
  Partial<Omit<WithdrawRow, keyof DepositRow>>;

export type UserRow = OperatorAnswerOf<'users'>['users'][number];
/** One account in full (its ledger, bids, wins, totals and responsible play). */
export type UserDetail = OperatorAnswerOf<'userDetail'>;

/** What an operator may do to an account (the Users screens). */
export type AccountAction =
  | { action: 'betting-on' | 'betting-off' | 'approve' | 'approve-upi' | 'unblock' | 'logout'; mobile: string }
  | { action: 'block' | 'lift-exclusion'; mobile: string; reason: string }
  | { action: 'credit' | 'debit'; mobile: string; points: number; reason: string };

const ACCOUNT_CALLS = {
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
} as const satisfies Record<AccountAction['action'], OperatorCall>;

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

export type AuditRow = OperatorAnswerOf<'audit'>['audit'][number];
export type Dashboard = OperatorAnswerOf<'dashboard'>;
export type CappedNumber = Dashboard['capped'][number];
/** A family's bet types with their limits (own or the defaults), and its cap. */
export type FamilyLimits = OperatorAnswerOf<'betLimits'>['families'][number];
export type SetBetLimit = OperatorRequestOf<'setBetLimit'>;
/** The figures of a range of days. */
export type Report = OperatorAnswerOf<'reports'>;
/** A notice sent to every player. */
export type NoticeRow = OperatorAnswerOf<'notices'>['notices'][number];

export type RequestFilter = NonNullable<OperatorRequestOf<'deposits'>['status']>;
type DecisionCall = (typeof DECISION_CALLS)[keyof typeof DECISION_CALLS][keyof (typeof DECISION_CALLS)['deposits']];

/** `early_reason`: an owner's reason for declaring before the draw time (the server refuses it otherwise). */
export type Declare =
  | ({ kind: 'result' } & OperatorRequestOf<'declareResult'>)
  | ({ kind: 'starline' } & OperatorRequestOf<'declareStarline'>)
  | ({ kind: 'gali' } & OperatorRequestOf<'declareGali'>);

/**
 * A call of the operator API by its declaration in the contract (OP.addMarket): the request RTK
 * Query sends. A call the contract does not declare does not compile.
 */
export function op(call: OperatorCall, body?: unknown, query?: Record<string, string>) {
  const { method, path } = operatorRequest(call, query);
  return { url: path, method, ...(body === undefined ? {} : { body }) };
}

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
    'Proposals',
    'Deposits',
    'Withdrawals',
    'Audit',
    'Users',
    'Settings',
    'Notices',
    'ManualMoves',
  ],
  endpoints: (build) => ({
    session: build.query<AnswerOf<'session'>, void>({ query: () => op(OP.session) }),
    signIn: build.mutation<AnswerOf<'signIn'>, OperatorRequestOf<'signIn'>>({
      query: (body) => op(OP.signIn, body),
    }),
    signOut: build.mutation<AnswerOf<'signOut'>, void>({ query: () => op(OP.signOut) }),
    setPassword: build.mutation<AnswerOf<'setPassword'>, OperatorRequestOf<'setPassword'>>({
      query: (body) => op(OP.setPassword, body),
    }),
    operators: build.query<AnswerOf<'operators'>, void>({
      query: () => op(OP.operators),
      providesTags: ['Operators'],
    }),
    addOperator: build.mutation<AnswerOf<'addOperator'>, OperatorRequestOf<'addOperator'>>({
      query: (body) => op(OP.addOperator, body),
      invalidatesTags: ['Operators'],
    }),
    operatorAction: build.mutation<
      AnswerOf<(typeof OPERATOR_ACTIONS)[OperatorAction]>,
      { action: OperatorAction } & OperatorRequestOf<'resetOperatorPassword'>
    >({
      query: ({ action, name }) => op(OPERATOR_ACTIONS[action], { name }),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    totpSetup: build.mutation<TotpSetup, void>({ query: () => op(OP.totpSetup, {}) }),
    totpEnable: build.mutation<AnswerOf<'totpEnable'>, OperatorRequestOf<'totpEnable'>>({
      query: (body) => op(OP.totpEnable, body),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    totpDisable: build.mutation<AnswerOf<'totpDisable'>, OperatorRequestOf<'totpDisable'>>({
      query: (body) => op(OP.totpDisable, body),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    settlement: build.query<AnswerOf<'settlement'>, string>({
      query: (id) => op(OP.settlement, undefined, { id }),
    }),
    markets: build.query<AnswerOf<'markets'>, void>({
      query: () => op(OP.markets),
      providesTags: ['Markets'],
    }),
    preview: build.mutation<Preview, Declare>({
      query: (d) => op(DECLARE_CALLS[d.kind].preview, declareBody(d)),
    }),
    declare: build.mutation<Declaration, Declare>({
      query: (d) => op(DECLARE_CALLS[d.kind].declare, declareBody(d)),
      invalidatesTags: ['Markets', 'Results', 'Proposals', 'Audit'],
    }),
    proposals: build.query<Proposals, void>({
      query: () => op(OP.proposals),
      providesTags: ['Proposals'],
    }),
    certify: build.mutation<Certified, OperatorRequestOf<'certifyResult'>>({
      query: (b) => op(OP.certifyResult, b),
      invalidatesTags: ['Markets', 'Results', 'Proposals', 'Audit'],
    }),
    manualMoves: build.query<AnswerOf<'manualMoves'>, void>({
      query: () => op(OP.manualMoves),
      providesTags: ['ManualMoves'],
    }),
    approveManualMove: build.mutation<AnswerOf<'approveManualMove'>, OperatorRequestOf<'approveManualMove'>>({
      query: (body) => op(OP.approveManualMove, body),
      invalidatesTags: ['ManualMoves', 'Users', 'Audit'],
    }),
    rejectManualMove: build.mutation<AnswerOf<'rejectManualMove'>, OperatorRequestOf<'rejectManualMove'>>({
      query: (body) => op(OP.rejectManualMove, body),
      invalidatesTags: ['ManualMoves', 'Audit'],
    }),
    reject: build.mutation<AnswerOf<'rejectResult'>, OperatorRequestOf<'rejectResult'>>({
      query: (body) => op(OP.rejectResult, body),
      invalidatesTags: ['Proposals', 'Audit'],
    }),
    requests: build.query<MoneyRequest[], { kind: 'deposits' | 'withdrawals'; status: RequestFilter }>({
      query: ({ kind, status }) => op(kind === 'deposits' ? OP.deposits : OP.withdrawals, undefined, { status }),
      transformResponse: (r: AnswerOf<'deposits'> | AnswerOf<'withdrawals'>): MoneyRequest[] =>
        'deposits' in r ? r.deposits : r.withdrawals,
      providesTags: (_r, _e, a) => [a.kind === 'deposits' ? 'Deposits' : 'Withdrawals'],
    }),
    decide: build.mutation<
      AnswerOf<DecisionCall>,
      { kind: 'deposits' | 'withdrawals'; action: 'approve' | 'reject' } & Partial<OperatorRequestOf<DecisionCall>> & {
          id: string;
        }
    >({
      query: ({ kind, action, ...body }) => op(DECISION_CALLS[kind][action], body),
      invalidatesTags: (_r, _e, a) => [a.kind === 'deposits' ? 'Deposits' : 'Withdrawals', 'Audit'],
    }),
    addMarket: build.mutation<AnswerOf<'addMarket'>, OperatorRequestOf<'addMarket'>>({
      query: (body) => op(OP.addMarket, body),
      invalidatesTags: ['Markets', 'Audit'],
    }),
    setMarketTimes: build.mutation<AnswerOf<'setMarketTimes'>, OperatorRequestOf<'setMarketTimes'>>({
      query: (body) => op(OP.setMarketTimes, body),
      invalidatesTags: ['Markets', 'Audit'],
    }),
    toggleMarket: build.mutation<AnswerOf<'enableMarket'>, OperatorRequestOf<'enableMarket'> & { active: boolean }>({
      query: ({ active, ...body }) => op(active ? OP.enableMarket : OP.disableMarket, body),
      invalidatesTags: ['Markets', 'Audit'],
    }),
    setOffDays: build.mutation<AnswerOf<'setOffDays'>, OperatorRequestOf<'setOffDays'>>({
      query: (body) => op(OP.setOffDays, body),
      invalidatesTags: ['Markets', 'Audit'],
    }),
    rates: build.query<RateRow[], void>({
      query: () => op(OP.rates),
      transformResponse: (r: AnswerOf<'rates'>) => r.rates,
      providesTags: ['Rates'],
    }),
    setRate: build.mutation<AnswerOf<'setRate'>, OperatorRequestOf<'setRate'>>({
      query: (body) => op(OP.setRate, body),
      invalidatesTags: ['Rates', 'Audit'],
    }),
    betLimits: build.query<FamilyLimits[], void>({
      query: () => op(OP.betLimits),
      transformResponse: (r: AnswerOf<'betLimits'>) => r.families,
      providesTags: ['Rates'],
    }),
    setBetLimit: build.mutation<AnswerOf<'setBetLimit'>, SetBetLimit>({
      query: (body) => op(OP.setBetLimit, body),
      invalidatesTags: ['Rates', 'Audit'],
    }),
    setLiabilityCap: build.mutation<AnswerOf<'setLiabilityCap'>, OperatorRequestOf<'setLiabilityCap'>>({
      query: (body) => op(OP.setLiabilityCap, body),
      invalidatesTags: ['Rates', 'Audit'],
    }),
    resultHistory: build.query<DeclaredResult[], MarketRow['family']>({
      query: (family) => op(OP.resultHistory, undefined, { family }),
      transformResponse: (r: AnswerOf<'resultHistory'>) => r.results,
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
    settings: build.query<AnswerOf<'settings'>, void>({
      query: () => op(OP.settings),
      providesTags: ['Settings'],
    }),
    setSetting: build.mutation<AnswerOf<'setSetting'>, OperatorRequestOf<'setSetting'>>({
      query: (body) => op(OP.setSetting, body),
      invalidatesTags: ['Settings', 'Audit'],
    }),
    users: build.query<UserRow[], string>({
      query: (q) => op(OP.users, undefined, { q }),
      transformResponse: (r: AnswerOf<'users'>) => r.users,
      providesTags: ['Users'],
    }),
    userDetail: build.query<UserDetail, string>({
      query: (mobile) => op(OP.userDetail, undefined, { mobile }),
      providesTags: ['Users'],
    }),
    changeAccount: build.mutation<AnswerOf<AccountCall>, AccountAction>({
      query: (a) => op(ACCOUNT_CALLS[a.action], accountBody(a)),
      // a credit or debit above the threshold is a request waiting on the dashboard
      invalidatesTags: ['Users', 'Audit', 'ManualMoves'],
    }),
    audit: build.query<AuditRow[], void>({
      query: () => op(OP.audit, undefined, { limit: '500' }),
      transformResponse: (r: AnswerOf<'audit'>) => r.audit,
      providesTags: ['Audit'],
    }),
    notices: build.query<NoticeRow[], void>({
      query: () => op(OP.notices),
      transformResponse: (r: AnswerOf<'notices'>) => r.notices,
      providesTags: ['Notices'],
    }),
    sendNotice: build.mutation<AnswerOf<'sendNotice'>, OperatorRequestOf<'sendNotice'>>({
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
  useProposalsQuery,
  useCertifyMutation,
  useRejectMutation,
  useManualMovesQuery,
  useApproveManualMoveMutation,
  useRejectManualMoveMutation,
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
