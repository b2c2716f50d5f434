/**
 * The fields the money calls share: points as a positive whole number, the histories' optional date
 * range, and the numeric settings (minimums) as the market cache holds them.
 */
import { z } from 'zod';
import { POINTS_WHOLE } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { historyDate } from '../http/api';

export const MAX_AMOUNT = 10_000_000;

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
/** Optional date range of the wallet histories (month/day/year, inclusive, Asia/Kolkata days). */
export const rangeFields = {
  date_from: optDate('Invalid from date'),
  date_to: optDate('Invalid to date'),
};

/** A numeric setting (min_amt, min_withdrawal): a number from 0 up, else `dflt`. */
export async function settingNumber(ctx: Pick<AppContext, 'markets'>, key: string, dflt = 0): Promise<number> {
  const n = Number((await ctx.markets.settings())[key]);
  return Number.isFinite(n) && n >= 0 ? n : dflt;
}
