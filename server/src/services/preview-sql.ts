/**
 * The preview of a declaration by aggregation: what declaring would pay and reverse, the
 * winners and the exposure, without loading every bid. One scan of the day's bids sums them per play
 * (bet type, session, digits) and status; the rules module judges each distinct play (once for the
 * result, and once per candidate result for the exposure) in slices that leave the event loop free; a
 * second query reads the top winners among the bids of the winning plays.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { ALL_PANAS, JODIS, rateKeyForRow, betTypeById, type BetTypeId } from '@matka/shared/domain';
import type { Exposure, SettleSummary, Uncovered, Winner } from '@matka/shared/contract';
import type { DB } from '../db/types';
import { Refusal } from '../errors';
import { bidOutcome, type MarketRef, type ResultState, type SettleBid } from './outcome';
import { isPana, loadResult, nextResult, type Declaration } from './settlement';

type Db = Kysely<DB> | Transaction<DB>;

export interface Preview {
  market: MarketRef;
  date: string;
  before: ResultState | null;
  result: ResultState;
  winners: Winner[];
  /** the players whose reversed wins their wallets cannot cover */
  uncovered: Uncovered[];
  summary: SettleSummary;
  exposure: Exposure;
}

const SLICE = 5_000;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The day's bids of one play in one status, summed. */
interface PlayGroup {
  bet_type: string;
  session: 'Open' | 'Close';
  digits: string;
  closedigits: string;
  status: 'pending' | 'won' | 'lost';
  bids: number;
  points: number;
  /** what the bids that carry their rate pay if they win */
  rated_pay: number;
  /** points of the bids from before bids kept their rate (paid at the family's rate) */
  unrated_points: number;
  unrated: number;
  win_amount: number;
}

type Rates = Map<string, { v1: number; v2: number }>;

