/**
 * The operator's figures.
 * GET /operator/dashboard: today's stakes, payouts and profit per market family, the last 7 days of
 * them, the money requests waiting for a decision, the markets open now and the server's state (processes
 * up, queues, SMS in the last hour: the figures /metrics answers). Every role may read it.
 * GET /operator/reports?from&to: profit and loss per market and day, stakes by bet type, transfers,
 * deposits and withdrawals per day, for at most REPORT_MAX_DAYS days (the console exports them as CSV).
 */
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import type { MarketFamily } from '../db/columns';
import { addDays, kolkataIsoDate } from '../services/clock';
import { marketIsOpen } from '../services/markets';
import { marketDays, report } from '../services/reports';
import { pendingTotals } from '../services/request-queues';
import { cappedNumbers } from '../services/bet-limits';
import { route } from './common';
import { FAMILIES } from '@matka/shared/domain';
import { Refusal } from '../errors';
import { serverFigures } from '../services/metrics';

const DAYS = 7;
const REPORT_MAX_DAYS = 92;

/** /operator/dashboard and /operator/reports, as a Fastify plugin (the operator scope registers it). */
export const dashboardRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { db, clock } = ctx;

  route(op, OP.dashboard, async () => {
    const now = clock.now();
    const today = kolkataIsoDate(now);
    const from = addDays(today, -(DAYS - 1));
    // the server's state from the figures /metrics answers (every process's, added up), read before this
    // call's own queries would show in the pool's figures; null when the cluster's primary does not
    // answer, and the rest of the dashboard still shows
    const server = await serverFigures(ctx.config.workers).catch(() => null);
    const [perMarket, deposits, withdrawals, snapshot, capped] = await Promise.all([
      marketDays(db, from, today),
      pendingTotals(db, 'fund_requests'),
      pendingTotals(db, 'withdraw_requests'),
      ctx.markets.snapshot(),
      cappedNumbers(db, today),
    ]);
    const sumOf = (key: 'stakes' | 'payouts', family: MarketFamily, day: string) =>
      perMarket.filter((r) => r.family === family && r.date === day).reduce((n, r) => n + r[key], 0);
    const days = Array.from({ length: DAYS }, (_, i) => addDays(from, i));
    const perFamily = (day: string) =>
      FAMILIES.map((family) => {
        const staked = sumOf('stakes', family, day);
        const paid = sumOf('payouts', family, day);
        return { family, stakes: staked, payouts: paid, profit: staked - paid };
      });
    const open = snapshot.markets.filter((m) => m.active && marketIsOpen(m, now));
    return {
      status: true,
      date: today,
      today: perFamily(today),
      days: days.map((day) => {
        const f = perFamily(day);
        return {
          date: day,
          stakes: f.reduce((n, x) => n + x.stakes, 0),
          payouts: f.reduce((n, x) => n + x.payouts, 0),
        };
      }),
      pending: {
        deposits: { count: Number(deposits.n), points: Number(deposits.points) },
        withdrawals: { count: Number(withdrawals.n), points: Number(withdrawals.points) },
      },
      open_markets: open.map((m) => ({ id: m.id, family: m.family, name: m.name, close_time: m.close_time })),
      // the numbers nearest their family's liability cap today, largest share first
      capped,
      server,
    };
  });

  route(op, OP.reports, async (q) => {
    const today = kolkataIsoDate(clock.now());
    const to = q.to ?? today;
    const from = q.from ?? addDays(to, -(DAYS - 1));
    if (from > to) throw new Refusal(400, 'The first day must not be after the last day');
    if (addDays(from, REPORT_MAX_DAYS - 1) < to)
      throw new Refusal(400, `A report covers at most ${REPORT_MAX_DAYS} days: choose a shorter range`);
    return { status: true, ...(await report(db, from, to)) };
  });
};
