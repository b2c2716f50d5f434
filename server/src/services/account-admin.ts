/**
 * The operator's workflows on a player's account (operator/users.ts serves them): approve an account
 * registered without a code, turn betting on or off, block and unblock, end every session, credit and
 * debit. Each runs in its own transaction with the account locked, writes its audit row in it, and
 * throws a Refusal for what cannot be done; it returns what changed.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';
import { Refusal } from '../errors';
import { approveAccount, lockAccount, setBettingStatus, setBlocked } from './accounts';
import { approveHeldUpi } from './wallet';
import { audit } from './audit';
import type { Clock } from './clock';
import { revokeAllTokens } from './tokens';
import { recordLive } from './live';
import { creditWallet, debitWallet } from './wallet';

/** The account of a mobile, locked for the rest of the transaction (404 when there is none). */
async function lockedAccount(trx: Transaction<DB>, mobile: string) {
  const u = await lockAccount(trx, mobile);
  if (!u) throw new Refusal(404, `No user with mobile ${mobile}`);
  return u;
}

/** Approves an account registered without a verified code; betting becomes `bettingStatus`. */
export function approve(db: Kysely<DB>, clock: Clock, mobile: string, bettingStatus: '0' | '1', params: unknown) {
  return db.transaction().execute(async (trx) => {
    const u = await lockedAccount(trx, mobile);
    if (u.verified || u.approved_at) throw new Refusal(409, `${mobile} needs no approval`);
    await approveAccount(trx, u.id, bettingStatus, clock.now());
    await recordLive(trx, u.id, { kind: 'account' }, clock.now());
    await audit(
      trx,
      'users approve',
      mobile,
      params,
      { approved: false, betting_status: u.betting_status },
      { approved: true, betting_status: bettingStatus },
    );
  });
}

/**
 * Approves the UPI numbers an account saved without a code it proved (LEGACY_REGISTRATION): withdrawals
 * may then go to them. Returns the fields approved.
 */
export function approveUpi(db: Kysely<DB>, clock: Clock, mobile: string, params: unknown): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const u = await lockedAccount(trx, mobile);
    const held = await approveHeldUpi(trx, u.id, clock.now());
    if (held.length === 0) throw new Refusal(409, `${mobile} has no UPI number waiting for approval`);
    await audit(trx, 'users approve-upi', mobile, params, { held }, { held: [] });
    return held;
  });
}

/** Turns betting on ('1') or off ('0'); an account that is not approved cannot have it on. */
export function setBetting(db: Kysely<DB>, clock: Clock, mobile: string, status: '0' | '1', params: unknown) {
  return db.transaction().execute(async (trx) => {
    const u = await lockedAccount(trx, mobile);
    if (status === '1' && !u.verified && !u.approved_at)
      throw new Refusal(409, `${mobile} is not approved yet: approve it first (users approve ${mobile})`);
    await setBettingStatus(trx, u.id, status, clock.now());
    await recordLive(trx, u.id, { kind: 'account' }, clock.now());
    await audit(trx, 'set-betting', mobile, params, { betting_status: u.betting_status }, { betting_status: status });
  });
}

/** Blocks (reason) or unblocks (null) an account; a block also ends every session of it. */
export function setBlock(db: Kysely<DB>, clock: Clock, mobile: string, reason: string | null, params: unknown) {
  return db.transaction().execute(async (trx) => {
    const u = await lockedAccount(trx, mobile);
    if (reason !== null) {
      if (u.blocked_at) throw new Refusal(409, `${mobile} is already blocked`);
      await setBlocked(trx, u.id, reason, clock.now());
      await revokeAllTokens(trx, clock, u.id);
      await audit(trx, 'users block', mobile, params, { blocked: false }, { blocked: true, reason });
      return;
    }
    if (!u.blocked_at) throw new Refusal(409, `${mobile} is not blocked`);
    await setBlocked(trx, u.id, null, clock.now());
    await audit(trx, 'users unblock', mobile, params, { blocked: true, reason: u.blocked_reason }, { blocked: false });
  });
}

/** Ends every session of an account; returns how many there were. */
export function logoutEverywhere(db: Kysely<DB>, clock: Clock, mobile: string, params: unknown): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const u = await lockedAccount(trx, mobile);
    const revoked = await revokeAllTokens(trx, clock, u.id);
    await audit(trx, 'users logout', mobile, params, { sessions: revoked }, { sessions: 0 });
    return revoked;
  });
}

/**
 * The operator credits ('credit') or debits ('debit') points with a note; a debit only while the wallet
 * covers it. Returns the wallet after it.
 */
export function adjustWallet(
  db: Kysely<DB>,
  clock: Clock,
  a: { mobile: string; direction: 'credit' | 'debit'; points: number; note: string },
  params: unknown,
): Promise<string> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const u = await lockedAccount(trx, a.mobile);
    const change = { userId: u.id, points: a.points, note: a.note, reference: 'operator', now };
    const wallet =
      a.direction === 'credit'
        ? await creditWallet(trx, { ...change, kind: 'operator_credit' })
        : await debitWallet(trx, { ...change, kind: 'operator_debit' });
    if (wallet === null) throw new Refusal(409, `${a.mobile} has only ${u.wallet} points: debit at most ${u.wallet}`);
    await audit(trx, a.direction, a.mobile, params, { wallet: u.wallet }, { wallet });
    return wallet;
  });
}
