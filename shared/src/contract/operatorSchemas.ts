/**
 * What the operator calls read (the body of a POST, the query of a GET) as zod schemas, declared once
 * beside the operator API's index (operator.ts): the server parses each request by its call's schema
 * (400 with the schema's message), `/openapi.json` documents them, and the console's and the CLI's bodies
 * are typed by them (OperatorRequestOf). A call that reads nothing has none.
 */
import { z } from 'zod';
import {
  FAMILIES,
  MAX_BID,
  MIN_BID,
  OPERATOR_NAME_RULE,
  OPERATOR_ROLES,
  PHONE_RE,
  newOperatorPasswordProblem,
  formatMinutes12,
  parseHHMM,
  parseTime12,
  parseIsoDate,
  webLink,
  type Family,
  type OperatorRole,
} from '../domain';
import { findRoute } from '../routes/table';
import type { OperatorCall } from './operator';
import { FAMILY_REQUESTS } from './familySchemas';
import { AUDIT_REQUESTS } from './auditSchemas';
import { CERTIFY_REQUESTS } from './resultSchemas';
import { settingLabel } from './settingLabels';

// ------------------------------------------------------------------ the fields many calls share

/** A market family in a request. */
export const familySchema = z.enum(FAMILIES as [Family, ...Family[]], {
  error: `Family must be ${FAMILIES.join(', ').replace(/, (?=[^,]*$)/, ' or ')}`,
});

export const mobileSchema = z
  .string({ error: 'Mobile number is required' })
  .regex(PHONE_RE, 'Mobile number must be 10 digits starting 6-9');

export const hhmm = (what: string) =>
  z
    .string({ error: `${what[0].toUpperCase()}${what.slice(1)} time is required (HH:MM)` })
    .refine((s) => parseHHMM(s) !== null, `${what[0].toUpperCase()}${what.slice(1)} time must be HH:MM (24-hour)`);

/** A request id from the URL or body: a positive whole number, as a number or plain decimal digits ('0x10', true: no). */
export const idSchema = z
  .union(
    [
      z.number({ error: 'The request number must be a whole number' }),
      z.string().regex(/^\d{1,15}$/, 'The request number must be a whole number'),
    ],
    { error: 'The request number must be a whole number' },
  )
  .transform((v) => Number(v))
  .pipe(
    z
      .number()
      .int('The request number must be a whole number')
      .positive('The request number must be a whole number')
      .max(Number.MAX_SAFE_INTEGER, 'The request number is too large'),
  );

