/**
 * Signing in by PIN, the secure way, as the family's installed apps sign in: the app asks
 * api-check-mobile with the number (and its device_id) and, for a registered number, expects a token that
 * the PIN screen then sends to api-check-security-pin. The original hands out a session's token for the
 * number alone. Here the token is one of a PIN sign-in (table pin_signins), given only to a device that
 * signed in to that account with its password in the last 30 days; it takes nothing but the PIN, for
 * five minutes and five tries, and only the right PIN makes it a session's token (the same token, so the
 * app goes on with it). A number's wrong PINs are limited per day besides (api/app-calls.ts).
 *
 * Who must be dishonest to sign in as a player this way: someone who has the player's device identifier
 * (an app-made id, no secret) and guesses or learns the PIN within its tries; a password sign-in is never
 * replaced by it on a device that has not had one.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { Clock } from './clock';
import { newToken, sha256 } from './passwords';
import { TOKEN_TTL_MS } from './tokens';

const PIN_SIGNIN_TTL_MS = 5 * 60 * 1000;
export const PIN_SIGNIN_TRIES = 5;
/** How recent a password sign-in of the device must be. */
const DEVICE_KNOWN_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A PIN sign-in's token for the account from `deviceId`, or null when that device has not signed in to
 * it with the password in the last 30 days (a session made by PIN does not count).
 */
export async function startPinSignin(
  db: Kysely<DB>,
  clock: Clock,
  userId: string,
  deviceId: string,
): Promise<string | null> {
  const now = clock.now();
  const known = await db
    .selectFrom('auth_tokens as t')
    .select('t.id')
    .where('t.user_id', '=', userId)
    .where('t.device_id', '=', deviceId)
    .where('t.created_at', '>', new Date(now.getTime() - DEVICE_KNOWN_MS))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('pin_signins as p').select('p.id').whereRef('p.token_hash', '=', 't.token_hash'))),
    )
    .limit(1)
    .executeTakeFirst();
  if (!known) return null;
  const token = newToken();
  await db
    .insertInto('pin_signins')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      device_id: deviceId,
      created_at: now,
      expires_at: new Date(now.getTime() + PIN_SIGNIN_TTL_MS),
    })
    .execute();
  return token;
}

/** The live PIN sign-in of a token (not ended, not expired, tries left) with its account's number. */
export async function pinSigninOf(db: Kysely<DB>, clock: Clock, token: unknown) {
  if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token)) return undefined;
  return db
    .selectFrom('pin_signins as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.user_id', 'p.device_id', 'u.mobile'])
    .where('p.token_hash', '=', sha256(token))
    .where('p.ended_at', 'is', null)
    .where('p.expires_at', '>', clock.now())
    .where('p.tries', '<', PIN_SIGNIN_TRIES)
    .where('u.blocked_at', 'is', null)
    .executeTakeFirst();
}

/** A wrong PIN: one try less (the fifth ends the sign-in). */
export async function pinSigninMissed(db: Kysely<DB>, clock: Clock, id: string): Promise<void> {
  await db
    .updateTable('pin_signins')
    .set((eb) => ({
      tries: eb('tries', '+', 1),
      ended_at: sql<Date | null>`CASE WHEN tries + 1 >= ${PIN_SIGNIN_TRIES} THEN ${clock.now()}::timestamptz END`,
    }))
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * The right PIN: the sign-in ends and its token becomes a session's (its hash in auth_tokens), once;
 * false when it had ended meanwhile (a second right PIN at once, the fifth wrong one).
 */
export async function pinSigninDone(
  db: Kysely<DB>,
  clock: Clock,
  signin: { id: string; user_id: string; device_id: string },
  ip: string,
): Promise<boolean> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('pin_signins')
      .set({ ended_at: now })
      .where('id', '=', signin.id)
      .where('ended_at', 'is', null)
      .returning('token_hash')
      .executeTakeFirst();
    if (!ended) return false;
    await trx
      .insertInto('auth_tokens')
      .values({
        user_id: signin.user_id,
        token_hash: ended.token_hash,
        created_at: now,
        expires_at: new Date(now.getTime() + TOKEN_TTL_MS),
        device_id: signin.device_id,
        ip,
      })
      .execute();
    return true;
  });
}
