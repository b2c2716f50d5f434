/**
 * The answers of the player calls, as a client may read them (spec section 7), declared once: the
 * server's handler for a call must return something assignable to its answer (defineCall checks it at
 * compile time) and the clients' endpoints take their answer types from here. Fields are optional where
 * a deployed server of the contract may leave them out. A test checks that every call has its answer here.
 */
import type { UpiDetailsField } from '../domain/money';
import type { BetLimit } from '../domain/betLimits';
import type { LimitKind, LimitPeriod } from '../domain/protection';
import type { RatesRecord } from '../domain/rates';
import type { InboxItem, PushCategory } from './live';

/** What every answer carries: status and a message; the other fields depend on the call. */
export interface Answer {
  status?: boolean | string;
  msg?: string;
  message?: string;
  [key: string]: unknown;
}

/** A login or a registration: the session's token and the player. */
export interface LoginAnswer extends Answer {
  user_name?: string;
  unique_token?: string;
  mobile?: string;
  /** the language the player chose in our app ('en', 'hi', 'mr'; issue E): absent when never chosen */
  language?: string;
}

/** A market as the lists give it (its times as text, 'msg_status' 1 open / 2 closed). */
export interface ListedMarket {
  game_id: string | number;
  game_name: string;
  open_result?: string | null;
  close_result?: string | null;
  open_time: string;
  close_time: string;
  msg_status: number | string;
  web_chart_url?: string;
}

/** A family's game rates: game_rates[0] holds the pairs by rate key. */
export interface RatesAnswer extends Answer {
  game_rates?: RatesRecord[];
  /** the operator's bet limits of the family's bet types that have their own (the rest: the defaults) */
  bet_limits?: BetLimit[];
}

/** The home info of a logged-in player with the regular markets' list (polled). */
export interface HomeInfoAnswer extends Answer {
  betting_status?: string | number;
  wallet_amt?: string | number;
  telegram_no?: string;
  mobile_1?: string;
  mobile_no?: string;
  result?: ListedMarket[];
}

/** A code sent for registration or a reset (the code itself only in demo mode). */
export interface OtpSentAnswer extends Answer {
  otp?: string | number;
}

export interface ProfileAnswer extends Answer {
  user_name?: string;
  mobile?: string;
}

/** A market of the landing's list (a logged-in player's home info comes with it from deployed clients). */
export interface DashboardGame {
  game_id?: string | number;
  game_name: string;
  web_chart_url?: string;
}
export interface DashboardAnswer extends Answer {
  result?: (DashboardGame & Partial<ListedMarket>)[];
}

export interface HowToPlayAnswer extends Answer {
  content?: { how_to_play_content?: string; video_link?: string }[];
  video_link?: string;
}

export interface PrivacyPolicyAnswer extends Answer {
  privacy_policy?: string;
}

/** One starline slot of the games list (spec section 3). msg_status 1 = betting is running. */
export interface StarlineGame {
  game_id: string | number;
  game_name: string;
  open_time: string;
  close_time?: string;
  open_result?: string | null;
  msg_status: number | string;
}
export interface StarlineGamesAnswer extends Answer {
  result?: StarlineGame[];
  web_starline_chart_url?: string;
}

/** One Gali market of the list (spec section 3). msg_status 1 = Market Open. */
export interface GaliMarket {
  game_id: string | number;
  game_name: string;
  open_time: string;
  close_time: string;
  /** the declared jodi ('' or absent when none) */
  result?: string | null;
  open_result?: string | null;
  msg_status: number | string;
}
export interface GaliGamesAnswer extends Answer {
  result?: GaliMarket[];
  web_galidessar_chart_url?: string;
}

/** The home slider's images (also under `result`, as some clients read it). */
export interface SliderAnswer extends Answer {
  sliderdata?: { id?: Num; slider_image?: string }[];
  result?: { id?: Num; slider_image?: string }[];
}

/** Where players pay a deposit: the operator's UPI ids, each with its upi:// link. */
export interface AutoDepositAnswer extends Answer {
  result?: { id?: Num; name?: string; upi_id?: string; payee_name?: string; upi_uri?: string }[];
}

