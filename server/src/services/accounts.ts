/**
 * The accounts service: every read and write of a player's account row (registration, password,
 * profile, betting status, approval, block), for the player's calls (`api/accounts.ts`) and the
 * operator's (`operator/users.ts`). Sessions (tokens) are `services/tokens.ts`.
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, UsersTable } from '../db/types';
import type { Clock } from './clock';
import { hashPassword, needsRehash } from './passwords';
import { revokeAllTokens } from './tokens';

type Db = Kysely<DB> | Transaction<DB>;

/** The account of a mobile number, with what a login checks. */
export const accountByMobile = (db: Db, mobile: string) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'mobile', 'password_hash', 'blocked_at'])
    .where('mobile', '=', mobile)
    .executeTakeFirst();

/** The account of a mobile number, locked for the rest of the transaction (operator changes). */
export const lockAccount = (trx: Transaction<DB>, mobile: string) =>
  trx
    .selectFrom('users')
    .select(['id', 'wallet', 'betting_status', 'verified', 'approved_at', 'blocked_at', 'blocked_reason'])
    .where('mobile', '=', mobile)
    .forUpdate()
    .executeTakeFirst();

/** Creates an account; undefined when the number is already registered (a concurrent registration). */
export const createAccount = (db: Db, values: Insertable<UsersTable>) =>
  db
    .insertInto('users')
    .values(values)
    .onConflict((oc) => oc.column('mobile').doNothing())
    .returning(['id', 'name', 'mobile'])
    .executeTakeFirst();

/** Remembers the device an account last logged in from. */
export const recordDevice = (db: Db, userId: string, deviceId: string) =>
  db.updateTable('users').set({ device_id: deviceId }).where('id', '=', userId).execute();

/**
 * Upgrades an older, cheaper hash while the password is at hand, only if it is still the hash just
 * checked (a password changed meanwhile is never overwritten).
 */
export async function upgradePasswordHash(db: Db, userId: string, checkedHash: string, password: string) {
  if (!needsRehash(checkedHash)) return;
  const password_hash = await hashPassword(password);
  await db
    .updateTable('users')
    .set({ password_hash })
    .where('id', '=', userId)
    .where('password_hash', '=', checkedHash)
    .execute();
}

/** The stored password hash of an account. */
export const passwordHashOf = async (db: Db, userId: string) =>
  (await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow())
    .password_hash;

/** Sets a new password and ends the account's sessions (but the one kept, if given). */
export async function setPassword(
  db: Kysely<DB>,
  clock: Clock,
  userId: string,
  password: string,
  keepTokenId?: string,
) {
  const password_hash = await hashPassword(password);
  await db.updateTable('users').set({ password_hash, updated_at: clock.now() }).where('id', '=', userId).execute();
  await revokeAllTokens(db, clock, userId, keepTokenId);
}

/** The profile a player sees. */
export const profileOf = (db: Db, userId: string) =>
  db.selectFrom('users').select(['name', 'mobile', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();

export const renameAccount = (db: Db, userId: string, name: string, now: Date) =>
  db.updateTable('users').set({ name, updated_at: now }).where('id', '=', userId).execute();

/** Betting on ('1') or off ('0') (spec section 6). */
export const setBettingStatus = (db: Db, userId: string, status: '0' | '1', now: Date) =>
  db.updateTable('users').set({ betting_status: status, updated_at: now }).where('id', '=', userId).execute();

/** Approves an account registered without a verified code, with the betting status it starts with. */
export const approveAccount = (db: Db, userId: string, bettingStatus: '0' | '1', now: Date) =>
  db
    .updateTable('users')
    .set({ approved_at: now, betting_status: bettingStatus, updated_at: now })
    .where('id', '=', userId)
    .execute();

/** Blocks an account (with the reason) or, with null, unblocks it. */
export const setBlocked = (db: Db, userId: string, reason: string | null, now: Date) =>
  db
    .updateTable('users')
    .set(
      reason === null
        ? { blocked_at: null, blocked_reason: '', updated_at: now }
        : { blocked_at: now, blocked_reason: reason, updated_at: now },
    )
    .where('id', '=', userId)
    .execute();
