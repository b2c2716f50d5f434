import type { ColumnType, Generated } from 'kysely';
import type { OperatorRole } from '@matka/shared/domain';

/** bigint columns come back as strings from both drivers; numbers or strings may be written. */
export type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
export type Int8Gen = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** date columns come back as 'YYYY-MM-DD' strings */
export type DateCol = ColumnType<string, string, string>;

export type MarketFamily = 'regular' | 'starline' | 'gali';

export interface UsersTable {
  id: Int8Gen;
  mobile: string;
  name: string;
  email: ColumnType<string, string | undefined, string>;
  password_hash: string;
  security_pin: ColumnType<string, string | undefined, string>;
  device_id: string | null;
  betting_status: ColumnType<string, string | undefined, string>;
  wallet: Int8Gen;
  paytm_no: string | null;
  google_pay_no: string | null;
  phon_pay_no: string | null;
  upi_held: ColumnType<string[], string[] | undefined, string[]>;
  /** false: registered without a verified code (LEGACY_REGISTRATION=unverified) */
  verified: ColumnType<boolean, boolean | undefined, boolean>;
  approved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** set while an operator has blocked the account (no login, no call) */
  blocked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  blocked_reason: ColumnType<string, string | undefined, string>;
  /** responsible play (migration 017): the age declaration, a break, self-exclusion */
  age_declared_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  break_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  excluded_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** the reality check's interval, 30, 60 or 120 minutes (migration 019; null: off) */
  reality_check_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** the player's language, 'en', 'hi' or 'mr' (migration 021; null: never chosen) */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** the inbox's entries up to this id are read (migration 015) */
  inbox_read_id: Int8Gen;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthTokensTable {
  id: Int8Gen;
  user_id: Int8;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  device_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** the address the session logged in from (migration 033) */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OtpCodesTable {
  id: Int8Gen;
  mobile: string;
  purpose: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  disclosed: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface MarketsTable {
  id: Generated<number>;
  family: MarketFamily;
  name: string;
  open_minute: number;
  close_minute: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
  /** weekly off days, 0 = Sunday .. 6 = Saturday (Asia/Kolkata) */
  off_days: ColumnType<number[], number[] | undefined, number[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 012: a declaration's settlement, settled in chunks and resumable (services/settlement-jobs.ts). */
export interface SettlementJobsTable {
  id: Int8Gen;
  market_id: number;
  result_date: DateCol;
  family: MarketFamily;
  result: ColumnType<unknown, string, string>;
  status: ColumnType<
    'running' | 'done' | 'superseded',
    'running' | 'done' | 'superseded' | undefined,
    'running' | 'done' | 'superseded'
  >;
  plays_ready: ColumnType<boolean, boolean | undefined, boolean>;
  last_bid_id: Int8;
  phase: ColumnType<'gain' | 'loss', 'gain' | 'loss' | undefined, 'gain' | 'loss'>;
  /** false unless the job corrects a declared part: only a correction takes wins back (migration 026) */
  loss_pass: ColumnType<boolean, boolean | undefined, boolean>;
  cursor: Int8Gen;
  /** NULL until its first steps have judged and counted every bid (migrations 024, 025) */
  bids_total: number | null;
  /** the judging's progress: the last bid id judged, the bids counted so far (migration 025) */
  judged_upto: Int8Gen;
  bids_judged: Generated<number>;
  bids_done: Generated<number>;
  paid: Generated<number>;
  paid_points: Int8Gen;
  reversed: Generated<number>;
  reversed_points: Int8Gen;
  shortfall_points: Int8Gen;
  withheld_points: Int8Gen;
  lost: ColumnType<number | null, number | null | undefined, number | null>;
  pending: ColumnType<number | null, number | null | undefined, number | null>;
  declared_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SettlementPlaysTable {
  job_id: Int8;
  bet_type: string;
  session: string;
  digits: string;
  closedigits: string;
  status: 'pending' | 'won' | 'lost';
  rate_key: string;
}

export interface ResultsTable {
  market_id: number;
  result_date: DateCol;
  open_pana: string | null;
  open_digit: string | null;
  close_pana: string | null;
  close_digit: string | null;
  jodi: string | null;
  declared_at: Timestamp;
  updated_at: Timestamp;
}

export interface RateEventsTable {
  key: string;
  at: Timestamp;
}

export interface RateGatesTable {
  key: string;
  at: Timestamp;
}

export interface GameRatesTable {
  family: MarketFamily;
  rate_key: string;
  val_1: Int8;
  val_2: Int8;
  sort_order: ColumnType<number, number | undefined, number>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface BidSubmissionsTable {
  id: Int8Gen;
  user_id: Int8;
  family: MarketFamily;
  market_id: number;
  bet_type: string;
  session: string;
  bid_date: DateCol;
  total_points: Int8;
  row_count: number;
  idempotency_key: string | null;
  created_at: Timestamp;
}

export interface BidsTable {
  id: Int8Gen;
  submission_id: Int8;
  user_id: Int8;
  family: MarketFamily;
  market_id: number;
  bet_type: string;
  pana: string;
  session: 'Open' | 'Close';
  digits: string;
  closedigits: ColumnType<string, string | undefined, string>;
  points: Int8;
  bid_date: DateCol;
  status: ColumnType<string, string | undefined, string>;
  win_amount: Int8Gen;
  /** points of a reversed win the wallet did not hold (netted against a later re-payment) */
  unrecovered: Int8Gen;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  /** the game rate when the bid was placed (rate_1 points pay rate_2); null for bids older than migration 010 */
  rate_1: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  rate_2: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

export interface WinsTable {
  id: Int8Gen;
  bid_id: Int8;
  user_id: Int8;
  family: MarketFamily;
  market_id: number;
  amount: Int8;
  win_date: DateCol;
  created_at: Timestamp;
  reversed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface WalletTransactionsTable {
  id: Int8Gen;
  user_id: Int8;
  type: 'credit' | 'debit';
  amount: Int8;
  balance_after: Int8;
  kind: string;
  note: ColumnType<string, string | undefined, string>;
  reference: string | null;
  amount_status: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface OperatorAuditTable {
  id: Int8Gen;
  action: string;
  target: string | null;
  params: ColumnType<unknown, string | null, string | null>;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  ok: ColumnType<boolean, boolean | undefined, boolean>;
  operator: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** What players hear at once (migration 015): written in the transaction that makes it true. */
export interface LiveEventsTable {
  id: Int8Gen;
  /** the writing transaction (xid8 as text) */
  tx: ColumnType<string, never, never>;
  user_id: Int8 | null;
  kind: string;
  data: ColumnType<unknown, string, string>;
  dedup: ColumnType<string | null, string | null | undefined, string | null>;
  /** claimed by the web push sender (migration 016) */
  pushed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Int8Gen;
  user_id: Int8;
  endpoint: string;
  p256dh: string;
  auth: string;
  categories: ColumnType<string[], string[], string[]>;
  created_at: Timestamp;
  last_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** the session that subscribed (migration 031): the subscription ends with it */
  token_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

export interface MarketFollowsTable {
  user_id: Int8;
  market_id: number;
}

export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface ProtectionHistoryTable {
  id: Int8Gen;
  user_id: Int8;
  kind: string;
  until: ColumnType<Date | null, Date | string | null, Date | string | null>;
  note: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

/** A player's limit (migration 019): `amount` in force, a raise or removal waiting as next_amount from next_at. */
export interface PlayLimitsTable {
  user_id: Int8;
  kind: string;
  period: string;
  amount: ColumnType<string | null, number | string | null, number | string | null>;
  next_amount: ColumnType<string | null, number | string | null, number | string | null>;
  next_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  updated_at: Timestamp;
}

export interface PlayLimitHistoryTable {
  id: Int8Gen;
  user_id: Int8;
  kind: string;
  period: string;
  action: string;
  amount: ColumnType<string | null, number | string | null, number | string | null>;
  previous: ColumnType<string | null, number | string | null, number | string | null>;
  effective_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Timestamp;
}

/** An operator's bet limits of one bet type of a family (migration 020). */
export interface BetLimitsTable {
  family: string;
  bet_type: string;
  min_points: ColumnType<string, number | string, number | string>;
  max_points: ColumnType<string, number | string, number | string>;
  session_max: ColumnType<string | null, number | string | null, number | string | null>;
  updated_at: Timestamp;
}

export interface LiabilityCapsTable {
  family: string;
  cap: ColumnType<string, number | string, number | string>;
  updated_at: Timestamp;
}

/** A number's potential payout on one market session, kept by place_bid (migration 020). */
export interface NumberLiabilityTable {
  market_id: number;
  bid_date: ColumnType<Date, Date | string, Date | string>;
  session: string;
  bet_type: string;
  digits: string;
  closedigits: string;
  payout: ColumnType<string, number | string, number | string>;
}

export interface NoticesTable {
  id: Int8Gen;
  title: string;
  body: string;
  link: string | null;
  sent_by: string | null;
  created_at: Timestamp;
}

export type { OperatorRole };

export interface OperatorAccountsTable {
  id: Int8Gen;
  name: string;
  role: OperatorRole;
  password_hash: string;
  must_change_password: ColumnType<boolean, boolean | undefined, boolean>;
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** the last TOTP time step accepted (bigint text), so one code signs in once */
  totp_last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  disabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OperatorSessionsTable {
  id: Int8Gen;
  operator_id: ColumnType<string, string | number | bigint, string | number | bigint>;
  token_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type RequestStatus = 'pending' | 'approved' | 'rejected';

export interface FundRequestsTable {
  id: Int8Gen;
  user_id: Int8;
  amount: Int8;
  status: ColumnType<RequestStatus, RequestStatus | undefined, RequestStatus>;
  note: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 011: the UPI payment's 12-digit reference and a screenshot, given by the player */
  utr: ColumnType<string | null, string | null | undefined, string | null>;
  proof_image: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  proof_type: ColumnType<string | null, string | null | undefined, string | null>;
  proof_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** how often the payment proof was given or changed (migration 030) */
  proof_changes: ColumnType<number, number | undefined, number>;
}

export interface WithdrawRequestsTable {
  id: Int8Gen;
  user_id: Int8;
  amount: Int8;
  payment_method: '2' | '3' | '4';
  payment_number: string;
  status: ColumnType<RequestStatus, RequestStatus | undefined, RequestStatus>;
  receipt_url: ColumnType<string | null, string | null | undefined, string | null>;
  note: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** points of a reversed win this request still owes the house (migration 028) */
  held_points: Int8Gen;
  held_note: ColumnType<string, string | undefined, string>;
}

export interface TransfersTable {
  id: Int8Gen;
  from_user_id: Int8;
  to_user_id: Int8;
  amount: Int8;
  note: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  otp_codes: OtpCodesTable;
  markets: MarketsTable;
  results: ResultsTable;
  settlement_jobs: SettlementJobsTable;
  settlement_plays: SettlementPlaysTable;
  game_rates: GameRatesTable;
  rate_events: RateEventsTable;
  rate_gates: RateGatesTable;
  settings: SettingsTable;
  bid_submissions: BidSubmissionsTable;
  bids: BidsTable;
  wins: WinsTable;
  wallet_transactions: WalletTransactionsTable;
  operator_audit: OperatorAuditTable;
  operator_accounts: OperatorAccountsTable;
  operator_sessions: OperatorSessionsTable;
  fund_requests: FundRequestsTable;
  withdraw_requests: WithdrawRequestsTable;
  transfers: TransfersTable;
  schema_migrations: SchemaMigrationsTable;
  live_events: LiveEventsTable;
  notices: NoticesTable;
  push_subscriptions: PushSubscriptionsTable;
  market_follows: MarketFollowsTable;
  server_keys: ServerKeysTable;
  protection_history: ProtectionHistoryTable;
  play_limits: PlayLimitsTable;
  play_limit_history: PlayLimitHistoryTable;
  bet_limits: BetLimitsTable;
  liability_caps: LiabilityCapsTable;
  number_liability: NumberLiabilityTable;
}
