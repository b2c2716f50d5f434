/**
 * What each player call may refuse with, declared with the call. A refusal's code is its id in the
 * messages catalogue (shared/src/i18n/locales): `msg.<key>` for a fixed text (the spec's MSG and TEXTS,
 * the server's SERVER_TEXTS), `tpl.<key>` for a composed one with its {parameters} (TEMPLATES). Besides
 * these, every call may answer `request`: a field of the request missing or not valid, the text being
 * the call's request schema's message for that field (REQUEST_SCHEMAS declares those), and the
 * envelope's refusals (ENVELOPE_REFUSALS). The server says a code's text in the player's language from
 * the catalogue; under CHECK_ANSWERS a refusal a call does not declare fails the test that caused it, and
 * /openapi.json lists each call's refusals with their English texts.
 */
import { MSG, SERVER_TEXTS, TEMPLATES, TEXTS, type Message, type TemplateKey } from '../domain';
import { callSpec, type CallName } from './index';

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
const FIXED = { ...MSG, ...TEXTS, ...SERVER_TEXTS } as const;
type FixedKey = StringKeys<typeof FIXED>;

/** A refusal's code: its catalogue id, or `request` (the request schema's own message for a field). */
export type RefusalCode = `msg.${FixedKey}` | `tpl.${TemplateKey}` | 'request';

/** The English text of a code ({parameters} left in a composed one). */
export function refusalText(code: RefusalCode): string {
  if (code === 'request') return 'The message of the field that is missing or not valid';
  if (code.startsWith('tpl.')) return TEMPLATES[code.slice(4) as TemplateKey];
  return FIXED[code.slice(4) as FixedKey] as string;
}

/** A fixed text -> its code (the first key that has it: a few texts have two). */
const CODES = new Map<string, RefusalCode>();
for (const [key, text] of Object.entries(FIXED))
  if (typeof text === 'string' && !CODES.has(text)) CODES.set(text, `msg.${key}` as RefusalCode);

/** The code of a message as the server refuses with it; null for a text no catalogue has. */
export function refusalCode(message: Message): RefusalCode | null {
  if (typeof message !== 'string') return `tpl.${message.key}`;
  return CODES.get(message) ?? null;
}

/** Every call: its app key, its body; a call with a session: the session. */
export const ENVELOPE_REFUSALS = ['msg.badAppKey', 'msg.notAnObject', 'request'] as const satisfies RefusalCode[];
export const SESSION_REFUSALS = ['msg.sessionExpired'] as const satisfies RefusalCode[];

// the groups several calls share
const TOO_MANY = ['msg.tooManyAttempts'] as const;
const OTP = ['msg.tooManyAttempts', 'msg.tooManyWrongCodes', 'tpl.otpWait'] as const;
const PROTECTED = ['tpl.breakUntil', 'tpl.excludedUntil', 'tpl.excludedForGood', 'tpl.ageBeforePlay'] as const;
const BETTING = ['msg.bettingDisabled'] as const;
const GAME = ['msg.invalidGame'] as const;
const BID = [
  ...BETTING,
  ...PROTECTED,
  ...GAME,
  'msg.badIdempotencyKey',
  'msg.unknownBetType',
  'msg.invalidRequest',
  'msg.selectSession',
  'msg.invalidBidDate',
  'msg.noBids',
  'msg.enterNumber',
  'tpl.numberNotValid',
  'msg.enterPoint',
  'msg.minBid',
  'tpl.minBid',
  'msg.maxBid',
  'tpl.maxBid',
  'msg.pointsWhole',
  'msg.tooManyBids',
  'msg.marketClosed',
  'tpl.biddingClosed',
  'tpl.sessionClosed',
  'tpl.numbersClosed',
  'tpl.sessionMax',
  'tpl.limitBid',
] as const;
const DEPOSIT = [
  ...BETTING,
  ...PROTECTED,
  'tpl.minAddAmount',
  'tpl.maxAddAmount',
  'tpl.tooManyPending',
  'tpl.limitDeposit',
] as const;
const NONE = [] as const;

/**
 * Each call's own refusals (beside the envelope's and its request schema's). Written for the rules a
 * call's handler and services apply; a refusal thrown and not declared here is a drift in the tests.
 */
