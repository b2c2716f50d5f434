/**
 * Responsible play: the age declaration, breaks and self-exclusion of a player,
 * enforced by the server for every client. The rule 'may this account play now' is the database's
 * may_play (migration 017), which place_bid's guard reads; the services here ask it too and explain a
 * refusal in the player's words (the domain's protectionMessage).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  LIMIT_RAISE_WAIT_MS,
  isPermanent,
  limitChange,
  limitText,
  periodEnd,
  protectionText,
  type BreakPeriod,
  type Composed,
  type ExclusionPeriod,
  type LimitKind,
  type LimitPeriod,
} from '@matka/shared/domain';
import type { DB } from '../db/types';
import { Refusal, refusal } from '../errors';
import { audit } from './audit';
import { recordLive } from './live';
import { formatKolkataDateTime } from './clock';

type Db = Kysely<DB> | Transaction<DB>;

export interface Protection {
  may_play: boolean;
  age_declared_at: Date | null;
  break_until: Date | null;
  excluded_until: Date | null;
  age_required: boolean;
}

export async function protectionOf(db: Db, userId: string, now: Date): Promise<Protection> {
  const r = await sql<Protection>`
    SELECT may_play(u, ${now}::timestamptz) AS may_play, u.age_declared_at, u.break_until, u.excluded_until,
           coalesce((SELECT value FROM settings WHERE key = 'require_age_declaration'), '0') = '1' AS age_required
    FROM users u WHERE u.id = ${userId}::bigint`.execute(db);
  if (!r.rows[0]) throw new Refusal(404, 'No such account');
  return r.rows[0];
}

/** Why this account may not play now (a bid, a deposit request), or null. */
export function playRefusal(p: Protection, now: Date): Composed | null {
  if (p.may_play) return null;
  return protectionText({ ...p, age_missing: p.age_required && !p.age_declared_at }, now, formatKolkataDateTime);
}

/** Refuses (with the player's message) unless the account may play now. */
export async function assertMayPlay(db: Db, userId: string, now: Date): Promise<void> {
  const msg = playRefusal(await protectionOf(db, userId, now), now);
  if (msg) throw refusal(msg);
}

async function remember(db: Db, userId: string, kind: string, until: Date | null, note: string, now: Date) {
  await db.insertInto('protection_history').values({ user_id: userId, kind, until, note, created_at: now }).execute();
}

/** The player declares their age (once: a second declaration keeps the first time). */
export async function declareAge(db: Kysely<DB>, userId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('users')
      .set({ age_declared_at: now })
      .where('id', '=', userId)
      .where('age_declared_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows)) await remember(trx, userId, 'age', null, '', now);
  });
}

/**
 * A break or a self-exclusion from now: it can lengthen one that runs, never shorten it (the later end
 * stays). Returns its end.
 */
export async function pausePlay(
  db: Kysely<DB>,
  userId: string,
  kind: 'break' | 'exclusion',
  period: BreakPeriod | ExclusionPeriod,
  now: Date,
): Promise<Date> {
  const until = periodEnd(now, period);
  const column = kind === 'break' ? 'break_until' : 'excluded_until';
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({ [column]: sql`GREATEST(coalesce(${sql.ref(column)}, ${until}::timestamptz), ${until}::timestamptz)` })
      .where('id', '=', userId)
      .returning([column])
      .executeTakeFirstOrThrow();
    const end = new Date((row as Record<string, Date>)[column]);
    await remember(trx, userId, kind, end, period, now);
    // the player's other apps show it at once
    await recordLive(trx, userId, { kind: 'account' }, now);
    return end;
  });
}

/** An owner ends a player's exclusion early, with a written reason (audited; the player's history shows it). */
export async function liftExclusion(db: Kysely<DB>, userId: string, reason: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select(['excluded_until', 'mobile'])
      .where('id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!before) throw new Refusal(404, 'No such account');
    if (!before.excluded_until || new Date(before.excluded_until) <= now)
      throw new Refusal(409, `${before.mobile} is not excluded`);
    await trx.updateTable('users').set({ excluded_until: null }).where('id', '=', userId).execute();
    await remember(trx, userId, 'exclusion_lifted', null, reason, now);
    // the player is told (their inbox, their stream and their phone)
    await recordLive(
      trx,
      userId,
      {
        kind: 'notice',
        notice_id: 0,
        title: 'Your self-exclusion was lifted',
        body: `The operator ended it early: ${reason}`,
        link: '/responsible',
      },
      now,
    );
    await audit(
      trx,
      'users lift-exclusion',
      before.mobile,
      { reason },
      { excluded_until: new Date(before.excluded_until).toISOString() },
      { excluded_until: null },
    );
  });
}