/** The contact numbers the app links to (WhatsApp, call, Telegram). */
export interface SocialAnswer extends Answer {
  mobile_no?: string;
  mobile_1?: string;
  telegram_no?: string;
}

/** A bid placed: its submission, the wallet after it and its points (`duplicate`: a retry met the first). */
export interface BidPlacedAnswer extends Answer {
  wallet_amt?: Num;
  bid_id?: Num;
  total_points?: Num;
  duplicate?: boolean;
  /** a refusal by the liability cap: the numbers it closed (the other rows could still be placed) */
  closed_numbers?: string[];
}

/** The withdrawal methods the player can use now (deployed clients' withdraw form). */
export interface PaymentMethodsAnswer extends Answer {
  result?: { payment_method?: string; name?: string; value?: string }[];
}

/** Wallet info (spec section 3): the balance and the money settings the wallet screens show. */
export interface WalletInfoAnswer extends Answer {
  wallet_amt?: string | number;
  withdraw_open_time?: string;
  withdraw_close_time?: string;
  min_withdrawal?: string | number;
  min_amt?: string | number;
}

/** The UPI ids players pay deposits to. */
export interface BankDetailsAnswer extends Answer {
  bank_details?: { google_upi_payment_id?: string; phonepay_upi_payment_id?: string; payee_name?: string }[];
}

/** The QR code players scan to pay (an image data URL) and its UPI id. */
export interface QrPayAnswer extends Answer {
  qrdata?: { qr_image?: string; upi_id?: string; payee_name?: string }[];
}

/** The operator's deposit and withdrawal rules (texts). */
export interface RulesAnswer extends Answer {
  content?: { withdrawal_rule?: string; deposit_rule?: string }[];
}

/** The account's UPI numbers, each under its app's detailsField (the domain's UPI_APPS). */
export type PaymentDetails = Partial<Record<UpiDetailsField, string | null>>;

export interface PaymentDetailsAnswer extends Answer {
  payment_details?: PaymentDetails[];
}

/** The minimum deposit (and the last request's details, which the app does not show). */
export interface FundDetailAnswer extends Answer {
  min_amt?: string | number;
}

/** A code sent (the code itself only in demo mode, for testing by hand). */
export interface CodeSentAnswer extends Answer {
  otp?: string;
}

/** A deposit or withdrawal request made: its id and number ('D12', 'W7'). */
export interface RequestMadeAnswer extends Answer {
  request_id?: string;
  request_number?: string;
}

/** A withdrawal requested: the request and the wallet after the points are held. */
export interface WithdrawalMadeAnswer extends RequestMadeAnswer {
  wallet_amt?: string;
}

/** A payment's proof added to a deposit request. */
export interface ProofAddedAnswer extends Answer {
  utr?: string;
  has_screenshot?: boolean;
}

/** Who owns the number points would be transferred to. */
export interface TransferUserAnswer extends Answer {
  user_name?: string;
}

/** A transfer made: the sender's wallet after it. */
export interface TransferMadeAnswer extends Answer {
  wallet_amt?: string;
  transfer_id?: string;
}

/** A text or a number: ids, points and amounts come as either from deployed servers. */
type Num = string | number;

/** A bid as the histories show it. */
export interface BidRow {
  bid_id?: Num;
  game_name?: string;
  pana?: string;
  digits?: string;
  closedigits?: string;
  session?: string;
  bid_date?: string;
  points?: Num;
  /** what became of it: 'pending', 'won' or 'lost' (our server), with the result it met */
  status?: string;
  win_amount?: Num;
  result?: string;
  /** the rate it was placed at ('10-95') and what it pays if it wins */
  rate?: string;
  win_if_correct?: string;
}

/** A win as the win histories show it. */
export interface WinRow extends Omit<
  BidRow,
  'bid_id' | 'status' | 'win_amount' | 'result' | 'rate' | 'win_if_correct'
> {
  win_id?: Num;
  wining_date?: string;
  amount?: Num;
}

