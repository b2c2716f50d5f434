/**
 * The operators' audit trail: one row per operator action (who, what, when, before, after), written in
 * the transaction that makes the change and linked to the rows before it (a hash chain: audit-chain.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';
import { appendAudit } from './audit-chain';
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
  await appendAudit(db, {
    action,
    target,
    params,
    before,
    after,
    ok,
    operator: actorContext.getStore()?.name ?? null,
    at: new Date(),
  });
}

/** The newest `limit` audit rows. */
export const auditTrail = (db: Kysely<DB>, limit: number) =>
  db
    .selectFrom('operator_audit')
    .select(['id', 'action', 'target', 'operator', 'params', 'before', 'after', 'ok', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
