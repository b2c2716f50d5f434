/**
 * What the server writes for each call: the call's answer schema (answerSchemas.ts, what our clients read)
 * with the fields the family's installed apps read besides, at every depth. Those come from the original
 * backend's reference (reference.ts declares each once, with its JSON type; the original always sends
 * them, so they are required) and from the rows and lists our answers share with those apps. The server
 * writes every answer through this schema (declaredFields.ts): a field it does not name never leaves.
 * A field both declare keeps the answer schema's type, which our clients read.
 */
import { z } from 'zod';
export { declaredOnly, undeclaredFields } from './declaredFields';
import { ANSWER_SCHEMAS, RefusalSchema } from './answerSchemas';
import { OperatorRefusalSchema } from './operatorAnswerSchemas';
import type { CallName } from './index';
import {
  GAME_ROW,
  MARKET,
  REFERENCE_BUILD_ROUTES,
  REFERENCE_PLAYER_ROUTES,
  type RefShape,
  type RefType,
} from './reference';

type Ref = RefType | readonly [RefShape] | RefShape;
const SCALARS: Record<RefType, () => z.ZodType> = {
  string: () => z.string(),
  number: () => z.number(),
  boolean: () => z.boolean(),
  'string|boolean': () => z.union([z.string(), z.boolean()]),
};
const zodOfRef = (t: Ref): z.ZodType =>
  typeof t === 'string'
    ? SCALARS[t]()
    : Array.isArray(t)
      ? z.array(objectOfRef((t as readonly [RefShape])[0]))
      : objectOfRef(t as RefShape);
const objectOfRef = (shape: RefShape) =>
  z.object(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, zodOfRef(v)])));

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** `base` with the fields of `extra` it does not name, at every depth (objects, arrays, their wrappers). */
export function mergeFields(base: z.ZodType, extra: z.ZodType): z.ZodType {
  const b = defOf(base);
  const e = defOf(extra);
  if (e.type === 'optional' || e.type === 'nullable') return mergeFields(base, e.innerType!);
  if (b.type === 'optional') return mergeFields(b.innerType!, extra).optional();
  if (b.type === 'nullable') return mergeFields(b.innerType!, extra).nullable();
  if (b.type === 'array' && e.type === 'array') return z.array(mergeFields(b.element!, e.element!));
  if (b.type === 'object' && e.type === 'object') {
    const own = b.shape!;
    const added: Record<string, z.ZodType> = {};
    for (const [k, f] of Object.entries(e.shape!)) added[k] = k in own ? mergeFields(own[k], f) : f;
    return (base as z.ZodObject).extend(added);
  }
  return base;
}

/** A regular market row as every list gives it (the original's dashboard row). */
const MARKET_ROW = objectOfRef(MARKET).extend({ result_text: z.string() });
/** A Starline slot or Gali market as their lists give it: the row's fields and its moments. */
const SLOT_ROW = objectOfRef(GAME_ROW).extend({
  game_name_letter: z.string(),
  open_duration: z.number(),
  close_duration: z.number(),
  time_srt: z.number(),
  close_time_srt: z.number(),
});
/** The account's sessions' devices (the 'MATKA 04' apps log out when theirs is not listed). */
const DEVICES = z.array(
  z.object({
    id: z.string(),
    user_id: z.string(),
    device_id: z.string(),
    logout_status: z.string(),
    security_pin_status: z.string(),
  }),
);
/** What the original's dashboard says of the app and the account besides its market list. */
const DASHBOARD = z.object({
  app_link: z.string(),
  share_msg: z.string(),
  share_referral_content: z.string(),
  display_referral_content: z.string(),
  withdraw_status: z.number(),
  app_maintainence_msg: z.string(),
  maintainence_msg_status: z.string(),
  app_marquee_msg: z.string(),
  user_current_version: z.string(),
  user_minimum_version: z.string(),
  pop_status: z.string(),
  message: z.string(),
  link: z.string(),
  link_btn_text: z.string(),
  action_type: z.string(),
  action_btn_text: z.string(),
  app_date: z.string(),
  transfer_point_status: z.string(),
  account_block_status: z.string(),
  referral_code: z.string(),
  device_result: DEVICES,
  notice_count: z.number(),
  notification_count: z.number(),
});
const LEDGER_ROW = z.object({ transfer_note: z.string(), tx_request_number: z.string() });
const WIN_ROW = z.object({
  amount_status: z.string(),
  transaction_note: z.string(),
  transaction_type: z.string(),
  tx_request_number: z.string(),
});
/** A decided deposit as the original lists it. */
const FUND_ROW = z.object({
  fund_request_id: z.string(),
  request_amount: z.string(),
  request_number: z.string(),
  request_status: z.string(),
  fund_payment_receipt: z.string(),
  insert_date: z.string(),
});

