/**
 * Responsible play (issue D, first part): the age declaration, breaks and self-exclusion of a player,
 * enforced by the server for every client. The rule 'may this account play now' is the database's
 * may_play (migration 017), which place_bid's guard reads; the services here ask it too and explain a
 * refusal in the player's words (the domain's protectionMessage).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  isPermanent,
  periodEnd,
  protectionMessage,
  type BreakPeriod,
  type ExclusionPeriod,
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
export function playRefusal(p: Protection, now: Date): string | null {
  if (p.may_play) return null;
  return protectionMessage({ ...p, age_missing: p.age_required && !p.age_declared_at }, now, formatKolkataDateTime);
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
      .forUpdate()
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
  const iso = (d: Date | null) => (d && new Date(d) > now ? new Date(d).toISOString() : '');
  return {
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
