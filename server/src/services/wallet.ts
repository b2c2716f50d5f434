/**
 * The wallet service: every read and write of points, money requests and UPI numbers, for the player's
 * calls (`api/wallet.ts`, `deposits.ts`, `withdrawals.ts`, `transfers.ts`) and the operator's decisions
 * (`money-requests.ts`; the queues they work from are `request-queues.ts`). Every balance change writes
 * its ledger row (`wallet_transactions`) in the same transaction.
 */
import { assertMayPlay, depositLimitHit, limitHitText } from './protection';
import { formatKolkataDateTime } from './clock';
import { recordLive } from './live';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import {
  MSG,
  UPI_APPS,
  WITHDRAW_METHODS,
  upiAppOfMethod,
  upiAppOfType,
  type UpiType,
  type WithdrawMethod,
  SERVER_TEXTS,
  compose,
  protectionText,
} from '@matka/shared/domain';
import type { DB } from '../db/types';
import { MSG_BETTING_DISABLED, refusal } from '../errors';
import { addDays, kolkataDayStart } from './clock';

type Db = Kysely<DB> | Transaction<DB>;

/** Pending deposit requests one account may have at a time. */
const MAX_PENDING_DEPOSITS = 5;
/** The most rows a history answers with. */
const HISTORY_CAP = 500;

export const MSG_RECEIVER_UNKNOWN = MSG.transferLookupFailed; // 'Username or password incorrect'

/** The ledger reference of a withdrawal's hold (written at request time, made final when decided). */
const withdrawReference = (id: number | string) => `withdraw:${id}`;

/** '0' Pending, '1' Cancelled / rejected, '2' Approved (spec section 3). */
export const requestStatusCode = (s: string) => (s === 'pending' ? '0' : s === 'approved' ? '2' : '1');

// ------------------------------------------------------------------ the ledger

/** One change of a wallet: whose, how many points, and what its ledger row says. */
export interface WalletChange {
  userId: string;
  points: number | string;
  /** what moved the points ('deposit', 'operator_credit', ...) */
  kind: string;
  /** the text the player reads in the wallet history */
  note: string;
  reference: string | null;
  now: Date;
}

/**
 * Moves points: one wallet changes and its ledger row is written with the balance after it, in the
 * caller's transaction, by the database's move_points (migration 014; every movement of points goes
 * through its move_points_set). A debit happens only while the wallet covers it: else nothing changes and it returns null.
 */
async function movePoints(
  db: Db,
  type: 'credit' | 'debit',
  c: WalletChange & { amountStatus?: '0' | '1' },
): Promise<string | null> {
  const r = await sql<{ wallet: string | null }>`
    SELECT move_points(${c.userId}::bigint, ${type}::text, ${String(c.points)}::bigint, ${c.kind}::text,
      ${c.note}::text, ${c.reference}::text, ${c.amountStatus ?? '1'}::text, ${c.now}::timestamptz)::text AS wallet`.execute(
    db,
  );
  const wallet = r.rows[0]?.wallet ?? null;
  return wallet === null ? null : String(wallet);
}

/** Credits points to a wallet with a ledger row, in the caller's transaction. Returns the new balance. */
export async function creditWallet(trx: Transaction<DB>, c: WalletChange): Promise<string> {
  return (await movePoints(trx, 'credit', c))!;
}

/**
 * Debits points from a wallet with a ledger row, in the caller's transaction, only if the balance covers
 * them. Returns the new balance, or null (and changes nothing) when it does not.
 */
export const debitWallet = (trx: Transaction<DB>, c: WalletChange): Promise<string | null> =>
  movePoints(trx, 'debit', c);

/** A decided withdrawal's hold: its ledger row is now final. */
export const finalizeWithdrawHold = (trx: Transaction<DB>, userId: string, id: number) =>
  trx
    .updateTable('wallet_transactions')
    .set({ amount_status: '1' })
    .where('user_id', '=', userId)
    .where('reference', '=', withdrawReference(id))
    .execute();

