/**
 * The live stream (`POST /api/live`, Server-Sent Events) and the inbox: what the server pushes, declared
 * once for the server that writes it and every client that reads it. Pure data and types.
 *
 * A stream's event is `id: <opaque text>` (the client sends the last one back as Last-Event-ID to replay
 * what it missed; ids come in order but tell nothing else), `event: <kind>`, `data: <LiveEvent as JSON>`.
 * Besides the kinds below the server sends `event: refetch` (too much was missed: reload everything),
 * `event: revoked` (the session ended: the stream closes), `event: replaced` (the account opened more
 * streams than it may hold and this, its oldest, is closed: the app polls instead and does not take a
 * stream back) and `: ping` comments every HEARTBEAT_MS.
 */
import { marketResultText } from '../domain/format';
import type { z } from 'zod';
import type { Tag } from './index';
import type * as S from './liveSchemas';

/** the stream's path (POST, JSON body `{ unique_token }`, optional `Last-Event-ID` header) */
export const LIVE_PATH = '/api/live';
/** a comment line this often keeps proxies from closing an idle stream */
export const HEARTBEAT_MS = 25_000;
/** a reconnect replays at most this many missed events; more and the client is told to refetch */
export const REPLAY_LIMIT = 200;
/** how long events are kept (the replay's and the inbox's horizon) */
export const LIVE_KEEP_DAYS = 30;

// the events, declared as schemas in liveSchemas.ts (@matka/shared/contract/schemas), their types here
export type ResultEvent = z.output<typeof S.ResultEventSchema>;
export type MarketEvent = z.output<typeof S.MarketEventSchema>;
export type WalletEvent = z.output<typeof S.WalletEventSchema>;
export type WinEvent = z.output<typeof S.WinEventSchema>;
export type WinReversedEvent = z.output<typeof S.WinReversedEventSchema>;
export type MoneyEvent = z.output<typeof S.MoneyEventSchema>;
export type TransferEvent = z.output<typeof S.TransferEventSchema>;
export type NoticeEvent = z.output<typeof S.NoticeEventSchema>;
export type ListsEvent = z.output<typeof S.ListsEventSchema>;
export type AccountEvent = z.output<typeof S.AccountEventSchema>;
export type LiveEvent = z.output<typeof S.LiveEventSchema>;
export type LiveKind = LiveEvent['kind'];
export const LIVE_KINDS: readonly LiveKind[] = [
  'result',
  'market',
  'wallet',
  'win',
  'win_reversed',
  'deposit',
  'withdrawal',
  'transfer',
  'notice',
  'lists',
  'account',
];
export const isLiveKind = (k: string): k is LiveKind => (LIVE_KINDS as readonly string[]).includes(k);

/** The kinds kept in a player's inbox (their own news and the operator's notices). */
export const INBOX_KINDS: readonly LiveKind[] = ['win', 'win_reversed', 'deposit', 'withdrawal', 'transfer', 'notice'];

/**
 * Which answers of the client's cache an event makes stale. A result and a market's status are written
 * into the cached lists instead (resultFields: a result reaching every phone makes none of them ask for
 * its list again), and a wallet event's balance into the cached balance.
 */
export const LIVE_TAGS: Record<LiveKind, readonly Tag[]> = {
  result: ['Bids', 'Wins'],
  market: [],
  wallet: ['Wallet', 'Transactions'],
  win: ['Wins', 'Bids', 'Wallet', 'Transactions', 'Inbox'],
  win_reversed: ['Wins', 'Bids', 'Wallet', 'Transactions', 'Inbox'],
  deposit: ['Funds', 'Wallet', 'Transactions', 'Inbox'],
  withdrawal: ['Withdrawals', 'Wallet', 'Transactions', 'Inbox'],
  transfer: ['Wallet', 'Transactions', 'Inbox'],
  notice: ['Inbox'],
  lists: ['Markets', 'Home'],
  account: ['Home', 'Wallet', 'Profile', 'Protection'],
};

/** The app's page an event opens (a notification's tap, an inbox entry). */
export function livePath(e: LiveEvent): string {
  switch (e.kind) {
    case 'result':
    case 'market':
      return e.family === 'starline' ? '/star' : e.family === 'gali' ? '/galiIMP' : '/imp';
    case 'win':
    case 'win_reversed':
      return e.family === 'starline' ? '/imp6' : e.family === 'gali' ? '/impwin' : '/win';
    case 'deposit':
      return '/addfundhistory';
    case 'withdrawal':
      return '/withdrawhistory';
    case 'wallet':
    case 'transfer':
      return '/transaction';
    case 'lists':
      return '/imp';
    case 'account':
      return '/profile';
    case 'notice':
      return e.link || '/notifications';
  }
}

/**
 * A result's fields as a family's market list answers them (home info, Starline games, Gali markets):
 * the client writes them into its cached list, so a result shows without asking for the list again.
 */
export function resultFields(e: ResultEvent): Record<string, string> {
  if (e.family === 'gali') return { open_result: e.jodi ?? '', result: e.jodi ?? '' };
  if (e.family === 'starline') return { open_result: e.open_pana ? `${e.open_pana}-${e.open_digit ?? ''}` : '' };
  const open_result = e.open_pana ?? '';
  const close_result = e.close_pana ?? '';
  return { open_result, close_result, result_text: marketResultText({ open_result, close_result }) };
}

