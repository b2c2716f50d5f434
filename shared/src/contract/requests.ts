/**
 * The request bodies of the player calls (spec section 7), declared once: the fields a client sends,
 * besides what every call carries (`env_type`, `app_key`, and `unique_token` on a call that needs a
 * session: the clients' base query adds them). The server's `defineCall` checks at compile time that its
 * schema reads exactly these fields (the schema then checks their values, with the spec's messages);
 * the clients' endpoints take their argument types from here. A call missing here does not compile
 * (EVERY_CALL_REQUESTED in index.ts).
 */
import type { NewResult } from '../domain/submission';
import type { UpiType, WithdrawMethod } from '../domain/money';

/** A call that sends nothing of its own. */
export type NoFields = Record<never, never>;

/** A money history's days ('YYYY-MM-DD'; both left out: the last days the server chooses). */
export interface DateRange {
  date_from?: string;
  date_to?: string;
}

/** A bid history's days. */
export interface BidRange {
  bid_from?: string;
  bid_to?: string;
}

/** A bid submission of any family: the bids in `new_result`; the retry key, if not in a header. */
export interface SubmitBidRequest {
  game_id?: string | number | null;
  new_result: NewResult;
  request_id?: string | null;
}

/** The withdrawal method's code (WITHDRAW_METHODS), as text or as a number (2, 3, 4: the server checks it). */
export type WithdrawMethodCode = WithdrawMethod | number;

/** A browser's push subscription as PushSubscription.toJSON() gives it. */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface Requests {
  // accounts
  'api-user-login': { mobile: string; password: string; device_id?: string | null };
  'api-user-logout': NoFields;
  'api-check-mobile': { mobile: string };
  'api-user-registration': {
    name: string;
    email?: string | null;
    password: string;
    mobile: string;
    security_pin?: string | number | null;
    device_id?: string | null;
    otp: string;
    /** our client: the player ticked 'I confirm that I am 18 years of age or older' (deployed clients send nothing) */
    adult?: boolean;
  };
  'api-resend-otp': { mobile: string; purpose?: 'register' | 'forgot' | 'upi' | null };
  'api-forget-check-mobile': { mobile: string };
  /** without a code (apps that compare it on the phone) it is refused: see the server */
  'api-forgot-password': { mobile: string; new_pass: string; otp?: string | null };
  'api-change-password': { old_pass: string; new_pass: string };
  'api-get-profile': NoFields;
  'api-profile-update': { user_name: string; email?: string | null };

  // content and the market lists
  'api-home-info': NoFields;
  'api-dashboard-data': NoFields;
  'api-get-slider-images': NoFields;
  'api-get-auto-deposit-list': NoFields;
  'api-social-data': NoFields;
  'api-how-to-play': NoFields;
  'api-privacy-policy': NoFields;
  'api-starline-game': NoFields;
  'api-galidisawar-game': NoFields;
  'api-game-rates': NoFields;
  'api-starline-game-rates': NoFields;
  'api-galidisawar-game-rates': NoFields;
  'api-money-deposit-withdrawal-rule': NoFields;
  'api-admin-bank-details': NoFields;
  'api-get-qr-pay': NoFields;

  // bids and their histories
  'api-submit-bid': SubmitBidRequest;
  'api-starline-submit-bid': SubmitBidRequest;
  'api-galidisawar-submit-bid': SubmitBidRequest;
  'api-bid-history-data': BidRange;
  'api-starline-bid-history-data': BidRange;
  'api-galidisawar-bid-history-data': BidRange;
  'api-wining-history-data': DateRange;
  'api-starline-wining-history-data': DateRange;
  'api-galidisawar-wining-history-data': DateRange;

  // the wallet
  'api-user-wallet-balance': NoFields;
  'api-wallet-transaction-history': DateRange;
  'api-last-fund-request-detail': { mobile_no?: unknown };
  'api-fund-request-add': { request_amount: number | string };
  'api-fund-request-proof': { request_id: string | number; utr?: string; screenshot?: string };
  'api-fund-request-history': DateRange;
  'api-check-user-for-transfer-amt': { mobile_no: string };
  'api-user-transfer-wallet-balance': { amount: number | string; mobile_no: string; transfer_note?: string | null };
  'api-upi-send-otp': { mobile: string; upi_type: UpiType | `${UpiType}` };
  'api-add-user-upi-details': {
    upi_type: UpiType | `${UpiType}`;
    paytm_no?: string | null;
    google_pay_no?: string | null;
    phon_pay_no?: string | null;
    /** without a code: only under LEGACY_REGISTRATION, the number then held for the operator */
    otp?: string | null;
  };
  'api-get-user-payment-details': { mobile?: unknown; mobile_no?: unknown };
  'api-user-payment-method-list': { mobile?: unknown; mobile_no?: unknown };
  'api-user-withdraw-fund-request': {
    /** the account is the token's: a mobile in the body is ignored */
    mobile?: unknown;
    request_amount: number | string;
    payment_method: WithdrawMethodCode;
  };
  'api-user-withdraw-transaction-history': DateRange & { mobile_no?: unknown };
  /** the inbox, newest first: `before` pages back past an entry's id */
  'api-notifications': { before?: string };
  /** marks every entry up to this id read (the newest shown) */
  'api-notifications-read': { upto: string };
  /** `endpoint`: this device's subscription, when it has one */
  'api-push-settings': { endpoint?: string };
  'api-push-subscribe': { subscription: PushSubscriptionJson; categories: string[] };
  'api-push-unsubscribe': { endpoint: string };
  /** the markets the player follows (replaces the list) */
  'api-push-follow': { follows: (number | string)[] };
  'api-responsible': NoFields;
  'api-confirm-age': NoFields;
  'api-take-break': { period: string };
  'api-self-exclude': { period: string };
  /** amount '' or 0: remove the limit (it waits 24 hours, as a raise does) */
  'api-set-limit': { kind: string; period: string; amount: string | number };
  /** 0: off */
  'api-set-reality-check': { minutes: string | number };
  // the player's language on the account (issue E)
  'api-set-language': { language: string };
  'api-reality-check': NoFields;
  // the 'MATKA 04' apps' own calls (dialects.ts)
  'api-get-app-key': { env_type?: string | null };
  'api-check-security-pin': { security_pin: string | number };
  'api-check-game-status': { game_id: string | number };
  'api-get-current-date': { game_id: string | number };
  'api-add-money-via-upi': {
    amount: string | number;
    txn_id?: string | null;
    txn_ref?: string | null;
    upigpay?: string | number | null;
    upiphonepe?: string | number | null;
    otherupi?: string | number | null;
  };
}