/** The newest `limit` ledger rows of an account. */
export const latestLedger = (db: Db, userId: string, limit: number) =>
  db
    .selectFrom('wallet_transactions')
    .select(['id', 'type', 'amount', 'balance_after', 'kind', 'note', 'amount_status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

// ------------------------------------------------------------------ histories

/** An inclusive range of Asia/Kolkata days ('YYYY-MM-DD'); either end may be open. */
export interface DayRange {
  date_from?: string | null;
  date_to?: string | null;
}

/** created_at bounds of an inclusive range of Kolkata days. */
function createdBounds(from?: string | null, to?: string | null) {
  return {
    from: from ? kolkataDayStart(from) : undefined,
    to: to ? kolkataDayStart(addDays(to, 1)) : undefined,
  };
}

/** A user's history query: the rows created within the range's Kolkata days, newest first, at most HISTORY_CAP. */
function createdWithin<O>(
  q: SelectQueryBuilder<DB, 'fund_requests' | 'withdraw_requests' | 'wallet_transactions', O>,
  range: DayRange,
) {
  const b = createdBounds(range.date_from, range.date_to);
  if (b.from) q = q.where('created_at', '>=', b.from);
  if (b.to) q = q.where('created_at', '<', b.to);
  return q.orderBy('id', 'desc').limit(HISTORY_CAP).execute();
}

/** An account's ledger rows within a range of days. */
export const ledgerHistory = (db: Db, userId: string, range: DayRange) =>
  createdWithin(
    db
      .selectFrom('wallet_transactions')
      .select(['id', 'type', 'amount', 'note', 'kind', 'reference', 'amount_status', 'created_at', 'balance_after'])
      .where('user_id', '=', userId),
    range,
  );

/** One ledger row of an account (null: none of its rows has that id). */
export const ledgerRow = (db: Db, userId: string, id: string) =>
  db
    .selectFrom('wallet_transactions')
    .select(['id', 'type', 'amount', 'note', 'kind', 'reference', 'amount_status', 'created_at'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The points an account's pending withdrawals hold (taken from the wallet, not paid out yet). */
export async function heldForWithdrawals(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom('withdraw_requests')
    .select((e) => e.fn.coalesce(e.fn.sum<string>('amount'), e.val('0')).as('held'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return String(row.held);
}

/** An account's deposit requests within a range of days. */
export const depositHistory = (db: Db, userId: string, range: DayRange) =>
  createdWithin(
    db
      .selectFrom('fund_requests')
      .select(['id', 'amount', 'status', 'note', 'created_at', 'utr'])
      .select((eb) => eb('proof_type', 'is not', null).as('has_screenshot'))
      .where('user_id', '=', userId),
    range,
  );

/** An account's withdrawal requests within a range of days. */
export const withdrawHistory = (db: Db, userId: string, range: DayRange) =>
  createdWithin(
    db
      .selectFrom('withdraw_requests')
      .select(['id', 'amount', 'payment_method', 'payment_number', 'status', 'receipt_url', 'note', 'created_at'])
      .where('user_id', '=', userId),
    range,
  );

// ------------------------------------------------------------------ deposits

/** An account's newest deposit request, if any. */
export const lastDeposit = (db: Db, userId: string) =>
  db
    .selectFrom('fund_requests')
    .select(['id', 'amount', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * Records a deposit request, at most MAX_PENDING_DEPOSITS pending per account. A count-then-insert is
 * not enough under READ COMMITTED (concurrent requests all count the same rows), so the account row is
 * locked first: requests of one account take their turn, each counting the ones committed before it.
 */
export function requestDeposit(db: Kysely<DB>, userId: string, amount: number, now: Date): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    const me = await trx
      .selectFrom('users')
      .select(['id', 'betting_status'])
      .where('id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    if (me.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
    // no deposit during a break or an exclusion (the row is locked: one taken meanwhile waits for this)
    await assertMayPlay(trx, userId, now);
    // nor past the player's deposit limits (counted under the same lock: racing requests one by one)
    const hit = await depositLimitHit(trx, userId, amount, now);
    if (hit) throw refusal(limitHitText('deposit', hit));
    const pending = await trx
      .selectFrom('fund_requests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    if (Number(pending.n) >= MAX_PENDING_DEPOSITS)
      throw refusal(compose('tooManyPending', { count: MAX_PENDING_DEPOSITS }));
    const row = await trx
      .insertInto('fund_requests')
      .values({ user_id: userId, amount, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: String(row.id) };
  });
}

// ------------------------------------------------------------------ UPI numbers

/** The account's UPI numbers (payment details, withdrawal methods). */
export const upiNumbers = (db: Db, userId: string) =>
  db
    .selectFrom('users')
    .select(Object.values(UPI_APPS).map((a) => a.numberField))
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

/** Stores one UPI app's number (the others are left as they are). */
/**
 * Stores the player's number of one UPI app. `held`: saved without a code the player proved
 * (LEGACY_REGISTRATION), so no withdrawal goes to it until an operator approves it (approveHeldUpi);
 * a number proved by its code is never held.
 */
export const setUpiNumber = (db: Db, userId: string, type: UpiType, number: string, now: Date, held = false) => {
  const field = upiAppOfType(type).numberField;
  return db
    .updateTable('users')
    .set({
      [field]: number,
      upi_held: held
        ? sql<string[]>`array_append(array_remove(upi_held, ${field}), ${field})`
        : sql<string[]>`array_remove(upi_held, ${field})`,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
};

/** An operator approves the UPI numbers an account saved without a code; returns the fields approved. */
export async function approveHeldUpi(db: Db, userId: string, now: Date): Promise<string[]> {
  const before = await db.selectFrom('users').select('upi_held').where('id', '=', userId).executeTakeFirstOrThrow();
  await db.updateTable('users').set({ upi_held: [], updated_at: now }).where('id', '=', userId).execute();
  return before.upi_held;
}

export const MSG_UPI_HELD = SERVER_TEXTS.upiHeld;

// ------------------------------------------------------------------ withdrawals

/** A withdrawal request held: its id and the wallet after the hold. */
export type WithdrawResult = { id: string; wallet: string };

/**
 * A withdrawal request, in one transaction: the account locked, the stored number of the method checked,
 * the request, then the hold (a debit with its ledger row, pending until an operator decides: move_points)
 * only while the wallet covers it and betting is on.
 */
export async function requestWithdrawal(
  db: Kysely<DB>,
  r: { userId: string; amount: number; method: WithdrawMethod; now: Date },
): Promise<WithdrawResult> {
  const column = upiAppOfMethod(r.method).numberField;
  return db.transaction().execute(async (trx) => {
    const acct = await trx
      .selectFrom('users')
      .select(['wallet', 'betting_status', 'upi_held', column])
      .where('id', '=', r.userId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    const number = (acct as unknown as Record<string, string | null>)[column] ?? '';
    if (!number) throw refusal(compose('addMethodFirst', { method: WITHDRAW_METHODS[r.method] }));
    if (acct.upi_held.includes(column)) throw refusal(MSG_UPI_HELD);
    if (acct.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
    if (BigInt(acct.wallet) < BigInt(r.amount)) throw refusal(MSG.walletLimitExceeded);
    const req = await trx
      .insertInto('withdraw_requests')
      .values({
        user_id: r.userId,
        amount: r.amount,
        payment_method: r.method,
        payment_number: number,
        created_at: r.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const wallet = await movePoints(trx, 'debit', {
      userId: r.userId,
      points: r.amount,
      kind: 'withdraw',
      note: `Withdrawal request W${req.id} (${WITHDRAW_METHODS[r.method]} ${number})`,
      reference: withdrawReference(req.id),
      amountStatus: '0',
      now: r.now,
    });
    // cannot happen while the row is locked and covered; fail loudly rather than keep an unheld request
    if (wallet === null) throw new Error('withdrawal: locked wallet changed');
    return { id: String(req.id), wallet };
  });
}

// ------------------------------------------------------------------ transfers

/** The name of the account a mobile number belongs to, if any. */
export const accountName = async (db: Db, mobile: string) =>
  (await db.selectFrom('users').select('name').where('mobile', '=', mobile).executeTakeFirst())?.name;

/** A transfer made: its id, the sender's wallet after it and the receiver's account. */
export type TransferResult = { id: string; wallet: string; toId: string };

export const MSG_RECEIVER_PAUSED = SERVER_TEXTS.receiverPaused;

/**
 * Moves points between two wallets in one transaction: both rows locked in id order, FOR NO KEY UPDATE
 * (two opposite transfers never deadlock, nor does a transfer with a settlement chunk that has written
 * a win of one of them: migration 018), a guarded debit, the credit, the transfer record and two
 * ledger rows.
 */

export async function transferPoints(
  db: Kysely<DB>,
  t: { fromId: string; toMobile: string; amount: number; note: string; now: Date },
): Promise<TransferResult> {
  const { fromId, toMobile, amount, note, now } = t;
  return db.transaction().execute(async (trx) => {
    // The sender's own checks come before anything about the receiver: whether a number is registered
    // is told only to a sender who could have sent the points (a look-up costs a budget elsewhere).
    const to = await trx.selectFrom('users').select(['id']).where('mobile', '=', toMobile).executeTakeFirst();
    if (to && to.id === fromId) throw refusal(MSG.transferOwnPhone);
    const ids = to ? [fromId, to.id] : [fromId];
    const locked = await sql<{
      id: string;
      name: string;
      mobile: string;
      wallet: string;
      betting_status: string;
      may_play: boolean;
      break_until: Date | null;
      excluded_until: Date | null;
    }>`
      SELECT id, name, mobile, wallet, betting_status, may_play(users, ${now}::timestamptz) AS may_play,
             break_until, excluded_until
      FROM users WHERE id = ANY (${ids}::bigint[]) ORDER BY id FOR NO KEY UPDATE`.execute(trx);
    const from = locked.rows.find((r) => String(r.id) === String(fromId));
    if (!from) throw new Error('transfer: the sender has no account row');
    if (from.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
    // a sender on a break or self-excluded sends no points (another player could bet them); their
    // withdrawals stay allowed
    const paused = protectionText({ ...from, age_missing: false }, now, formatKolkataDateTime);
    if (paused) throw refusal(paused);
    if (BigInt(from.wallet) < BigInt(amount)) throw refusal(MSG.transferNotEnoughPoints);
    const dest = to && locked.rows.find((r) => String(r.id) === String(to.id));
    if (!to || !dest) throw refusal(MSG_RECEIVER_UNKNOWN);
    // a player on a break or excluded receives no points (and is not told who they are to the sender)
    if (!dest.may_play) throw refusal(MSG_RECEIVER_PAUSED);
    // points received count against the receiver's deposit limits (nor are their limits told)
    if (await depositLimitHit(trx, to.id, amount, now)) throw refusal(MSG_RECEIVER_PAUSED);
    const made = await trx
      .insertInto('transfers')
      .values({ from_user_id: fromId, to_user_id: to.id, amount, note: note.slice(0, 200), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reference = `transfer:${made.id}`;
    const move = { points: amount, reference, now };
    const wallet = await movePoints(trx, 'debit', {
      ...move,
      userId: fromId,
      kind: 'transfer_out',
      note: `Transferred to ${dest.name} (${dest.mobile})`,
    });
    // cannot happen while the rows are locked and covered; fail loudly rather than write a half transfer
    if (wallet === null) throw new Error('transfer: locked rows changed');
    await movePoints(trx, 'credit', {
      ...move,
      userId: to.id,
      kind: 'transfer_in',
      note: `Received from ${from.name} (${from.mobile})`,
    });
    // the receiver hears of it (inbox, live stream, push): who sent how many points
    await recordLive(
      trx,
      to.id,
      { kind: 'transfer', transfer_id: Number(made.id), points: amount, from: from.name },
      now,
    );
    return { id: String(made.id), wallet, toId: String(to.id) };
  });
}

// ------------------------------------------------------------------ a deposit's proof of payment

const MSG_UTR_TAKEN = SERVER_TEXTS.utrTaken;
const MSG_PROOF_NOT_PENDING = SERVER_TEXTS.proofNotPending;
/** how often one request's payment proof may be given or changed (a wrong screenshot replaced, a UTR corrected) */
export const PROOF_CHANGES_PER_REQUEST = 5;

/**
 * The player's proof of a UPI payment on their own pending deposit request: the UTR and / or a
 * screenshot (what is given replaces what was there). One statement, guarded by owner and status; a
 * UTR on another live request is refused by the unique index, and nothing changes.
 */
export async function addDepositProof(
  db: Kysely<DB>,
  userId: string,
  requestId: string,
  proof: { utr?: string; image?: { bytes: Uint8Array; type: string } },
  now: Date,
): Promise<{ utr: string | null; has_screenshot: boolean }> {
  try {
    const row = await db
      .updateTable('fund_requests')
      .set({
        ...(proof.utr !== undefined ? { utr: proof.utr } : {}),
        ...(proof.image ? { proof_image: proof.image.bytes, proof_type: proof.image.type } : {}),
        proof_at: now,
        proof_changes: sql<number>`proof_changes + 1`,
      })
      .where('id', '=', requestId)
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .where('proof_changes', '<', PROOF_CHANGES_PER_REQUEST)
      .returning(['utr', 'proof_type'])
      .executeTakeFirst();
    if (!row) {
      const pending = await db
        .selectFrom('fund_requests')
        .select('proof_changes')
        .where('id', '=', requestId)
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      throw refusal(pending ? SERVER_TEXTS.proofChangesUsed : MSG_PROOF_NOT_PENDING);
    }
    return { utr: row.utr, has_screenshot: row.proof_type !== null };
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw refusal(MSG_UTR_TAKEN);
    throw e;
  }
}

/** An account's mobile number and balance, locked for the rest of the transaction (before a change). */
export const lockWallet = (trx: Transaction<DB>, userId: string) =>
  trx
    .selectFrom('users')
    .select(['mobile', 'wallet'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();

/** The mobile number of an account. */
export const mobileOf = async (db: Db, userId: string) =>
  (await db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow()).mobile;
