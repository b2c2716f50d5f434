/**
 * `@matka/shared/contract`: the one index of the player API (spec section 7). Every call the server
 * serves and every call a client makes is declared here once: its name, whether it needs the player's
 * token, its family and role, the key of its list, the cache tags its answer gives or makes stale, and
 * the other spellings deployed apps send (read by the server's compatibility adapter).
 *
 * Pure data and types: no React, no RTK Query, no zod, so the server and every client import it at no
 * cost. The server's `defineCall` takes the name (and the token rule) from here; the clients' endpoints
 * name their calls with `CallName`; a test fails when either side has a call this module does not list.
 */
import type { Family } from '../domain/betTypes';
import type { Answer, Answers } from './answers';
import type { Requests } from './requests';

/** The client cache's tags: which answers a call's success makes stale. */
export const TAGS = [
  'Home',
  'Wallet',
  'Bids',
  'Wins',
  'Funds',
  'Withdrawals',
  'Transactions',
  'Profile',
  'Payment',
  /** the market lists and their results (home info, Starline, Gali, the charts) */
  'Markets',
  /** the notifications inbox */
  'Inbox',
  /** this device's web push settings */
  'Push',
  /** the player's responsible-play state (age, break, exclusion, limits, reality check) */
  'Protection',
  /** the operator's texts (how to play, rules, privacy policy), given in the player's language */
  'Content',
] as const;
export type Tag = (typeof TAGS)[number];

/** What a call is for, where a family has one of each. */
export type CallRole = 'submit' | 'rates' | 'list' | 'bid-history' | 'win-history';

export interface CallSpec {
  /** true: the call carries the player's unique_token and is refused (401) without a live one */
  readonly auth: boolean;
  /** the market family of a family's call */
  readonly family?: Family;
  readonly role?: CallRole;
  /** the key of the answer's list (histories and market lists) */
  readonly list?: string;
  /** a history's date parameters: 'bid' sends bid_from / bid_to, 'date' date_from / date_to */
  readonly dates?: 'bid' | 'date';
  /** the cache tags the answer gives (a query) */
  readonly provides?: readonly Tag[];
  /** the cache tags a success makes stale (a mutation) */
  readonly invalidates?: readonly Tag[];
  /** true: the call carries no app key (the bootstrap call that gives a deployed app its key) */
  readonly keyless?: boolean;
}

