/**
 * Results and settlement. A declaration stores the market's result for a day and then brings every bid
 * of that market and day to the outcome the result now gives (the rules module decides):
 *   pending/lost -> won   credit points x val_2 / val_1, a win record and a ledger row
 *   won -> lost/pending   (a corrected result) reverse the win: debit with a ledger row, win record reversed
 *   won -> won            nothing (declaring the same result twice pays once)
 * all in one transaction that holds the market's bid lock exclusively (lockMarketForBids), so two
 * declarations of one market never interleave and no bid write of that market overlaps one.
 * The writes are set-based SQL over the bids (settle-sql.ts); this module keeps the rules' side:
 * results, the outcome and payout of one bid (the reference the SQL is tested against), the preview.
 * Wallets are locked in id order (like transfers), so settlement never deadlocks with other money moves.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  EMPTY_RESULT,
  composeResult,
  isJodi,
  isPana,
  minutesOfDay,
  payout,
  type Declaration,
  rateKeyForRow,
  type BetTypeId,
  type Outcome,
} from '@matka/shared/domain';
import type { DB } from '../db/types';
import type { MarketFamily } from '../db/columns';
import { Refusal } from '../errors';
import { BID_PLAY_COLUMNS } from './bids';
import { kolkataIsoDate } from './clock';
import { bidOutcome, type MarketRef, type ResultState, type SettleBid } from './outcome';

export { bidOutcome, type MarketRef, type ResultState, type SettleBid };

type Db = Kysely<DB> | Transaction<DB>;

export { EMPTY_RESULT, isJodi, isPana, type Declaration };

/** The market's result after a declaration (the domain's composeResult; throws Refusal for an impossible one). */
export function nextResult(market: MarketRef, current: ResultState | null, d: Declaration): ResultState {
  const r = composeResult(market, current, d);
  if (!r.ok) throw new Refusal(r.reason === 'order' ? 409 : 400, r.message);
  return r.result;
}

/**
 * When a declaration's draw is due, in minutes of the day (Asia/Kolkata): a regular market's open
 * result at its open time, its close result at its close time; a Starline slot and a Gali market at
 * their open time (when their bids close).
 */
export function drawMinute(market: { open_minute: number; close_minute: number }, d: Declaration): number {
  return d.family === 'regular' && d.session === 'close' ? market.close_minute : market.open_minute;
}

/**
 * Minutes before its draw that a declaration for `date` comes at `now` (0 when it is not early): a day
 * still to come is early by the whole wait. An early result settles bids and closes betting before the
 * draw, so it needs an owner's override with a reason.
 */
export function minutesEarly(
  market: { open_minute: number; close_minute: number },
  d: Declaration,
  date: string,
  now: Date,
): number {
  const today = kolkataIsoDate(now);
  if (date < today) return 0;
  const due = drawMinute(market, d);
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return Math.max(0, days * 1440 + due - minutesOfDay(now));
}

/** Whether a declaration corrects what was declared before for its own session (not another session's). */
export function correctsEarlier(before: ResultState | null, d: Declaration): boolean {
  if (!before) return false;
  if (d.family === 'gali') return before.jodi !== null;
  if (d.family === 'regular' && d.session === 'close') return before.close_pana !== null;
  return before.open_pana !== null;
}

/** Whether two results are the same (a declaration that changes nothing). */
export const sameResult = (a: ResultState | null, b: ResultState) =>
  !!a && (Object.keys(b) as (keyof ResultState)[]).every((k) => (a[k] ?? null) === (b[k] ?? null));

type BidStatus = 'pending' | 'won' | 'lost';
const STATUS_OF: Record<Outcome, BidStatus> = { win: 'won', lose: 'lost', pending: 'pending' };

export interface BidChange {
  bid: SettleBid;
  to: BidStatus;
  /** points credited now (a new win) */
  pay: number;
  /** points of an earlier win taken back (a corrected result) */
  reverse: number;
}

export type Rates = Map<string, { val_1: string; val_2: string }>;

export async function loadRates(db: Db, family: MarketFamily): Promise<Rates> {
  const rows = await db
    .selectFrom('game_rates')
    .select(['rate_key', 'val_1', 'val_2'])
    .where('family', '=', family)
    .execute();
  return new Map(rows.map((r) => [r.rate_key, { val_1: r.val_1, val_2: r.val_2 }]));
}

/**
 * Win amount of a winning bid: at the rate it was placed at (the rate is part of the bet); a bid from
 * before bids kept their rate at the family's rates now (Refusal when that rate is missing).
 */
function winAmount(
  family: MarketFamily,
  bid: Pick<SettleBid, 'bet_type' | 'digits' | 'points' | 'rate_1' | 'rate_2'>,
  rates: Rates,
): number {
  if (bid.rate_1 !== null && bid.rate_2 !== null)
    return payout(Number(bid.points), { val_1: bid.rate_1, val_2: bid.rate_2 });
  const key = rateKeyForRow(bid.bet_type as BetTypeId, bid.digits);
  const rate = rates.get(key);
  if (!rate) throw new Refusal(409, `No ${family} rate '${key}': set the game rates first`);
  return payout(Number(bid.points), rate);
}

/** The bids whose state must change for the result (pure). */
export function computeChanges(family: MarketFamily, bids: SettleBid[], r: ResultState, rates: Rates): BidChange[] {
  const out: BidChange[] = [];
  for (const bid of bids) {
    const to = STATUS_OF[bidOutcome(family, bid, r)];
    const was = bid.status as BidStatus;
    if (to === was) continue; // includes won -> won: paid once
    const reverse = was === 'won' ? Number(bid.win_amount) : 0;
    const pay = to === 'won' ? winAmount(family, bid, rates) : 0;
    out.push({ bid, to, pay, reverse });
  }
  return out;
}

/** The market's declared result of that day, null when none. */
export async function loadResult(db: Db, marketId: number, date: string) {
  return (
    (await db
      .selectFrom('results')
      .select(['open_pana', 'open_digit', 'close_pana', 'close_digit', 'jodi'])
      .where('market_id', '=', marketId)
      .where('result_date', '=', date)
      .executeTakeFirst()) ?? null
  );
}

export async function loadBids(db: Db, marketId: number, date: string): Promise<SettleBid[]> {
  return db
    .selectFrom('bids as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.user_id',
      'u.mobile',
      'b.bet_type',
      ...BID_PLAY_COLUMNS,
      'b.status',
      'b.win_amount',
      'b.unrecovered',
    ])
    .where('b.market_id', '=', marketId)
    .where('b.bid_date', '=', date)
    .where('b.status', 'in', ['pending', 'won', 'lost'])
    .orderBy('b.id')
    .execute();
}

/**
 * The per-market lock that keeps bids and declarations apart across every server process sharing the
 * database: a bid takes it shared for its write, a declaration exclusively for its whole transaction.
 * Held until the transaction ends. Take it before touching any user row (no lock cycle with wallets).
 * Its class is the database's bid_lock_class() (migration 014), for place_bid and this alike.
 */
export async function lockMarketForBids(trx: Transaction<DB>, marketId: number, mode: 'shared' | 'exclusive') {
  if (mode === 'shared')
    await sql`SELECT pg_advisory_xact_lock_shared(bid_lock_class(), ${marketId}::int)`.execute(trx);
  else await sql`SELECT pg_advisory_xact_lock(bid_lock_class(), ${marketId}::int)`.execute(trx);
}