/** The fields our answers carry for the family's apps on calls the original names otherwise, or not at all. */
const BESIDES: Partial<Record<CallName, z.ZodType>> = {
  'api-home-info': z.object({ user_name: z.string(), mobile: z.string(), result: z.array(MARKET_ROW) }),
  'api-dashboard-data': DASHBOARD.extend({
    user_name: z.string(),
    mobile: z.string(),
    mobile_no: z.string(),
    mobile_1: z.string(),
    telegram_no: z.string(),
    betting_status: z.string(),
    wallet_amt: z.string(),
  })
    .partial()
    .extend({ result: z.array(MARKET_ROW.partial()) }),
  'api-starline-game': z.object({ result: z.array(SLOT_ROW) }),
  'api-galidisawar-game': z.object({ result: z.array(SLOT_ROW.extend({ web_chart_url: z.string() })) }),
  'api-check-game-status': z.object({ device_result: DEVICES }),
  'api-notification-setting': z.object({ device_result: DEVICES }),
  'api-wallet-transaction-history': z.object({
    device_result: DEVICES,
    hold_amt: z.string(),
    wallet_amt: z.string(),
    withdraw_open_time: z.string(),
    withdraw_close_time: z.string(),
    transaction_history: z.array(LEDGER_ROW),
  }),
  'api-wining-history-data': z.object({ win_data: z.array(WIN_ROW) }),
  'api-starline-wining-history-data': z.object({ win_data: z.array(WIN_ROW) }),
  'api-galidisawar-wining-history-data': z.object({ bid_data: z.array(WIN_ROW) }),
  'api-fund-request-history': z.object({ fund_req_history: z.array(FUND_ROW), transaction_history: z.array(FUND_ROW) }),
  'api-last-fund-request-detail': z.object({
    max_amt: z.string(),
    google_upi_option: z.number(),
    phone_upi_option: z.number(),
    other_upi_option: z.number(),
    last_request: z
      .object({
        request_id: z.union([z.string(), z.number()]),
        request_amount: z.union([z.string(), z.number()]),
        request_status: z.string(),
        insert_date: z.string(),
      })
      .nullable(),
    last_req_detail: z.array(FUND_ROW.omit({ fund_payment_receipt: true })),
  }),
  'api-user-registration': z.object({ email: z.string() }),
  'api-get-profile': z.object({ betting_status: z.string(), email: z.string() }),
  'api-get-auto-deposit-list': z.object({
    result: z.array(
      z.object({ user_id: z.string(), payment_method: z.string(), paid_upi: z.string(), deposit_type: z.string() }),
    ),
  }),
  'api-galidisawar-bid-history-data': z.object({ bid_data: z.array(z.object({ bid_tx_id: z.string() })) }),
  'api-get-slider-images': z.object({ result: z.array(z.object({ image_id: z.string() })) }),
  'api-get-statement': z.object({ transaction_history: z.array(z.object({ balance_after: z.string() })) }),
  'api-get-qr-pay': z.object({ qrdata: z.array(z.object({ upi_uri: z.string() })) }),
  'api-how-to-play': z.object({ result: z.boolean() }),
};

/** The schema each call's answer is written through. */
export const WRITTEN_ANSWERS: Readonly<Record<CallName, z.ZodType>> = (() => {
  const written = { ...ANSWER_SCHEMAS } as Record<CallName, z.ZodType>;
  for (const r of [...REFERENCE_PLAYER_ROUTES, ...REFERENCE_BUILD_ROUTES])
    if (r.answer && r.status !== 'refused' && Object.hasOwn(written, r.route))
      written[r.route as CallName] = mergeFields(written[r.route as CallName], objectOfRef(r.answer));
  for (const [name, extra] of Object.entries(BESIDES) as [CallName, z.ZodType][])
    written[name] = mergeFields(written[name], extra);
  // the same list under the names other builds read: the wallet's credits and debits, Gali's wins
  const list = (name: CallName, field: string) => (written[name] as z.ZodObject).shape[field];
  const ledger = list('api-wallet-transaction-history', 'transaction_history');
  written['api-wallet-transaction-history'] = mergeFields(
    written['api-wallet-transaction-history'],
    z.object({ in_history: ledger, out_history: ledger }),
  );
  written['api-galidisawar-wining-history-data'] = mergeFields(
    written['api-galidisawar-wining-history-data'],
    z.object({ win_data: list('api-galidisawar-wining-history-data', 'bid_data') }),
  );
  return written;
})();

/** A refusal as the server writes it: its text, its code, and what some refusals name besides. */
export const WRITTEN_REFUSAL = RefusalSchema.extend({
  /** a bid refused by the liability cap: the numbers it closed */
  closed_numbers: z.array(z.string()).optional(),
});

/** An operator call's refusal as the server writes it, with what some refusals name besides. */
export const WRITTEN_OPERATOR_REFUSAL = OperatorRefusalSchema.extend({
  /** the session ended: the console signs the operator out */
  signed_out: z.boolean().optional(),
  /** the operator must set a new password before anything else */
  must_change_password: z.boolean().optional(),
  /** the refusal is about the authenticator's code: the console asks for it */
  totp: z.boolean().optional(),
  /** a declaration before the draw time, which only an owner may make: the time it is due, and by how much */
  early: z.boolean().optional(),
  due: z.string().optional(),
  minutes_early: z.number().optional(),
});
