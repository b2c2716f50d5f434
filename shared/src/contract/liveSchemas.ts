/**
 * The live stream's events (`POST /api/live`, live.ts) and the push messages made of them, as zod
 * schemas, declared once: the event types of live.ts are inferred from them (type-only), the server
 * checks each event it publishes against them under CHECK_ANSWERS, and the inbox's answer holds them.
 */
import { z } from 'zod';
import { SealedBookSchema } from './verifySchemas';
import { FAMILIES, type Family } from '../domain/betTypes';

const family = z.enum(FAMILIES as [Family, ...Family[]]);
const digits = z.string().nullable();

/** A result declared or corrected: its parts (null while not declared) and its text. */
export const ResultEventSchema = z.object({
  kind: z.literal('result'),
  open_pana: digits,
  open_digit: digits,
  close_pana: digits,
  close_digit: digits,
  jodi: digits,
  /** the result's day (YYYY-MM-DD, Asia/Kolkata): a correction of an earlier day changes no list of today */
  date: z.string(),
  market_id: z.number(),
  family,
  name: z.string(),
  /** as the lists write it: '123-68-468', Starline '128-1', Gali '45' */
  result: z.string(),
  /** a declared result was changed */
  corrected: z.boolean(),
  /** the sealed books of the sessions it ends (GET /verify/book): what was bid before it, fixed */
  books: z.array(SealedBookSchema).optional(),
});

/** A market opened or closed for bids (by the clock, or an operator changed it). */
export const MarketEventSchema = z.object({
  kind: z.literal('market'),
  market_id: z.number(),
  family,
  name: z.string(),
  /** takes bids now */
  open: z.boolean(),
});

/** The player's wallet changed (anything but their own bid): the balance after it. */
export const WalletEventSchema = z.object({ kind: z.literal('wallet'), wallet: z.number() });

/** The player won on a market: the points paid by one settlement step. */
export const WinEventSchema = z.object({
  kind: z.literal('win'),
  market_id: z.number(),
  family,
  name: z.string(),
  points: z.number(),
  bids: z.number(),
});

/** A correction took back the player's wins on a market: the points reversed and what left the wallet. */
export const WinReversedEventSchema = z.object({
  kind: z.literal('win_reversed'),
  market_id: z.number(),
  family,
  name: z.string(),
  /** the wins' points reversed */
  points: z.number(),
  /** the points taken from the wallet (less when the wallet did not hold them) */
  taken: z.number(),
  bids: z.number(),
});

/** A deposit or a withdrawal request decided by the operator. */
export const MoneyEventSchema = z.object({
  kind: z.enum(['deposit', 'withdrawal']),
  request_id: z.number(),
  status: z.enum(['approved', 'rejected']),
  points: z.number(),
});

/** Points another player sent to this one. */
export const TransferEventSchema = z.object({
  kind: z.literal('transfer'),
  transfer_id: z.number(),
  points: z.number(),
  /** the sender's name */
  from: z.string(),
});

/** An operator's notice to every player (or to one: a lifted exclusion). */
export const NoticeEventSchema = z.object({
  kind: z.literal('notice'),
  notice_id: z.number(),
  title: z.string(),
  body: z.string(),
  /** a path of the app ('/funds') or an https address; '' for none */
  link: z.string(),
  /** the operator's title and text in Hindi and Marathi, where given (else the English) */
  translations: z.partialRecord(z.enum(['hi', 'mr']), z.object({ title: z.string(), body: z.string() })).optional(),
});

/** An operator changed markets, their hours or the settings the lists carry: fetch the lists again. */
export const ListsEventSchema = z.object({ kind: z.literal('lists') });

/** The player's account changed (betting on or off, approved, a break taken in another app). */
export const AccountEventSchema = z.object({ kind: z.literal('account') });

/** Every event the stream carries (its SSE `event:` is the kind, its `data:` this as JSON). */
export const LiveEventSchema = z.union([
  ResultEventSchema,
  MarketEventSchema,
  WalletEventSchema,
  WinEventSchema,
  WinReversedEventSchema,
  MoneyEventSchema,
  TransferEventSchema,
  NoticeEventSchema,
  ListsEventSchema,
  AccountEventSchema,
]);

/** A push message as the service worker shows it: a notification, and the page its tap opens. */
export const PushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** a path of the app, or an https address (a notice's link) */
  url: z.string(),
  /** one notification per tag: a newer one replaces it (a correction replaces the result) */
  tag: z.string(),
});
