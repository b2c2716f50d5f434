/**
 * The operator's decisions on the players' money requests (operator/deposits.ts and withdrawals.ts serve
 * them). Each runs in one transaction: the guarded status change (only a pending request changes, so a
 * decision happens once), the points it moves with their ledger row, and the audit row. What cannot be
 * decided is refused (404 unknown, 409 already decided).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import { Refusal } from '../errors';
import type { MoneyEvent } from '@matka/shared/contract';
import { audit } from './audit';
import type { Clock } from './clock';
import { recordLive } from './live';
import { creditWallet, debitWallet, finalizeWithdrawHold, lockWallet, mobileOf } from './wallet';
import { decidePending, notPending } from './request-queues';

/**
 * A withdrawal's account locked before the request itself, the order a correction's settlement takes
 * (users, then their requests): null when there is no such request.
 */
async function lockWithdrawal(trx: Transaction<DB>, id: number) {
  const owner = await trx
    .selectFrom('withdraw_requests')
    .select('user_id')
    .where('id', '=', String(id))
    .executeTakeFirst();
  if (!owner) return null;
  const wallet = await lockWallet(trx, owner.user_id);
  const req = await trx
    .selectFrom('withdraw_requests')
    .select(['user_id', 'held_points', 'held_note'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
  return { ...req, before: wallet };
}

/** The refusal of approving a held withdrawal without a reason. */
export const heldWithdrawal = (id: number, held: string, note: string) =>
  new Refusal(
    409,
    `Withdrawal #${id} is held: ${held} points of a reversed win were not recovered from this player (${note}). ` +
      'Approve it only with a reason, or reject it: rejecting returns its points less the held ones.',
  );

/**
 * What a rejected held withdrawal gives the house back: the held points leave the wallet again as the
 * reversal's recovery, and the player's bids owe that much less (bids.unrecovered, oldest first).
 */
async function recoverHeld(trx: Transaction<DB>, userId: string, id: number, held: string, now: Date) {
  const wallet = await debitWallet(trx, {
    userId,
    points: held,
    kind: 'win_reversal',
    note: `Result corrected: ${held} points of a reversed win recovered from withdrawal request W${id}`,
    reference: `reversal:withdraw:${id}`,
    now,
  });
  if (wallet === null) throw new Error('withdrawal: the refunded wallet does not cover its held points');
  await sql`
    WITH b AS (
      SELECT id, unrecovered,
             COALESCE(SUM(unrecovered) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
      FROM bids WHERE user_id = ${userId}::bigint AND unrecovered > 0
    )
    UPDATE bids SET unrecovered = bids.unrecovered - LEAST(b.unrecovered, ${held}::bigint - b.before)
    FROM b WHERE bids.id = b.id AND b.before < ${held}::bigint`.execute(trx);
  return wallet;
}

/** A decision that credited points: the request's points, its player and the wallet after it. */
export interface Credited {
  mobile: string;
  amount: string;
  wallet: string;
  /** a held withdrawal rejected: the points that went to the reversal instead of back to the wallet */
  recovered: string | null;
}

const moneyEvent = (
  table: 'fund_requests' | 'withdraw_requests',
  id: number,
  status: 'approved' | 'rejected',
  amount: string,
): MoneyEvent => ({
  kind: table === 'fund_requests' ? 'deposit' : 'withdrawal',
  request_id: id,
  status,
  points: Number(amount),
});

/**
 * Decides a pending request and credits its points (a deposit in, a rejected withdrawal back) in one
 * transaction, with the ledger row and the audit row.
 */
async function decideWithCredit(
  db: Kysely<DB>,
  clock: Clock,
  d: {
    table: 'fund_requests' | 'withdraw_requests';
    id: number;
    status: 'approved' | 'rejected';
    note: string;
    credit: { kind: string; note: string; reference: string };
    audit: { action: string; target: string; params: unknown };
  },
): Promise<Credited> {
  const now = clock.now();
  const out = await db.transaction().execute(async (trx) => {
    // a withdrawal: its account locked first, as a correction's settlement locks it
    const held = d.table === 'withdraw_requests' ? await lockWithdrawal(trx, d.id) : null;
    const r = await decidePending(trx, d.table, d.id, { status: d.status, decided_at: now, note: d.note })
      .returning(['user_id', 'amount'])
      .executeTakeFirst();
    if (!r) return null;
    const before = held?.before ?? (await lockWallet(trx, r.user_id));
    // a decided withdrawal's hold: its ledger row is now final
    if (d.table === 'withdraw_requests') await finalizeWithdrawHold(trx, r.user_id, d.id);
    let wallet = await creditWallet(trx, { userId: r.user_id, points: r.amount, ...d.credit, now });
    const recovered = held && BigInt(held.held_points) > 0n ? held.held_points : null;
    if (recovered) wallet = await recoverHeld(trx, r.user_id, d.id, recovered, now);
    await recordLive(trx, r.user_id, moneyEvent(d.table, d.id, d.status, r.amount), now);
    await audit(
      trx,
      d.audit.action,
      d.audit.target,
      d.audit.params,
      { status: 'pending', wallet: before.wallet, ...(recovered ? { held_points: recovered } : {}) },
      { status: d.status, wallet },
    );
    return { mobile: before.mobile, amount: r.amount, wallet, recovered };
  });
  if (!out)
    throw await notPending(db, d.table, d.id, d.table === 'fund_requests' ? 'deposit request' : 'withdrawal request');
  return out;
}

/** Approves a deposit request: its points are credited. */
export const approveDeposit = (db: Kysely<DB>, clock: Clock, id: number, reason: string, params: unknown) =>
  decideWithCredit(db, clock, {
    table: 'fund_requests',
    id,
    status: 'approved',
    note: reason,
    credit: { kind: 'deposit', note: `Fund added (request D${id})`, reference: `deposit:${id}` },
    audit: { action: 'deposits approve', target: `D${id}`, params },
  });

/** Rejects a deposit request: nothing is credited. Returns its points. */
export async function rejectDeposit(
  db: Kysely<DB>,
  clock: Clock,
  id: number,
  reason: string,
  params: unknown,
): Promise<{ amount: string }> {
  const now = clock.now();
  const out = await db.transaction().execute(async (trx) => {
    const r = await decidePending(trx, 'fund_requests', id, { status: 'rejected', decided_at: now, note: reason })
      .returning(['user_id', 'amount'])
      .executeTakeFirst();
    if (!r) return null;
    await recordLive(trx, r.user_id, moneyEvent('fund_requests', id, 'rejected', r.amount), now);
    await audit(trx, 'deposits reject', `D${id}`, params, { status: 'pending' }, { status: 'rejected' });
    return { amount: r.amount };
  });
  if (!out) throw await notPending(db, 'fund_requests', id, 'deposit request');
  return out;
}

/**
 * Approves a withdrawal request: the held points are paid out (the hold's ledger row becomes final). A
 * request held for a reversed win is approved only with the operator's reason, kept on it and audited.
 */
export async function approveWithdrawal(
  db: Kysely<DB>,
  clock: Clock,
  d: { id: number; receiptUrl: string | null; reason: string },
  params: unknown,
): Promise<{ amount: string; payment_method: string; payment_number: string; mobile: string; held: string }> {
  const { id, receiptUrl, reason } = d;
  const now = clock.now();
  const out = await db.transaction().execute(async (trx) => {
    const held = await lockWithdrawal(trx, id);
    if (!held) return null;
    const isHeld = BigInt(held.held_points) > 0n;
    const r = await decidePending(trx, 'withdraw_requests', id, {
      status: 'approved',
      decided_at: now,
      receipt_url: receiptUrl,
      ...(reason ? { note: reason } : {}),
    })
      .returning(['user_id', 'amount', 'payment_method', 'payment_number'])
      .executeTakeFirst();
    if (!r) return null;
    if (isHeld && !reason) throw heldWithdrawal(id, held.held_points, held.held_note);
    await finalizeWithdrawHold(trx, r.user_id, id);
    await recordLive(trx, r.user_id, moneyEvent('withdraw_requests', id, 'approved', r.amount), now);
    await audit(
      trx,
      'withdrawals approve',
      `W${id}`,
      params,
      { status: 'pending', ...(isHeld ? { held_points: held.held_points, held_note: held.held_note } : {}) },
      { status: 'approved', receipt_url: receiptUrl, ...(reason ? { reason } : {}) },
    );
    return {
      amount: r.amount,
      payment_method: r.payment_method,
      payment_number: r.payment_number,
      mobile: await mobileOf(trx, r.user_id),
      held: held.held_points,
    };
  });
  if (!out) throw await notPending(db, 'withdraw_requests', id, 'withdrawal request');
  return out;
}

/** Rejects a withdrawal request: the held points go back to the wallet. */
export const rejectWithdrawal = (db: Kysely<DB>, clock: Clock, id: number, reason: string, params: unknown) =>
  decideWithCredit(db, clock, {
    table: 'withdraw_requests',
    id,
    status: 'rejected',
    note: reason,
    credit: {
      kind: 'withdraw_refund',
      note: `Withdrawal request W${id} cancelled: points returned`,
      reference: `withdraw_refund:${id}`,
    },
    audit: { action: 'withdrawals reject', target: `W${id}`, params },
  });
