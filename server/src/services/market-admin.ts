/**
 * The operator's workflows on the catalogue (operator/markets.ts and settings.ts serve them): add a
 * market, enable or disable it, set its weekly off days and its hours, set a game rate, write settings.
 * Each runs in one transaction with its audit row, throws a Refusal for what cannot be done, and drops
 * the market cache of every process once it has committed (the lists and charts show it at once).
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/types';
import type { MarketFamily } from '../db/columns';
import { Refusal } from '../errors';
import { audit } from './audit';
import {
  addMarket,
  findMarket,
  findMarketInFamilies,
  lockMarket,
  setGameRate,
  updateMarket,
  writeSettings,
  type FoundMarket,
} from './catalog';
import { minutesToHHMM } from './clock';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'markets' | 'live'>;

/** Adds a market (a Starline slot closes when it opens; a regular market closes after it opens). */
export async function createMarket(
  ctx: Ctx,
  m: { family: MarketFamily; name: string; open: number; close: number | null },
  params: unknown,
) {
  const close = m.family === 'starline' ? m.open : m.close;
  if (close === null) throw new Refusal(400, 'close time is required (HH:MM)');
  if (m.family === 'regular' && close <= m.open) throw new Refusal(400, 'close time must be after open time');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const r = await addMarket(trx, { family: m.family, name: m.name, open_minute: m.open, close_minute: close });
    await audit(trx, 'market add', `${r.family}:${r.name}`, params, null, {
      id: r.id,
      open: minutesToHHMM(m.open),
      close: minutesToHHMM(close),
    });
    return r;
  });
  await ctx.markets.invalidate();
  await ctx.live.listsChanged();
  return { ...row, open: minutesToHHMM(m.open), close: minutesToHHMM(close) };
}

/** Enables or disables a market (by name or id, in one family or any). */
export async function setMarketActive(
  ctx: Ctx,
  ref: string,
  family: MarketFamily | undefined,
  active: boolean,
  params: unknown,
): Promise<FoundMarket> {
  const m = await ctx.db.transaction().execute(async (trx) => {
    const found = await findMarketInFamilies(trx, ref, family);
    await updateMarket(trx, found.id, { active }, ctx.clock.now());
    const action = active ? 'market enable' : 'market disable';
    await audit(trx, action, `${found.family}:${found.name}`, params, { active: found.active }, { active });
    return found;
  });
  await ctx.markets.invalidate();
  // every open app fetches its lists again at once
  await ctx.live.listsChanged();
  return m;
}

/** The weekdays (0 Sunday .. 6 Saturday) a market takes no bid. */
export async function setOffDays(
  ctx: Ctx,
  ref: string,
  family: MarketFamily,
  days: number[],
  params: unknown,
): Promise<FoundMarket> {
  const m = await ctx.db.transaction().execute(async (trx) => {
    const found = await findMarket(trx, ref, family);
    const before = await lockMarket(trx, found.id);
    await updateMarket(trx, found.id, { off_days: days }, ctx.clock.now());
    const target = `${found.family}:${found.name}`;
    await audit(trx, 'market off-days', target, params, { off_days: before.off_days }, { off_days: days });
    return found;
  });
  await ctx.markets.invalidate();
  // every open app fetches its lists again at once
  await ctx.live.listsChanged();
  return m;
}

/** A market's open and close times (minutes of the day, Asia/Kolkata). */
export async function setMarketTimes(
  ctx: Ctx,
  ref: string,
  family: MarketFamily | undefined,
  open: number,
  close: number,
  params: unknown,
): Promise<{ market: FoundMarket; open: string; close: string }> {
  const out = await ctx.db.transaction().execute(async (trx) => {
    const m = await findMarketInFamilies(trx, ref, family);
    if (m.family === 'regular' && close <= open) throw new Refusal(400, 'close time must be after open time');
    const old = await lockMarket(trx, m.id);
    await updateMarket(trx, m.id, { open_minute: open, close_minute: close }, ctx.clock.now());
    const before = { open: minutesToHHMM(old.open_minute), close: minutesToHHMM(old.close_minute) };
    const after = { open: minutesToHHMM(open), close: minutesToHHMM(close) };
    await audit(trx, 'market set-times', `${m.family}:${m.name}`, params, before, after);
    return { market: m, ...after };
  });
  await ctx.markets.invalidate();
  // every open app fetches its lists again at once
  await ctx.live.listsChanged();
  return out;
}

/** A rate pair 'val_1 - val_2' of a family's bet (a bid of val_1 points wins val_2); only existing pairs change. */
export async function setRate(
  ctx: Ctx,
  r: { family: MarketFamily; rate_key: string; val_1: number; val_2: number },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const old = await setGameRate(trx, r);
    await audit(trx, 'rates set', `${r.family}:${r.rate_key}`, r, old, { val_1: r.val_1, val_2: r.val_2 });
  });
  await ctx.markets.invalidate();
}

/**
 * Writes settings (checked by the caller) with their audit row; returns the values they replaced. `also`
 * runs in the same transaction with those values (what a change of one setting changes besides).
 */
export async function saveSettings(
  ctx: Ctx,
  action: string,
  values: Record<string, string>,
  params: unknown,
  also?: (trx: Transaction<DB>, before: Record<string, string>) => Promise<unknown>,
): Promise<Record<string, string>> {
  const before = await ctx.db.transaction().execute(async (trx) => {
    const b = await writeSettings(trx, values);
    await also?.(trx, b);
    await audit(trx, action, Object.keys(values).join(','), params, b, values);
    return b;
  });
  await ctx.markets.invalidate();
  await ctx.live.listsChanged();
  return before;
}