export const CALLS = {
  // accounts (spec sections 2 and 7)
  'api-user-login': { auth: false },
  'api-user-logout': { auth: true },
  'api-check-mobile': { auth: false },
  'api-user-registration': { auth: false },
  'api-resend-otp': { auth: false },
  'api-forget-check-mobile': { auth: false },
  'api-forgot-password': { auth: false },
  'api-change-password': { auth: true },
  'api-get-profile': { auth: true, provides: ['Profile'] },
  'api-profile-update': { auth: true, invalidates: ['Profile'] },

  // content and the market lists
  'api-home-info': {
    auth: true,
    family: 'regular',
    role: 'list',
    list: 'result',
    provides: ['Home', 'Wallet', 'Markets'],
  },
  'api-dashboard-data': { auth: false, provides: ['Markets'] },
  'api-get-slider-images': { auth: false },
  'api-get-auto-deposit-list': { auth: true, provides: ['Funds'] },
  'api-social-data': { auth: false },
  'api-how-to-play': { auth: false, provides: ['Content'] },
  'api-privacy-policy': { auth: false, provides: ['Content'] },
  'api-starline-game': { auth: false, family: 'starline', role: 'list', list: 'result', provides: ['Markets'] },
  'api-galidisawar-game': { auth: false, family: 'gali', role: 'list', list: 'result', provides: ['Markets'] },
  'api-game-rates': { auth: false, family: 'regular', role: 'rates', list: 'game_rates' },
  'api-starline-game-rates': { auth: false, family: 'starline', role: 'rates', list: 'game_rates' },
  'api-galidisawar-game-rates': { auth: false, family: 'gali', role: 'rates', list: 'game_rates' },

  // bids and their histories
  'api-submit-bid': { auth: true, family: 'regular', role: 'submit', invalidates: ['Wallet', 'Home', 'Bids'] },
  'api-starline-submit-bid': {
    auth: true,
    family: 'starline',
    role: 'submit',
    invalidates: ['Wallet', 'Home', 'Bids'],
  },
  'api-galidisawar-submit-bid': { auth: true, family: 'gali', role: 'submit', invalidates: ['Wallet', 'Home', 'Bids'] },
  'api-bid-history-data': {
    auth: true,
    family: 'regular',
    role: 'bid-history',
    list: 'bid_data',
    dates: 'bid',
    provides: ['Bids'],
  },
  'api-starline-bid-history-data': {
    auth: true,
    family: 'starline',
    role: 'bid-history',
    list: 'bid_data',
    dates: 'bid',
    provides: ['Bids'],
  },
  'api-galidisawar-bid-history-data': {
    auth: true,
    family: 'gali',
    role: 'bid-history',
    list: 'bid_data',
    dates: 'bid',
    provides: ['Bids'],
  },
  'api-wining-history-data': {
    auth: true,
    family: 'regular',
    role: 'win-history',
    list: 'win_data',
    dates: 'date',
    provides: ['Wins'],
  },
  'api-starline-wining-history-data': {
    auth: true,
    family: 'starline',
    role: 'win-history',
    list: 'win_data',
    dates: 'date',
    provides: ['Wins'],
  },
  // spec section 7: the Gali win history answers under bid_data
  'api-galidisawar-wining-history-data': {
    auth: true,
    family: 'gali',
    role: 'win-history',
    list: 'bid_data',
    dates: 'date',
    provides: ['Wins'],
  },

  // the wallet (spec sections 3 and 7)
  'api-user-wallet-balance': { auth: true, provides: ['Wallet'] },
  'api-money-deposit-withdrawal-rule': { auth: false, provides: ['Content'] },
  'api-admin-bank-details': { auth: false },
  'api-get-qr-pay': { auth: false },
  'api-last-fund-request-detail': { auth: true, provides: ['Funds'] },
  'api-fund-request-add': { auth: true, invalidates: ['Funds', 'Wallet', 'Transactions'] },
  'api-fund-request-proof': { auth: true, invalidates: ['Funds'] },
  'api-fund-request-history': { auth: true, list: 'fund_requests', dates: 'date', provides: ['Funds'] },
  'api-upi-send-otp': { auth: true },
  'api-add-user-upi-details': { auth: true, invalidates: ['Payment'] },
  'api-get-user-payment-details': { auth: true, provides: ['Payment'] },
  'api-user-payment-method-list': { auth: true },
  'api-user-withdraw-fund-request': { auth: true, invalidates: ['Wallet', 'Withdrawals', 'Transactions'] },
  'api-user-withdraw-transaction-history': {
    auth: true,
    list: 'withdrawdata',
    dates: 'date',
    provides: ['Withdrawals'],
  },
  'api-check-user-for-transfer-amt': { auth: true },
  'api-user-transfer-wallet-balance': { auth: true, invalidates: ['Wallet', 'Transactions'] },
  'api-wallet-transaction-history': {
    auth: true,
    list: 'transaction_history',
    dates: 'date',
    provides: ['Transactions'],
  },

  // the notifications inbox: the player's news and the operator's notices
  'api-notifications': { auth: true, list: 'notifications', provides: ['Inbox'] },
  'api-notifications-read': { auth: true, invalidates: ['Inbox'] },
  // web push: the server's key, this device's subscription and categories, followed markets
  'api-push-settings': { auth: true, provides: ['Push'] },
  'api-push-subscribe': { auth: true, invalidates: ['Push'] },
  'api-push-unsubscribe': { auth: true, invalidates: ['Push'] },
  'api-push-follow': { auth: true, invalidates: ['Push'] },
  // responsible play: enforced by the server for every client
  // (its limits' use changes with every bid and deposit: the wallet's tag makes it stale too)
  'api-responsible': { auth: true, provides: ['Protection', 'Wallet'] },
  'api-confirm-age': { auth: true, invalidates: ['Protection'] },
  'api-take-break': { auth: true, invalidates: ['Protection'] },
  'api-self-exclude': { auth: true, invalidates: ['Protection'] },
  'api-set-limit': { auth: true, invalidates: ['Protection'] },
  'api-set-reality-check': { auth: true, invalidates: ['Protection'] },
  'api-reality-check': { auth: true, provides: ['Protection'] },
  // the player's language, kept on the account: refusals are answered in it
  'api-set-language': { auth: true },

  // the calls only the 'MATKA 04' apps make (dialects.ts): their bootstrap, the PIN screen, the
  // game and bid screens' checks, their UPI deposit
  'api-get-app-key': { auth: false, keyless: true },
  // a session's token, or a PIN sign-in's (api-check-mobile gives one to a device the account knows)
  'api-check-security-pin': { auth: false },
  'api-check-game-status': { auth: true },
  'api-get-current-date': { auth: true },
  'api-add-money-via-upi': { auth: true, invalidates: ['Funds', 'Wallet', 'Transactions'] },

  // the original backend's other calls that its apps make (reference.ts, originalSchemas.ts): notices
  // and notifications, contacts, app versions, the statement and one ledger row, the notification
  // switch, the market-state checks of each family, the pana combinations of the SP/DP motor screens
  'api-get-notice': { auth: true },
  'api-get-notification': { auth: true, invalidates: ['Inbox'] },
  'api-get-contact-details': { auth: false },
  'api-get-app-version-details': { auth: false },
  'api-get-statement': { auth: true, list: 'transaction_history', dates: 'date' },
  'api-view-wallet-transaction-history': { auth: true },
  'api-notification-setting': { auth: true },
  'api-check-games-active-inactive': { auth: false },
  'api-check-starline-game-status': { auth: false },
  'api-check-starline-games-active-inactive': { auth: false },
  'api-check-galidisawar-game-status': { auth: false },
  'api-check-galidisawar-games-active-inactive': { auth: false },
  'api-get-sp-motor-combination': { auth: true },
  'api-get-sp-dp-tp-combination': { auth: true },
} as const satisfies Record<`api-${string}`, CallSpec>;

