/**
 * The money calls' numeric settings (minimums, maximums) as the market cache holds them. (Their
 * requests' fields are the contract's: @matka/shared/contract/schemas.)
 */
import type { AppContext } from '../context';

/** A numeric setting (min_amt, min_withdrawal): a number from 0 up, else `dflt`. */
export async function settingNumber(ctx: Pick<AppContext, 'markets'>, key: string, dflt = 0): Promise<number> {
  const n = Number((await ctx.markets.settings())[key]);
  return Number.isFinite(n) && n >= 0 ? n : dflt;
}