// ------------------------------------------------------------------ the player's limits (migration 019)

/** A limit as the player's page shows it: in force, used in the running period, what waits. */
export interface LimitState {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number;
  used: number;
  resets: string;
  /** a raise waiting until next_at ('' none); removing: a removal waits */
  next_amount: number | null;
  next_at: string;
  removing: boolean;
}

export async function playLimits(db: Db, userId: string, now: Date): Promise<LimitState[]> {
  const r = await sql<{
    kind: LimitKind;
    period: LimitPeriod;
    amount: string;
    next_amount: string | null;
    next_at: Date | null;
    removing: boolean | null;
    used: string;
    resets: Date;
  }>`SELECT * FROM play_limit_state(${userId}::bigint, ${now}::timestamptz) ORDER BY kind, period`.execute(db);
  return r.rows.map((l) => ({
    kind: l.kind,
    period: l.period,
    amount: Number(l.amount),
    used: Number(l.used),
    resets: new Date(l.resets).toISOString(),
    next_amount: l.next_amount === null ? null : Number(l.next_amount),
    next_at: l.next_at ? new Date(l.next_at).toISOString() : '',
    removing: !!l.removing,
  }));
}

interface LimitHit {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number;
  used: number;
  resets: string;
}

/** The player's words for a limit the database found passed (play_limit_hit's JSON). */
export const limitHitText = (what: 'bid' | 'deposit', hit: LimitHit): Composed =>
  limitText(
    what,
    { ...hit, amount: Number(hit.amount), used: Number(hit.used), resets: new Date(hit.resets) },
    formatKolkataDateTime,
  );

/** place_bid's MKLIM error carries the limit as JSON in its message. */
export const limitHitOf = (err: unknown): LimitHit => JSON.parse((err as Error).message) as LimitHit;

/**
 * The deposit limits of a player who would get `amount` points more (a deposit request, a transfer
 * received): the limit passed, or null. Locks the wallet row first (play_limit_hit), so call it inside
 * the transaction that then writes the request.
 */
export async function depositLimitHit(trx: Transaction<DB>, userId: string, amount: number, now: Date) {
  const r = await sql<{ hit: LimitHit | null }>`
    SELECT play_limit_hit(${userId}::bigint, 'deposit', ${amount}::bigint, ${now}::timestamptz) AS hit`.execute(trx);
  return r.rows[0]?.hit ?? null;
}

/**
 * The player sets, lowers, raises or removes (amount null) one limit. A new or lower limit holds at once
 * and drops a waiting raise; a higher one or a removal waits LIMIT_RAISE_WAIT_MS (the domain's
 * limitChange). Returns what happened and when it takes effect.
 */