export interface BidHistoryAnswer extends Answer {
  bid_data?: BidRow[];
}
export interface WinHistoryAnswer extends Answer {
  win_data?: WinRow[];
}
/** Spec section 7: the Gali win history answers under bid_data. */
export interface GaliWinHistoryAnswer extends Answer {
  bid_data?: WinRow[];
}

/** '0' pending, '1' cancelled or rejected, '2' approved (spec section 3). */
type RequestStatus = string;

export interface DepositHistoryAnswer extends Answer {
  fund_requests?: {
    request_id?: Num;
    request_number?: string;
    request_amount?: Num;
    request_status?: RequestStatus;
    insert_date?: string;
    reject_reason?: string;
    utr?: string;
    has_screenshot?: boolean;
  }[];
}

export interface WithdrawHistoryAnswer extends Answer {
  withdrawdata?: (Partial<Record<UpiDetailsField, string>> & {
    request_id?: Num;
    request_number?: string;
    payment_method?: string;
    request_amount?: Num;
    request_status?: RequestStatus;
    insert_date?: string;
    payment_receipt?: string;
    reject_reason?: string;
  })[];
}

export interface LedgerHistoryAnswer extends Answer {
  transaction_history?: {
    transaction_id?: Num;
    /** '1' credit, '2' debit */
    transaction_type?: string;
    transaction_note?: string;
    amount?: Num;
    /** '0' pending (a withdrawal's hold), '1' final */
    amount_status?: string;
    insert_date?: string;
    balance_after?: Num;
  }[];
}

/** The 'MATKA 04' apps' bootstrap: the app key every later call carries. */
export interface AppKeyAnswer extends Answer {
  app_key: string;
}

/** A game screen's check: 1 while the market's Open session takes bids, else 0. */
export interface GameStatusAnswer extends Answer {
  game_status: number;
}

/** A bid screen's date (sent back verbatim as bid_date) and the points one bid row may carry. */
export interface CurrentDateAnswer extends Answer {
  new_date: string;
  min_bid_amount: Num;
  max_bid_amount: Num;
}

/** The answer each call declares. */
export interface Answers {
  'api-get-app-key': AppKeyAnswer;
  'api-check-security-pin': Answer;
  'api-check-game-status': GameStatusAnswer;
  'api-get-current-date': CurrentDateAnswer;
  'api-add-money-via-upi': RequestMadeAnswer;
  'api-user-logout': Answer;
  'api-forgot-password': Answer;
  'api-change-password': Answer;
  'api-get-slider-images': SliderAnswer;
  'api-get-auto-deposit-list': AutoDepositAnswer;
  'api-social-data': SocialAnswer;
  'api-submit-bid': BidPlacedAnswer;
  'api-starline-submit-bid': BidPlacedAnswer;
  'api-galidisawar-submit-bid': BidPlacedAnswer;
  'api-user-payment-method-list': PaymentMethodsAnswer;
  'api-check-mobile': OtpSentAnswer;
  'api-resend-otp': OtpSentAnswer;
  'api-forget-check-mobile': OtpSentAnswer;
  'api-get-profile': ProfileAnswer;
  'api-profile-update': ProfileAnswer;
  'api-dashboard-data': DashboardAnswer;
  'api-how-to-play': HowToPlayAnswer;
  'api-privacy-policy': PrivacyPolicyAnswer;
  'api-starline-game': StarlineGamesAnswer;
  'api-galidisawar-game': GaliGamesAnswer;
  'api-bid-history-data': BidHistoryAnswer;
  'api-starline-bid-history-data': BidHistoryAnswer;
  'api-galidisawar-bid-history-data': BidHistoryAnswer;
  'api-wining-history-data': WinHistoryAnswer;
  'api-starline-wining-history-data': WinHistoryAnswer;
  'api-galidisawar-wining-history-data': GaliWinHistoryAnswer;
  'api-fund-request-history': DepositHistoryAnswer;
  'api-user-withdraw-transaction-history': WithdrawHistoryAnswer;
  'api-wallet-transaction-history': LedgerHistoryAnswer;
  'api-user-login': LoginAnswer;
  'api-user-registration': LoginAnswer;
  'api-home-info': HomeInfoAnswer;
  'api-game-rates': RatesAnswer;
  'api-starline-game-rates': RatesAnswer;
  'api-galidisawar-game-rates': RatesAnswer;
  'api-upi-send-otp': CodeSentAnswer;
  'api-add-user-upi-details': Answer;
  'api-fund-request-add': RequestMadeAnswer;
  'api-fund-request-proof': ProofAddedAnswer;
  'api-user-withdraw-fund-request': WithdrawalMadeAnswer;
  'api-check-user-for-transfer-amt': TransferUserAnswer;
  'api-user-transfer-wallet-balance': TransferMadeAnswer;
  'api-user-wallet-balance': WalletInfoAnswer;
  'api-admin-bank-details': BankDetailsAnswer;
  'api-get-qr-pay': QrPayAnswer;
  'api-money-deposit-withdrawal-rule': RulesAnswer;
  'api-get-user-payment-details': PaymentDetailsAnswer;
  'api-last-fund-request-detail': FundDetailAnswer;
  'api-notifications': InboxAnswer;
  'api-notifications-read': InboxReadAnswer;
  'api-push-settings': PushSettingsAnswer;
  'api-push-subscribe': PushSettingsAnswer;
  'api-push-unsubscribe': PushSettingsAnswer;
  'api-push-follow': PushSettingsAnswer;
  'api-responsible': ProtectionAnswer;
  'api-confirm-age': ProtectionAnswer;
  'api-take-break': ProtectionAnswer;
  'api-self-exclude': ProtectionAnswer;
  'api-set-limit': ProtectionAnswer;
  'api-set-reality-check': ProtectionAnswer;
  'api-reality-check': RealityCheckAnswer;
  'api-set-language': Answer & { language: string };
}