/** What a play's bids pay if they win: their own rate, else the family's (by the domain's rate key). */
function payOf(g: PlayGroup, rates: Rates): { pay: number; missing: string | null } {
  if (g.unrated === 0) return { pay: g.rated_pay, missing: null };
  const key = betTypeById(g.bet_type) ? rateKeyForRow(g.bet_type as BetTypeId, g.digits) : '';
  const r = rates.get(key);
  if (!r) return { pay: g.rated_pay, missing: key || g.bet_type };
  return { pay: g.rated_pay + (r.v1 > 0 ? Math.floor((g.unrated_points * r.v2) / r.v1 + 1e-9) : 0), missing: null };
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
  const grouped = await sql<Record<keyof PlayGroup, string>>`
    SELECT bet_type, session, digits, closedigits, status, count(*) AS bids, SUM(points) AS points,
           COALESCE(SUM(CASE WHEN rate_1 > 0 THEN floor(points::numeric * rate_2 / rate_1) END), 0) AS rated_pay,
           COALESCE(SUM(points) FILTER (WHERE rate_1 IS NULL OR rate_2 IS NULL), 0) AS unrated_points,
           count(*) FILTER (WHERE rate_1 IS NULL OR rate_2 IS NULL) AS unrated,
           COALESCE(SUM(win_amount), 0) AS win_amount
    FROM bids WHERE market_id = ${marketId} AND bid_date = ${date}::date AND status IN ('pending', 'won', 'lost')
    GROUP BY bet_type, session, digits, closedigits, status`.execute(db);
  const groups: PlayGroup[] = grouped.rows.map((g) => ({
    bet_type: g.bet_type,
    session: g.session as PlayGroup['session'],
    digits: g.digits,
    closedigits: g.closedigits,
    status: g.status as PlayGroup['status'],
    bids: Number(g.bids),
    points: Number(g.points),
    rated_pay: Number(g.rated_pay),
    unrated_points: Number(g.unrated_points),
    unrated: Number(g.unrated),
    win_amount: Number(g.win_amount),
  }));
  const rateRows = await db
    .selectFrom('game_rates')
    .select(['rate_key', 'val_1', 'val_2'])
    .where('family', '=', market.family)
    .execute();
  const rates: Rates = new Map(rateRows.map((r) => [r.rate_key, { v1: Number(r.val_1), v2: Number(r.val_2) }]));

  const summary: SettleSummary = {
    bids: 0,
    paid: 0,
    paid_points: 0,
    reversed: 0,
    reversed_points: 0,
    shortfall_points: 0,
    withheld_points: 0,
    lost: 0,
    pending: 0,
  };
  const winning: PlayGroup[] = [];
  const reversing: PlayGroup[] = [];
  let n = 0;
  for (const g of groups) {
    if (++n % SLICE === 0) await yieldToLoop();
    const becomes = { win: 'won', lose: 'lost', pending: 'pending' }[
      bidOutcome(market.family, g as unknown as SettleBid, result)
    ];
    summary.bids += g.bids;
    if (becomes === 'lost') summary.lost += g.bids;
    if (becomes === 'pending') summary.pending += g.bids;
    if (becomes === 'won' && g.status !== 'won') {
      const { pay, missing } = payOf(g, rates);
      if (missing) throw new Refusal(409, `No ${market.family} rate '${missing}': set the game rates first`);
      if (pay > 0) {
        summary.paid += g.bids;
        summary.paid_points += pay;
        winning.push(g);
      }
    }
    if (g.status === 'won' && becomes !== 'won') {
      reversing.push(g);
      summary.reversed += g.bids;
      summary.reversed_points += g.win_amount;
    }
  }

  // the top winners: the bids of the winning plays, each at its rate
  const top = winning.length
    ? await sql<Winner & { pay: string }>`
        WITH w AS (
          SELECT * FROM unnest(${winning.map((w) => w.bet_type)}::text[], ${winning.map((w) => w.session)}::text[],
                               ${winning.map((w) => w.digits)}::text[], ${winning.map((w) => w.closedigits)}::text[],
                               ${winning.map((w) => w.status)}::text[],
                               ${winning.map((w) => (betTypeById(w.bet_type) ? rateKeyForRow(w.bet_type as BetTypeId, w.digits) : ''))}::text[])
                 AS w(bet_type, session, digits, closedigits, status, rate_key)
        ), r AS (SELECT rate_key, val_1::numeric AS v1, val_2::numeric AS v2 FROM game_rates WHERE family = ${market.family}),
        c AS (
          SELECT b.id, b.user_id, b.pana, b.session, b.digits, b.closedigits, b.points,
                 floor(b.points * COALESCE(b.rate_2::numeric, r.v2) / NULLIF(COALESCE(b.rate_1::numeric, r.v1), 0))::bigint AS pay
          FROM bids b
          JOIN w ON w.bet_type = b.bet_type AND w.session = b.session AND w.digits = b.digits
                AND w.closedigits = b.closedigits AND w.status = b.status
          LEFT JOIN r ON r.rate_key = w.rate_key
          WHERE b.market_id = ${marketId} AND b.bid_date = ${date}::date
        )
        SELECT c.id AS bid_id, u.mobile, c.pana AS bet, c.session, c.digits, c.closedigits, c.points, c.pay
        FROM c JOIN users u ON u.id = c.user_id
        WHERE c.pay > 0
        ORDER BY c.pay DESC, c.id LIMIT 100`.execute(db)
    : { rows: [] };
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
  const pending = groups.filter((g) => g.status === 'pending');
  return {
    market,
    date,
    before,
    result,
    winners,
    uncovered: reversing.length ? await uncovered(db, market, date, reversing, winning) : [],
    summary,
    exposure: await exposure(market, before, d, pending, rates),
  };
}

/** A list of plays as a table of the query (`unnest` of their bet types, sessions, digits and statuses). */
const playsTable = (plays: PlayGroup[]) => sql`
  SELECT * FROM unnest(${plays.map((w) => w.bet_type)}::text[], ${plays.map((w) => w.session)}::text[],
                       ${plays.map((w) => w.digits)}::text[], ${plays.map((w) => w.closedigits)}::text[],
                       ${plays.map((w) => w.status)}::text[],
                       ${plays.map((w) => (betTypeById(w.bet_type) ? rateKeyForRow(w.bet_type as BetTypeId, w.digits) : ''))}::text[])
         AS w(bet_type, session, digits, closedigits, status, rate_key)`;

