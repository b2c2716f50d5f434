/**
 * /operator/deposits: the queue of deposit requests, a request's payment screenshot, approve (the points
 * are credited) and reject. The decisions are services/money-requests.ts.
 */
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { formatKolkataShort } from '../services/clock';
import { approveDeposit, rejectDeposit } from '../services/money-requests';
import { depositRequests, depositScreenshot } from '../services/request-queues';
import { route } from './common';
import { refusedBody } from '../errors';

export const depositsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { db, clock } = ctx;

  route(op, OP.deposits, async (q) => {
    const status = q.status ?? 'pending';
    const rows = await depositRequests(db, status, q.limit ?? 200);
    return {
      status: true,
      filter: status,
      deposits: rows.map((r) => ({
        id: r.id,
        mobile: r.mobile,
        name: r.name,
        amount: r.amount,
        status: r.status,
        requested: formatKolkataShort(r.created_at),
        decided: r.decided_at ? formatKolkataShort(r.decided_at) : null,
        note: r.note,
        // the player's proof of the UPI payment: its reference and whether a screenshot came
        utr: r.utr ?? '',
        has_screenshot: Boolean(r.has_screenshot),
      })),
    };
  });

  // A deposit's payment screenshot, as the image itself (the console shows it beside the request).
  route(op, OP.depositScreenshot, async ({ id }, req, reply) => {
    const row = await depositScreenshot(db, id);
    if (!row?.proof_image || !row.proof_type) return reply.code(404).send(refusedBody(404, `D${id} has no screenshot`));
    return reply
      .header('Content-Type', row.proof_type)
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `inline; filename="D${id}-payment"`)
      .send(Buffer.from(row.proof_image));
  });

  route(op, OP.approveDeposit, async (body) => {
    const out = await approveDeposit(db, clock, body.id, body.reason ?? '', body);
    return {
      status: true,
      msg: `Deposit #${body.id} approved: ${out.amount} points credited to ${out.mobile} (wallet now ${out.wallet})`,
      id: String(body.id),
      mobile: out.mobile,
      wallet_amt: out.wallet,
    };
  });

  route(op, OP.rejectDeposit, async (body) => {
    const out = await rejectDeposit(db, clock, body.id, body.reason ?? '', body);
    return {
      status: true,
      msg: `Deposit #${body.id} rejected (${out.amount} points, nothing credited)`,
      id: String(body.id),
    };
  });
};