/** Responsible play: the age declaration, a break or exclusion running (ISO end, '' for none), the history. */
export interface ProtectionAnswer extends Answer {
  age_declared?: boolean;
  /** the operator requires the declaration before any bid */
  age_required?: boolean;
  break_until?: string;
  excluded_until?: string;
  permanent?: boolean;
  history?: { kind: 'age' | 'break' | 'exclusion' | 'exclusion_lifted'; until: string; note: string; at: string }[];
  /** the limits in force, with what is used in the running period (resets: ISO) and a change that waits */
  limits?: PlayLimit[];
  limit_history?: PlayLimitChange[];
  /** the reality check's interval in minutes (0: off) */
  reality_check_minutes?: number;
}

export interface PlayLimit {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number;
  used: number;
  resets: string;
  /** a raise waiting until next_at (null with removing: a removal waits) */
  next_amount: number | null;
  next_at: string;
  removing: boolean;
}

/** A change the player asked for: what it was, and when it took (or takes) effect. */
export interface PlayLimitChange {
  kind: LimitKind;
  period: LimitPeriod;
  action: 'set' | 'lowered' | 'raised' | 'removed' | 'kept';
  amount: number | null;
  previous: number | null;
  effective_at: string;
  at: string;
}

/** The reality check: since this session's login (ISO), the points staked and won. */
export interface RealityCheckAnswer extends Answer {
  minutes?: number;
  login_at?: string;
  staked?: number;
  won?: number;
}

/** Web push: the key a browser subscribes with, this device's state, the markets the player follows. */
export interface PushSettingsAnswer extends Answer {
  /** the server's VAPID public key (base64url), for pushManager.subscribe */
  public_key?: string;
  /** this device (its endpoint) is subscribed for this account */
  subscribed?: boolean;
  categories?: PushCategory[];
  /** ids of the markets the player follows */
  follows?: number[];
}

/** The notifications inbox: newest first, and how many are unread. */
export interface InboxAnswer extends Answer {
  notifications?: InboxItem[];
  unread?: number;
}

export interface InboxReadAnswer extends Answer {
  unread?: number;
}
