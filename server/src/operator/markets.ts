/**
 * /operator/markets, /market/* and /rates: the catalogue an operator runs (list, add, enable or disable a
 * market, its weekly off days and hours; the game rates). The changes are the workflows of
 * services/market-admin.ts, each audited in the transaction that makes it.
 */
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { BET_TYPES, WEEKDAY_NAMES, formatPoints, formatRate, rateLabel, type BetTypeId } from '@matka/shared/domain';
import { Refusal } from '../errors';
import { allBetLimits, setBetLimit, setLiabilityCap } from '../services/bet-limits';
import type { AppContext } from '../context';
import { formatMinutes12, minutesToHHMM, parseHHMM } from '../services/clock';
import { gameRates } from '../services/catalog';
import { marketIsOpen } from '../services/markets';
import { createMarket, setMarketActive, setMarketTimes, setOffDays, setRate } from '../services/market-admin';
import { route } from './common';

const dayNames = (days: readonly number[]) =>
  days.length
    ? [...days]
        .sort()
        .map((d) => WEEKDAY_NAMES[d])
        .join(', ')
    : 'none';

export const marketsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { db, clock } = ctx;

  route(op, OP.markets, async () => {
    const now = clock.now();
    const list = (await ctx.markets.snapshot()).markets;
    return {
      status: true,
      markets: list.map((m) => ({
        id: m.id,
        family: m.family,
        name: m.name,
        open: minutesToHHMM(m.open_minute),
        close: minutesToHHMM(m.close_minute),
        open_time: m.open_time,
        close_time: m.close_time,
        active: m.active,
        off_days: m.off_days,
        open_now: marketIsOpen(m, now),
      })),
    };
  });

  route(op, OP.addMarket, async (body) => {
    const open = parseHHMM(body.open)!;
    const close = body.close !== undefined ? parseHHMM(body.close)! : null;
    const m = await createMarket(ctx, { family: body.family, name: body.name, open, close }, body);
    return {
      status: true,
      msg: `Added ${m.family} market ${m.name} (id ${m.id}), open ${m.open}, close ${m.close}`,
      market: { id: m.id, family: m.family, name: m.name, open: m.open, close: m.close },
    };
  });

  for (const active of [true, false])
    route(op, active ? OP.enableMarket : OP.disableMarket, async (body) => {
      const m = await setMarketActive(ctx, body.name, body.family, active, body);
      return { status: true, msg: `${m.name} (${m.family}) is now ${active ? 'enabled' : 'disabled'}`, id: m.id };
    });

  // Weekly off days: the market takes no bid on them (the shared rule isOffDay) and its lists say closed.
  route(op, OP.setOffDays, async (body) => {
    const days = [...body.days].sort();
    const m = await setOffDays(ctx, body.market, body.family, days, body);
    return { status: true, msg: `${m.name} (${m.family}) is off on: ${dayNames(days)}`, off_days: days };
  });

  route(op, OP.setMarketTimes, async (body) => {
    const open = parseHHMM(body.open)!;
    const close = parseHHMM(body.close)!;
    const r = await setMarketTimes(ctx, body.name, body.family, open, close, body);
    return {
      status: true,
      msg: `${r.market.name}: open ${formatMinutes12(open)}, close ${formatMinutes12(close)}`,
      market: { id: r.market.id, family: r.market.family, name: r.market.name, open: r.open, close: r.close },
    };
  });

  route(op, OP.rates, async () => {
    const rows = await gameRates(db);
    return { status: true, rates: rows.map((r) => ({ ...r, val_1: Number(r.val_1), val_2: Number(r.val_2) })) };
  });

  // A rate pair 'val_1 - val_2': a bid of val_1 points wins val_2. Only the pairs that exist change.
  route(op, OP.setRate, async (body) => {
    await setRate(ctx, body);
    return {
      status: true,
      msg: `${body.family} ${rateLabel(body.family, body.rate_key)}: ${formatRate(body.val_1, body.val_2)}`,
    };
  });

  // bet limits of one bet type of a family: the fewest and most points a bid row may carry, the
  // most a player may stake on it in one market session (empty: no maximum)
  route(op, OP.betLimits, async () => ({ status: true, families: await allBetLimits(ctx.db) }));

  route(op, OP.setBetLimit, async (body) => {
    const def = BET_TYPES[body.bet_type as BetTypeId];
    if (!def || def.family !== body.family) throw new Refusal(400, `${body.family} has no bet type '${body.bet_type}'`);
    await setBetLimit(ctx, body);
    const session =
      body.session_max === null
        ? 'no maximum per session'
        : `at most ${formatPoints(body.session_max)} per player and session`;
    return {
      status: true,
      msg: `${body.family} ${def.title}: ${formatPoints(body.min)} to ${formatPoints(body.max)} points a bid, ${session}`,
    };
  });

  route(op, OP.setLiabilityCap, async (body) => {
    await setLiabilityCap(ctx, body.family, body.cap);
    return {
      status: true,
      msg:
        body.cap === null
          ? `${body.family}: no liability cap`
          : `${body.family}: one number may cost at most ${formatPoints(body.cap)} points a session`,
    };
  });
};
