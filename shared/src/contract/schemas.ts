/**
 * `@matka/shared/contract/schemas`: the request of every player call (spec section 7) as a zod schema,
 * declared once, with the spec's messages. The server validates each call's body with its schema (its
 * `defineCall` takes it from here by the call's name) and documents it in `/openapi.json`; the clients'
 * types are inferred from it (`RequestOf<name>` in requests.ts: a type-only import, so no client bundle
 * carries zod). Every call has one: a call missing here does not compile.
 *
 * Besides these fields every call carries `env_type` and `app_key`, and `unique_token` when it needs the
 * player's session: the clients' base query adds them, the server reads them before the body's schema.
 */
import { z } from 'zod';
import { ORIGINAL_REQUESTS } from './originalSchemas';
import {
  BREAK_PERIODS,
  EXCLUSION_PERIODS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  MSG,
  MSG_AGE_REQUIRED,
  MSG_NAME_INVALID,
  MSG_NAME_NEEDS_LETTER,
  NAME_MAX,
  NAME_RE,
  PLAYER_PASSWORD_RULE,
  REALITY_CHECK_MINUTES,
  SERVER_TEXTS,
  WITHDRAW_METHOD_CODES,
  longEnoughPassword,
  type WithdrawMethod,
} from '../domain';
import { MAX_ROWS_PER_REQUEST } from '../domain/submission';
import type { CallName } from './index';
import {
  amountField,
  historyDate,
  limitAmountField,
  optStr,
  otpField,
  phone,
  rangeFields,
  reqStr,
  textOrNumber,
  transferPointsField,
} from './fields';

export * from './fields';
export * from './answerSchemas';
export * from './liveSchemas';
export * from './operatorSchemas';
export * from './operatorAnswerSchemas';
export * from './resultSchemas';
export * from './familySchemas';
export * from './verifySchemas';
export * from './auditSchemas';
export * from './originalSchemas';
export * from './refusals';
export * from './servedSchemas';

/** 'api-check-security-pin': a PIN that does not match, or is not a PIN at all. */
export const MSG_PIN_WRONG = SERVER_TEXTS.pinWrong;
/** A screenshot's data URL, at most 180 KB decoded (the server then checks the image itself). */
export const PROOF_MAX_BYTES = 180 * 1024;

const empty = z.object({});
const loginPhone = () => phone(MSG.phoneRequired, MSG.phoneInvalid);
const forgotPhone = () => phone(MSG.forgotPhoneRequired, MSG.forgotPhoneInvalid);
const password = (msg: string = MSG.passwordRequired) =>
  z.string({ error: msg }).min(1, msg).max(128, 'Password is too long');
/** A password being chosen (registration, reset, change): also at least PLAYER_PASSWORD_MIN characters. */
const newPassword = (msg: string = MSG.passwordRequired) =>
  password(msg).refine((p) => longEnoughPassword(p), PLAYER_PASSWORD_RULE);
/** Letters (any script), digits, spaces and . ' _ - : no markup or SQL punctuation (the domain's rule). */
const displayName = (required: string) =>
  reqStr(required, NAME_MAX).regex(NAME_RE, MSG_NAME_INVALID).regex(/\p{L}/u, MSG_NAME_NEEDS_LETTER);

/** A value the apps send as text or as a number ('10' or 10). */
const wireValue = (max: number, description: string) =>
  z
    .union([z.string().max(max), z.number()])
    .optional()
    .meta({ description });

/**
 * One bid of a request, as the bid screen sends it. Its rules (a valid number for the bet, points within
 * the limits) are the domain's, checked row by row (parseSubmission), which names what is wrong.
 */
const bidRowSchema = z.object({
  digits: wireValue(10, "The number: a digit, a jodi, or a Sangam's open digit or pana"),
  closedigits: wireValue(10, "A Sangam's close digit or pana; empty otherwise"),
  points: wireValue(12, 'The points of this bid, a whole number'),
  session: z.string().max(10).optional().meta({ description: "'Open' or 'Close' (a regular market's session)" }),
  pana: z.string().max(40).optional().meta({ description: "An Open session's pana, when the number is one" }),
  closepana: z.string().max(40).optional().meta({ description: "A Sangam's close pana" }),
});

