/**
 * The calls the original backend's apps make that the spec's own client does not (reference.ts lists
 * that backend route by route): requests and answers declared once, spread into the contract's maps
 * (schemas.ts, answerSchemas.ts). Their answers carry the original's fields with its JSON types.
 */
import { z } from 'zod';
import { historyDate } from './fields';

const answer = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.looseObject({ status: z.union([z.boolean(), z.string()]).optional(), msg: z.string().optional(), ...shape });
const text = z.string();
const gameId = z.union([z.string().max(20), z.number()], { error: 'Invalid game' }).transform((v) => Number(v));
const flag = z
  .union([z.string().max(5), z.number()])
  .optional()
  .transform((v) => String(v ?? '0') === '1');
const points = z
  .union([z.string().max(12), z.number()], { error: 'Points are required' })
  .transform((v) => Number(v))
  .refine((n) => Number.isInteger(n) && n > 0 && n <= 10_000_000, 'Points must be a whole number more than 0');
const dateRange = z.object({
  date_from: historyDate('Invalid from date').optional().nullable(),
  date_to: historyDate('Invalid to date').optional().nullable(),
});

/** A market's state as the original's game-status calls answer it. */
const GameCheck = { game_status: z.number() };
const ActiveRow = z.object({
  open_time: text,
  close_time: text,
  msg: text,
  game_status: z.number(),
  status: z.boolean(),
});
/** A ledger row as the original lists it. */
const LedgerRow = z.looseObject({
  transaction_id: text,
  amount: text,
  transaction_type: text,
  transaction_note: text,
  transfer_note: text,
  amount_status: text,
  insert_date: text,
  tx_request_number: text,
});
const Combination = z.looseObject({ number: text, points: z.number(), pana: text.optional() });

export const ORIGINAL_REQUESTS = {
  'api-get-notice': z.object({}),
  'api-get-notification': z.object({}),
  'api-get-contact-details': z.object({}),
  'api-get-app-version-details': z.object({}),
  'api-get-statement': dateRange,
  'api-view-wallet-transaction-history': z.object({
    transaction_id: z
      .union([z.string().max(20), z.number()], { error: 'Transaction id is required' })
      .transform(String),
  }),
  'api-notification-setting': z.object({
    notification_status: z.union([z.literal(0), z.literal(1), z.enum(['0', '1'])], {
      error: "notification_status must be '1' (on) or '0' (off)",
    }),
  }),
  'api-check-games-active-inactive': z.object({ game_id: gameId }),
  'api-check-starline-game-status': z.object({ game_id: gameId }),
  'api-check-starline-games-active-inactive': z.object({ game_id: gameId }),
  'api-check-galidisawar-game-status': z.object({ game_id: gameId }),
  'api-check-galidisawar-games-active-inactive': z.object({ game_id: gameId }),
  'api-get-sp-motor-combination': z.object({
    type: z
      .union([z.string().max(5), z.number()])
      .optional()
      .transform((v) => (String(v ?? '8') === '8' ? 'sp' : 'dp')),
    number: z.string({ error: 'Digit not valid' }).regex(/^\d{1,10}$/, 'Digit not valid'),
    points,
  }),
  'api-get-sp-dp-tp-combination': z.object({
    number: z
      .union([z.string(), z.number()], { error: 'Digit not valid' })
      .transform(String)
      .pipe(z.string().regex(/^\d$/, 'Digit not valid')),
    sp_flag: flag,
    dp_flag: flag,
    tp_flag: flag,
    points,
  }),
} as const;

export const ORIGINAL_ANSWERS = {
  'api-get-notice': answer({
    notices: z.array(z.object({ notice_title: text, notice_msg: text, notice_date: text, insert_date: text })),
    mobile_no: text,
  }),
  'api-get-notification': answer({ notification: z.array(z.object({ msg: text, insert_date: text })) }),
  'api-get-contact-details': answer({
    mobile_1: text,
    mobile_2: text,
    whatsapp_no: text,
    email_1: text,
    email_2: text,
    facebook: text,
    twitter: text,
    youtube: text,
    google_plus: text,
    instagram: text,
  }),
  'api-get-app-version-details': answer({
    versionDetails: z.array(z.looseObject({ user_current_version: text, user_minimum_version: text })),
  }),
  'api-get-statement': answer({ transaction_history: z.array(LedgerRow) }),
  'api-view-wallet-transaction-history': answer({ transaction_Data: z.array(LedgerRow) }),
  'api-notification-setting': answer({}),
  'api-check-games-active-inactive': answer({ result: z.array(ActiveRow) }),
  'api-check-starline-game-status': answer(GameCheck),
  'api-check-starline-games-active-inactive': answer({ result: z.array(ActiveRow) }),
  'api-check-galidisawar-game-status': answer(GameCheck),
  'api-check-galidisawar-games-active-inactive': answer({ result: z.array(ActiveRow) }),
  'api-get-sp-motor-combination': answer({
    posssible_array: z.array(Combination),
    total_bid_amount: z.number(),
    wallet_amt_after_bid: z.number(),
  }),
  'api-get-sp-dp-tp-combination': answer({
    posssible_array: z.array(Combination),
    total_bid_amount: z.number(),
    wallet_amt_after_bid: z.number(),
  }),
} as const;
