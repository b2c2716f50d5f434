/**
 * The answers of the player calls (spec section 7) as zod schemas, declared once: what a 200 answer of
 * each call holds, and the refusal every call may give. The clients' answer types are inferred from them
 * (answers.ts, type-only); the server's handlers must return what they declare (checked at compile time),
 * and its test suites parse every answer the server gives by its call's schema, so an answer that drifts
 * fails a test. `/openapi.json` documents them.
 *
 * Fields are optional where a deployed server of the contract may leave them out, and an answer may carry
 * more fields than declared (a dialect's extras): the schemas check the type of each field they name.
 */
import { z } from 'zod';
import { LIMIT_KINDS, LIMIT_PERIODS, type UpiDetailsField } from '../domain';
import { PUSH_CATEGORIES, isLiveKind, type LiveKind } from './live';
import { LiveEventSchema } from './liveSchemas';
import { ORIGINAL_ANSWERS } from './originalSchemas';
import type { CallName } from './index';

/** A text or a number: ids, points and amounts come as either from deployed servers. */
const num = z.union([z.string(), z.number()]);
const optNum = num.optional();
const optStr = z.string().optional();
const str = z.string();
const nullStr = z.string().nullable();

/**
 * What every answer carries: its status and a message (a few lists send none: they say so); the other
 * fields depend on the call. A field is optional only where the server omits it.
 */
export const AnswerSchema = z.looseObject({
  status: z.union([z.boolean(), z.string()]),
  msg: str,
  message: optStr,
});
/** An answer of a list that carries no message. */
const noMessage = { msg: optStr };
const answer = <S extends z.core.$ZodLooseShape>(shape: S) => AnswerSchema.extend(shape);

/** A refusal, of any call: status false and a message for a person (in the account's language). */
/**
 * A refusal: its text for a person (in the player's language) and its code, what a client decides by: a
 * catalogue id ('msg.userAlreadyRegistered', 'tpl.minBid'), 'request' for a field of the request, or a
 * code of its HTTP status (refusalCodes.ts).
 */
export const RefusalSchema = z.looseObject({ status: z.literal(false), msg: z.string(), code: z.string().min(1) });

/** A login or a registration: the session's token and the player. */
export const LoginAnswerSchema = answer({
  user_name: str,
  unique_token: str,
  mobile: str,
  /** the language the player chose in our app ('en', 'hi', 'mr'): absent when never chosen */
  language: optStr,
});

/** A market as the lists give it (its times as text, 'msg_status' 1 open / 2 closed). */
export const ListedMarketSchema = z.looseObject({
  game_id: num,
  game_name: z.string(),
  open_result: nullStr,
  close_result: nullStr,
  open_time: z.string(),
  close_time: z.string(),
  msg_status: num,
  web_chart_url: str,
});

/** A family's game rates: game_rates[0] holds the pairs by rate key. */
export const RatesAnswerSchema = answer({
  game_rates: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]).optional())),
  /** the operator's bet limits of the family's bet types that have their own (the rest: the defaults) */
  bet_limits: z.array(
    z.object({ bet_type: z.string(), min: z.number(), max: z.number(), session_max: z.number().nullable() }),
  ),
});

/** The home info of a logged-in player with the regular markets' list (polled). */
export const HomeInfoAnswerSchema = answer({
  betting_status: num,
  wallet_amt: num,
  telegram_no: str,
  mobile_1: str,
  mobile_no: str,
  /** betting off because the account, registered without a proved code, waits for the operator's approval */
  awaiting_approval: z.boolean(),
  result: z.array(ListedMarketSchema),
});

/** A code sent for registration or a reset (the code itself only in demo mode). */
export const OtpSentAnswerSchema = answer({ otp: optNum });

/** api-check-mobile: a code sent for a new number, or a registered number's PIN sign-in (its token). */
export const CheckMobileAnswerSchema = answer({ otp: optNum, unique_token: optStr });

/** The profile (a name's update answers without the number). */
export const ProfileAnswerSchema = answer({ user_name: str, mobile: optStr });

