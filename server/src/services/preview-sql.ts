/**
 * The preview of a declaration by aggregation (issue 38): what declaring would pay and reverse, the
 * winners and the exposure, without loading every bid. PostgreSQL sums the bids per play (bet type,
 * session, digits); the rules module judges each distinct play (once for the result, and once per
 * candidate result for the exposure) in slices that leave the event loop free.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ALL_PANAS,
  JODIS,
  rateKeyForRow,
  betTypeById,
  type BetTypeId,
  type Exposure,
  type SettleSummary,
  type Winner,
} from '@matka/shared/domain';
import type { DB } from '../db/types';
import { Refusal } from '../errors';
import { bidOutcome, type MarketRef, type ResultState, type SettleBid } from './outcome';
import { isPana, loadResult, nextResult, type Declaration } from './settlement';
import { judgePlays } from './settle-sql';

type Db = Kysely<DB> | Transaction<DB>;

export interface Preview {
  market: MarketRef;
  date: string;
  before: ResultState | null;
  result: ResultState;
  winners: Winner[];
  summary: SettleSummary;
  exposure: Exposure;
}

const SLICE = 5_000;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The plays' table as SQL rows (unnest of the judged plays). */
function playRows(p: Awaited<ReturnType<typeof judgePlays>>) {
  return sql`SELECT * FROM unnest(${p.bet_type}::text[], ${p.session}::text[], ${p.digits}::text[],
                                  ${p.closedigits}::text[], ${p.status}::text[], ${p.rate_key}::text[])
             AS o(bet_type, session, digits, closedigits, status, rate_key)`;
}

/** What declaring would do, without writing anything: winners, payout, reversals and the exposure. */
export async function previewDeclaration(db: Db, marketId: number, date: string, d: Declaration): Promise<Preview> {
  const market = await db
    .selectFrom('markets')
    .select(['id', 'family', 'name'])
    .where('id', '=', marketId)
    .executeTakeFirst();
  if (!market) throw new Refusal(404, `No market with id ${marketId}`);
  const before = await loadResult(db, marketId, date);
  const result = nextResult(market, before, d);
  const plays = await judgePlays(db, market.family, marketId, date, result);
  const pay = sql`CASE WHEN c.v1 > 0 AND c.v2 >= 0 THEN floor(c.points * c.v2 / c.v1)::bigint ELSE 0 END`;
  const changes = sql`
    WITH o AS (${playRows(plays)}),
    r AS (SELECT rate_key, val_1::numeric AS v1, val_2::numeric AS v2 FROM game_rates WHERE family = ${market.family}),
    c AS (
      SELECT b.id, b.user_id, b.status AS was, o.status AS becomes, b.win_amount, b.points, b.pana, b.session,
             b.digits, b.closedigits, o.rate_key,
             COALESCE(b.rate_1::numeric, r.v1) AS v1, COALESCE(b.rate_2::numeric, r.v2) AS v2
      FROM bids b
      JOIN o ON o.bet_type = b.bet_type AND o.session = b.session AND o.digits = b.digits AND o.closedigits = b.closedigits
      LEFT JOIN r ON r.rate_key = o.rate_key
      WHERE b.market_id = ${marketId} AND b.bid_date = ${date}::date AND b.status IN ('pending', 'won', 'lost')
    )`;
  const totals = (
    await sql<{
      bids: string;
      paid: string;
      paid_points: string;
      reversed: string;
      reversed_points: string;
      lost: string;
      pending: string;
      no_rate: string | null;
    }>`${changes}
      SELECT count(*) AS bids,
             count(*) FILTER (WHERE becomes = 'won' AND was <> 'won' AND ${pay} > 0) AS paid,
             COALESCE(SUM(${pay}) FILTER (WHERE becomes = 'won' AND was <> 'won'), 0) AS paid_points,
             count(*) FILTER (WHERE was = 'won' AND becomes <> 'won') AS reversed,
             COALESCE(SUM(win_amount) FILTER (WHERE was = 'won' AND becomes <> 'won'), 0) AS reversed_points,
             count(*) FILTER (WHERE becomes = 'lost') AS lost,
             count(*) FILTER (WHERE becomes = 'pending') AS pending,
             MIN(rate_key) FILTER (WHERE becomes = 'won' AND was <> 'won' AND (v1 IS NULL OR v2 IS NULL)) AS no_rate
      FROM c`.execute(db)
  ).rows[0];
  if (totals.no_rate) throw new Refusal(409, `No ${market.family} rate '${totals.no_rate}': set the game rates first`);
  const top = await sql<Winner & { pay: string }>`${changes}
    SELECT c.id AS bid_id, u.mobile, c.pana AS bet, c.session, c.digits, c.closedigits, c.points, ${pay} AS pay
    FROM c JOIN users u ON u.id = c.user_id
    WHERE c.becomes = 'won' AND c.was <> 'won' AND ${pay} > 0
    ORDER BY ${pay} DESC, c.id LIMIT 100`.execute(db);
  const winners: Winner[] = top.rows.map((w) => ({
    bid_id: String(w.bid_id),
    mobile: w.mobile,
    bet: w.bet,
    session: w.session,
    digits: w.digits,
    closedigits: w.closedigits,
    points: Number(w.points),
    win_amount: Number(w.pay),
  }));
  return {
    market,
    date,
    before,
    result,
    winners,
    summary: {
      bids: Number(totals.bids),
      paid: Number(totals.paid),
      paid_points: Number(totals.paid_points),
      reversed: Number(totals.reversed),
      reversed_points: Number(totals.reversed_points),
      shortfall_points: 0,
      withheld_points: 0,
      lost: Number(totals.lost),
      pending: Number(totals.pending),
    },
    exposure: await exposure(db, market, date, before, d),
  };
}