const points = (n: number) => n.toLocaleString('en-IN');

/**
 * A text of the app in a language: its id, its English (with {placeholders}) and the values. The player
 * app passes its t (@matka/shared/i18n); the server one made from the same catalogues (the account's
 * language); without one, the English.
 */
export type Translate = (id: string, english: string, values?: Record<string, string | number>) => string;
const inEnglish: Translate = (_id, english, values) =>
  english.replace(/\{(\w+)\}/g, (m, name: string) => (values && name in values ? String(values[name]) : m));

/**
 * A notification's title and body, in the app's words (their translations: 'live.*' in the messages
 * catalogue, shared/src/i18n/locales; simple {placeholders} only, so the server fills them too).
 */
export function liveText(e: LiveEvent, t: Translate = inEnglish, lang?: string): { title: string; body: string } {
  switch (e.kind) {
    case 'result':
      return {
        title: e.corrected
          ? t('live.resultCorrected', '{market} result corrected', { market: e.name })
          : t('live.result', '{market} result', { market: e.name }),
        body: e.result,
      };
    case 'market':
      return { title: e.name, body: e.open ? t('live.open', 'Open for bids') : t('live.closed', 'Closed for bids') };
    case 'wallet':
      return {
        title: t('live.wallet', 'Wallet updated'),
        body: t('live.balance', 'Balance: {points} points', { points: points(e.wallet) }),
      };
    case 'win':
      return {
        title: t('live.won', 'You won {points} points', { points: points(e.points) }),
        body:
          e.bids === 1
            ? t('live.winningOne', '{market}: 1 winning bid', { market: e.name })
            : t('live.winningMany', '{market}: {n} winning bids', { market: e.name, n: e.bids }),
      };
    case 'win_reversed':
      return {
        title: t('live.winReversed', 'Win reversed: {points} points', { points: points(e.points) }),
        body:
          e.bids === 1
            ? t('live.reversedOne', '{market} result corrected: 1 winning bid reversed', { market: e.name })
            : t('live.reversedMany', '{market} result corrected: {n} winning bids reversed', {
                market: e.name,
                n: e.bids,
              }),
      };
    case 'deposit':
      return e.status === 'approved'
        ? {
            title: t('live.depositApproved', 'Deposit approved'),
            body: t('live.pointsAdded', '{points} points added to your wallet', { points: points(e.points) }),
          }
        : {
            title: t('live.depositRejected', 'Deposit rejected'),
            body: t('live.points', '{points} points', { points: points(e.points) }),
          };
    case 'withdrawal':
      return e.status === 'approved'
        ? {
            title: t('live.withdrawalApproved', 'Withdrawal approved'),
            body: t('live.points', '{points} points', { points: points(e.points) }),
          }
        : {
            title: t('live.withdrawalRejected', 'Withdrawal rejected'),
            body: t('live.pointsReturned', '{points} points returned to your wallet', { points: points(e.points) }),
          };
    case 'transfer':
      return {
        title: t('live.transferIn', '{points} points received', { points: points(e.points) }),
        body: t('live.transferFrom', 'From {name}', { name: e.from }),
      };
    case 'notice': {
      // the operator's own words in the player's language where given, field by field
      const own = lang === 'hi' || lang === 'mr' ? e.translations?.[lang] : undefined;
      return { title: own?.title || e.title, body: own?.body || e.body };
    }
    case 'lists':
      return { title: t('live.markets', 'Markets updated'), body: '' };
    case 'account':
      return { title: t('live.account', 'Account updated'), body: '' };
  }
}

/** What a phone may be told while the app is closed (web push), each chosen on the settings screen. */
export const PUSH_CATEGORIES = ['results_bid', 'results_followed', 'wins', 'money', 'notices'] as const;
export type PushCategory = (typeof PUSH_CATEGORIES)[number];
export const PUSH_CATEGORY_LABELS: Record<PushCategory, string> = {
  results_bid: 'Results of markets I bid on today',
  results_followed: 'Results of markets I follow',
  wins: 'My wins',
  money: 'My deposits and withdrawals',
  notices: 'Notices from the operator',
};
export const isPushCategory = (c: unknown): c is PushCategory =>
  typeof c === 'string' && (PUSH_CATEGORIES as readonly string[]).includes(c);

/** A push message as the service worker shows it: a notification, and the page its tap opens. */
export type PushMessage = z.output<typeof S.PushMessageSchema>;

/** `t`: the texts in the player's language (the server's, from the account's choice); else English. */
export function pushMessage(e: LiveEvent, t?: Translate, lang?: string): PushMessage {
  const tag =
    e.kind === 'result'
      ? `result-${e.market_id}-${e.date}`
      : e.kind === 'notice'
        ? `notice-${e.notice_id}`
        : e.kind === 'deposit' || e.kind === 'withdrawal'
          ? `${e.kind}-${e.request_id}`
          : e.kind === 'transfer'
            ? `transfer-${e.transfer_id}`
            : e.kind === 'win' || e.kind === 'win_reversed'
              ? `win-${e.market_id}`
              : e.kind;
  return { ...liveText(e, t, lang), url: livePath(e), tag };
}