/** The bids of one request: the bid screen, its market, date and session, and its rows. */
export const NewResultSchema = z
  .object(
    {
      Gamename: z.string().max(100).optional().meta({ description: "The market's name" }),
      gameid: wireValue(20, "The market's id (else the request's game_id)"),
      pana: z
        .string()
        .max(40)
        .optional()
        .meta({ description: "The bet, by the game's name: 'Single Digit', 'Jodi Digit'" }),
      gametype: z.string().max(40).optional().meta({ description: 'The bet, where an app names it here instead' }),
      bid_date: z.string().max(40).optional().meta({ description: "The market day: '10-March-2026'" }),
      session: z.string().max(40).optional().meta({ description: "'Open' or 'Close' for a regular market" }),
      totalbit: wireValue(12, 'The points of all rows (recomputed by the server)'),
      unique_token: z.string().max(100).optional().meta({ description: "Some apps' copy of the session token" }),
      request_id: z.string().max(100).optional().meta({ description: "Some apps' place for the request's id" }),
      result: z
        .array(bidRowSchema)
        .optional()
        .meta({ description: `The bids, 1 to ${MAX_ROWS_PER_REQUEST}` }),
    },
    { error: MSG.invalidRequest },
  )
  .meta({
    description: 'The bids: the bid screen, its session and date, and its rows.',
    examples: [
      {
        Gamename: 'KALYAN',
        gameid: '5',
        pana: 'Single Digit',
        bid_date: '10-March-2026',
        session: 'Open',
        totalbit: '20',
        result: [{ digits: '5', closedigits: '', points: '20', session: 'Open' }],
      },
    ],
  });

const submitBid = z.object({
  game_id: textOrNumber(20),
  /** the bids: read by their schema, then row by row by the game's rules (parseSubmission) */
  new_result: NewResultSchema.transform((v): Record<string, unknown> => ({ ...v })),
  request_id: z.string().max(100).optional().nullable(),
});
const bidRange = z.object({ bid_from: historyDate('Invalid from date'), bid_to: historyDate('Invalid to date') });
const winRange = z.object({ date_from: historyDate('Invalid from date'), date_to: historyDate('Invalid to date') });
const moneyRange = z.object(rangeFields);
/** a mobile number some apps add to a call that is the token's account's: read, and ignored */
const ignoredMobile = z.unknown().optional();

const upiType = z.union([z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3'])], {
  error: 'Invalid UPI type',
});
const gameId = z.union([z.string().max(20), z.number()], { error: MSG.invalidGame }).transform((v) => Number(v));
/** A PIN as the apps send it: digits, as text or as a number. */
const pinField = z.union([z.string().max(20), z.number()], { error: MSG_PIN_WRONG }).transform((v) => String(v).trim());
/** The UPI reference of a payment (UTR / RRN): 12 digits, as the UPI apps show it. */
const utrField = z
  .string({ error: SERVER_TEXTS.utrInvalid })
  .transform((s) => s.replace(/\s+/g, ''))
  .refine((s) => /^\d{12}$/.test(s), SERVER_TEXTS.utrInvalid);
/** A payment screenshot as a data URL of a PNG, JPEG or WebP image. */
const screenshotField = z
  .string({ error: SERVER_TEXTS.screenshotInvalid })
  .max(Math.ceil((PROOF_MAX_BYTES * 4) / 3) + 64, SERVER_TEXTS.screenshotInvalid)
  .transform((s) => s.trim())
  .refine((s) => /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/.test(s), SERVER_TEXTS.screenshotInvalid);
const endpoint = z.string({ error: 'endpoint is required' }).max(1000, 'Invalid endpoint');
/** an inbox entry's id as the inbox gave it (opaque: the server reads it) */
const inboxId = z.string({ error: SERVER_TEXTS.badNotificationId }).max(200, SERVER_TEXTS.badNotificationId);

