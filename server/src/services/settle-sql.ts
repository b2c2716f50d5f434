/**
 * Set-based settlement: the bids of a market and day are brought to the outcome a result gives
 * them by SQL over the bids, in time linear in the bids, with no loop over bids or players in JavaScript.
 *
 * The rules keep one owner, the domain: a day's bids hold few distinct plays (bet type, session, digits:
 * at most some 50,000 whatever the number of bids), so the domain judges each play once (`bidOutcome`)
 * and names its rate key; the table of plays goes to PostgreSQL, which joins it to the bids. Payouts,
 * win records, ledger rows (one per bid, with its running balance), wallets (one update per player) and
 * the bids' status are then written by a handful of statements. Same rules and rounding as the domain's
 * `payout`, and the unrecovered-points rule of corrections (see applyChanges in git history, and
 * settlement.ts): a new win first keeps back what an earlier reversal could not take; a reversal takes at
 * most what the wallet holds after the player's new wins, in bid order, and records the rest.
 */
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { BET_TYPES, rateKeyForRow, sessionMeaningless, type BetTypeId } from '@matka/shared/domain';
import type { SettledPoints } from '@matka/shared/contract';
import type { DB } from '../db/types';
import type { MarketFamily } from '../db/columns';
import { Refusal } from '../errors';
import { bidOutcome, type MarketRef, type ResultState, type SettleBid } from './outcome';

/** Yields to the event loop every so many plays, so judging a big day never blocks a process. */
const PLAYS_PER_SLICE = 2_000;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const STATUS_OF = { win: 'won', lose: 'lost', pending: 'pending' } as const;

/**
 * Judges the plays of a job's next slice of bids under `result` (the domain's bidOutcome, each play once)
 * and adds the ones not judged yet to the job's table of plays (settlement_plays), in slices of
 * PLAYS_PER_SLICE: no slice's judging or sending holds the event loop for long, whatever the size of the
 * day. The slice is the next `size` bids of the market's day after `afterId` in id order (the market's
 * index: market, day, id), or every bid up to the job's last one when fewer are left. One scan finds the
 * slice's end, counts its bids and groups them by play. Returns the bids counted and the slice's last id.
 */
export async function storeJudgedPlays(
  trx: Transaction<DB>,
  jobId: string,
  family: MarketFamily,
  marketId: number,
  date: string,
  result: ResultState,
  slice: { afterId: string; lastId: string; size: number },
): Promise<{ bids: number; upToId: string }> {
  // the grand total (GROUPING 1: the slice's bids of any status, and its last id) and the slice's plays
  // that no earlier slice stored: only those come back to be judged (a big day's later slices bring
  // thousands of plays already judged, which would only be parsed to be dropped)
  const rows = await sql<{
    bet_type: string | null;
    session: 'Open' | 'Close';
    digits: string;
    closedigits: string;
    bids: string;
    seen: string;
    last: string | null;
    total: number;
  }>`
    SELECT g.* FROM (
      SELECT bet_type, session, digits, closedigits,
             count(*) FILTER (WHERE status IN ('pending', 'won', 'lost')) AS bids,
             count(*) AS seen, max(id)::text AS last, GROUPING(bet_type) AS total
      FROM (SELECT id, bet_type, session, digits, closedigits, status FROM bids
            WHERE market_id = ${marketId} AND bid_date = ${date}::date
              AND id > ${slice.afterId}::bigint AND id <= ${slice.lastId}::bigint
            ORDER BY id LIMIT ${slice.size}) s
      GROUP BY GROUPING SETS ((bet_type, session, digits, closedigits), ())) g
    WHERE g.total = 1 OR (g.bids > 0 AND NOT EXISTS (
            SELECT 1 FROM settlement_plays p
            WHERE p.job_id = ${jobId}::bigint AND p.bet_type = g.bet_type AND p.session = g.session
              AND p.digits = g.digits AND p.closedigits = g.closedigits))`.execute(trx);
  const total = rows.rows.find((r) => r.total === 1);
  const upToId = total && total.last !== null && Number(total.seen) >= slice.size ? total.last : slice.lastId;
  const bids = Number(total?.bids ?? 0);
  const fresh = rows.rows.filter((r) => r.total === 0);
  for (let from = 0; from < fresh.length; from += PLAYS_PER_SLICE) {
    if (from) await yieldToLoop();
    const slice = fresh.slice(from, from + PLAYS_PER_SLICE);
    const status = slice.map((p) => STATUS_OF[bidOutcome(family, p as unknown as SettleBid, result)]);
    const rateKey = slice.map((p, k) => (status[k] === 'won' ? rateKeyForRow(p.bet_type as BetTypeId, p.digits) : ''));
    await sql`
      INSERT INTO settlement_plays (job_id, bet_type, session, digits, closedigits, status, rate_key)
      SELECT ${jobId}::bigint, p.* FROM unnest(${slice.map((p) => p.bet_type)}::text[], ${slice.map((p) => p.session)}::text[],
        ${slice.map((p) => p.digits)}::text[], ${slice.map((p) => p.closedigits)}::text[], ${status}::text[],
        ${rateKey}::text[]) AS p(bet_type, session, digits, closedigits, status, rate_key)
      ON CONFLICT DO NOTHING`.execute(trx);
  }
  return { bids, upToId };
}

