/**
 * The operators' audit trail: one row per operator action (who, what, when, before, after), written in
 * the transaction that makes the change.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';
import { actorContext } from './operators';

/** Writes one audit row (who, what, when, before, after); who is the operator of the request being handled. */
export async function audit(
  db: Kysely<DB> | Transaction<DB>,
  action: string,
  target: string | null,
  params: unknown,
  before: unknown,
  after: unknown,
  ok = true,
) {
  await db
    .insertInto('operator_audit')
    .values({
      action,
      target,
      params: JSON.stringify(params ?? null),
      before: JSON.stringify(before ?? null),
      after: JSON.stringify(after ?? null),
      ok,
      operator: actorContext.getStore()?.name ?? null,
    })
    .execute();
}

/** The newest `limit` audit rows. */
export const auditTrail = (db: Kysely<DB>, limit: number) =>
  db.selectFrom('operator_audit').selectAll().orderBy('id', 'desc').limit(limit).execute();