/** 'YYYY-MM-DD' (a real calendar day). */
export const isoDateSchema = z
  .string({ error: 'Date must be YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
  .refine((s) => parseIsoDate(s) !== null, 'Date must be a real day (YYYY-MM-DD)');

/** A market by its name or id, as a request gives it. */
export const marketRef = z.union([z.string(), z.number()], { error: 'Market is required' }).transform((v) => String(v));

/** A queue's filter: one status (pending by default) or all, and how many rows. */
const listQuery = z.object({
  status: z
    .enum(['pending', 'approved', 'rejected', 'all'], { error: 'Status must be pending, approved, rejected or all' })
    .optional(),
  limit: z.coerce.number().int().positive().max(1000).optional(),
});

/** A decision on a request: its id and the operator's reason. */
const decision = z.object({ id: idSchema, reason: z.string().max(200).optional() });

/** A request's id in a query. */
const queryId = (what: string) => z.object({ id: z.coerce.number().int().positive(`id must be a ${what} id`) });

// ------------------------------------------------------------------ markets and rates

/** Points of a bet limit: whole, from MIN_BID to MAX_BID. */
const limitPoints = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of points` })
    .int(`${name} must be a whole number of points`)
    .min(MIN_BID, `${name} must be at least ${MIN_BID} points`)
    .max(MAX_BID, `${name} must be at most ${MAX_BID} points`);
const MAX_CAP = 1e12;

const marketToggle = z.object({ name: marketRef, family: familySchema.optional() });

// ------------------------------------------------------------------ results

const dateOpt = isoDateSchema.optional();
const earlyReason = z
  .string({ error: 'The reason must be text' })
  .trim()
  .max(200, 'The reason is too long (max 200 characters)')
  .optional()
  .transform((v) => v || undefined);
const regularResult = z.object({
  market: marketRef,
  session: z.enum(['open', 'close'], { error: 'Session must be Open or Close' }),
  pana: z.string({ error: 'Pana is required' }).max(10),
  date: dateOpt,
  early_reason: earlyReason,
});
const starlineResult = z.object({
  slot: marketRef,
  pana: z.string({ error: 'Pana is required' }).max(10),
  date: dateOpt,
  early_reason: earlyReason,
});
const galiResult = z.object({
  market: marketRef,
  jodi: z.string({ error: 'Jodi is required' }).max(10),
  date: dateOpt,
  early_reason: earlyReason,
});

// ------------------------------------------------------------------ players

const points = z.coerce
  .number({ error: 'Points must be a whole number' })
  .int('Points must be a whole number')
  .positive('points must be more than 0')
  .max(100_000_000, 'Points are too large');
const reason = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(3, 'A reason is required (at least 3 characters)')
  .max(200, 'The reason must be at most 200 characters');
const byMobile = z.object({ mobile: mobileSchema });
const block = z.object({ mobile: mobileSchema, reason });

// ------------------------------------------------------------------ operators

const operatorName = z.object({
  name: z.string({ error: OPERATOR_NAME_RULE }).trim().min(1, OPERATOR_NAME_RULE).max(64),
});
const newOperator = z.object({
  name: z.string({ error: OPERATOR_NAME_RULE }).trim().min(1, OPERATOR_NAME_RULE).max(64),
  role: z.enum(OPERATOR_ROLES as [OperatorRole, ...OperatorRole[]], {
    error: `Role must be one of ${OPERATOR_ROLES.join(', ')}`,
  }),
});
const totpCode = z.string({ error: 'Enter the 6-digit code' }).regex(/^\s*\d{6}\s*$/, 'Enter the 6-digit code');

// ------------------------------------------------------------------ notices

const noticeText = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} is too long (at most ${max} characters)`);
const noticeOptional = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} is too long (at most ${max} characters)`)
    .optional()
    .transform((v) => v ?? '');

/** The operator's texts that can be given per language (the player's language, else English). */
export const TRANSLATED_SETTINGS = [
  'how_to_play_content',
  'deposit_rule',
  'withdrawal_rule',
  'privacy_policy',
] as const;

export { settingLabel };

/**
 * The settings an operator may change, each with the check of its value (POST /settings/set parses by
 * it); times are stored as the 12-hour text the app shows, points as plain whole numbers.
 */
export const SETTING_VALUES: Record<string, z.ZodType<string, string>> = (() => {
  const whole = z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number of points')
    .transform((s) => String(Number(s)));
  const time = z
    .string()
    .refine((s) => parseTime12(s) !== null, "must be a time: 'HH:MM' (24-hour) or '10:00 AM'")
    .transform((s) => formatMinutes12(parseTime12(s)!));
  const phoneNo = z.string().regex(PHONE_RE, 'must be a 10-digit mobile number starting 6-9');
  const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
  const upi = z.string().regex(/^[\w.-]{2,256}@[\w.-]{2,64}$/, "must be a UPI id like 'name@bank'");
  return {
    min_amt: whole,
    // the most one deposit request may ask ('0': no maximum); the 'MATKA 04' apps show it (max_amt)
    max_amt: whole,
    // the app versions the 'MATKA 04' apps compare with their own (api-get-dashboard-data)
    user_current_version: z.string().regex(/^[\w.-]{1,20}$/, "must be a version like '1' or '2.0.1'"),
    user_minimum_version: z.string().regex(/^[\w.-]{1,20}$/, "must be a version like '1' or '2.0.1'"),
    // responsible play: '1' requires a player's age declaration before any bid (off by default,
    // so installed apps that cannot ask it keep working)
    require_age_declaration: z.enum(['0', '1'], { error: "must be '1' (required) or '0'" }),
    // '1': a family's canary release whose errors run well above its stable release's is rolled back by
    // the server itself (audited), as soon as the reports show it
    canary_auto_rollback: z.enum(['0', '1'], { error: "must be '1' (roll back by itself) or '0'" }),
    // 'on': a declaration or correction is proposed, and published and settled only once a second
    // operator with the results right certifies it (RESULT_CERTIFICATION=on in the server's configuration
    // turns it on for good)
    result_certification: z.enum(['on', 'off'], { error: "must be 'on' (a second operator certifies) or 'off'" }),
    // a manual credit or debit of more points than this waits for a second operator ('0': never)
    manual_move_threshold: whole,
    // hours after an operator account is created, promoted or reset before it may certify a result
    // (at least 24: a new account is nobody's second pair of eyes the day it is made)
    certify_wait_hours: z
      .string()
      .regex(/^\d{1,4}$/, 'must be a whole number of hours')
      .transform((v) => String(Number(v)))
      .refine((v) => Number(v) >= 24 && Number(v) <= 2160, 'must be from 24 to 2160 hours'),
    min_withdrawal: whole,
    withdraw_open_time: time,
    withdraw_close_time: time,
    telegram_no: phoneNo,
    mobile_1: phoneNo,
    mobile_no: phoneNo,
    upi_id: upi,
    google_upi_payment_id: upi,
    phonepay_upi_payment_id: upi,
    payee_name: text(100),
    video_link: z.string().max(500).url('must be a link'),
    how_to_play_content: text(20_000),
    deposit_rule: text(20_000),
    withdrawal_rule: text(20_000),
    // the Privacy Policy page's text (HTML; empty: the app's built-in policy)
    privacy_policy: text(20_000),
    // the same texts in Hindi and Marathi (empty: the English one), e.g. how_to_play_content_hi
    ...Object.fromEntries(
      TRANSLATED_SETTINGS.flatMap((key) => ['hi', 'mr'].map((lang) => [`${key}_${lang}`, text(20_000)])),
    ),
    // image URLs of the home slider (api-get-slider-images), separated by spaces, commas or lines
    slider_images: z
      .string()
      .transform((v) => v.split(/[\s,]+/).filter(Boolean))
      .refine((urls) => urls.length <= 10, 'takes at most 10 images')
      .refine(
        (urls) => urls.every((u) => webLink(u) !== null && u.length <= 500),
        'must be image links (http:// or https://)',
      )
      .transform((urls) => urls.join('\n')),
  };
})();

/** Each operator call's request: a POST's body, a GET's query. */
export const OPERATOR_REQUESTS = {
  // the console's session and the operator's own account
  signIn: z.object({
    username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(64),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
    code: z.string().max(12).optional(),
  }),
  setPassword: z
    .object({
      current_password: z.string().max(200).optional(),
      new_password: z.string({ error: 'New password is required' }).max(200),
      confirm_password: z.string({ error: 'Confirm password is required' }),
    })
    .superRefine((b, c) => {
      // the domain's rule, as the console checks it before sending
      const problem = newOperatorPasswordProblem(b.new_password, b.confirm_password);
      if (problem) c.addIssue({ code: 'custom', message: problem });
    }),
  totpEnable: z.object({ secret: z.string({ error: 'The secret is required' }).max(128), code: totpCode }),
  totpDisable: z.object({ code: totpCode }),

  // operators (owner)
  addOperator: newOperator,
  resetOperatorPassword: operatorName,
  disableOperator: operatorName,
  enableOperator: operatorName,
  operatorTotpOff: operatorName,
  setOperatorRole: newOperator,

  // markets and rates
  addMarket: z.object({
    family: familySchema.default('regular'),
    name: z
      .string({ error: 'Market name is required' })
      .trim()
      .min(1, 'Market name is required')
      .max(60, 'Market name is too long')
      .regex(/^[\p{L}\p{N} .:'&_-]+$/u, "Market name may only hold letters, digits, spaces and . : ' & _ -"),
    open: hhmm('open'),
    close: hhmm('close').optional(),
  }),
  enableMarket: marketToggle,
  disableMarket: marketToggle,
  setOffDays: z.object({
    market: marketRef,
    family: familySchema,
    days: z
      .array(z.number({ error: 'Days must be weekday numbers 0 (Sunday) to 6 (Saturday)' }).int().min(0).max(6), {
        error: 'Days must be a list of weekday numbers 0 (Sunday) to 6 (Saturday)',
      })
      .max(7)
      .refine((d) => new Set(d).size === d.length, 'each day may be given once')
      .refine((d) => d.length < 7, 'a market cannot be off every day: disable it instead'),
  }),
  setMarketTimes: z.object({
    name: z.string({ error: 'Market name is required' }).min(1, 'Market name is required').max(100),
    family: familySchema.optional(),
    open: hhmm('open'),
    close: hhmm('close'),
  }),
  setRate: z.object({
    family: familySchema,
    rate_key: z.string({ error: 'Rate is required' }).max(40),
    val_1: z.coerce
      .number({ error: 'Points bid must be a whole number' })
      .int('Points bid must be a whole number')
      .positive('Points bid must be more than 0')
      .max(10_000_000, 'Points bid is too large'),
    val_2: z.coerce
      .number({ error: 'Points won must be a whole number' })
      .int('Points won must be a whole number')
      .positive('Points won must be more than 0')
      .max(100_000_000, 'Points won is too large'),
  }),
  setBetLimit: z
    .object({
      family: familySchema,
      bet_type: z.string({ error: 'Bet type is required' }).trim().min(1, 'Bet type is required').max(40),
      // each named in its refusals as the console labels it
      min: limitPoints('Fewest points a bid'),
      max: limitPoints('Most points a bid'),
      session_max: z
        .union([
          limitPoints('Most points per player and market session'),
          z.null(),
          z.literal('').transform(() => null),
        ])
        .default(null),
    })
    .refine((b) => b.min <= b.max, {
      message: 'Fewest points a bid must not be more than the most points a bid',
      path: ['min'],
    })
    .refine((b) => b.session_max === null || b.session_max >= b.max, {
      message: 'the maximum per session must be at least the maximum of one bid',
      path: ['session_max'],
    }),
  setLiabilityCap: z.object({
    family: familySchema,
    cap: z.union([
      z.coerce
        .number()
        .int('The cap must be a whole number of points')
        .positive('The cap must be more than 0')
        .max(MAX_CAP, 'The cap is too large'),
      z.null(),
      z.literal('').transform(() => null),
    ]),
  }),

  // results (a preview reads what its declaration would)
  declareResult: regularResult,
  previewResult: regularResult,
  declareStarline: starlineResult,
  previewStarline: starlineResult,
  declareGali: galiResult,
  previewGali: galiResult,
  resultHistory: z.object({
    family: familySchema.optional(),
    days: z.coerce
      .number({ error: 'Days must be a whole number' })
      .int()
      .min(1, 'Days must be 1 to 92')
      .max(92, 'Days must be 1 to 92')
      .optional(),
  }),
  settlement: queryId('job'),

  // players
  users: z.object({
    q: z.string().max(100).optional(),
    limit: z.coerce.number().int().positive().max(1000).optional(),
  }),
  userDetail: byMobile,
  approveUser: byMobile,
  approveUpi: byMobile,
  setBetting: z.object({
    mobile: mobileSchema,
    status: z.enum(['0', '1'], { error: "Betting must be '0' (off) or '1' (on)" }),
  }),
  blockUser: block,
  unblockUser: byMobile,
  logoutUser: byMobile,
  liftExclusion: block,
  // the CLI's credit keeps an optional note; the console always sends a reason
  credit: z.object({ mobile: mobileSchema, points, note: z.string().max(200).optional() }),
  debit: z.object({ mobile: mobileSchema, points, note: reason }),
  manualMoves: z.object({}),
  approveManualMove: z.object({ id: idSchema }),
  rejectManualMove: z.object({ id: idSchema, reason }),
  lastOtp: byMobile,

  // money
  deposits: listQuery,
  depositScreenshot: queryId('request'),
  approveDeposit: decision,
  rejectDeposit: decision,
  withdrawals: listQuery,
  approveWithdrawal: z.object({
    id: idSchema,
    // needed for a request held for a reversed win (kept on the request and in the audit log)
    reason: z.string().trim().max(200).optional(),
    receipt_url: z
      .string()
      .max(500)
      .refine((s) => webLink(s) !== null, 'Receipt link must be an http(s) link')
      .optional(),
  }),
  rejectWithdrawal: decision,

  // settings
  setSetting: z
    .object({
      key: z.string({ error: 'Setting is required' }).max(64),
      value: z.string({ error: 'Value is required' }).max(20_000, 'Value must be at most 20000 characters'),
    })
    .transform(({ key, value }, ctx) => {
      const check = Object.hasOwn(SETTING_VALUES, key) ? SETTING_VALUES[key] : undefined;
      if (!check) {
        ctx.addIssue({
          code: 'custom',
          message: `unknown setting '${key}' (one of: ${Object.keys(SETTING_VALUES).join(', ')})`,
        });
        return z.NEVER;
      }
      const v = check.safeParse(value.trim());
      if (!v.success) {
        // named as the console labels it: 'Minimum withdrawal (points) must be a whole number of points'
        ctx.addIssue({
          code: 'custom',
          message: `${settingLabel(key)} ${v.error.issues[0]?.message ?? 'is invalid'}`,
        });
        return z.NEVER;
      }
      return { key, value: v.data };
    }),
  setWithdrawWindow: z.object({ open: hhmm('open'), close: hhmm('close') }),

  // notices, the audit log, reports
  sendNotice: z.object({
    title: noticeText('Title', 80),
    body: noticeText('Text', 500),
    title_hi: noticeOptional('Title in Hindi', 80),
    body_hi: noticeOptional('Text in Hindi', 500),
    title_mr: noticeOptional('Title in Marathi', 80),
    body_mr: noticeOptional('Text in Marathi', 500),
    link: z
      .string({ error: 'Link must be text' })
      .trim()
      .max(300, 'Link is too long (at most 300 characters)')
      .optional()
      .transform((v) => v ?? '')
      .refine(
        (v) => v === '' || (v.startsWith('/') ? !!findRoute(v) : webLink(v)?.startsWith('https://')),
        'Link must be a page of the app (such as /addfund) or an https:// address',
      ),
  }),
  audit: z.object({
    limit: z.coerce.number({ error: 'Limit must be a whole number' }).int().positive().max(500).optional(),
  }),
  reports: z.object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() }),
  ...FAMILY_REQUESTS,
  ...AUDIT_REQUESTS,
  ...CERTIFY_REQUESTS,
} as const satisfies Partial<Record<OperatorCall, z.ZodType>>;

export type OperatorRequests = typeof OPERATOR_REQUESTS;
/** The calls that read a body or a query. */
export type OperatorCallWithRequest = keyof OperatorRequests;
/** What a client sends with an operator call, and what the server reads from it once parsed. */
export type OperatorRequestOf<C extends OperatorCallWithRequest> = z.input<OperatorRequests[C]>;
export type ParsedOperatorRequestOf<C extends OperatorCallWithRequest> = z.output<OperatorRequests[C]>;
