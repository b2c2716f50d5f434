/**
 * The operator's queues of money requests: deposits and withdrawals waiting for a decision (or all of
 * them), a deposit's screenshot, the totals the dashboard shows, and the guarded change of a request's
 * status that every decision makes once (services/money-requests.ts decides).
 */
import { sql, type Kysely, type Transaction, type UpdateObject } from 'kysely';
import type { DB } from '../db/types';
import type { RequestStatus } from '../db/columns';
import { Refusal } from '../errors';

type Db = Kysely<DB> | Transaction<DB>;
export type RequestTable = 'fund_requests' | 'withdraw_requests';
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
      'w.held_points',
      'w.held_note',
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
