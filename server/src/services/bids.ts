/**
 * The bids service: placing one submission (the server's checks of the market, its hours and the
 * wallet, then one atomic write) and reading an account's bids and wins, for the player's calls
 * (`api/bids.ts`) and the operator's (`operator/users.ts`).
 */
import { sql, type Kysely } from 'kysely';
import {
  MSG,
  MSG_NUMBER_CLOSED,
  balanceMessage,
  betTypeById,
  biddableSessions,
  isOffDay,
  compose,
  messageText,
  numbersClosedText,
  sessionClosedText,
  formatBidDate,
  parseSubmission,
  rateKeyForRow,
  settlementType,
  sessionMeaningless,
  type BetTypeId,
  type Message,
  type Session,
  SERVER_TEXTS,
} from '@matka/shared/domain';
import type { AppContext } from '../context';
import type { DB } from '../db/types';
import type { MarketFamily } from '../db/columns';
import { MSG_BETTING_DISABLED, Refusal, refusal } from '../errors';
import { limitHitOf, limitHitText, playRefusal, protectionOf } from './protection';
import { betRuleOf, betRuleText } from './bet-limits';
import type { AuthUser } from './usercache';
import { kolkataIsoDate } from './clock';
import { bidsPlaced, bidsRefused, pointsStaked, type BidRefusal } from './metrics';
import { marketClock, type MarketRow } from './markets';
import type { BidWritten } from './bid-batch';
import type { StoredSubmission } from './receipts';

const MSG_MARKET_CLOSED = SERVER_TEXTS.marketClosed;

/** A submission placed: its id, the wallet after it, its points; `duplicate` when a retry met the first. */
export interface PlacedBid {
  submissionId: string;
  wallet: string;
  totalPoints: string;
  duplicate: boolean;
  /** what was stored, when the writer answered it: its receipt is made from it with no other query */
  stored?: StoredSubmission;
}

/**
 * Places one submit call: validated rows, market/session open by the server clock, then atomically
 * a guarded debit, the submission record (idempotency key), the bid rows and a ledger row. A refusal is
 * thrown (Refusal: 400 for a malformed submission, else the message the player reads).
 */
export async function placeBid(
  ctx: AppContext,
  family: MarketFamily,
  user: AuthUser,
  body: { game_id?: string | number | null; new_result: Record<string, unknown> },
  idempotencyKey: string | null,
): Promise<PlacedBid> {
  // counted for /metrics: placed (with its points) or refused, by a fixed reason
  try {
    const placed = await place(ctx, family, user, body, idempotencyKey);
    if (!placed.duplicate) {
      bidsPlaced.inc({ family });
      pointsStaked.inc({ family }, Number(placed.totalPoints));
    }
    return placed;
  } catch (err) {
    if (err instanceof Refusal)
      bidsRefused.inc({ family, reason: (err as Refusal & { bidReason?: BidRefusal }).bidReason ?? 'invalid' });
    throw err;
  }
}

/** A refusal of a bid, with the reason /metrics counts it under. */
const refusedFor = (reason: BidRefusal, msg: Message) => Object.assign(refusal(msg), { bidReason: reason });