export const CALL_REFUSALS: { readonly [N in CallName]: readonly RefusalCode[] } = {
  'api-user-login': ['msg.userNotRegistered', 'msg.transferLookupFailed', 'msg.accountBlocked', ...TOO_MANY],
  'api-user-logout': NONE,
  'api-check-mobile': ['msg.userAlreadyRegistered', 'msg.registrationPaused', 'msg.sendOtpFailed', ...OTP],
  'api-user-registration': [
    'msg.otpInvalid',
    'msg.userAlreadyRegistered',
    'msg.registrationPaused',
    'msg.ageRequired',
    ...TOO_MANY,
  ],
  'api-resend-otp': ['msg.userAlreadyRegistered', 'msg.userNotRegistered', ...OTP],
  'api-forget-check-mobile': ['msg.userNotRegistered', ...OTP],
  'api-forgot-password': ['msg.otpInvalidForgot', 'msg.resetNeedsCode', 'msg.userNotRegistered', ...TOO_MANY],
  'api-change-password': ['msg.oldPasswordIncorrect', ...TOO_MANY],
  'api-get-profile': NONE,
  'api-profile-update': NONE,
  'api-home-info': NONE,
  // a token is optional; one that is given must be live
  'api-dashboard-data': SESSION_REFUSALS,
  'api-get-slider-images': NONE,
  'api-get-auto-deposit-list': NONE,
  'api-social-data': NONE,
  'api-how-to-play': NONE,
  'api-privacy-policy': NONE,
  'api-starline-game': NONE,
  'api-galidisawar-game': NONE,
  'api-game-rates': NONE,
  'api-starline-game-rates': NONE,
  'api-galidisawar-game-rates': NONE,
  'api-submit-bid': [...BID, 'msg.insufficient', 'msg.notEnoughBalance'],
  'api-starline-submit-bid': [...BID, 'msg.insufficientStarline'],
  'api-galidisawar-submit-bid': [...BID, 'msg.insufficient'],
  'api-bid-history-data': NONE,
  'api-starline-bid-history-data': NONE,
  'api-galidisawar-bid-history-data': NONE,
  'api-wining-history-data': NONE,
  'api-starline-wining-history-data': NONE,
  'api-galidisawar-wining-history-data': NONE,
  'api-user-wallet-balance': NONE,
  'api-money-deposit-withdrawal-rule': NONE,
  'api-admin-bank-details': NONE,
  'api-get-qr-pay': NONE,
  'api-last-fund-request-detail': NONE,
  'api-fund-request-add': DEPOSIT,
  'api-fund-request-proof': [
    'msg.screenshotInvalid',
    'msg.screenshotTooLarge',
    'msg.proofNotPending',
    'msg.utrTaken',
    'msg.proofChangesUsed',
    'msg.proofChangesToday',
  ],
  'api-fund-request-history': NONE,
  'api-upi-send-otp': [...BETTING, ...OTP],
  'api-add-user-upi-details': [...BETTING, 'msg.otpInvalid', 'msg.phoneRequired', ...TOO_MANY],
  'api-get-user-payment-details': NONE,
  'api-user-payment-method-list': NONE,
  'api-user-withdraw-fund-request': [
    ...BETTING,
    'msg.walletLimitExceeded',
    'tpl.minWithdraw',
    'tpl.addMethodFirst',
    'msg.upiHeld',
    'msg.withdrawOutsideHours',
  ],
  'api-user-withdraw-transaction-history': NONE,
  'api-check-user-for-transfer-amt': ['msg.transferLookupFailed', 'msg.transferOwnPhone', ...TOO_MANY],
  'api-user-transfer-wallet-balance': [
    ...BETTING,
    ...PROTECTED,
    'msg.transferNotEnoughPoints',
    'msg.transferPointsMin',
    'msg.pointsWhole',
    'tpl.pointsTooMany',
    'msg.transferLookupFailed',
    'msg.transferOwnPhone',
    'msg.receiverPaused',
  ],
  'api-wallet-transaction-history': NONE,
  'api-notifications': NONE,
  'api-notifications-read': ['msg.badNotificationId'],
  'api-push-settings': ['tpl.pushCategories'],
  'api-push-subscribe': ['msg.pushServiceUnknown', 'msg.badPushSubscription', 'tpl.pushCategories'],
  'api-push-unsubscribe': NONE,
  'api-push-follow': ['msg.unknownMarket'],
  'api-responsible': NONE,
  'api-confirm-age': NONE,
  'api-take-break': NONE,
  'api-self-exclude': NONE,
  'api-set-limit': NONE,
  'api-set-reality-check': NONE,
  'api-reality-check': NONE,
  'api-set-language': NONE,
  'api-get-app-key': NONE,
  'api-check-security-pin': ['msg.pinWrong', ...SESSION_REFUSALS, ...TOO_MANY],
  'api-check-game-status': GAME,
  'api-get-current-date': GAME,
  'api-add-money-via-upi': DEPOSIT,
  'api-get-notice': NONE,
  'api-get-notification': NONE,
  'api-get-contact-details': NONE,
  'api-get-app-version-details': NONE,
  'api-get-statement': NONE,
  'api-view-wallet-transaction-history': ['msg.noDataFound'],
  'api-notification-setting': NONE,
  'api-check-games-active-inactive': GAME,
  'api-check-starline-game-status': GAME,
  'api-check-starline-games-active-inactive': GAME,
  'api-check-galidisawar-game-status': GAME,
  'api-check-galidisawar-games-active-inactive': GAME,
  'api-get-sp-motor-combination': ['msg.notEnoughBalance'],
  'api-get-sp-dp-tp-combination': ['msg.notEnoughBalance'],
};

/** Every refusal a call may give: the envelope's, the session's when it has one, its own. */
export function refusalsOf(name: CallName): readonly RefusalCode[] {
  return [...ENVELOPE_REFUSALS, ...(callSpec(name).auth ? SESSION_REFUSALS : []), ...CALL_REFUSALS[name]];
}
