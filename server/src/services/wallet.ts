/**
 * The wallet service: every read and write of points, money requests and UPI numbers, for the player's
 * calls (`api/wallet.ts`) and the operator's (`operator/money.ts`, `operator/users.ts`). Every balance
 * change writes its ledger row (`wallet_transactions`) in the same transaction.
 */
import { sql, type Kysely, type SelectQueryBuilder, type Transaction, type UpdateObject } from 'kysely';
import {
  MSG,
  UPI_APPS,
  WITHDRAW_METHODS,
  upiAppOfMethod,
  upiAppOfType,
  type UpiType,
  type WithdrawMethod,
} from '@matka/shared/domain';
import type { DB, RequestStatus } from '../db/types';
import { MSG_BETTING_DISABLED, Refusal, refusal } from '../errors';
import { addDays, kolkataDayStart } from './clock';

type Db = Kysely<DB> | Transaction<DB>;

/** Pending deposit requests one account may have at a time. */
const MAX_PENDING_DEPOSITS = 5;
/** The most rows a history answers with. */
const HISTORY_CAP = 500;

const MSG_TOO_MANY_PENDING = `You already have ${MAX_PENDING_DEPOSITS} pending fund requests. Please wait until they are processed.`;
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

/** The ledger row of a wallet change, in the caller's transaction. */
async function ledgerRow(trx: Transaction<DB>, type: 'credit' | 'debit', c: WalletChange, balanceAfter: string) {
  await trx
    .insertInto('wallet_transactions')
    .values({
      user_id: c.userId,
      type,
      amount: c.points,
      balance_after: balanceAfter,
      kind: c.kind,
      note: c.note,
      reference: c.reference,
      created_at: c.now,
    })
    .execute();
}

/** Credits points to a wallet with a ledger row, in the caller's transaction. Returns the new balance. */
export async function creditWallet(trx: Transaction<DB>, c: WalletChange): Promise<string> {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ wallet: eb('wallet', '+', String(c.points)) }))
    .where('id', '=', c.userId)
    .returning('wallet')
    .executeTakeFirstOrThrow();
  await ledgerRow(trx, 'credit', c, row.wallet);
  return row.wallet;
}

/**
 * Debits points from a wallet with a ledger row, in the caller's transaction, only if the balance covers
 * them. Returns the new balance, or null (and changes nothing) when it does not.
 */