export async function setPlayLimit(
  db: Kysely<DB>,
  userId: string,
  kind: LimitKind,
  period: LimitPeriod,
  amount: number | null,
  now: Date,
): Promise<{ change: 'now' | 'later' | 'same'; effective: Date }> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT 1 FROM users WHERE id = ${userId}::bigint FOR NO KEY UPDATE`.execute(trx);
    const state = (await playLimits(trx, userId, now)).find((l) => l.kind === kind && l.period === period);
    const current = state ? state.amount : null;
    const change = limitChange(current, amount);
    const later = new Date(now.getTime() + LIMIT_RAISE_WAIT_MS);
    if (change === 'same') {
      // asking for the limit in force again drops a raise or removal that waits
      if (state && (state.next_at || state.removing)) {
        await trx
          .updateTable('play_limits')
          .set({ amount: current, next_amount: null, next_at: null, updated_at: now })
          .where('user_id', '=', userId)
          .where('kind', '=', kind)
          .where('period', '=', period)
          .execute();
        await limitHistory(trx, userId, kind, period, 'kept', current, current, now, now);
      }
      return { change, effective: now };
    }
    const values =
      change === 'now'
        ? { amount, next_amount: null, next_at: null }
        : { amount: current, next_amount: amount, next_at: later };
    await trx
      .insertInto('play_limits')
      .values({ user_id: userId, kind, period, ...values, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doUpdateSet({ ...values, updated_at: now }))
      .execute();
    const action = current === null ? 'set' : amount === null ? 'removed' : amount < current ? 'lowered' : 'raised';
    const effective = change === 'now' ? now : later;
    await limitHistory(trx, userId, kind, period, action, amount, current, effective, now);
    await recordLive(trx, userId, { kind: 'account' }, now);
    return { change, effective };
  });
}

async function limitHistory(
  db: Db,
  userId: string,
  kind: LimitKind,
  period: LimitPeriod,
  action: 'set' | 'lowered' | 'raised' | 'removed' | 'kept',
  amount: number | null,
  previous: number | null,
  effective: Date,
  now: Date,
) {
  await db
    .insertInto('play_limit_history')
    .values({ user_id: userId, kind, period, action, amount, previous, effective_at: effective, created_at: now })
    .execute();
}

// ------------------------------------------------------------------ the reality check

/** Every 30, 60 or 120 minutes of play (null: off), kept on the account for all its apps. */
export async function setRealityCheck(db: Kysely<DB>, userId: string, minutes: number | null): Promise<void> {
  await db.updateTable('users').set({ reality_check_minutes: minutes }).where('id', '=', userId).execute();
}

/** Since this session's login: when it began, the points staked and won (bids and wins since then). */
export async function realityCheck(db: Db, userId: string, tokenId: string) {
  const r = await sql<{ login_at: Date; staked: string; won: string; minutes: number | null }>`
    SELECT t.created_at AS login_at, u.reality_check_minutes AS minutes,
           (SELECT coalesce(sum(points), 0) FROM bids b
             WHERE b.user_id = u.id AND b.family IN ('regular', 'starline', 'gali')
               AND b.bid_date >= (t.created_at AT TIME ZONE 'UTC')::date - 1
               AND b.created_at >= t.created_at AND b.status <> 'void') AS staked,
           (SELECT coalesce(sum(amount), 0) FROM wins w
             WHERE w.user_id = u.id AND w.family IN ('regular', 'starline', 'gali')
               AND w.win_date >= (t.created_at AT TIME ZONE 'UTC')::date - 1
               AND w.created_at >= t.created_at AND w.reversed_at IS NULL) AS won
    FROM auth_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.id = ${tokenId}::bigint AND t.user_id = ${userId}::bigint`.execute(db);
  const row = r.rows[0];
  if (!row) throw new Refusal(404, 'No such session');
  return {
    minutes: row.minutes,
    login_at: new Date(row.login_at).toISOString(),
    staked: Number(row.staked),
    won: Number(row.won),
  };
}

/** The player's page: the declaration, what runs now, and the history. */
export async function protectionPage(db: Kysely<DB>, userId: string, now: Date) {
  const p = await protectionOf(db, userId, now);
  const history = await db
    .selectFrom('protection_history')
    .select(['kind', 'until', 'note', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  const limitHistory = await db
    .selectFrom('play_limit_history')
    .select(['kind', 'period', 'action', 'amount', 'previous', 'effective_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  const setting = await db
    .selectFrom('users')
    .select('reality_check_minutes')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const iso = (d: Date | null) => (d && new Date(d) > now ? new Date(d).toISOString() : '');
  const points = (v: string | null) => (v === null ? null : Number(v));
  return {
    limits: await playLimits(db, userId, now),
    limit_history: limitHistory.map((h) => ({
      kind: h.kind as LimitKind,
      period: h.period as LimitPeriod,
      action: h.action as 'set' | 'lowered' | 'raised' | 'removed' | 'kept',
      amount: points(h.amount),
      previous: points(h.previous),
      effective_at: new Date(h.effective_at).toISOString(),
      at: new Date(h.created_at).toISOString(),
    })),
    reality_check_minutes: setting.reality_check_minutes ?? 0,
    age_declared: !!p.age_declared_at,
    age_required: p.age_required,
    break_until: iso(p.break_until),
    excluded_until: iso(p.excluded_until),
    permanent: isPermanent(p.excluded_until) && new Date(p.excluded_until!) > now,
    history: history.map((h) => ({
      kind: h.kind as 'age' | 'break' | 'exclusion' | 'exclusion_lifted',
      until: h.until ? (isPermanent(h.until) ? 'permanent' : new Date(h.until).toISOString()) : '',
      note: h.note,
      at: new Date(h.created_at).toISOString(),
    })),
  };
}
