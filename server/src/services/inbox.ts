/**
 * A player's inbox: their own news (wins, money decisions) and the operator's notices, read from the
 * live events the streams also hand out (services/live.ts), with how far the player has read.
 */
import { sql, type Kysely } from 'kysely';
import { INBOX_KINDS, type LiveEvent } from '@matka/shared/contract';
import type { DB } from '../db/types';
import type { LiveIds } from './live';

/** The inbox's kinds (the contract's), as SQL's list. */
const INBOX_OWN = [...INBOX_KINDS];

/** A player's inbox, newest first: their own news and the notices (`before`: page back past an id). */
export async function inboxOf(db: Kysely<DB>, ids: LiveIds, userId: string, before: bigint | null, limit = 50) {
  const rows = await sql<{ id: string; kind: string; data: LiveEvent; created_at: Date; read_upto: string }>`
    SELECT e.id::text AS id, e.kind, e.data, e.created_at, u.inbox_read_id::text AS read_upto
    FROM live_events e, users u
    WHERE u.id = ${userId}::bigint
      AND (e.user_id = ${userId}::bigint AND e.kind = ANY (${INBOX_OWN}::text[]) OR e.user_id IS NULL AND e.kind = 'notice')
      AND (${before === null ? null : String(before)}::bigint IS NULL OR e.id < ${before === null ? null : String(before)}::bigint)
    ORDER BY e.id DESC LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => ({
    id: ids.encode(BigInt(r.id)),
    kind: r.kind as LiveEvent['kind'],
    event: r.data,
    at: new Date(r.created_at).toISOString(),
    read: BigInt(r.id) <= BigInt(r.read_upto),
  }));
}

/** How many of the player's inbox entries are unread. */
export async function inboxUnread(db: Kysely<DB>, userId: string): Promise<number> {
  const r = await sql<{ n: string }>`
    SELECT count(*) AS n FROM live_events e, users u
    WHERE u.id = ${userId}::bigint AND e.id > u.inbox_read_id
      AND (e.user_id = ${userId}::bigint AND e.kind = ANY (${INBOX_OWN}::text[]) OR e.user_id IS NULL AND e.kind = 'notice')`.execute(
    db,
  );
  return Number(r.rows[0].n);
}

/** Marks the inbox read up to an id (never back: a late call with an older id changes nothing). */
export async function markInboxRead(db: Kysely<DB>, userId: string, upto: bigint): Promise<void> {
  await db
    .updateTable('users')
    .set({
      inbox_read_id: sql`GREATEST(inbox_read_id, LEAST(${String(upto)}::bigint, (SELECT coalesce(max(id), 0) FROM live_events)))`,
    })
    .where('id', '=', userId)
    .execute();
}
