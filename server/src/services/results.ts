/**
 * Declared results as lists: the chart pages (`pages/charts.ts`) and the operator's result history
 * (`operator/results.ts`) read them here. Declaring and settling a result is `services/settlement.ts`.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { MarketFamily } from '../db/columns';

/** Which results: an inclusive range of days ('YYYY-MM-DD'), of one family or of some markets. */
export interface ResultFilter {
  from: string;
  to: string;
  family?: MarketFamily;
  marketIds?: number[];
}

/** The declared results of a range of days with their market, newest day first, then by family and time. */
export function declaredResults(db: Kysely<DB>, f: ResultFilter, limit = 2000) {
  let q = db
    .selectFrom('results as r')
    .innerJoin('markets as m', 'm.id', 'r.market_id')
    .select([
      'm.id as market_id',
      'm.family',
      'm.name as market',
      sql<string>`r.result_date::text`.as('date'),
      'r.open_pana',
      'r.open_digit',
      'r.close_pana',
      'r.close_digit',
      'r.jodi',
      'r.declared_at',
      'r.updated_at',
    ])
    .where('r.result_date', '>=', f.from)
    .where('r.result_date', '<=', f.to);
  if (f.family) q = q.where('m.family', '=', f.family);
  if (f.marketIds) {
    if (!f.marketIds.length) return Promise.resolve([]);
    q = q.where('m.id', 'in', f.marketIds);
  }
  return q.orderBy('r.result_date', 'desc').orderBy('m.family').orderBy('m.open_minute').limit(limit).execute();
}

/**
 * Who declared each result of a span, and who certified it (null: declared without certification), from
 * its latest declaration's settlement job: by `${market_id}:${date}`.
 */
export async function declarersBetween(db: Kysely<DB>, from: string, to: string) {
  const rows = await sql<{ market_id: number; date: string; declared_by: string | null; certified_by: string | null }>`
    SELECT DISTINCT ON (market_id, result_date) market_id, result_date::text AS date, declared_by, certified_by
    FROM settlement_jobs WHERE result_date BETWEEN ${from}::date AND ${to}::date
    ORDER BY market_id, result_date, id DESC`.execute(db);
  return new Map(rows.rows.map((r) => [`${r.market_id}:${r.date}`, r]));
}
