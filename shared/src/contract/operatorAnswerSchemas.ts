/**
 * What each operator call answers (status true), as zod schemas declared once beside its request
 * (operatorSchemas.ts): the console's types and the server's are inferred from them (OperatorAnswerOf,
 * type-only), the server's test suites parse every operator answer by its call's schema (CHECK_ANSWERS),
 * and `/openapi.json` documents them. A refusal is `{ status: false, msg }` with a 4xx status, like the
 * player API's. Two calls answer bytes, not JSON (a deposit's screenshot, a backup): they have none.
 * Objects may carry more fields than they name (the checks read the fields they name).
 */
import { z } from 'zod';
import { OPERATOR_ROLES, type OperatorRole } from '../domain';
import type { OperatorCall } from './operator';
import { FAMILY_ANSWERS } from './familySchemas';
import { AUDIT_ANSWERS } from './auditSchemas';
import { RESULT_ANSWERS } from './resultSchemas';
import { answer, count, done, doneWith, family, id, ok } from './answerParts';

const role = z.enum(OPERATOR_ROLES as [OperatorRole, ...OperatorRole[]]);

// ------------------------------------------------------------------ the operator and the operators

/** The signed-in operator. */
export const OperatorSchema = z.object({
  name: z.string(),
  role,
  must_change_password: z.boolean(),
  totp: z.boolean(),
});

export const OperatorRowSchema = z.object({
  id,
  name: z.string(),
  role,
  must_change_password: z.boolean(),
  totp: z.boolean(),
  disabled: z.boolean(),
  /** when an owner disabled the account (null: it is not disabled) */
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});

export const TotpSetupSchema = answer({
  secret: z.string(),
  /** the otpauth URI */
  uri: z.string(),
  /** the otpauth URI as a QR code (PNG data URL) */
  qr_image: z.string(),
});

const oneTimePassword = doneWith({ one_time_password: z.string() });

// ------------------------------------------------------------------ markets, rates and limits

export const MarketRowSchema = z.object({
  id: count,
  family,
  name: z.string(),
  /** HH:MM, 24-hour */
  open: z.string(),
  close: z.string(),
  /** as players see them ('09:30 AM') */
  open_time: z.string(),
  close_time: z.string(),
  active: z.boolean(),
  /** weekly off days, 0 = Sunday .. 6 = Saturday */
  off_days: z.array(z.number().int().min(0).max(6)),
  open_now: z.boolean(),
});

const marketHours = z.object({ id: count, family, name: z.string(), open: z.string(), close: z.string() });

export const RateRowSchema = z.object({ family, rate_key: z.string(), val_1: z.number(), val_2: z.number() });

/** A family's bet types with their limits (own or the defaults), and its liability cap. */
export const FamilyLimitsSchema = z.object({
  family,
  /** every bet type of the family, with its own limits or the defaults (own: false) */
  bet_types: z.array(
    z.object({
      bet_type: z.string(),
      title: z.string(),
      min: z.number(),
      max: z.number(),
      /** the most one player may stake on it in one market session; null: no maximum */
      session_max: z.number().nullable(),
      own: z.boolean(),
    }),
  ),
  /** the largest payout one number may cost on one market session; null: no cap */
  liability_cap: z.number().nullable(),
});

// ------------------------------------------------------------------ money

const requestStatus = z.enum(['pending', 'approved', 'rejected']);

/** A deposit or withdrawal request in its queue. */
const moneyRequest = z.object({
  id,
  mobile: z.string(),
  name: z.string(),
  amount: z.string(),
  status: requestStatus,
  requested: z.string(),
  decided: z.string().nullable(),
  /** why it was rejected (the operator's reason), if it was */
  note: z.string().nullable(),
});

export const DepositRequestSchema = moneyRequest.extend({
  /** the UPI payment's reference the player gave ('' if none), and whether a screenshot came */
  utr: z.string(),
  has_screenshot: z.boolean(),
});

export const WithdrawRequestSchema = moneyRequest.extend({
  method: z.string(),
  number: z.string(),
  receipt_url: z.string().nullable(),
  /** points of a reversed win it still owes (approved only with a reason) and why */
  held_points: z.string(),
  held_note: z.string().nullable(),
});

// ------------------------------------------------------------------ players' accounts

export const UserRowSchema = z.object({
  id,
  mobile: z.string(),
  name: z.string(),
  wallet: z.string(),
  betting_status: z.enum(['0', '1']),
  /** false: registered without a verified code and not approved yet (LEGACY_REGISTRATION) */
  approved: z.boolean(),
  blocked: z.boolean(),
  created: z.string(),
});