export type CallName = keyof typeof CALLS;

export const CALL_NAMES = Object.keys(CALLS) as CallName[];

/** 'check-mobile' -> 'checkMobile' */
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
/** A call's name as an identifier: 'api-check-mobile' -> 'checkMobile'. */
export type CallKey<N extends CallName> = Camel<N extends `api-${infer R}` ? R : N>;
const keyOf = (name: string) => name.slice(4).replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/**
 * Every call by its identifier (`CALL.checkMobile` is 'api-check-mobile'): how the server and the
 * clients name a call, so that its name is written only in CALLS above.
 */
export const CALL = Object.fromEntries(CALL_NAMES.map((name) => [keyOf(name), name])) as {
  readonly [N in CallName as CallKey<N>]: N;
};

/** A call's identifier (`checkMobile`), and the call it names. */
export type CallKeyName = keyof typeof CALL;
export type CallOfKey<K extends CallKeyName> = (typeof CALL)[K];

/** A call's declaration, as the general shape (every field optional but the token rule). */
export function callSpec(name: CallName): CallSpec {
  return CALLS[name];
}

/** The tags a call's answer gives (providesTags) and a success makes stale (invalidatesTags). */
export const providedBy = (name: CallName): Tag[] => [...(callSpec(name).provides ?? [])];
export const invalidatedBy = (name: CallName): Tag[] => [...(callSpec(name).invalidates ?? [])];

/** True for a name this contract declares. */
export function isCallName(name: string): name is CallName {
  return Object.hasOwn(CALLS, name);
}

/** The call of a family with a role ('submit', 'rates', ...). */
export function familyCall(family: Family, role: CallRole): CallName {
  const found = CALL_NAMES.find((n) => {
    const c: CallSpec = CALLS[n];
    return c.family === family && c.role === role;
  });
  if (!found) throw new Error(`no ${role} call for the ${family} family`);
  return found;
}

/** The names of the calls with a role. */
export type CallWithRole<R extends CallRole> = {
  [K in CallName]: (typeof CALLS)[K] extends { readonly role: R } ? K : never;
}[CallName];

const byFamily = <R extends CallRole>(role: R) =>
  ({
    regular: familyCall('regular', role),
    starline: familyCall('starline', role),
    gali: familyCall('gali', role),
  }) as Record<Family, CallWithRole<R>>;

/** The bid submission call of each market family. */
export const SUBMIT_BID_CALL = byFamily('submit');
/** The market list call of each market family: result[] holds the markets. */
export const MARKET_LIST_CALL = byFamily('list');
/** The game rates call of each market family: game_rates[0] holds the pairs. */
export const RATES_CALL = byFamily('rates');
export const BID_HISTORY_CALL = byFamily('bid-history');
export const WIN_HISTORY_CALL = byFamily('win-history');

/**
 * Deployed dialects: other spellings of a call that installed apps send, read by the server's
 * compatibility adapter (server/src/http/compat.ts) in front of its router. Whole-name aliases...
 */
export const CALL_ALIASES: Readonly<Record<string, CallName>> = {
  'api-get-dashboard-data': 'api-dashboard-data',
  'api-get-social-data': 'api-social-data',
  // the 'MATKA 04' apps ask for the code of a UPI number by this name
  'api-validate-bank': 'api-upi-send-otp',
  // the original's registration code by another name, and its Gali checks by its spelling
  'api-otp-sent': 'api-resend-otp',
  // a build's home banners are the slider images
  'api-get-banners': 'api-get-slider-images',
  'api-check-galidisswar-game-status': 'api-check-galidisawar-game-status',
  'api-check-galidisswar-games-active-inactive': 'api-check-galidisawar-games-active-inactive',
};

/** ...and a family spelled another way by other deployments (prefix -> prefix). */
export const PREFIX_ALIASES: ReadonlyArray<readonly [string, string]> = [['api-galidisswar-', 'api-galidisawar-']];
export * from './operator';
export * from './answers';
export * from './requests';
export * from './live';
export * from './dialects';
export * from './releases';
export * from './verify';
export * from './refusalCodes';
export * from './served';

/** The answer of a call: its declared type (Answers). */
export type AnswerOf<N extends CallName> = N extends keyof Answers ? Answers[N] : Answer;

/** Every call declares its answer: a call missing from Answers (or an answer of no call) does not compile. */
type Unanswered = Exclude<CallName, keyof Answers> | Exclude<keyof Answers, CallName>;
export const EVERY_CALL_ANSWERED: [Unanswered] extends [never] ? true : Unanswered = true;

/** The body a client sends with a call (besides env_type, app_key and unique_token). */
export type RequestOf<N extends CallName> = Requests[N];

/** Every call declares its request: a call missing from Requests (or a request of no call) does not compile. */
type Unrequested = Exclude<CallName, keyof Requests> | Exclude<keyof Requests, CallName>;
export const EVERY_CALL_REQUESTED: [Unrequested] extends [never] ? true : Unrequested = true;