/**
 * Bids with id in (afterId, upToId]: a chunk of a settlement; both ends optional. A phase settles only
 * part of the changes: 'gain' every change but reversals (new wins first), 'loss' the reversals of
 * earlier wins (then against wallets that hold every new win).
 */
export interface BidRange {
  afterId?: string;
  upToId?: string;
  phase?: 'gain' | 'loss';
}

function rangeSql(r: BidRange) {
  return sql`${r.afterId !== undefined ? sql`AND id > ${r.afterId}::bigint` : sql``}
             ${r.upToId !== undefined ? sql`AND id <= ${r.upToId}::bigint` : sql``}`;
}

/** What one settling pass did: the points it moved (the domain's SettledPoints), and to whom. */
export interface SetSettlement extends SettledPoints {
  /** bids that changed status */
  changed: number;
  /** the players whose wallets moved */
  users: string[];
  /** how many more bids are lost and pending than before it (a job's last chunk ends its summary so) */
  became: { lost: number; pending: number };
}

/**
 * Settles the bids of a market and day (or of a range of their ids) against the plays a settlement job
 * judged and stored (settlement_plays), in the caller's transaction: idempotent (a bid already in the
 * outcome the result gives does not change; a won bid that stays won is paid once).
 */
export async function settleSet(
  trx: Transaction<DB>,
  market: MarketRef,
  date: string,
  now: Date,
  range: BidRange,
  jobId: string,
): Promise<SetSettlement> {
  // 1. The bids that change, with what each pays (at its own rate; a bid from before bids kept their
  //    rate, at the family's rate now) or takes back.
  await sql`DROP TABLE IF EXISTS settle_changes`.execute(trx);
  await sql`
    CREATE TEMP TABLE settle_changes ON COMMIT DROP AS
    WITH o AS (
      SELECT bet_type, session, digits, closedigits, status, rate_key FROM settlement_plays WHERE job_id = ${jobId}::bigint
    ), r AS (
      SELECT rate_key, val_1::numeric AS v1, val_2::numeric AS v2 FROM game_rates WHERE family = ${market.family}
    ), c AS (
      SELECT b.id, b.user_id, b.status AS was, o.status AS becomes, b.win_amount, b.unrecovered, b.points,
             b.pana, b.bet_type, b.session, b.digits, b.closedigits, o.rate_key,
             COALESCE(b.rate_1::numeric, r.v1) AS v1, COALESCE(b.rate_2::numeric, r.v2) AS v2
      FROM bids b
      JOIN o ON o.bet_type = b.bet_type AND o.session = b.session AND o.digits = b.digits AND o.closedigits = b.closedigits
      LEFT JOIN r ON r.rate_key = o.rate_key
      WHERE b.market_id = ${market.id} AND b.bid_date = ${date}::date AND b.status IN ('pending', 'won', 'lost')
        AND b.status <> o.status ${rangeSql(range)}
        ${range.phase === 'gain' ? sql`AND b.status <> 'won'` : range.phase === 'loss' ? sql`AND b.status = 'won'` : sql``}
    )
    SELECT c.*,
           CASE WHEN c.becomes <> 'won' THEN 0
                WHEN c.v1 > 0 AND c.v2 >= 0 THEN floor(c.points * c.v2 / c.v1)::bigint
                ELSE 0 END AS pay,
           CASE WHEN c.was = 'won' THEN c.win_amount ELSE 0 END AS reverse,
           (c.becomes = 'won' AND (c.v1 IS NULL OR c.v2 IS NULL)) AS no_rate
    FROM c`.execute(trx);
  const missing = await sql<{ rate_key: string }>`
    SELECT rate_key FROM settle_changes WHERE no_rate LIMIT 1`.execute(trx);
  if (missing.rows.length)
    throw new Refusal(409, `No ${market.family} rate '${missing.rows[0].rate_key}': set the game rates first`);

  // A pass that only pays (every first declaration, the gain pass of a correction) needs no wallet to
  // decide anything: it writes the bids and the wins first and locks the wallets last, for the two
  // statements that move the points, so a player's new bid waits for at most those (not the chunk).
  const reversals =
    range.phase === 'gain'
      ? false
      : (await sql<{ r: boolean }>`SELECT EXISTS (SELECT 1 FROM settle_changes WHERE reverse > 0) AS r`.execute(trx))
          .rows[0].r;
  if (reversals) await moneyWithReversals(trx, market, date, now);
  else await gainsWithoutMoney(trx, market, date, now);
  const users = await sql<{ id: string }>`
    SELECT DISTINCT user_id AS id FROM settle_money WHERE credit > 0 OR take > 0`.execute(trx);

  const totals = await sql<{
    changed: string;
    paid: string;
    paid_points: string;
    reversed: string;
    reversed_points: string;
    shortfall: string;
    withheld: string;
    lost: string;
    pending: string;
  }>`
    SELECT count(*) AS changed,
           count(*) FILTER (WHERE becomes = 'lost') - count(*) FILTER (WHERE was = 'lost') AS lost,
           count(*) FILTER (WHERE becomes = 'pending') - count(*) FILTER (WHERE was = 'pending') AS pending,
           count(*) FILTER (WHERE pay > 0) AS paid, COALESCE(SUM(pay), 0) AS paid_points,
           count(*) FILTER (WHERE reverse > 0) AS reversed, COALESCE(SUM(reverse), 0) AS reversed_points,
           COALESCE(SUM(reverse - take), 0) AS shortfall, COALESCE(SUM(keep), 0) AS withheld
    FROM settle_money`.execute(trx);
  if (!reversals) await creditGains(trx, market, now);
  const s = totals.rows[0];
  return {
    changed: Number(s.changed),
    paid: Number(s.paid),
    paid_points: Number(s.paid_points),
    reversed: Number(s.reversed),
    reversed_points: Number(s.reversed_points),
    shortfall_points: Number(s.shortfall),
    withheld_points: Number(s.withheld),
    users: users.rows.map((u) => String(u.id)),
    became: { lost: Number(s.lost), pending: Number(s.pending) },
  };
}

