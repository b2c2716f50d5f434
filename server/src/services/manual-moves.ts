/**
 * Manual credits and debits above the owner's threshold take two people. Below `manual_move_threshold`
 * (an owner's setting, audited; unset or 0: none) an operator with the money right moves points at once,
 * as before. Above it, the credit or debit is a request: stored and audited, nothing moved; a second
 * operator with the money right (another person, signed in with two-step sign-in: never the server's
 * token) approves it, and the points move then, in the transaction that claims it (so it moves once
 * however many approve at once), with the ledger row and the audit row naming both; or rejects it with
 * a reason. The requester is a person too: the token cannot ask for a large move either.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/types';
import { Refusal } from '../errors';
import { lockAccount } from './accounts';
import { audit } from './audit';
import { formatKolkataShort } from './clock';
import type { Actor } from './operators';
import { personOf } from './proposals';
import { creditWallet, debitWallet } from './wallet';

export type Direction = 'credit' | 'debit';

/** The points above which a manual move takes a second operator (0: never). */
export async function manualMoveThreshold(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'manual_move_threshold')
    .executeTakeFirst();
  return Number(row?.value ?? 0) || 0;
}

/** A waiting or decided request, as the operator API answers it. */
function shown(r: {
  id: string | number;
  mobile: string;
  direction: string;
  points: string | number;
  note: string;
  requested_by: string;
  requested_at: Date;
  status: string;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
}) {
  return {
    id: String(r.id),
    mobile: r.mobile,
    direction: r.direction as Direction,
    points: Number(r.points),
    note: r.note,
    requested_by: r.requested_by,
    requested_at: formatKolkataShort(r.requested_at),
    status: r.status as 'pending' | 'approved' | 'rejected',
    decided_by: r.decided_by,
    decided_at: r.decided_at ? formatKolkataShort(r.decided_at) : null,
    reason: r.reason,
  };
}
export type ShownMove = ReturnType<typeof shown>;

/** Requests a move above the threshold: stored and audited, nothing moved. */
export async function requestMove(
  ctx: AppContext,
  a: { mobile: string; direction: Direction; points: number; note: string },
  actor: Actor,
  params: unknown,
): Promise<{ request: ShownMove; wallet: string }> {
  await personOf(ctx, actor, `${a.direction} more than the threshold`);
  return ctx.db.transaction().execute(async (trx) => {
    const u = await lockAccount(trx, a.mobile);
    if (!u) throw new Refusal(404, `No user with mobile ${a.mobile}`);
    const row = await trx
      .insertInto('manual_moves')
      .values({
        user_id: u.id,
        mobile: a.mobile,
        direction: a.direction,
        points: String(a.points),
        note: a.note,
        requested_by: actor.name,
        requested_at: ctx.clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, `${a.direction} request`, a.mobile, params, { wallet: u.wallet }, { request: String(row.id) });
    return { request: shown(row), wallet: String(u.wallet) };
  });
}

/** The requests waiting for a second operator (oldest first), then the last 50 decided. */
export async function listMoves(db: Kysely<DB>) {
  const waiting = await db
    .selectFrom('manual_moves')
    .selectAll()
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  const decided = await db
    .selectFrom('manual_moves')
    .selectAll()
    .where('status', '<>', 'pending')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return [...waiting, ...decided].map(shown);
}

/** Claims a waiting request for a decision by someone other than its requester, in `trx`. */
async function claim(
  trx: Transaction<DB>,
  id: string,
  actor: Actor,
  status: 'approved' | 'rejected',
  now: Date,
  reason?: string,
) {
  const row = await trx.selectFrom('manual_moves').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new Refusal(404, `No manual credit or debit request ${id}`);
  if (row.status !== 'pending') throw new Refusal(409, `Request ${id} is already ${row.status} (by ${row.decided_by})`);
  if (row.requested_by.toLowerCase() === actor.name.toLowerCase())
    throw new Refusal(403, `You requested this ${row.direction}: another operator with the money right approves it`);
  return trx
    .updateTable('manual_moves')
    .set({ status, decided_by: actor.name, decided_at: now, reason: reason ?? null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Approves a request: the points move now, with its ledger row and both names in the audit trail. */
export async function approveMove(
  ctx: AppContext,
  id: string,
  actor: Actor,
): Promise<{ move: ShownMove; wallet: string }> {
  await personOf(ctx, actor, 'approve a manual credit or debit');
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const r = await claim(trx, id, actor, 'approved', now);
    const u = await lockAccount(trx, r.mobile);
    if (!u) throw new Refusal(404, `No user with mobile ${r.mobile}`);
    const note = `${r.note} (requested by ${r.requested_by}, approved by ${actor.name})`;
    const change = { userId: u.id, points: Number(r.points), note, reference: 'operator', now };
    const wallet =
      r.direction === 'credit'
        ? await creditWallet(trx, { ...change, kind: 'operator_credit' })
        : await debitWallet(trx, { ...change, kind: 'operator_debit' });
    if (wallet === null)
      throw new Refusal(409, `${r.mobile} has only ${u.wallet} points: this debit cannot be approved now`);
    await audit(
      trx,
      r.direction,
      r.mobile,
      { request: id },
      { wallet: u.wallet },
      {
        wallet,
        requested_by: r.requested_by,
        approved_by: actor.name,
      },
    );
    return { move: shown(r), wallet };
  });
}

/** Rejects a request with a reason: nothing moves; audited. */
export async function rejectMove(ctx: AppContext, id: string, reason: string, actor: Actor): Promise<ShownMove> {
  await personOf(ctx, actor, 'reject a manual credit or debit');
  return ctx.db.transaction().execute(async (trx) => {
    const r = await claim(trx, id, actor, 'rejected', ctx.clock.now(), reason);
    await audit(trx, `${r.direction} reject`, r.mobile, { request: id, reason }, null, {
      requested_by: r.requested_by,
    });
    return shown(r);
  });
}
