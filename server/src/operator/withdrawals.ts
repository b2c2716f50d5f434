/**
 * /operator/withdrawals: the queue of withdrawal requests, approve (the held points are paid out, with an
 * optional receipt link) and reject (the held points go back). The decisions are services/money-requests.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { webLink, withdrawMethodName } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { formatKolkataShort } from '../services/clock';
import { approveWithdrawal, rejectWithdrawal } from '../services/money-requests';
import { withdrawRequests } from '../services/wallet';
import { decision, idSchema, listQuery, parse } from './common';

const approval = z.object({
  id: idSchema,
  receipt_url: z
    .string()
    .max(500)
    .refine((s) => webLink(s) !== null, 'receipt-url must be an http(s) link')
    .optional(),
});

export const withdrawalsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { db, clock } = ctx;

  op.get('/withdrawals', async (req) => {
    const q = parse(listQuery, req.query);
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
        requested: formatKolkataShort(r.created_at),
        decided: r.decided_at ? formatKolkataShort(r.decided_at) : null,
      })),
    };
  });

  op.post('/withdrawals/approve', async (req) => {
    const body = parse(approval, req.body);
    const out = await approveWithdrawal(db, clock, body.id, body.receipt_url ?? null, body);
    const label = withdrawMethodName(out.payment_method);
    return {
      status: true,
      msg: `Withdrawal #${body.id} approved: pay ${out.amount} to ${label} ${out.payment_number} (${out.mobile})`,
      id: String(body.id),
    };
  });

  op.post('/withdrawals/reject', async (req) => {
    const body = parse(decision, req.body);
    const out = await rejectWithdrawal(db, clock, body.id, body.reason ?? '', body);
    return {
      status: true,
      msg: `Withdrawal #${body.id} rejected: ${out.amount} points returned to ${out.mobile} (wallet now ${out.wallet})`,
      id: String(body.id),
      wallet_amt: out.wallet,
    };
  });
};