/** The bet types whose session means nothing to the player (Gali, Starline, Full Sangam): no '(Open)'. */
const NO_SESSION_WORD = Object.values(BET_TYPES)
  .filter((d) => sessionMeaningless(d))
  .map((d) => d.id);

/** The ledger row's note for a bid of settle_money (alias m): 'Single Digit 5 (Open)', 'Jodi Digit 47'. */
const describe = sql`m.pana || ' ' || m.digits || CASE WHEN m.closedigits <> '' THEN '-' || m.closedigits ELSE '' END
                     || CASE WHEN m.bet_type = ANY (${NO_SESSION_WORD}::text[]) THEN '' ELSE ' (' || m.session || ')' END`;

function winNote(market: MarketRef) {
  return sql`'Win ' || ${market.name}::text || ' ' || ${describe}
             || CASE WHEN m.keep > 0 THEN ' (' || m.keep || ' kept against the earlier unrecovered reversal)' ELSE '' END`;
}

/**
 * Steps 2-4 when nothing is taken back, first part: each win's credit (less what an earlier unrecovered
 * reversal of it keeps back), the wins and the bids, written with no wallet locked.
 */
async function gainsWithoutMoney(trx: Transaction<DB>, market: MarketRef, date: string, now: Date) {
  await sql`DROP TABLE IF EXISTS settle_money`.execute(trx);
  await sql`
    CREATE TEMP TABLE settle_money ON COMMIT DROP AS
    SELECT k.*, k.pay - k.keep AS credit, 0::bigint AS take, k.unrecovered - k.keep AS unrecovered_after
    FROM (SELECT c.*, LEAST(c.unrecovered, c.pay) AS keep FROM settle_changes c) k`.execute(trx);
  await insertWins(trx, market, date, now);
  await updateBids(trx, now);
}

/**
 * The last part, the last statements of the chunk's transaction: the wins' points moved (move_points_set,
 * migration 014: the wallets locked in id order, credited, and their ledger rows written).
 */
