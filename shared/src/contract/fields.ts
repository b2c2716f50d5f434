/**
 * The fields the player calls' requests share, as zod schemas with the spec's messages: a phone number,
 * a one-time code, points, a history's days. The request schemas (`schemas.ts`) are built from them.
 */
import { z } from 'zod';
import {
  LIMIT_MAX,
  PHONE_RE,
  POINTS_WHOLE,
  formatPoints,
  isoDateText,
  parseHistoryDate,
  parseIsoDate,
} from '../domain';

/** The most points one request may move. */
export const MAX_AMOUNT = 10_000_000;

/** A required non-empty string (trimmed) with one message for missing / wrong type / empty. */
export const reqStr = (msg: string, max = 200) =>
  z.string({ error: msg }).trim().min(1, msg).max(max, `Too long (max ${max} characters)`);

/** A 10-digit Indian mobile number: one message when it is missing, another when it is malformed. */
export const phone = (required: string, invalid: string) =>
  z.string({ error: required }).trim().min(1, required).regex(PHONE_RE, invalid);

/**
 * A one-time code as clients send it: a digit string (trimmed), or a number (some apps send 237 for the
 * code '0237': the server pads a number to its code length). Absent: ''.
 */
export const otpField = (msg: string) =>
  z
    .union([z.string().max(10), z.number()], { error: msg })
    .transform((v) => (typeof v === 'number' ? v : v.trim()))
    .optional()
    .nullable()
    .transform((v) => v ?? '');

export const optStr = (max = 200) => z.string().max(max).optional().nullable();

/** Text or a number, as deployed apps send ids and flags. */
export const textOrNumber = (max = 100) =>
  z
    .union([z.string().max(max), z.number()])
    .optional()
    .nullable();

/** month/day/year ('03/15/2026', also '3/5/2026'); also accepts YYYY-MM-DD. Gives 'YYYY-MM-DD'. */
export const historyDate = (msg = 'Invalid date') =>
  z
    .string({ error: msg })
    .trim()
    .transform((s, c) => {
      // the client's month/day/year, or an ISO day; the calendar rules are the domain's
      const ymd = parseHistoryDate(s) ?? parseIsoDate(s);
      if (!ymd || ymd.year < 2000 || ymd.year > 2100) {
        c.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return isoDateText(ymd);
    });

/** A positive whole number of points, as a number or a digit string; one message for anything else. */
export const amountField = (msg: string) =>
  z.union([z.string(), z.number()], { error: msg }).transform((v, c) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    // a decimal is refused as such, never read as another number
    if (/^\d*\.\d+$/.test(s) || /^\d+\.$/.test(s)) {
      c.addIssue({ code: 'custom', message: POINTS_WHOLE });
      return z.NEVER;
    }
    if (!/^\d{1,12}$/.test(s) || Number(s) <= 0) {
      c.addIssue({ code: 'custom', message: msg });
      return z.NEVER;
    }
    if (Number(s) > MAX_AMOUNT) {
      c.addIssue({ code: 'custom', message: `Amount is too large (max ${MAX_AMOUNT})` });
      return z.NEVER;
    }
    return Number(s);
  });

const optDate = (msg: string) => historyDate(msg).optional().nullable();
/** The optional days of the money histories (month/day/year, inclusive, Asia/Kolkata days). */
export const rangeFields = {
  date_from: optDate('Invalid from date'),
  date_to: optDate('Invalid to date'),
};

/** Points sent for a transfer: any number (the domain's rules then say what is wrong with it). */
export const transferPointsField = (required: string, notNumber: string) =>
  z.union([z.string().max(40), z.number()], { error: required }).transform((v, c) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (s === '') {
      c.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const n = Number(s);
    if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s) || !Number.isFinite(n)) {
      c.addIssue({ code: 'custom', message: notNumber });
      return z.NEVER;
    }
    return n;
  });

/** A play limit's points: 1 up to LIMIT_MAX, or '' / 0 to remove the limit (null). */
export const limitAmountField = z.union([z.string(), z.number()]).transform((v, c) => {
  const text = String(v).trim().replace(/,/g, '');
  if (text === '' || text === '0') return null;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > LIMIT_MAX) {
    c.addIssue({
      code: 'custom',
      message: `Enter a limit from 1 to ${formatPoints(LIMIT_MAX)} points, or 0 to remove it`,
    });
    return z.NEVER;
  }
  return n;
});
