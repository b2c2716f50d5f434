import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { Clock } from './clock';
import { newToken, sha256 } from './passwords';

export const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Creates a login token (the client keeps the plain value; the database keeps its sha256). */
export async function issueToken(
  db: Kysely<DB>,
  clock: Clock,
  userId: string,
  /** the device_id the login sent (the 'MATKA 04' apps read their sessions' devices: dashboard device_result) */
  deviceId: string | null = null,
  /** the address the login came from */
  ip: string | null = null,
): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      created_at: now,
      expires_at: new Date(now.getTime() + TOKEN_TTL_MS),
      device_id: deviceId,
      ip,
    })
    .execute();
  return token;
}

export async function revokeToken(db: Kysely<DB>, clock: Clock, tokenId: string) {
  await db.updateTable('auth_tokens').set({ revoked_at: clock.now() }).where('id', '=', tokenId).execute();
}

/** Ends every live session of an account (but one, if given); returns how many ended. */
export async function revokeAllTokens(
  db: Kysely<DB>,
  clock: Clock,
  userId: string,
  exceptTokenId?: string,
): Promise<number> {
  const now = clock.now();
  let q = db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (exceptTokenId) q = q.where('id', '<>', exceptTokenId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** How many live sessions an account has. */
export async function liveSessions(db: Kysely<DB>, userId: string, now: Date): Promise<number> {
  const r = await db
    .selectFrom('auth_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The devices of an account's live sessions (the device_id each login sent), newest first, each once. */
export async function liveDevices(db: Kysely<DB>, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('auth_tokens')
    .select('device_id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('device_id', 'is not', null)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return [...new Set(rows.map((r) => r.device_id as string))];
}

/** How far back a session of a paused account ties its device and address to it. */
const PAUSED_LOOKBACK_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Whether a new account would come from a paused player (on a break, or self-excluded, now): 'device' when
 * the device one of their sessions logged in with (or registered with) asks, 'address' when one of their
 * sessions of the last 30 days came from this address, else null. The device is theirs: the registration
 * is refused. An address may be shared (a household, a carrier's NAT): the new account is held for an
 * operator to approve.
 */
export async function pausedPlayerNear(
  db: Kysely<DB>,
  now: Date,
  deviceId: string | null,
  ip: string,
): Promise<'device' | 'address' | null> {
  const since = new Date(now.getTime() - PAUSED_LOOKBACK_MS);
  const paused = (eb: ExpressionBuilder<DB, 'users'>) =>
    eb.or([eb('users.break_until', '>', now), eb('users.excluded_until', '>', now)]);
  if (deviceId) {
    const byDevice = await db
      .selectFrom('users')
      .select('users.id')
      .where(paused)
      .where((eb) =>
        eb.or([
          eb('users.device_id', '=', deviceId),
          eb.exists(
            eb
              .selectFrom('auth_tokens as t')
              .select('t.id')
              .whereRef('t.user_id', '=', 'users.id')
              .where('t.device_id', '=', deviceId)
              .where('t.created_at', '>', since),
          ),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    if (byDevice) return 'device';
  }
  const byAddress = await db
    .selectFrom('auth_tokens as t')
    .innerJoin('users', 'users.id', 't.user_id')
    .select('t.id')
    .where('t.ip', '=', ip)
    .where('t.created_at', '>', since)
    .where(paused)
    .limit(1)
    .executeTakeFirst();
  return byAddress ? 'address' : null;
}