/** One account in full. */
export const UserDetailSchema = answer({
  user: UserRowSchema.extend({
    blocked_reason: z.string().nullable(),
    blocked_since: z.string().nullable(),
    sessions: count,
    /** UPI numbers saved without a proved code (LEGACY_REGISTRATION): no withdrawal to them until approved */
    upi_held: z.array(z.string()),
  }),
  /** responsible play: when the age was declared, a break or self-exclusion running ('permanent'), or null */
  protection: z.object({
    age_declared: z.string().nullable(),
    break_until: z.string().nullable(),
    excluded_until: z.string().nullable(),
    /** the player's limits in force, with their use and a change that waits */
    limits: z.array(z.string()),
  }),
  totals: z.object({ staked: z.number(), won: z.number(), deposited: z.number(), withdrawn: z.number() }),
  ledger: z.array(
    z.object({
      id,
      when: z.string(),
      type: z.enum(['credit', 'debit']),
      amount: z.number(),
      balance_after: z.number(),
      kind: z.string(),
      note: z.string(),
    }),
  ),
  bids: z.array(
    z.object({
      id,
      when: z.string(),
      date: z.string(),
      family,
      market: z.string(),
      bet: z.string(),
      session: z.string(),
      digits: z.string(),
      points: z.number(),
      status: z.string(),
      win_amount: z.number(),
    }),
  ),
  wins: z.array(
    z.object({ id, date: z.string(), family, market: z.string(), amount: z.number(), reversed: z.boolean() }),
  ),
});

// ------------------------------------------------------------------ figures, settings, the audit log, notices

/**
 * The server's state on the dashboard, read from the figures /metrics answers, every process added up.
 */
export const ServerFiguresSchema = z.object({
  /** server processes answering, and how many are configured (WORKERS) */
  processes: z.object({ up: count, configured: count }),
  queues: z.object({ deposits: count, withdrawals: count, settlement_jobs: count }),
  /** one-time codes handed to the SMS provider in the last 60 minutes */
  sms_last_hour: z.object({ sent: count, failed: count }),
  live_streams: count,
  /** PostgreSQL's connections (null on the embedded database) */
  db_pool: z.object({ in_use: count, idle: count, waiting: count }).nullable(),
});

/** A number near its family's liability cap today. */
export const CappedNumberSchema = z.object({
  market: z.string(),
  family: z.string(),
  session: z.string(),
  bet_type: z.string(),
  title: z.string(),
  number: z.string(),
  payout: z.number(),
  cap: z.number(),
  /** no bid of the family's smallest size fits any more */
  closed: z.boolean(),
});

const points = z.object({ count, points: z.number() });

export const DashboardSchema = answer({
  date: z.string(),
  today: z.array(z.object({ family, stakes: z.number(), payouts: z.number(), profit: z.number() })),
  days: z.array(z.object({ date: z.string(), stakes: z.number(), payouts: z.number() })),
  pending: z.object({ deposits: points, withdrawals: points }),
  open_markets: z.array(z.object({ id: count, family, name: z.string(), close_time: z.string() })),
  /** the numbers nearest their family's liability cap today, largest share first */
  capped: z.array(CappedNumberSchema),
  /** processes up, queues, SMS in the last hour; null when the figures could not be read */
  server: ServerFiguresSchema.nullable(),
});

/** The figures of a range of days. */
export const ReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  markets: z.array(
    z.object({
      date: z.string(),
      family,
      market_id: count,
      market: z.string(),
      stakes: z.number(),
      payouts: z.number(),
      profit: z.number(),
    }),
  ),
  bet_types: z.array(z.object({ family, bet: z.string(), bids: count, points: z.number() })),
  transfers: z.array(z.object({ date: z.string(), count, points: z.number() })),
  money: z.array(z.object({ date: z.string(), deposits: z.number(), withdrawals: z.number() })),
  totals: z.object({
    stakes: z.number(),
    payouts: z.number(),
    profit: z.number(),
    transfers: z.number(),
    deposits: z.number(),
    withdrawals: z.number(),
  }),
});

export const AuditRowSchema = z.object({
  id,
  action: z.string(),
  target: z.string().nullable(),
  operator: z.string().nullable(),
  params: z.unknown(),
  before: z.unknown(),
  after: z.unknown(),
  ok: z.boolean(),
  created_at: z.string(),
});

/** A notice sent to every player. */
export const NoticeRowSchema = z.object({
  id: count,
  title: z.string(),
  body: z.string(),
  link: z.string(),
  sent_by: z.string().nullable(),
  created_at: z.string(),
});

// ------------------------------------------------------------------ every call's answer

/** An operator call's refusal: its text, and its code by the answer's HTTP status (refusalCodes.ts) or its own. */
export const OperatorRefusalSchema = z.looseObject({
  status: z.literal(false),
  msg: z.string(),
  code: z.string().min(1),
});

const withId = doneWith({ id: z.string() });
/** A manual credit or debit above the threshold: waiting for a second operator, or decided. */
const ManualMoveSchema = z.object({
  id: z.string(),
  mobile: z.string(),
  direction: z.enum(['credit', 'debit']),
  points: z.number(),
  note: z.string(),
  requested_by: z.string(),
  requested_at: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
});

