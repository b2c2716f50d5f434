/**
 * GET /operator/dashboard: today's stakes, payouts and profit per market family, the last 7 days of
 * them, the money requests waiting for a decision and the markets open now (every role may read it).
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { MarketFamily } from '../db/types';
import { addDays, kolkataIsoDate } from '../services/clock';
import { marketIsOpen } from '../services/markets';

const FAMILIES: MarketFamily[] = ['regular', 'starline', 'gali'];
const DAYS = 7;

export function registerDashboardRoute(op: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;

  op.get('/dashboard', async () => {
    const now = clock.now();
    const today = kolkataIsoDate(now);
    const from = addDays(today, -(DAYS - 1));
    const [stakes, payouts, deposits, withdrawals, snapshot] = await Promise.all([
      db
        .selectFrom('bids')
        .select(['family', sql<string>`bid_date::text`.as('day'), sql<string>`sum(points)::text`.as('points')])
        .where('bid_date', '>=', from)
        .where('bid_date', '<=', today)
        .groupBy(['family', 'bid_date'])
        .execute(),
      db
        .selectFrom('wins')
        .select(['family', sql<string>`win_date::text`.as('day'), sql<string>`sum(amount)::text`.as('points')])
        .where('win_date', '>=', from)
        .where('win_date', '<=', today)
        .where('reversed_at', 'is', null)
        .groupBy(['family', 'win_date'])
        .execute(),
      db
        .selectFrom('fund_requests')
        .select([sql<string>`count(*)::text`.as('n'), sql<string>`coalesce(sum(amount), 0)::text`.as('points')])
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('withdraw_requests')
        .select([sql<string>`count(*)::text`.as('n'), sql<string>`coalesce(sum(amount), 0)::text`.as('points')])
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
      ctx.markets.snapshot(),
    ]);
    const sumOf = (rows: { family: MarketFamily; day: string; points: string }[], family: MarketFamily, day: string) =>
      rows.filter((r) => r.family === family && r.day === day).reduce((n, r) => n + Number(r.points), 0);
    const days = Array.from({ length: DAYS }, (_, i) => addDays(from, i));
    const perFamily = (day: string) =>
      FAMILIES.map((family) => {
        const staked = sumOf(stakes, family, day);
        const paid = sumOf(payouts, family, day);
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
    };
  });
}