/**
 * The players a correction would leave short: the wins it reverses against their wallets and what it
 * newly pays them; the shortfall is what settlement cannot take back (it holds their pending withdrawals).
 */
async function uncovered(
  db: Db,
  market: MarketRef,
  date: string,
  reversing: PlayGroup[],
  winning: PlayGroup[],
): Promise<Uncovered[]> {
  const none = [{ bet_type: '', session: 'Open', digits: '', closedigits: '', status: 'won' } as PlayGroup];
  const rows = await sql<Record<keyof Uncovered, string>>`
    WITH rv AS (${playsTable(reversing)}), wn AS (${playsTable(winning.length ? winning : none)}),
    r AS (SELECT rate_key, val_1::numeric AS v1, val_2::numeric AS v2 FROM game_rates WHERE family = ${market.family}),
    lose AS (
      SELECT b.user_id, SUM(b.win_amount) AS reversed
      FROM bids b JOIN rv ON rv.bet_type = b.bet_type AND rv.session = b.session AND rv.digits = b.digits
                          AND rv.closedigits = b.closedigits AND b.status = 'won'
      WHERE b.market_id = ${market.id} AND b.bid_date = ${date}::date
      GROUP BY b.user_id
    ), gain AS (
      SELECT b.user_id,
             SUM(floor(b.points * COALESCE(b.rate_2::numeric, r.v2) / NULLIF(COALESCE(b.rate_1::numeric, r.v1), 0)))::bigint AS gained
      FROM bids b JOIN wn ON wn.bet_type = b.bet_type AND wn.session = b.session AND wn.digits = b.digits
                          AND wn.closedigits = b.closedigits AND wn.status = b.status
      LEFT JOIN r ON r.rate_key = wn.rate_key
      WHERE b.market_id = ${market.id} AND b.bid_date = ${date}::date AND b.user_id IN (SELECT user_id FROM lose)
      GROUP BY b.user_id
    )
    SELECT u.mobile, u.name, lose.reversed, u.wallet, COALESCE(gain.gained, 0) AS gained,
           lose.reversed - u.wallet - COALESCE(gain.gained, 0) AS shortfall,
           COALESCE((SELECT SUM(w.amount - w.held_points) FROM withdraw_requests w
                     WHERE w.user_id = u.id AND w.status = 'pending'), 0) AS pending_withdrawals
    FROM lose JOIN users u ON u.id = lose.user_id LEFT JOIN gain ON gain.user_id = lose.user_id
    WHERE lose.reversed > u.wallet + COALESCE(gain.gained, 0)
    ORDER BY shortfall DESC, u.mobile LIMIT 100`.execute(db);
  return rows.rows.map((u) => ({
    mobile: u.mobile,
    name: u.name,
    reversed: Number(u.reversed),
    wallet: Number(u.wallet),
    gained: Number(u.gained),
    shortfall: Number(u.shortfall),
    pending_withdrawals: Number(u.pending_withdrawals),
  }));
}

/**
 * Points at stake on the pending bids that the declared session can settle, and the candidate results
 * that would pay most: each pending play judged under each candidate.
 */
async function exposure(
  market: MarketRef,
  before: ResultState | null,
  d: Declaration,
  plays: PlayGroup[],
  rates: Rates,
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
  const pays = plays.map((p) => payOf(p, rates).pay);
  const exposed = new Set<PlayGroup>();
  const payouts = candidates.map(() => 0);
  let n = 0;
  for (let i = 0; i < candidates.length; i++) {
    for (let j = 0; j < plays.length; j++) {
      if (++n % SLICE === 0) await yieldToLoop();
      const outcome = bidOutcome(market.family, plays[j] as unknown as SettleBid, candidates[i].result);
      if (outcome === 'pending') continue;
      exposed.add(plays[j]);
      if (outcome === 'win') payouts[i] += pays[j];
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
    [...m.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([k, v]) => ({ [key]: k, points: v }) as never);
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