/** A market of the landing's list (a logged-in player's home info comes with it from deployed clients). */
export const DashboardGameSchema = ListedMarketSchema;
export const DashboardAnswerSchema = answer({ result: z.array(DashboardGameSchema) });

export const HowToPlayAnswerSchema = answer({
  content: z.array(z.looseObject({ how_to_play_content: str, video_link: str })),
  video_link: str,
});

export const PrivacyPolicyAnswerSchema = answer({ privacy_policy: str });

/** One Starline slot of the games list (spec section 3). msg_status 1 = betting is running. */
export const StarlineGameSchema = z.looseObject({
  game_id: num,
  game_name: z.string(),
  open_time: z.string(),
  close_time: str,
  open_result: nullStr,
  msg_status: num,
});
export const StarlineGamesAnswerSchema = answer({
  ...noMessage,
  result: z.array(StarlineGameSchema),
  web_starline_chart_url: str,
});

/** One Gali market of the list (spec section 3). msg_status 1 = Market Open. */
export const GaliMarketSchema = z.looseObject({
  game_id: num,
  game_name: z.string(),
  open_time: z.string(),
  close_time: z.string(),
  /** the declared jodi ('' or absent when none) */
  result: nullStr,
  open_result: nullStr,
  msg_status: num,
});
export const GaliGamesAnswerSchema = answer({
  ...noMessage,
  result: z.array(GaliMarketSchema),
  web_galidessar_chart_url: str,
});

const sliderRow = z.looseObject({ id: num, slider_image: str });
/** The home slider's images (also under `result`, as some clients read it). */
export const SliderAnswerSchema = answer({ sliderdata: z.array(sliderRow), result: z.array(sliderRow) });

/** Where players pay a deposit: the operator's UPI ids, each with its upi:// link. */
/** The player's own deposits, as the original's apps list them (its 'auto deposit' history). */
export const AutoDepositAnswerSchema = answer({
  result: z.array(
    z.looseObject({ id: z.string(), amount: z.string(), fund_status: z.string(), insert_date: z.string() }),
  ),
});

/** The contact numbers the app links to (WhatsApp, call, Telegram). */
export const SocialAnswerSchema = answer({ mobile_no: str, mobile_1: str, telegram_no: str });

/** A bid placed: its submission, the wallet after it and its points (`duplicate`: a retry met the first). */
export const BidPlacedAnswerSchema = answer({
  /** the spec's text of a bid placed ('Bid placed successfully!'), beside msg */
  message: str,
  wallet_amt: num,
  bid_id: num,
  total_points: num,
  duplicate: z.boolean().optional(),
  /** a refusal by the liability cap: the numbers it closed (the other rows could still be placed) */
  closed_numbers: z.array(z.string()).optional(),
  /** the signed receipt of the accepted bids: a compact JWS (EdDSA), checked against /.well-known/jwks.json */
  receipt: optStr,
});

/** The withdrawal methods the player can use now (deployed clients' withdraw form). */
export const PaymentMethodsAnswerSchema = answer({
  result: z.array(z.looseObject({ payment_method: str, name: str, value: str })),
});

/** Wallet info (spec section 3): the balance and the money settings the wallet screens show. */
export const WalletInfoAnswerSchema = answer({
  wallet_amt: num,
  withdraw_open_time: str,
  withdraw_close_time: str,
  min_withdrawal: num,
  min_amt: num,
});

/** The UPI ids players pay deposits to. */
export const BankDetailsAnswerSchema = answer({
  bank_details: z.array(z.looseObject({ google_upi_payment_id: str, phonepay_upi_payment_id: str, payee_name: str })),
});

/** The QR code players scan to pay (an image data URL) and its UPI id. */
export const QrPayAnswerSchema = answer({
  ...noMessage,
  qrdata: z.array(z.looseObject({ qr_image: str, upi_id: str, payee_name: str })),
});

/** The operator's deposit and withdrawal rules (texts). */
export const RulesAnswerSchema = answer({
  ...noMessage,
  content: z.array(z.looseObject({ withdrawal_rule: str, deposit_rule: str })),
});

