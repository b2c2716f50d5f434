/**
 * The operator's figures, read from the bids, wins, transfers and money requests of a range of days
 * (Asia/Kolkata dates): stakes and payouts per market and day (the dashboard sums them per family),
 * stakes by bet type, transfers per day, and approved deposits and withdrawals per day.
 */
import type { OperatorAnswerOf } from '@matka/shared/contract/schemas';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { MarketFamily } from '../db/columns';
import { addDays } from './clock';

export interface MarketDay {
  date: string;
  family: MarketFamily;
  market_id: number;
  market: string;
  stakes: number;
  payouts: number;
  profit: number;
}

/** Stakes (every bid of the day) and payouts (live wins) per market and day, both in [from, to]. */
export async function marketDays(db: Kysely<DB>, from: string, to: string): Promise<MarketDay[]> {
  const [stakes, payouts, markets] = await Promise.all([
    db
      .selectFrom('bids')
      .select([
        'market_id',
        'family',
        sql<string>`bid_date::text`.as('day'),
        sql<string>`sum(points)::text`.as('points'),
      ])
      .where('bid_date', '>=', from)
      .where('bid_date', '<=', to)
      .groupBy(['market_id', 'family', 'bid_date'])
      .execute(),
    db
      .selectFrom('wins')
      .select([
        'market_id',
        'family',
        sql<string>`win_date::text`.as('day'),
        sql<string>`sum(amount)::text`.as('points'),
      ])
      .where('win_date', '>=', from)
      .where('win_date', '<=', to)
      .where('reversed_at', 'is', null)
      .groupBy(['market_id', 'family', 'win_date'])
      .execute(),
    db.selectFrom('markets').select(['id', 'name']).execute(),
  ]);
  const names = new Map(markets.map((m) => [m.id, m.name]));
  const rows = new Map<string, MarketDay>();
  const row = (r: { market_id: number; family: MarketFamily; day: string }) => {
    const key = `${r.day}|${r.market_id}`;
    let out = rows.get(key);
    if (!out) {
      out = {
        date: r.day,
        family: r.family,
        market_id: r.market_id,
        market: names.get(r.market_id) ?? `#${r.market_id}`,
        stakes: 0,
        payouts: 0,
        profit: 0,
      };
      rows.set(key, out);
    }
    return out;
  };
  for (const r of stakes) row(r).stakes += Number(r.points);
  for (const r of payouts) row(r).payouts += Number(r.points);
  return [...rows.values()]
    .map((r) => ({ ...r, profit: r.stakes - r.payouts }))
    .sort(
      (a, b) => b.date.localeCompare(a.date) || a.family.localeCompare(b.family) || a.market.localeCompare(b.market),
    );
}

export type Report = Omit<OperatorAnswerOf<'reports'>, 'status' | 'msg'>;

const kolkataDay = sql<string>`(created_at AT TIME ZONE 'Asia/Kolkata')::date::text`;
const decidedDay = sql<string>`(decided_at AT TIME ZONE 'Asia/Kolkata')::date::text`;
/** [from 00:00, to + 1 day 00:00) in Asia/Kolkata, as timestamps. */
const startOf = (day: string) => new Date(`${day}T00:00:00+05:30`);

export async function report(db: Kysely<DB>, from: string, to: string): Promise<Report> {
  const start = startOf(from);
  const end = startOf(addDays(to, 1));
  /** Points of the requests approved each day of the range. */
  const approvedPerDay = (table: 'fund_requests' | 'withdraw_requests') =>
    db
      .selectFrom(table)
      .select([decidedDay.as('day'), sql<string>`sum(amount)::text`.as('points')])
      .where('status', '=', 'approved')
      .where('decided_at', '>=', start)
      .where('decided_at', '<', end)
      .groupBy(sql`1`)
      .execute();
  const [markets, betTypes, transfers, deposits, withdrawals] = await Promise.all([
    marketDays(db, from, to),
    db
      .selectFrom('bids')
      .select(['family', 'pana', sql<string>`count(*)::text`.as('n'), sql<string>`sum(points)::text`.as('points')])
      .where('bid_date', '>=', from)
      .where('bid_date', '<=', to)
      .groupBy(['family', 'pana'])
      .orderBy('family')
      .orderBy(sql`sum(points)`, 'desc')
      .execute(),
    db
      .selectFrom('transfers')
      .select([kolkataDay.as('day'), sql<string>`count(*)::text`.as('n'), sql<string>`sum(amount)::text`.as('points')])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .groupBy(sql`1`)
      .execute(),
    approvedPerDay('fund_requests'),
    approvedPerDay('withdraw_requests'),
  ]);
  const money = new Map<string, { date: string; deposits: number; withdrawals: number }>();
  const moneyDay = (date: string) => {
    let m = money.get(date);
    if (!m) money.set(date, (m = { date, deposits: 0, withdrawals: 0 }));
    return m;
  };
  for (const d of deposits) moneyDay(d.day).deposits += Number(d.points);
  for (const w of withdrawals) moneyDay(w.day).withdrawals += Number(w.points);
  const byDateDesc = <T extends { date: string }>(a: T, b: T) => b.date.localeCompare(a.date);
  const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((n, r) => n + f(r), 0);
  const transferRows = transfers
    .map((t) => ({ date: t.day, count: Number(t.n), points: Number(t.points) }))
    .sort(byDateDesc);
  const moneyRows = [...money.values()].sort(byDateDesc);
  const stakes = sum(markets, (m) => m.stakes);
  const payouts = sum(markets, (m) => m.payouts);
  return {
    from,
    to,
    markets,
    bet_types: betTypes.map((b) => ({ family: b.family, bet: b.pana, bids: Number(b.n), points: Number(b.points) })),
    transfers: transferRows,
    money: moneyRows,
    totals: {
      stakes,
      payouts,
      profit: stakes - payouts,
      transfers: sum(transferRows, (t) => t.points),
      deposits: sum(moneyRows, (m) => m.deposits),
      withdrawals: sum(moneyRows, (m) => m.withdrawals),
    },
  };
}