export async function debitWallet(trx: Transaction<DB>, c: WalletChange): Promise<string | null> {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ wallet: eb('wallet', '-', String(c.points)) }))
    .where('id', '=', c.userId)
    .where('wallet', '>=', String(c.points))
    .returning('wallet')
    .executeTakeFirst();
  if (!row) return null;
  await ledgerRow(trx, 'debit', c, row.wallet);
  return row.wallet;
}

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
      .select(['id', 'type', 'amount', 'note', 'amount_status', 'created_at', 'balance_after'])
      .where('user_id', '=', userId),
    range,
  );

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
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (me.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
    const pending = await trx
      .selectFrom('fund_requests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    if (Number(pending.n) >= MAX_PENDING_DEPOSITS) throw refusal(MSG_TOO_MANY_PENDING);
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
export const setUpiNumber = (db: Db, userId: string, type: UpiType, number: string, now: Date) =>
  db
    .updateTable('users')
    .set({ [upiAppOfType(type).numberField]: number, updated_at: now })
    .where('id', '=', userId)
    .execute();

// ------------------------------------------------------------------ withdrawals

/** A withdrawal request held: its id and the wallet after the hold. */
export type WithdrawResult = { id: string; wallet: string };

/**
 * A withdrawal request, in one statement: the stored number of the method, the guarded hold (a debit
 * only while the wallet covers it and betting is on), the request and its ledger row (pending until
 * an operator decides).
 */
export async function requestWithdrawal(
  db: Kysely<DB>,
  r: { userId: string; amount: number; method: WithdrawMethod; now: Date },
): Promise<WithdrawResult> {
  const column = upiAppOfMethod(r.method).numberField;
  const out = await sql<{ id: string | null; wallet: string | null; number: string | null }>`
    WITH acct AS (
      SELECT ${sql.ref(column)} AS number FROM users WHERE id = ${r.userId}::bigint
    ), hold AS (
      UPDATE users SET wallet = wallet - ${r.amount}::bigint, updated_at = ${r.now}::timestamptz
      WHERE id = ${r.userId}::bigint AND wallet >= ${r.amount}::bigint AND betting_status = '1'
        AND (SELECT coalesce(number, '') FROM acct) <> ''
      RETURNING wallet
    ), req AS (
      INSERT INTO withdraw_requests (user_id, amount, payment_method, payment_number, created_at)
      SELECT ${r.userId}::bigint, ${r.amount}::bigint, ${r.method}::text, (SELECT number FROM acct), ${r.now}::timestamptz
      FROM hold
      RETURNING id
    ), ledger AS (
      INSERT INTO wallet_transactions (user_id, type, amount, balance_after, kind, note, reference, amount_status, created_at)
      SELECT ${r.userId}::bigint, 'debit', ${r.amount}::bigint, hold.wallet, 'withdraw',
             'Withdrawal request W' || req.id || ' (' || ${WITHDRAW_METHODS[r.method]}::text || ' ' || (SELECT number FROM acct) || ')',
             ${withdrawReference('')}::text || req.id, '0', ${r.now}::timestamptz
      FROM hold, req
    )
    SELECT (SELECT id FROM req) AS id, (SELECT wallet FROM hold) AS wallet, (SELECT number FROM acct) AS number`.execute(
    db,
  );
  const row = out.rows[0];
  if (!row?.number) throw refusal(`Please add your ${WITHDRAW_METHODS[r.method]} number first`);
  if (!row.id || row.wallet === null) throw refusal(MSG.walletLimitExceeded);
  return { id: String(row.id), wallet: String(row.wallet) };
}

// ------------------------------------------------------------------ transfers

/** The name of the account a mobile number belongs to, if any. */
export const accountName = async (db: Db, mobile: string) =>
  (await db.selectFrom('users').select('name').where('mobile', '=', mobile).executeTakeFirst())?.name;

/** A transfer made: its id, the sender's wallet after it and the receiver's account. */
export type TransferResult = { id: string; wallet: string; toId: string };

/**
 * Moves points between two wallets in one transaction: both rows locked in id order (two opposite
 * transfers never deadlock), a guarded debit, the credit, the transfer record and two ledger rows.
 */
export async function transferPoints(
  db: Kysely<DB>,
  t: { fromId: string; toMobile: string; amount: number; note: string; now: Date },
): Promise<TransferResult> {
  const { fromId, toMobile, amount, note, now } = t;
  return db.transaction().execute(async (trx) => {
    const to = await trx.selectFrom('users').select(['id']).where('mobile', '=', toMobile).executeTakeFirst();
    if (!to) throw refusal(MSG_RECEIVER_UNKNOWN);
    if (to.id === fromId) throw refusal(MSG.transferOwnPhone);
    const locked = await sql<{ id: string; name: string; mobile: string; wallet: string; betting_status: string }>`
      SELECT id, name, mobile, wallet, betting_status FROM users WHERE id IN (${fromId}::bigint, ${to.id}::bigint) ORDER BY id FOR UPDATE`.execute(
      trx,
    );
    const from = locked.rows.find((r) => String(r.id) === String(fromId));
    const dest = locked.rows.find((r) => String(r.id) === String(to.id));
    if (!from || !dest) throw refusal(MSG_RECEIVER_UNKNOWN);
    if (from.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
    if (BigInt(from.wallet) < BigInt(amount)) throw refusal(MSG.transferNotEnoughPoints);
    const fromAfter = BigInt(from.wallet) - BigInt(amount);
    const toAfter = BigInt(dest.wallet) + BigInt(amount);
    // One round trip for the rest (the rows are ours until commit).
    const res = await sql<{ id: string }>`
      WITH t AS (
        INSERT INTO transfers (from_user_id, to_user_id, amount, note, created_at)
        VALUES (${fromId}::bigint, ${to.id}::bigint, ${amount}::bigint, ${note.slice(0, 200)}::text, ${now}::timestamptz)
        RETURNING id
      ), a AS (
        UPDATE users SET wallet = wallet - ${amount}::bigint, updated_at = ${now}::timestamptz
        WHERE id = ${fromId}::bigint AND wallet >= ${amount}::bigint RETURNING id
      ), b AS (
        UPDATE users SET wallet = wallet + ${amount}::bigint, updated_at = ${now}::timestamptz
        WHERE id = ${to.id}::bigint RETURNING id
      ), l AS (
        INSERT INTO wallet_transactions (user_id, type, amount, balance_after, kind, note, reference, created_at)
        SELECT * FROM (VALUES
          (${fromId}::bigint, 'debit', ${amount}::bigint, ${String(fromAfter)}::bigint, 'transfer_out',
           ${`Transferred to ${dest.name} (${dest.mobile})`}::text, 'transfer:' || (SELECT id FROM t), ${now}::timestamptz),
          (${to.id}::bigint, 'credit', ${amount}::bigint, ${String(toAfter)}::bigint, 'transfer_in',
           ${`Received from ${from.name} (${from.mobile})`}::text, 'transfer:' || (SELECT id FROM t), ${now}::timestamptz)
        ) AS v(user_id, type, amount, balance_after, kind, note, reference, created_at)
        WHERE EXISTS (SELECT 1 FROM a) AND EXISTS (SELECT 1 FROM b)
      )
      SELECT (SELECT id FROM t) AS id, (SELECT count(*) FROM a) AS a, (SELECT count(*) FROM b) AS b`.execute(trx);
    const row = res.rows[0] as unknown as { id: string; a: string | number; b: string | number };
    // cannot happen while the rows are locked; fail loudly rather than write a half transfer
    if (Number(row.a) !== 1 || Number(row.b) !== 1) throw new Error('transfer: locked rows changed');
    return { id: String(row.id), wallet: String(fromAfter), toId: String(to.id) };
  });
}

// ------------------------------------------------------------------ the operator's queues

type RequestTable = 'fund_requests' | 'withdraw_requests';
/** The requests an operator lists: one status (pending: oldest first) or all (newest first). */
export type RequestFilter = RequestStatus | 'all';

/** Deposit requests with their account, for the operator's queue. */
export function depositRequests(db: Db, status: RequestFilter, limit: number) {
  let q = db
    .selectFrom('fund_requests as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'u.mobile', 'u.name', 'f.amount', 'f.status', 'f.created_at', 'f.decided_at', 'f.note', 'f.utr'])
    .select((eb) => eb('f.proof_type', 'is not', null).as('has_screenshot'));
  if (status !== 'all') q = q.where('f.status', '=', status);
  return q
    .orderBy('f.id', status === 'pending' ? 'asc' : 'desc')
    .limit(limit)
    .execute();
}

/** A deposit request's screenshot, for the operator (null: none). */
export const depositScreenshot = (db: Db, id: number) =>
  db
    .selectFrom('fund_requests')
    .select(['proof_image', 'proof_type'])
    .where('id', '=', String(id))
    .where('proof_image', 'is not', null)
    .executeTakeFirst();

export const MSG_UTR_TAKEN = 'This UTR is already on another deposit request';
export const MSG_PROOF_NOT_PENDING = 'Only a pending deposit request can take a payment reference';

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
      })
      .where('id', '=', requestId)
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .returning(['utr', 'proof_type'])
      .executeTakeFirst();
    if (!row) throw refusal(MSG_PROOF_NOT_PENDING);
    return { utr: row.utr, has_screenshot: row.proof_type !== null };
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw refusal(MSG_UTR_TAKEN);
    throw e;
  }
}