export const REQUEST_SCHEMAS = {
  // accounts
  'api-user-login': z.object({ mobile: loginPhone(), password: password(), device_id: optStr() }),
  'api-user-logout': empty,
  'api-check-mobile': z.object({
    mobile: loginPhone(),
    /** the app's device: for a registered number, a device that signed in to it gets a PIN sign-in */
    device_id: z.string().trim().max(200).optional(),
  }),
  'api-user-registration': z.object({
    name: displayName(MSG.usernameRequired),
    email: z.string().max(200).optional().nullable(),
    password: newPassword(),
    mobile: loginPhone(),
    security_pin: textOrNumber(20),
    device_id: optStr(),
    /** without a code: only under LEGACY_REGISTRATION, as an unapproved account */
    otp: otpField(MSG.otpInvalid),
    /** our client: the player ticked 'I confirm that I am 18 years of age or older' (deployed clients send nothing) */
    adult: z.boolean({ error: MSG_AGE_REQUIRED }).optional(),
  }),
  'api-resend-otp': z.object({
    mobile: loginPhone(),
    purpose: z.enum(['register', 'forgot', 'upi'], { error: 'Invalid purpose' }).optional().nullable(),
  }),
  'api-forget-check-mobile': z.object({ mobile: forgotPhone() }),
  /** without a code (apps that compare it on the phone) it is refused */
  'api-forgot-password': z.object({
    mobile: forgotPhone(),
    new_pass: newPassword(MSG.newPasswordRequired),
    otp: otpField(MSG.otpInvalidForgot),
  }),
  'api-change-password': z.object({
    old_pass: password(MSG.currentPasswordRequired),
    new_pass: newPassword(MSG.newPasswordRequired),
  }),
  'api-get-profile': empty,
  'api-profile-update': z.object({
    user_name: displayName(MSG.nameRequired),
    // the 'MATKA 04' apps edit the e-mail too ('' clears it)
    email: z
      .string({ error: 'Enter a valid email' })
      .trim()
      .max(200, 'Enter a valid email')
      .refine((e) => e === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e), 'Enter a valid email')
      .optional()
      .nullable(),
  }),
  'api-set-language': z.object({ language: z.enum(['en', 'hi', 'mr'], { error: SERVER_TEXTS.chooseLanguage }) }),

  // content and the market lists
  'api-home-info': empty,
  'api-dashboard-data': empty,
  'api-get-slider-images': empty,
  'api-get-auto-deposit-list': empty,
  'api-social-data': empty,
  'api-how-to-play': empty,
  'api-privacy-policy': empty,
  'api-starline-game': empty,
  'api-galidisawar-game': empty,
  'api-game-rates': empty,
  'api-starline-game-rates': empty,
  'api-galidisawar-game-rates': empty,
  'api-money-deposit-withdrawal-rule': empty,
  'api-admin-bank-details': empty,
  'api-get-qr-pay': empty,

  // bids and their histories
  'api-submit-bid': submitBid,
  'api-starline-submit-bid': submitBid,
  'api-galidisawar-submit-bid': submitBid,
  'api-bid-history-data': bidRange,
  'api-starline-bid-history-data': bidRange,
  'api-galidisawar-bid-history-data': bidRange,
  'api-wining-history-data': winRange,
  'api-starline-wining-history-data': winRange,
  'api-galidisawar-wining-history-data': winRange,

  // the wallet
  'api-user-wallet-balance': empty,
  'api-wallet-transaction-history': moneyRange,
  'api-last-fund-request-detail': z.object({ mobile_no: ignoredMobile }),
  'api-fund-request-add': z.object({ request_amount: amountField(MSG.amountRequired) }),
  'api-fund-request-proof': z
    .object({
      request_id: z.union([z.string(), z.number()], { error: 'request_id is required' }).transform(String),
      utr: utrField.optional(),
      screenshot: screenshotField.optional(),
    })
    .refine((b) => b.utr !== undefined || b.screenshot !== undefined, 'Enter the UTR or add a screenshot')
    .refine((b) => /^\d{1,18}$/.test(b.request_id), 'Unknown deposit request'),
  'api-fund-request-history': moneyRange,
  'api-check-user-for-transfer-amt': z.object({
    mobile_no: phone(MSG.transferPhoneRequired, MSG.transferPhoneInvalid),
  }),
  'api-user-transfer-wallet-balance': z.object({
    amount: transferPointsField(MSG.transferPointsRequired, SERVER_TEXTS.pointsNotNumber),
    mobile_no: phone(MSG.transferPhoneRequired, MSG.transferPhoneInvalid),
    transfer_note: z.string().max(200).optional().nullable(),
  }),
  'api-upi-send-otp': z.object({
    /** the number to send the code to; left out, the account's own (as api-validate-bank asks it) */
    mobile: phone(MSG.upiPhoneRequired, MSG.upiPhoneInvalid)
      .optional()
      .transform((v) => v ?? ''),
    /** the payment app the number is for; the code proves the number, for any of them */
    upi_type: upiType.optional(),
  }),
  'api-add-user-upi-details': z.object({
    upi_type: upiType,
    paytm_no: z.string().max(20).optional().nullable(),
    google_pay_no: z.string().max(20).optional().nullable(),
    phon_pay_no: z.string().max(20).optional().nullable(),
    /** without a code: only under LEGACY_REGISTRATION, the number then held for the operator */
    otp: otpField(MSG.otpInvalid),
  }),
  'api-get-user-payment-details': z.object({ mobile: ignoredMobile, mobile_no: ignoredMobile }),
  'api-user-payment-method-list': z.object({ mobile: ignoredMobile, mobile_no: ignoredMobile }),
  'api-user-withdraw-fund-request': z.object({
    /** the account is the token's: a mobile in the body is ignored */
    mobile: ignoredMobile,
    request_amount: amountField(MSG.amountRequired),
    /** the method's code (WITHDRAW_METHODS), as text or as a number */
    payment_method: z
      .union(
        [
          z.enum(WITHDRAW_METHOD_CODES as [WithdrawMethod, ...WithdrawMethod[]]),
          z.literal(2),
          z.literal(3),
          z.literal(4),
        ],
        { error: MSG.selectPaymentMethod },
      )
      .transform((v) => String(v) as WithdrawMethod),
  }),
  'api-user-withdraw-transaction-history': z.object({ mobile_no: ignoredMobile, ...rangeFields }),

  // the notifications inbox, newest first: `before` pages back past an entry's id
  'api-notifications': z.object({ before: inboxId.optional() }),
  /** marks every entry up to this id read (the newest shown) */
  'api-notifications-read': z.object({ upto: inboxId }),
  // web push: `endpoint` is this device's subscription, when it has one
  'api-push-settings': z.object({ endpoint: endpoint.optional() }),
  'api-push-subscribe': z.object({
    /** a browser's push subscription as PushSubscription.toJSON() gives it */
    subscription: z.object(
      {
        endpoint,
        keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }, { error: 'keys are required' }),
      },
      { error: 'subscription is required' },
    ),
    categories: z.array(z.string().max(40), { error: 'categories must be a list' }).max(10),
  }),
  'api-push-unsubscribe': z.object({ endpoint }),
  /** the markets the player follows (replaces the list) */
  'api-push-follow': z.object({
    follows: z
      .array(z.union([z.number(), z.string()]), { error: 'follows must be a list of market ids' })
      .max(200, 'Too many markets')
      .transform((l, c) => {
        const ids = l.map(Number);
        if (!ids.every((n) => Number.isSafeInteger(n) && n > 0)) {
          c.addIssue({ code: 'custom', message: SERVER_TEXTS.unknownMarket });
          return z.NEVER;
        }
        return ids;
      }),
  }),

  // responsible play
  'api-responsible': empty,
  'api-confirm-age': empty,
  'api-take-break': z.object({ period: z.enum(BREAK_PERIODS, { error: 'Choose 24 hours, 7 days or 30 days' }) }),
  'api-self-exclude': z.object({
    period: z.enum(EXCLUSION_PERIODS, { error: 'Choose 6 months, 1 year or permanently' }),
  }),
  /** amount '' or 0: remove the limit (it waits 24 hours, as a raise does) */
  'api-set-limit': z.object({
    kind: z.enum(LIMIT_KINDS, { error: 'Choose a deposit, loss or stake limit' }),
    period: z.enum(LIMIT_PERIODS, { error: 'Choose a day, a week or a month' }),
    amount: limitAmountField,
  }),
  /** 0: off */
  'api-set-reality-check': z.object({
    minutes: z.union([z.string(), z.number()]).refine((v) => [0, ...REALITY_CHECK_MINUTES].includes(Number(v) as 0), {
      message: 'Choose every 30, 60 or 120 minutes, or off',
    }),
  }),
  'api-reality-check': empty,

  // the 'MATKA 04' apps' own calls (dialects.ts)
  'api-get-app-key': z.object({ env_type: textOrNumber(20) }),
  'api-check-security-pin': z.object({
    /** a session's token, or a PIN sign-in's from api-check-mobile */
    unique_token: z.string({ error: SERVER_TEXTS.sessionExpired }).max(200),
    security_pin: pinField,
  }),
  'api-check-game-status': z.object({ game_id: gameId }),
  'api-get-current-date': z.object({ game_id: gameId }),
  'api-add-money-via-upi': z.object({
    amount: amountField(MSG.amountRequired),
    txn_id: z.string().max(100).optional().nullable(),
    txn_ref: z.string().max(100).optional().nullable(),
    upigpay: textOrNumber(100),
    upiphonepe: textOrNumber(100),
    otherupi: textOrNumber(100),
  }),
  ...ORIGINAL_REQUESTS,
} as const satisfies Record<CallName, z.ZodType>;

/** Every call has its request schema (and no schema is of a call the index does not declare). */
type Unschemed = Exclude<CallName, keyof typeof REQUEST_SCHEMAS>;
export const EVERY_CALL_SCHEMED: [Unschemed] extends [never] ? true : Unschemed = true;

export type RequestSchemas = typeof REQUEST_SCHEMAS;
/** What the server reads from a call's body once its schema has checked it. */
export type ParsedRequestOf<N extends CallName> = z.output<RequestSchemas[N]>;