async function place(
  ctx: AppContext,
  family: MarketFamily,
  user: AuthUser,
  body: { game_id?: string | number | null; new_result: Record<string, unknown> },
  idempotencyKey: string | null,
): Promise<PlacedBid> {
  if (!shortStrings(body.new_result, 0)) throw new Refusal(400, MSG.invalidRequest);
  const parsed = parseSubmission(family, body);
  if (!parsed.ok)
    throw new Refusal(400, messageText(parsed.message).length > 120 ? MSG.invalidRequest : parsed.message);
  const def = betTypeById(parsed.betType)!;

  // A repeated submit with a known key answers like the first one, without touching the wallet.
  const previous = async (): Promise<PlacedBid | null> => {
    if (!idempotencyKey) return null;
    const prev = await ctx.db
      .selectFrom('bid_submissions')
      .innerJoin('users', 'users.id', 'bid_submissions.user_id')
      .select(['bid_submissions.id', 'bid_submissions.total_points', 'users.wallet'])
      .where('bid_submissions.user_id', '=', user.id)
      .where('bid_submissions.idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (!prev) return null;
    return { submissionId: prev.id, wallet: prev.wallet, totalPoints: prev.total_points, duplicate: true };
  };
  // Looked up only when the answer would be a refusal (a retry may come after the market closed) or the
  // key turns out taken: a new submission costs no query for it.
  const refuseUnlessPlaced = async (msg: Message, reason: BidRefusal = 'invalid'): Promise<PlacedBid> => {
    const p = await previous();
    if (p) return p;
    throw refusedFor(reason, msg);
  };

  const now = ctx.clock.now();
  const gameId = Number(parsed.gameId);
  const market = Number.isSafeInteger(gameId) ? await ctx.markets.get(gameId) : undefined;
  if (!market || market.family !== family || !market.active) return refuseUnlessPlaced(MSG.invalidGame);
  if (parsed.bidDate !== formatBidDate(now)) return refuseUnlessPlaced(MSG.invalidBidDate);
  if (user.betting_status !== '1') return refuseUnlessPlaced(MSG_BETTING_DISABLED, 'betting_off');

  const rows = parsed.rows;
  const total = rows.reduce((s, r) => s + r.points, 0);
  const bidDate = kolkataIsoDate(now);

  // Market hours by the server clock.
  const closed = sessionClosed(parsed.betType, parsed.session, market, now);
  if (closed) return refuseUnlessPlaced(closed, 'market_closed');

  // One call of place_bid (migration 020): the market's bid lock (shared), the checks, the guard, the
  // submission record (idempotency key) and the bid rows, then the debit and its ledger row; written
  // with others that arrive at the same moment by the bid writer (bid-batch.ts), each as if alone.
  const place = () =>
    ctx.bidWriter.place({
      user: user.id,
      market: market.id,
      family,
      bet_type: parsed.betType,
      session: parsed.session,
      bid_date: bidDate,
      total,
      key: idempotencyKey,
      now,
      // no session word where it means nothing to the player (Gali, Starline, Full Sangam)
      note: sessionMeaningless(def)
        ? `Bid ${market.name} ${def.title} x${rows.length}`
        : `Bid ${market.name} ${def.title} (${parsed.session}) x${rows.length}`,
      guard: declaredGuard(family, parsed.session, !!def.timed),
      pana: rows.map((r) => r.pana),
      sessions: rows.map((r) => r.session),
      sessions_sent: parsed.sentSessions,
      digits: rows.map((r) => r.digits),
      closedigits: rows.map((r) => r.closedigits),
      points: rows.map((r) => String(r.points)),
      // each row's rate key: place_bid stores the rate in force with the bid (it is paid at it)
      rate_keys: rows.map((r) => rateKeyForRow(parsed.betType, r.digits)),
    });

  try {
    // A bid and a declaration of the same market never overlap, whichever server process runs them:
    // place_bid holds the market's lock shared while it writes, a declaration holds it exclusively (see
    // lockMarketForBids). So a bid either commits before the declaration reads the bids (and is settled
    // by it) or runs after its commit and sees the result (and is refused by the guard).
    const began = ctx.users.beginWrite(user.id);
    let out: BidWritten;
    try {
      out = await place();
    } catch (err) {
      await ctx.users.wrote(user.id, began, null);
      // one of the player's stake or loss limits would be passed (migration 019): nothing stayed, unless
      // this is a retry of a submission that was placed (its own points count against the limit)
      if (sqlState(err) === 'MKLIM') return refuseUnlessPlaced(limitHitText('bid', limitHitOf(err)), 'player_limit');
      // the operator's bet limits of this bet type, and the liability cap of a number (migration 020)
      if (sqlState(err) === 'MKBET') return refuseUnlessPlaced(betRuleText(def.title, betRuleOf(err)), 'bet_limit');
      if (sqlState(err) === 'MKCAP') {
        const p = await previous();
        if (p) return p;
        // which numbers the cap closed: named in the message, and listed so that an app can offer to
        // place the other rows (nothing of this submission stayed)
        const numbers = await cappedNumbers(ctx, {
          market: market.id,
          family,
          betType: parsed.betType,
          bidDate,
          rows,
        });
        throw Object.assign(
          new Refusal(200, numbers.length ? numbersClosedText(numbers) : MSG_NUMBER_CLOSED, {
            closed_numbers: numbers,
          }),
          { bidReason: 'number_capped' as BidRefusal },
        );
      }
      // the wallet did not cover the total: nothing stayed (as when the guard refuses)
      if (sqlState(err) !== 'MKLOW') throw err;
      out = { sub_id: null, wallet: null };
    }
    await ctx.users.wrote(user.id, began, out.sub_id === null ? null : out.wallet);
    if (out.wallet === null || out.sub_id === null) {
      // With a key, the debit may have found the wallet already spent by a racing retry of this very
      // submission: that one stands, and this answer repeats it.
      const p = await previous();
      if (p) return p;
      // a break, an exclusion, or the age not declared where the operator requires it (may_play)
      const stopped = playRefusal(await protectionOf(ctx.db, user.id, now), now);
      if (stopped) throw refusedFor('protection', stopped);
      // the result was declared while this bid was on its way
      if (await declaredNow(ctx, market.id, bidDate, family, parsed.session, !!def.timed))
        throw refusedFor(
          'declared',
          // the open result ends the Open session only: Close bids are still taken
          family === 'regular' && def.hasSession && parsed.session === 'Open' && !def.timed
            ? sessionClosedText(def.title, 'Open')
            : compose('biddingClosed', { betType: def.title }),
        );
      throw refusedFor('balance', balanceMessage(parsed.betType));
    }
    const stored: StoredSubmission | undefined = out.bids
      ? {
          submissionId: out.sub_id,
          userId: user.id,
          family,
          market: { id: market.id, name: market.name },
          date: bidDate,
          session: parsed.session,
          betType: parsed.betType,
          acceptedAt: now,
          bids: out.bids,
        }
      : undefined;
    return { submissionId: out.sub_id, wallet: out.wallet, totalPoints: String(total), duplicate: false, stored };
  } catch (err) {
    if (isDuplicateKey(err) || isUniqueViolation(err)) {
      const p = await previous();
      if (p) return p;
    }
    throw err;
  }
}

/**
 * Which declared result ends this bid's session, as place_bid's guard names it (the same rule as
 * sessionClosed(): the close result ends the day; the open result ends the open session and the timed
 * bets; a starline slot's pana or a Gali jodi ends that market's day).
 */
function declaredGuard(family: MarketFamily, session: Session, timed: boolean): 'open' | 'close' | 'starline' | 'gali' {
  if (family === 'regular') return session === 'Open' || timed ? 'open' : 'close';
  return family;
}

/** The SQLSTATE of a database error (place_bid raises MKDUP and MKLOW). */
function sqlState(err: unknown): unknown {
  return typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
}

/** place_bid found the idempotency key taken (and wrote nothing): the earlier submission stands. */
function isDuplicateKey(err: unknown): boolean {
  return sqlState(err) === 'MKDUP';
}

async function declaredNow(
  ctx: AppContext,
  marketId: number,
  date: string,
  family: MarketFamily,
  session: Session,
  timed: boolean,
): Promise<boolean> {
  const r = await sql<{ declared: boolean }>`
    SELECT bid_session_declared(${marketId}::int, ${date}::date, ${declaredGuard(family, session, timed)}::text) AS declared`.execute(
    ctx.db,
  );
  return r.rows[0]?.declared === true;
}

/**
 * The numbers of a refused submission that its family's liability cap closes now: each distinct
 * number's payout (its rows at their rates) added to what the number already carries passes the cap.
 * Written as the player reads them ('5', '12-345').
 */
async function cappedNumbers(
  ctx: AppContext,
  b: {
    market: number;
    family: MarketFamily;
    betType: BetTypeId;
    bidDate: string;
    rows: { session: string; digits: string; closedigits: string; points: number }[];
  },
): Promise<string[]> {
  const r = await sql<{ digits: string; closedigits: string }>`
    WITH want AS (
      SELECT w.session, w.settles, w.digits, w.closedigits,
             sum(CASE WHEN gr.val_1 > 0 THEN floor(w.points * gr.val_2::numeric / gr.val_1::numeric) ELSE 0 END) AS payout
      FROM unnest(${b.rows.map((x) => x.session)}::text[], ${b.rows.map((x) => x.digits)}::text[],
                  ${b.rows.map((x) => x.closedigits)}::text[], ${b.rows.map((x) => x.points)}::bigint[],
                  ${b.rows.map((x) => rateKeyForRow(b.betType, x.digits))}::text[],
                  ${b.rows.map((x) => settlementType(b.betType, x.digits))}::text[])
             AS w(session, digits, closedigits, points, rate_key, settles)
      LEFT JOIN game_rates gr ON gr.family = ${b.family} AND gr.rate_key = w.rate_key
      GROUP BY 1, 2, 3, 4
    )
    SELECT w.digits, w.closedigits
    FROM want w
    JOIN liability_caps c ON c.family = ${b.family}
    LEFT JOIN number_liability nl
      ON nl.market_id = ${b.market} AND nl.bid_date = ${b.bidDate}::date AND nl.session = w.session
     AND nl.bet_type = w.settles AND nl.digits = w.digits AND nl.closedigits = w.closedigits
    WHERE COALESCE(nl.payout, 0) + w.payout > c.cap
    ORDER BY w.digits, w.closedigits`.execute(ctx.db);
  return r.rows.map((x) => (x.closedigits ? `${x.digits}-${x.closedigits}` : x.digits));
}

/** Every string in new_result is short (no field of a bid needs more than a few characters). */
function shortStrings(v: unknown, depth: number): boolean {
  if (typeof v === 'string') return v.length <= 100;
  if (v === null || typeof v !== 'object') return true;
  if (depth > 4) return false;
  return Object.values(v as Record<string, unknown>).every((x) => shortStrings(x, depth + 1));
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/** Null when the session takes bids now (the shared rule: times and declared results); otherwise the refusal message. */
export function sessionClosed(betType: BetTypeId, session: Session, m: MarketRow, now: Date): Message | null {
  const def = betTypeById(betType)!;
  if (!m.active || isOffDay(m.off_days, now)) return MSG_MARKET_CLOSED;
  // Today's results come from the market cache, which every declaration invalidates; the insert
  // re-checks the results table (declaredGuard) for a declaration racing this bid.
  const open = biddableSessions(betType, marketClock(m), now);
  if (open.includes(def.fixedSession ?? session)) return null;
  // one session closed while the other still takes bids: the refusal names it
  return def.hasSession && !def.fixedSession && open.length > 0
    ? sessionClosedText(def.title, session)
    : compose('biddingClosed', { betType: def.title });
}

// ------------------------------------------------------------------------------------ an account's bids and wins

/** Which of an account's rows: one family, an inclusive range of bid / win dates ('YYYY-MM-DD'). */
export interface RowFilter {
  family?: MarketFamily;
  from?: string;
  to?: string;
}

/** What a bid says (b = bids): its numbers, session and points. */
export const BID_PLAY_COLUMNS = [
  'b.pana',
  'b.session',
  'b.digits',
  'b.closedigits',
  'b.points',
  'b.rate_1',
  'b.rate_2',
] as const;

/** An account's bids, newest first, with their market's name and the result of their day (if declared). */
export function accountBids(db: Kysely<DB>, userId: string, f: RowFilter, limit: number) {
  let q = db
    .selectFrom('bids as b')
    .innerJoin('markets as m', 'm.id', 'b.market_id')
    .leftJoin('results as r', (j) =>
      j.onRef('r.market_id', '=', 'b.market_id').onRef('r.result_date', '=', 'b.bid_date'),
    )
    .select([
      'b.id',
      'b.submission_id',
      'b.family',
      'b.bet_type',
      'm.name',
      ...BID_PLAY_COLUMNS,
      'b.session_sent',
      'b.status',
      'b.win_amount',
      'r.open_pana',
      'r.close_pana',
      'r.jodi',
      sql<string>`b.bid_date::text`.as('bid_date'),
      'b.created_at',
    ])
    .where('b.user_id', '=', userId);
  if (f.family) q = q.where('b.family', '=', f.family);
  if (f.from) q = q.where('b.bid_date', '>=', f.from);
  if (f.to) q = q.where('b.bid_date', '<=', f.to);
  return q.orderBy('b.id', 'desc').limit(limit).execute();
}

/** An account's wins (reversed ones too, unless `live`), newest first, with the bid and its market. */
export function accountWins(db: Kysely<DB>, userId: string, f: RowFilter & { live?: boolean }, limit: number) {
  let q = db
    .selectFrom('wins as w')
    .innerJoin('bids as b', 'b.id', 'w.bid_id')
    .innerJoin('markets as m', 'm.id', 'w.market_id')
    .select([
      'w.id',
      'w.family',
      'm.name',
      ...BID_PLAY_COLUMNS,
      'b.session_sent',
      sql<string>`b.bid_date::text`.as('bid_date'),
      sql<string>`w.win_date::text`.as('win_date'),
      'w.amount',
      'w.reversed_at',
    ])
    .where('w.user_id', '=', userId);
  if (f.family) q = q.where('w.family', '=', f.family);
  if (f.live) q = q.where('w.reversed_at', 'is', null);
  if (f.from) q = q.where('w.win_date', '>=', f.from);
  if (f.to) q = q.where('w.win_date', '<=', f.to);
  return q.orderBy('w.id', 'desc').limit(limit).execute();
}