/**
 * A manual credit or debit: moved (`wallet_amt` after it), or above the owner's threshold a request
 * waiting for a second operator (`pending`, `request`; `wallet_amt` unchanged).
 */
const walletMoved = doneWith({
  mobile: z.string(),
  wallet_amt: z.string(),
  pending: z.boolean().optional(),
  request: ManualMoveSchema.optional(),
});

export const OPERATOR_ANSWERS = {
  signIn: doneWith({ operator: OperatorSchema, csrf_token: z.string() }),
  session: answer({ operator: OperatorSchema, csrf_token: z.string().optional() }),
  signOut: done,
  setPassword: done,
  totpSetup: TotpSetupSchema,
  totpEnable: done,
  totpDisable: done,

  operators: answer({ operators: z.array(OperatorRowSchema) }),
  addOperator: oneTimePassword.extend({ name: z.string(), role }),
  resetOperatorPassword: oneTimePassword,
  disableOperator: done,
  enableOperator: done,
  operatorTotpOff: done,
  setOperatorRole: done,

  markets: answer({ markets: z.array(MarketRowSchema) }),
  addMarket: doneWith({ market: marketHours }),
  enableMarket: doneWith({ id: count }),
  disableMarket: doneWith({ id: count }),
  setOffDays: doneWith({ off_days: z.array(z.number().int()) }),
  setMarketTimes: doneWith({ market: marketHours }),
  rates: answer({ rates: z.array(RateRowSchema) }),
  setRate: done,
  betLimits: answer({ families: z.array(FamilyLimitsSchema) }),
  setBetLimit: done,
  setLiabilityCap: done,

  ...RESULT_ANSWERS,

  deposits: answer({ filter: z.string(), deposits: z.array(DepositRequestSchema) }),
  approveDeposit: walletMoved.extend({ id: z.string() }),
  rejectDeposit: withId,
  withdrawals: answer({ filter: z.string(), withdrawals: z.array(WithdrawRequestSchema) }),
  approveWithdrawal: withId,
  rejectWithdrawal: withId.extend({ wallet_amt: z.string() }),
  credit: walletMoved,
  debit: walletMoved,
  manualMoves: answer({ threshold: z.number(), moves: z.array(ManualMoveSchema) }),
  approveManualMove: doneWith({ move: ManualMoveSchema, wallet_amt: z.string() }),
  rejectManualMove: doneWith({ move: ManualMoveSchema }),

  users: answer({ users: z.array(UserRowSchema) }),
  unapprovedUsers: answer({
    users: z.array(z.object({ id, mobile: z.string(), name: z.string(), created: z.string() })),
  }),
  userDetail: UserDetailSchema,
  approveUser: doneWith({ betting_status: z.enum(['0', '1']) }),
  approveUpi: doneWith({ approved: z.array(z.string()) }),
  setBetting: doneWith({ betting_status: z.enum(['0', '1']) }),
  blockUser: done,
  unblockUser: done,
  logoutUser: doneWith({ sessions: count }),
  liftExclusion: done,
  lastOtp: answer({ mobile: z.string(), otp: z.string(), purpose: z.string(), created_at: z.string() }),

  settings: answer({
    settings: z.record(z.string(), z.string()),
    keys: z.array(z.string()),
    /**
     * changes one owner may not make alone (turning result certification off), waiting for a second
     * owner's approval (approved_by null) or for their time (applies_at)
     */
    requests: z.array(
      z.object({
        id: z.string(),
        key: z.string(),
        value: z.string(),
        requested_by: z.string(),
        requested_at: z.string(),
        approved_by: z.string().nullable(),
        applies_at: z.string().nullable(),
      }),
    ),
    /** the QR code players scan on /qrpay (from upi_id and payee_name) */
    qr: z.object({ qr_image: z.string(), upi_id: z.string(), payee_name: z.string(), upi_uri: z.string() }),
  }),
  /** `pending`: not changed yet, a request waiting for a second owner or its time (`value` is the value now) */
  setSetting: doneWith({ key: z.string(), value: z.string(), pending: z.boolean().optional() }),
  setWithdrawWindow: doneWith({ open: z.string(), close: z.string() }),
  dashboard: DashboardSchema,
  reports: ok.extend(ReportSchema.shape),
  audit: answer({ audit: z.array(AuditRowSchema) }),

  notices: answer({ notices: z.array(NoticeRowSchema) }),
  sendNotice: doneWith({ notice: NoticeRowSchema }),
  ...FAMILY_ANSWERS,
  ...AUDIT_ANSWERS,
} as const satisfies Partial<Record<OperatorCall, z.ZodType>>;

/** The calls whose answer is JSON (the rest answer bytes: an image, a backup). */
export type OperatorCallWithAnswer = keyof typeof OPERATOR_ANSWERS;
/** What an operator call answers (status true), as the console reads it. */
export type OperatorAnswerOf<C extends OperatorCallWithAnswer> = z.output<(typeof OPERATOR_ANSWERS)[C]>;