/** The account's UPI numbers, each under its app's detailsField (the domain's UPI_APPS). */
const paymentDetails = z.record(z.string(), z.string().nullable().optional()) as unknown as z.ZodType<
  Partial<Record<UpiDetailsField | 'ac_holder_name' | 'insert_date', string | null>>
>;
export const PaymentDetailsAnswerSchema = answer({ payment_details: z.array(paymentDetails) });

/** The minimum deposit (and the last request's details, which the app does not show). */
export const FundDetailAnswerSchema = answer({ min_amt: num });

/** A code sent (the code itself only in demo mode, for testing by hand). */
export const CodeSentAnswerSchema = answer({ otp: optStr });

/** A deposit or withdrawal request made: its id and number ('D12', 'W7'). */
export const RequestMadeAnswerSchema = answer({ request_id: str, request_number: str });

/** A withdrawal requested: the request and the wallet after the points are held. */
export const WithdrawalMadeAnswerSchema = RequestMadeAnswerSchema.extend({ wallet_amt: str });

/** A payment's proof added to a deposit request. */
export const ProofAddedAnswerSchema = answer({ utr: str, has_screenshot: z.boolean() });

/** Who owns the number points would be transferred to. */
export const TransferUserAnswerSchema = answer({ user_name: str });

/** A transfer made: the sender's wallet after it. */
export const TransferMadeAnswerSchema = answer({ wallet_amt: str, transfer_id: str });

/** A bid as the histories show it. */
export const BidRowSchema = z.looseObject({
  bid_id: num,
  game_name: str,
  pana: str,
  digits: str,
  closedigits: str,
  session: str,
  bid_date: str,
  points: num,
  /** what became of it: 'pending', 'won' or 'lost' (our server), with the result it met */
  status: str,
  win_amount: num,
  result: str,
  /** the rate it was placed at ('10-95') and what it pays if it wins */
  rate: str,
  win_if_correct: str,
  /** the signed receipt of its submission (a compact JWS; our server), which /verify checks */
  receipt: str,
});

/** A win as the win histories show it. */
export const WinRowSchema = z.looseObject({
  game_name: str,
  pana: str,
  digits: str,
  closedigits: str,
  session: str,
  bid_date: str,
  points: num,
  win_id: num,
  wining_date: str,
  amount: num,
});

export const BidHistoryAnswerSchema = answer({ bid_data: z.array(BidRowSchema) });
export const WinHistoryAnswerSchema = answer({ win_data: z.array(WinRowSchema) });
/** Spec section 7: the Gali win history answers under bid_data. */
export const GaliWinHistoryAnswerSchema = answer({ bid_data: z.array(WinRowSchema) });

/** '0' pending, '1' cancelled or rejected, '2' approved (spec section 3). */
const requestStatus = str;

export const DepositHistoryAnswerSchema = answer({
  fund_requests: z.array(
    z.looseObject({
      request_id: num,
      request_number: str,
      request_amount: num,
      request_status: requestStatus,
      insert_date: str,
      reject_reason: str,
      utr: str,
      has_screenshot: z.boolean(),
    }),
  ),
});

export const WithdrawHistoryAnswerSchema = answer({
  withdrawdata: z.array(
    z.looseObject({
      request_id: num,
      request_number: str,
      payment_method: str,
      request_amount: num,
      request_status: requestStatus,
      insert_date: str,
      payment_receipt: str,
      reject_reason: str,
    }) as unknown as z.ZodType<
      Partial<Record<UpiDetailsField, string>> & {
        request_id: string | number;
        request_number: string;
        payment_method: string;
        request_amount: string | number;
        request_status: string;
        insert_date: string;
        payment_receipt: string;
        reject_reason: string;
      }
    >,
  ),
});

export const LedgerHistoryAnswerSchema = answer({
  transaction_history: z.array(
    z.looseObject({
      transaction_id: num,
      /** '1' credit, '2' debit */
      transaction_type: str,
      transaction_note: str,
      amount: num,
      /** '0' pending (a withdrawal's hold), '1' final */
      amount_status: str,
      insert_date: str,
      /** the balance after the row (our server; absent from some deployed dialects) */
      balance_after: optNum,
    }),
  ),
});