async function creditGains(trx: Transaction<DB>, market: MarketRef, now: Date) {
  await movePoints(
    trx,
    sql`'credit'`,
    sql`m.credit`,
    sql`'win'`,
    winNote(market),
    sql`'win:bid:' || m.id`,
    sql`m.credit > 0`,
    sql`m.user_id, m.id`,
    now,
  );
}

/**
 * The chunk's moves, one per row of settle_money (alias m) that `where` keeps, in the ledger's order
 * `order`, by the one owner of moving points (move_points_set, migration 014).
 */
async function movePoints(
  trx: Transaction<DB>,
  type: RawBuilder<unknown>,
  points: RawBuilder<unknown>,
  kind: RawBuilder<unknown>,
  note: RawBuilder<unknown>,
  reference: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  now: Date,
) {
  await sql`
    WITH a AS (
      SELECT array_agg(m.user_id ORDER BY ${order}) AS users, array_agg((${type})::text ORDER BY ${order}) AS types,
             array_agg((${points})::bigint ORDER BY ${order}) AS points,
             array_agg((${kind})::text ORDER BY ${order}) AS kinds,
             array_agg((${note})::text ORDER BY ${order}) AS notes,
             array_agg((${reference})::text ORDER BY ${order}) AS refs
      FROM settle_money m WHERE ${where}
    )
    SELECT count(*) FROM a,
      move_points_set(a.users, a.types, a.points, a.kinds, a.notes, a.refs, NULL::text[], ${now}::timestamptz)`.execute(
    trx,
  );
}

/**
 * Steps 2-4 when wins are taken back (a correction's loss pass): what a reversal takes depends on the
 * wallet, so the wallets are locked first, in id order (as transfers lock them: no deadlock).
 */
async function moneyWithReversals(trx: Transaction<DB>, market: MarketRef, date: string, now: Date) {
  await sql`
    SELECT id FROM users WHERE id IN (SELECT user_id FROM settle_changes WHERE pay > 0 OR reverse > 0)
    ORDER BY id FOR NO KEY UPDATE`.execute(trx);
  // Each bid's money: a new win keeps back what an earlier reversal of it could not take; reversals
  // take, in bid order, at most what the wallet holds after the player's new wins.
  await sql`DROP TABLE IF EXISTS settle_money`.execute(trx);
  await sql`
    CREATE TEMP TABLE settle_money ON COMMIT DROP AS
    WITH credits AS (
      SELECT c.*, LEAST(c.unrecovered, c.pay) AS keep FROM settle_changes c
    ), per_user AS (
      SELECT k.*, u.wallet,
             u.wallet + SUM(k.pay - k.keep) OVER (PARTITION BY k.user_id) AS after_credits,
             COALESCE(SUM(k.reverse) OVER (PARTITION BY k.user_id ORDER BY k.id
                      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS reversed_before
      FROM credits k JOIN users u ON u.id = k.user_id
    ), moved AS (
      SELECT p.*, p.pay - p.keep AS credit,
             CASE WHEN p.reverse > 0
                  THEN GREATEST(0, LEAST(p.reverse, p.after_credits - p.reversed_before)) ELSE 0 END AS take
      FROM per_user p
    )
    SELECT m.*,
           m.unrecovered - m.keep + (m.reverse - m.take) AS unrecovered_after
    FROM moved m`.execute(trx);
  await sql`
    UPDATE wins SET reversed_at = ${now}::timestamptz
    WHERE bid_id IN (SELECT id FROM settle_money WHERE reverse > 0) AND reversed_at IS NULL`.execute(trx);
  await insertWins(trx, market, date, now);
  await movePoints(
    trx,
    sql`CASE WHEN m.credit > 0 THEN 'credit' ELSE 'debit' END`,
    sql`CASE WHEN m.credit > 0 THEN m.credit ELSE m.take END`,
    sql`CASE WHEN m.credit > 0 THEN 'win' ELSE 'win_reversal' END`,
    sql`CASE WHEN m.credit > 0
             THEN ${winNote(market)}
             ELSE 'Result corrected: win reversed ' || ${market.name}::text || ' ' || ${describe}
                  || CASE WHEN m.take < m.reverse THEN ' (' || (m.reverse - m.take) || ' not in the wallet)' ELSE '' END
        END`,
    sql`CASE WHEN m.credit > 0 THEN 'win:bid:' ELSE 'reversal:bid:' END || m.id`,
    sql`m.credit > 0 OR m.take > 0`,
    // the ledger's order within a player: new wins first, then reversals, each in bid order
    sql`m.user_id, (m.reverse > 0), m.id`,
    now,
  );
  await holdWithdrawals(trx, market, date);
  // each player whose wins it reversed hears of it (inbox, live stream, push), once per chunk
  await sql`
    INSERT INTO live_events (user_id, kind, data, created_at)
    SELECT user_id, 'win_reversed',
           jsonb_build_object('kind', 'win_reversed', 'market_id', ${market.id}::int, 'family', ${market.family}::text,
                              'name', ${market.name}::text, 'points', SUM(reverse), 'taken', SUM(take), 'bids', count(*)),
           ${now}::timestamptz
    FROM settle_money WHERE reverse > 0 GROUP BY user_id ORDER BY user_id`.execute(trx);
  await updateBids(trx, now);
}

