/**
 * The operator's decisions on the players' money requests (operator/deposits.ts and withdrawals.ts serve
 * them). Each runs in one transaction: the guarded status change (only a pending request changes, so a
 * decision happens once), the points it moves with their ledger row, and the audit row. What cannot be
 * decided is refused (404 unknown, 409 already decided).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { MoneyEvent } from '@matka/shared/contract';
import { audit } from './audit';
import type { Clock } from './clock';
import { recordLive } from './live';
import { creditWallet, decidePending, finalizeWithdrawHold, lockWallet, mobileOf, notPending } from './wallet';

/** A decision that credited points: the request's points, its player and the wallet after it. */
export interface Credited {
  mobile: string;
  amount: string;
  wallet: string;
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
    const r = await decidePending(trx, d.table, d.id, { status: d.status, decided_at: now, note: d.note })
      .returning(['user_id', 'amount'])
      .executeTakeFirst();
    if (!r) return null;
    const before = await lockWallet(trx, r.user_id);
    // a decided withdrawal's hold: its ledger row is now final
    if (d.table === 'withdraw_requests') await finalizeWithdrawHold(trx, r.user_id, d.id);
    const wallet = await creditWallet(trx, { userId: r.user_id, points: r.amount, ...d.credit, now });
    await recordLive(trx, r.user_id, moneyEvent(d.table, d.id, d.status, r.amount), now);
    await audit(
      trx,
      d.audit.action,
      d.audit.target,
      d.audit.params,
      { status: 'pending', wallet: before.wallet },
      { status: d.status, wallet },
    );
    return { mobile: before.mobile, amount: r.amount, wallet };
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

/** Approves a withdrawal request: the held points are paid out (the hold's ledger row becomes final). */
export async function approveWithdrawal(
  db: Kysely<DB>,
  clock: Clock,
  id: number,
  receiptUrl: string | null,
  params: unknown,
): Promise<{ amount: string; payment_method: string; payment_number: string; mobile: string }> {
  const now = clock.now();
  const out = await db.transaction().execute(async (trx) => {
    const r = await decidePending(trx, 'withdraw_requests', id, {
      status: 'approved',
      decided_at: now,
      receipt_url: receiptUrl,
    })
      .returning(['user_id', 'amount', 'payment_method', 'payment_number'])
      .executeTakeFirst();
    if (!r) return null;
    await finalizeWithdrawHold(trx, r.user_id, id);
    await recordLive(trx, r.user_id, moneyEvent('withdraw_requests', id, 'approved', r.amount), now);
    await audit(
      trx,
      'withdrawals approve',
      `W${id}`,
      params,
      { status: 'pending' },
      { status: 'approved', receipt_url: receiptUrl },
    );
    return {
      amount: r.amount,
      payment_method: r.payment_method,
      payment_number: r.payment_number,
      mobile: await mobileOf(trx, r.user_id),
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