interface PendingPlay {
  bet_type: string;
  session: 'Open' | 'Close';
  digits: string;
  closedigits: string;
  bids: number;
  points: number;
  /** what the play's bids pay if it wins (each at its own rate, else the family's) */
  pay: number;
}

/**
 * Points at stake on the pending bids that the declared session can settle, and the candidate results
 * that would pay most: the pending bids summed per play in SQL, each play judged under each candidate.
 */
async function exposure(
  db: Db,
  market: MarketRef,
  date: string,
  before: ResultState | null,
  d: Declaration,
): Promise<Exposure> {
  // the candidate results of this declaration
  const candidates: { label: string; result: ResultState }[] = [];
  for (const v of d.family === 'gali' ? JODIS : ALL_PANAS) {
    try {
      const decl: Declaration =
        d.family === 'gali'
          ? { family: 'gali', jodi: v }
          : d.family === 'starline'
            ? { family: 'starline', pana: v }
            : { ...d, pana: v };
      candidates.push({ label: v, result: nextResult(market, before, decl) });
    } catch {
      /* not declarable now */
    }
  }
  // the pending plays, with their rate keys (the domain's), then summed per play in SQL
  const distinct = await sql<{ bet_type: string; digits: string }>`
    SELECT DISTINCT bet_type, digits FROM bids
    WHERE market_id = ${market.id} AND bid_date = ${date}::date AND status = 'pending'`.execute(db);
  const keys = distinct.rows.filter((p) => betTypeById(p.bet_type));
  const sums = await sql<{
    bet_type: string;
    session: 'Open' | 'Close';
    digits: string;
    closedigits: string;
    bids: string;
    points: string;
    pay: string;
  }>`
    WITH k AS (
      SELECT * FROM unnest(${keys.map((k) => k.bet_type)}::text[], ${keys.map((k) => k.digits)}::text[],
                           ${keys.map((k) => rateKeyForRow(k.bet_type as BetTypeId, k.digits))}::text[])
               AS k(bet_type, digits, rate_key)
    ), r AS (SELECT rate_key, val_1::numeric AS v1, val_2::numeric AS v2 FROM game_rates WHERE family = ${market.family})
    SELECT b.bet_type, b.session, b.digits, b.closedigits, count(*) AS bids, SUM(b.points) AS points,
           SUM(CASE WHEN COALESCE(b.rate_1::numeric, r.v1) > 0
                    THEN floor(b.points * COALESCE(b.rate_2::numeric, r.v2, 0) / COALESCE(b.rate_1::numeric, r.v1))
                    ELSE 0 END) AS pay
    FROM bids b JOIN k ON k.bet_type = b.bet_type AND k.digits = b.digits LEFT JOIN r ON r.rate_key = k.rate_key
    WHERE b.market_id = ${market.id} AND b.bid_date = ${date}::date AND b.status = 'pending'
    GROUP BY b.bet_type, b.session, b.digits, b.closedigits`.execute(db);
  const plays: PendingPlay[] = sums.rows.map((p) => ({
    ...p,
    bids: Number(p.bids),
    points: Number(p.points),
    pay: Number(p.pay),
  }));
  const exposed = new Set<PendingPlay>();
  const payouts = candidates.map(() => 0);
  let n = 0;
  for (let i = 0; i < candidates.length; i++) {
    for (const p of plays) {
      if (++n % SLICE === 0) await yieldToLoop();
      const outcome = bidOutcome(market.family, p as unknown as SettleBid, candidates[i].result);
      if (outcome === 'pending') continue;
      exposed.add(p);
      if (outcome === 'win') payouts[i] += p.pay;
    }
  }
  const byDigit: Record<string, number> = {};
  const byPana = new Map<string, number>();
  const byJodi = new Map<string, number>();
  const bySangam = new Map<string, number>();
  let bids = 0;
  let points = 0;
  for (const b of exposed) {
    bids += b.bids;
    points += b.points;
    const t = b.bet_type;
    const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + b.points);
    if (t === 'single_digit' || t === 'starline_single_digit' || t === 'gali_left_digit' || t === 'gali_right_digit') {
      const key = t === 'gali_left_digit' ? `L${b.digits}` : t === 'gali_right_digit' ? `R${b.digits}` : b.digits;
      byDigit[key] = (byDigit[key] ?? 0) + b.points;
    } else if (t === 'jodi_digit' || t === 'gali_jodi_digit') add(byJodi, b.digits);
    else if (t === 'half_sangam' || t === 'full_sangam') add(bySangam, `${b.digits}-${b.closedigits}`);
    else if (isPana(b.digits)) add(byPana, b.digits);
  }
  const riskiest = candidates
    .map((c, i) => ({ result: c.label, payout: payouts[i] }))
    .filter((x) => x.payout > 0)
    .sort((a, b) => b.payout - a.payout)
    .slice(0, 5);
  const sorted = (m: Map<string, number>, key: 'pana' | 'jodi' | 'sangam') =>
    [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, v]) => ({ [key]: k, points: v }) as never);
  return {
    bids,
    points,
    by_digit: byDigit,
    by_pana: sorted(byPana, 'pana'),
    by_jodi: sorted(byJodi, 'jodi'),
    by_sangam: sorted(bySangam, 'sangam'),
    riskiest,
  };
}