/**
 * What a reversal could not take (the points are in a pending withdrawal, or were bet or sent on) holds
 * the player's pending withdrawals, oldest first, up to their amounts (migration 028): such a request is
 * approved only with a reason, and rejecting it gives the house back what it holds. The wallets are
 * locked already (users first, then their requests, as the operator's decisions lock them).
 */
async function holdWithdrawals(trx: Transaction<DB>, market: MarketRef, date: string) {
  await sql`
    WITH short AS (
      SELECT user_id, SUM(reverse - take) AS points FROM settle_money WHERE reverse > take GROUP BY user_id
    ), w AS (
      SELECT r.id, r.amount - r.held_points AS free, s.points,
             COALESCE(SUM(r.amount - r.held_points) OVER (PARTITION BY r.user_id ORDER BY r.id
                      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
      FROM withdraw_requests r JOIN short s ON s.user_id = r.user_id
      WHERE r.status = 'pending' AND r.held_points < r.amount
    )
    UPDATE withdraw_requests r
    SET held_points = r.held_points + LEAST(w.free, w.points - w.before),
        held_note = concat_ws('; ', NULLIF(r.held_note, ''),
                              'Result corrected: ' || ${market.name}::text || ' ' || ${date}::text || ', '
                              || LEAST(w.free, w.points - w.before) || ' points of a reversed win not recovered')
    FROM w WHERE r.id = w.id AND w.points > w.before`.execute(trx);
}

async function insertWins(trx: Transaction<DB>, market: MarketRef, date: string, now: Date) {
  await sql`
    INSERT INTO wins (bid_id, user_id, family, market_id, amount, win_date, created_at)
    SELECT id, user_id, ${market.family}::text, ${market.id}::int, pay, ${date}::date, ${now}::timestamptz
    FROM settle_money WHERE pay > 0 ORDER BY id`.execute(trx);
  // each winner hears of it once per chunk (live_events, migration 015): the points this result won
  await sql`
    INSERT INTO live_events (user_id, kind, data, created_at)
    SELECT user_id, 'win',
           jsonb_build_object('kind', 'win', 'market_id', ${market.id}::int, 'family', ${market.family}::text, 'name', ${market.name}::text,
                              'points', SUM(pay), 'bids', count(*)),
           ${now}::timestamptz
    FROM settle_money WHERE pay > 0 GROUP BY user_id ORDER BY user_id`.execute(trx);
}

async function updateBids(trx: Transaction<DB>, now: Date) {
  await sql`
    UPDATE bids SET status = m.becomes,
                    win_amount = CASE WHEN m.becomes = 'won' THEN m.pay ELSE 0 END,
                    unrecovered = m.unrecovered_after,
                    settled_at = CASE WHEN m.becomes = 'pending' THEN NULL ELSE ${now}::timestamptz END
    FROM settle_money m WHERE bids.id = m.id`.execute(trx);
}

/** Bids of a market and day by status (the summary's counts after a settlement). */
export async function bidCounts(trx: Transaction<DB>, marketId: number, date: string) {
  const r = await sql<{ bids: string; lost: string; pending: string }>`
    SELECT count(*) AS bids, count(*) FILTER (WHERE status = 'lost') AS lost,
           count(*) FILTER (WHERE status = 'pending') AS pending
    FROM bids WHERE market_id = ${marketId} AND bid_date = ${date}::date AND status IN ('pending', 'won', 'lost')`.execute(
    trx,
  );
  return { bids: Number(r.rows[0].bids), lost: Number(r.rows[0].lost), pending: Number(r.rows[0].pending) };
}
