/**
 * /operator/withdrawals: the queue of withdrawal requests, approve (the held points are paid out, with an
 * optional receipt link) and reject (the held points go back). The decisions are services/money-requests.ts.
 */
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { formatPoints, withdrawMethodName } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { formatKolkataShort } from '../services/clock';
import { approveWithdrawal, rejectWithdrawal } from '../services/money-requests';
import { withdrawRequests } from '../services/request-queues';
import { route } from './common';

export const withdrawalsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { db, clock } = ctx;

  route(op, OP.withdrawals, async (q) => {
    const status = q.status ?? 'pending';
    const rows = await withdrawRequests(db, status, q.limit ?? 200);
    return {
      status: true,
      filter: status,
      withdrawals: rows.map((r) => ({
        id: r.id,
        mobile: r.mobile,
        name: r.name,
        amount: r.amount,
        status: r.status,
        method: withdrawMethodName(r.payment_method),
        number: r.payment_number,
        receipt_url: r.receipt_url,
        note: r.note,
        // points of a reversed win this request still owes (approve only with a reason; reject recovers them)
        held_points: r.held_points,
        held_note: r.held_note,
        requested: formatKolkataShort(r.created_at),
        decided: r.decided_at ? formatKolkataShort(r.decided_at) : null,
      })),
    };
  });

  route(op, OP.approveWithdrawal, async (body) => {
    const out = await approveWithdrawal(
      db,
      clock,
      { id: body.id, receiptUrl: body.receipt_url ?? null, reason: body.reason ?? '' },
      body,
    );
    const label = withdrawMethodName(out.payment_method);
    const held =
      Number(out.held) > 0
        ? ` (held for ${formatPoints(out.held)} points of a reversed win; approved: ${body.reason})`
        : '';
    return {
      status: true,
      msg: `Withdrawal #${body.id} approved: pay ${formatPoints(out.amount)} to ${label} ${out.payment_number} (${out.mobile})${held}`,
      id: String(body.id),
    };
  });

  route(op, OP.rejectWithdrawal, async (body) => {
    const out = await rejectWithdrawal(db, clock, body.id, body.reason ?? '', body);
    return {
      status: true,
      msg: out.recovered
        ? `Withdrawal #${body.id} rejected: ${formatPoints(out.amount)} points returned to ${out.mobile}, of which ${formatPoints(out.recovered)} recovered for the reversed win (wallet now ${formatPoints(out.wallet)})`
        : `Withdrawal #${body.id} rejected: ${formatPoints(out.amount)} points returned to ${out.mobile} (wallet now ${formatPoints(out.wallet)})`,
      id: String(body.id),
      wallet_amt: out.wallet,
    };
  });
};