/** The 'MATKA 04' apps' bootstrap: the app key every later call carries. */
export const AppKeyAnswerSchema = answer({ app_key: z.string() });

/** A game screen's check: 1 while the market's Open session takes bids, else 0. */
export const GameStatusAnswerSchema = answer({ game_status: z.number() });

/** A bid screen's date (sent back verbatim as bid_date) and the points one bid row may carry. */
export const CurrentDateAnswerSchema = answer({ new_date: z.string(), min_bid_amount: num, max_bid_amount: num });

const limitKind = z.enum(LIMIT_KINDS);
const limitPeriod = z.enum(LIMIT_PERIODS);

export const PlayLimitSchema = z.object({
  kind: limitKind,
  period: limitPeriod,
  amount: z.number(),
  used: z.number(),
  resets: z.string(),
  /** a raise waiting until next_at (null with removing: a removal waits) */
  next_amount: z.number().nullable(),
  next_at: z.string(),
  removing: z.boolean(),
});

/** A change the player asked for: what it was, and when it took (or takes) effect. */
export const PlayLimitChangeSchema = z.object({
  kind: limitKind,
  period: limitPeriod,
  action: z.enum(['set', 'lowered', 'raised', 'removed', 'kept']),
  amount: z.number().nullable(),
  previous: z.number().nullable(),
  effective_at: z.string(),
  at: z.string(),
});

/** Responsible play: the age declaration, a break or exclusion running (ISO end, '' for none), the history. */
export const ProtectionAnswerSchema = answer({
  age_declared: z.boolean(),
  /** the operator requires the declaration before any bid */
  age_required: z.boolean(),
  break_until: str,
  excluded_until: str,
  permanent: z.boolean(),
  history: z.array(
    z.object({
      kind: z.enum(['age', 'break', 'exclusion', 'exclusion_lifted']),
      until: z.string(),
      note: z.string(),
      at: z.string(),
    }),
  ),
  /** the limits in force, with what is used in the running period (resets: ISO) and a change that waits */
  limits: z.array(PlayLimitSchema),
  limit_history: z.array(PlayLimitChangeSchema),
  /** the reality check's interval in minutes (0: off) */
  reality_check_minutes: z.number(),
});

/** The reality check: since this session's login (ISO), the points staked and won. */
export const RealityCheckAnswerSchema = answer({
  minutes: z.number(),
  login_at: str,
  staked: z.number(),
  won: z.number(),
});

/** Web push: the key a browser subscribes with, this device's state, the markets the player follows. */
export const PushSettingsAnswerSchema = answer({
  /** the server's VAPID public key (base64url), for pushManager.subscribe */
  public_key: str,
  /** this device (its endpoint) is subscribed for this account */
  subscribed: z.boolean(),
  categories: z.array(z.enum(PUSH_CATEGORIES)),
  /** ids of the markets the player follows */
  follows: z.array(z.number()),
});

/** An inbox entry (api-notifications): an event as the live stream pushed it, when, and whether it was read. */
export const InboxItemSchema = z.object({
  /** opaque, in the order of the entries (as the stream's ids: it tells nothing of the platform's volume) */
  id: z.string(),
  kind: z.custom<LiveKind>((k) => typeof k === 'string' && isLiveKind(k)),
  event: LiveEventSchema,
  /** ISO time */
  at: z.string(),
  read: z.boolean(),
});

/** The notifications inbox: newest first, and how many are unread. */
export const InboxAnswerSchema = answer({
  notifications: z.array(InboxItemSchema),
  unread: z.number(),
});
export const InboxReadAnswerSchema = answer({ unread: z.number() });

