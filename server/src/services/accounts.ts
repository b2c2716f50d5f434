/**
 * The accounts service: every read and write of a player's account row (registration, password,
 * profile, betting status, approval, block), for the player's calls (`api/accounts.ts`) and the
 * operator's (`operator/users.ts`). Sessions (tokens) are `services/tokens.ts`.
 */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB, Users } from '../db/types';
import type { Clock } from './clock';
import { hashPassword, needsRehash } from './passwords';
import { revokeAllTokens } from './tokens';

type Db = Kysely<DB> | Transaction<DB>;

/** The account of a mobile number, with what a login checks. */
export const accountByMobile = (db: Db, mobile: string) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'mobile', 'email', 'betting_status', 'password_hash', 'blocked_at', 'language'])
    .where('mobile', '=', mobile)
    .executeTakeFirst();

/** Keeps the player's language on the account ('en', 'hi' or 'mr'). */
export const setAccountLanguage = (db: Db, userId: string, language: string) =>
  db.updateTable('users').set({ language }).where('id', '=', userId).execute();

/** The account of a mobile number, locked for the rest of the transaction (operator changes). */
export const lockAccount = (trx: Transaction<DB>, mobile: string) =>
  trx
    .selectFrom('users')
    .select(['id', 'wallet', 'betting_status', 'verified', 'approved_at', 'blocked_at', 'blocked_reason'])
    .where('mobile', '=', mobile)
    .forNoKeyUpdate()
    .executeTakeFirst();

/** Creates an account; undefined when the number is already registered (a concurrent registration). */
export const createAccount = (db: Db, values: Insertable<Users>) =>
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

export const renameAccount = (db: Db, userId: string, name: string, now: Date, email?: string) =>
  db
    .updateTable('users')
    .set({ name, ...(email === undefined ? {} : { email }), updated_at: now })
    .where('id', '=', userId)
    .execute();

/** Betting on ('1') or off ('0') (spec section 6). */
export const setBettingStatus = (db: Db, userId: string, status: '0' | '1', now: Date) =>
  db.updateTable('users').set({ betting_status: status, updated_at: now }).where('id', '=', userId).execute();

/** Whether an account registered without a proved code still waits for an operator's approval. */
export async function awaitingApproval(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('verified', '=', false)
    .where('approved_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

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

// ------------------------------------------------------------------ the operator's view

/** An account as the operator's users list and one user's page show it. */
const ACCOUNT_COLUMNS = [
  'id',
  'mobile',
  'name',
  'wallet',
  'betting_status',
  'verified',
  'approved_at',
  'blocked_at',
  'blocked_reason',
  'created_at',
  'upi_held',
] as const;

/** Accounts whose mobile or name contains `term` (all without one), newest first. */
export function searchAccounts(db: Db, term: string | undefined, limit: number) {
  let q = db.selectFrom('users').select(ACCOUNT_COLUMNS);
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    q = q.where((eb) => eb.or([eb('mobile', 'like', like), eb('name', 'ilike', like)]));
  }
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** The account of a mobile number as the operator sees it. */
export const accountOf = (db: Db, mobile: string) =>
  db.selectFrom('users').select(ACCOUNT_COLUMNS).where('mobile', '=', mobile).executeTakeFirst();

/** Accounts registered without a verified code and not approved yet (LEGACY_REGISTRATION=unverified). */
export const unapprovedAccounts = (db: Db, limit: number) =>
  db
    .selectFrom('users')
    .select(['id', 'mobile', 'name', 'created_at'])
    .where('verified', '=', false)
    .where('approved_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();

/** An account's lifetime totals: staked, won (live wins), deposited and withdrawn (approved). */
export const accountTotals = (db: Db, userId: string) =>
  db
    .selectFrom('users as u')
    .select([
      sql<string>`(SELECT coalesce(sum(points), 0) FROM bids WHERE user_id = u.id)::text`.as('staked'),
      sql<string>`(SELECT coalesce(sum(amount), 0) FROM wins WHERE user_id = u.id AND reversed_at IS NULL)::text`.as(
        'won',
      ),
      sql<string>`(SELECT coalesce(sum(amount), 0) FROM fund_requests WHERE user_id = u.id AND status = 'approved')::text`.as(
        'deposited',
      ),
      sql<string>`(SELECT coalesce(sum(amount), 0) FROM withdraw_requests WHERE user_id = u.id AND status = 'approved')::text`.as(
        'withdrawn',
      ),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();

/** The account's security PIN as stored: '' when none, 'scrypt$…' hashed, or plain digits kept before hashing. */
export async function securityPinOf(db: Kysely<DB>, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('security_pin').where('id', '=', userId).executeTakeFirst();
  return row?.security_pin ?? '';
}

/** Replaces a PIN kept as plain digits by its hash, unless it changed meanwhile. */
export async function hashStoredPin(db: Kysely<DB>, userId: string, plain: string, hash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ security_pin: hash })
    .where('id', '=', userId)
    .where('security_pin', '=', plain)
    .execute();
}

/** The id of the account with this mobile number, if there is one. */
export async function accountIdOf(db: Kysely<DB>, mobile: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
  return row?.id;
}