/** Withdrawal requests with their account, for the operator's queue. */
export function withdrawRequests(db: Db, status: RequestFilter, limit: number) {
  let q = db
    .selectFrom('withdraw_requests as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.id',
      'u.mobile',
      'u.name',
      'w.amount',
      'w.status',
      'w.payment_method',
      'w.payment_number',
      'w.receipt_url',
      'w.note',
      'w.created_at',
      'w.decided_at',
    ]);
  if (status !== 'all') q = q.where('w.status', '=', status);
  return q
    .orderBy('w.id', status === 'pending' ? 'asc' : 'desc')
    .limit(limit)
    .execute();
}

/** How many requests wait for a decision, and their points. */
export const pendingTotals = (db: Db, table: RequestTable) =>
  db
    .selectFrom(table)
    .select([sql<string>`count(*)::text`.as('n'), sql<string>`coalesce(sum(amount), 0)::text`.as('points')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();

/** The guarded status change: only a pending request moves, so each decision happens once. */
export const decidePending = (
  trx: Transaction<DB>,
  table: RequestTable,
  id: number,
  set: UpdateObject<DB, RequestTable>,
) => trx.updateTable(table).set(set).where('id', '=', String(id)).where('status', '=', 'pending');

/** Why a request could not be decided: 404 when there is none, 409 when it is decided already. */
export async function notPending(db: Db, table: RequestTable, id: number, what: string): Promise<Refusal> {
  const r = await db.selectFrom(table).select('status').where('id', '=', String(id)).executeTakeFirst();
  if (!r) return new Refusal(404, `No ${what} #${id}`);
  return new Refusal(409, `${what[0].toUpperCase()}${what.slice(1)} #${id} is already ${r.status}`);
}

/** An account's mobile number and balance, locked for the rest of the transaction (before a change). */
export const lockWallet = (trx: Transaction<DB>, userId: string) =>
  trx.selectFrom('users').select(['mobile', 'wallet']).where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();

/** The mobile number of an account. */
export const mobileOf = async (db: Db, userId: string) =>
  (await db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow()).mobile;