/** The 200 answer each call declares. */
export const ANSWER_SCHEMAS = {
  'api-get-app-key': AppKeyAnswerSchema,
  'api-check-security-pin': AnswerSchema,
  'api-check-game-status': GameStatusAnswerSchema,
  'api-get-current-date': CurrentDateAnswerSchema,
  'api-add-money-via-upi': RequestMadeAnswerSchema,
  'api-user-logout': AnswerSchema,
  'api-forgot-password': AnswerSchema,
  'api-change-password': AnswerSchema,
  'api-get-slider-images': SliderAnswerSchema,
  'api-get-auto-deposit-list': AutoDepositAnswerSchema,
  'api-social-data': SocialAnswerSchema,
  'api-submit-bid': BidPlacedAnswerSchema,
  'api-starline-submit-bid': BidPlacedAnswerSchema,
  'api-galidisawar-submit-bid': BidPlacedAnswerSchema,
  'api-user-payment-method-list': PaymentMethodsAnswerSchema,
  'api-check-mobile': CheckMobileAnswerSchema,
  'api-resend-otp': OtpSentAnswerSchema,
  'api-forget-check-mobile': OtpSentAnswerSchema,
  'api-get-profile': ProfileAnswerSchema,
  'api-profile-update': ProfileAnswerSchema,
  'api-dashboard-data': DashboardAnswerSchema,
  'api-how-to-play': HowToPlayAnswerSchema,
  'api-privacy-policy': PrivacyPolicyAnswerSchema,
  'api-starline-game': StarlineGamesAnswerSchema,
  'api-galidisawar-game': GaliGamesAnswerSchema,
  'api-bid-history-data': BidHistoryAnswerSchema,
  'api-starline-bid-history-data': BidHistoryAnswerSchema,
  'api-galidisawar-bid-history-data': BidHistoryAnswerSchema,
  'api-wining-history-data': WinHistoryAnswerSchema,
  'api-starline-wining-history-data': WinHistoryAnswerSchema,
  'api-galidisawar-wining-history-data': GaliWinHistoryAnswerSchema,
  'api-fund-request-history': DepositHistoryAnswerSchema,
  'api-user-withdraw-transaction-history': WithdrawHistoryAnswerSchema,
  'api-wallet-transaction-history': LedgerHistoryAnswerSchema,
  'api-user-login': LoginAnswerSchema,
  'api-user-registration': LoginAnswerSchema,
  'api-home-info': HomeInfoAnswerSchema,
  'api-game-rates': RatesAnswerSchema,
  'api-starline-game-rates': RatesAnswerSchema,
  'api-galidisawar-game-rates': RatesAnswerSchema,
  'api-upi-send-otp': CodeSentAnswerSchema,
  'api-add-user-upi-details': AnswerSchema,
  'api-fund-request-add': RequestMadeAnswerSchema,
  'api-fund-request-proof': ProofAddedAnswerSchema,
  'api-user-withdraw-fund-request': WithdrawalMadeAnswerSchema,
  'api-check-user-for-transfer-amt': TransferUserAnswerSchema,
  'api-user-transfer-wallet-balance': TransferMadeAnswerSchema,
  'api-user-wallet-balance': WalletInfoAnswerSchema,
  'api-admin-bank-details': BankDetailsAnswerSchema,
  'api-get-qr-pay': QrPayAnswerSchema,
  'api-money-deposit-withdrawal-rule': RulesAnswerSchema,
  'api-get-user-payment-details': PaymentDetailsAnswerSchema,
  'api-last-fund-request-detail': FundDetailAnswerSchema,
  'api-notifications': InboxAnswerSchema,
  'api-notifications-read': InboxReadAnswerSchema,
  'api-push-settings': PushSettingsAnswerSchema,
  'api-push-subscribe': PushSettingsAnswerSchema,
  'api-push-unsubscribe': PushSettingsAnswerSchema,
  'api-push-follow': PushSettingsAnswerSchema,
  'api-responsible': ProtectionAnswerSchema,
  'api-confirm-age': ProtectionAnswerSchema,
  'api-take-break': ProtectionAnswerSchema,
  'api-self-exclude': ProtectionAnswerSchema,
  'api-set-limit': ProtectionAnswerSchema,
  'api-set-reality-check': ProtectionAnswerSchema,
  'api-reality-check': RealityCheckAnswerSchema,
  'api-set-language': answer({ language: z.string() }),
  ...ORIGINAL_ANSWERS,
} as const satisfies Record<CallName, z.ZodType>;

export type AnswerSchemas = typeof ANSWER_SCHEMAS;
