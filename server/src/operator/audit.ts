/**
 * /operator/audit: the newest rows of the audit log (who did what, when, with what before and after);
 * and /operator/otp/last (demo mode only): the last code sent to a number, for testing the app by hand.
 */
import { OPERATOR_REQUESTS } from '@matka/shared/contract/schemas';
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { audit, auditTrail } from '../services/audit';
import { Refusal } from '../errors';
import { parse, route } from './common';

export const auditRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { db } = ctx;

  route(op, OP.audit, async (req) => {
    const q = parse(OPERATOR_REQUESTS.audit, req.query);
    const rows = await auditTrail(db, q.limit ?? 100);
    return { status: true, audit: rows };
  });

  route(op, OP.lastOtp, async (req) => {
    const { mobile } = parse(OPERATOR_REQUESTS.lastOtp, req.query);
    const entry = ctx.outbox.get(mobile);
    if (!entry) {
      throw new Refusal(
        404,
        ctx.config.demo
          ? `No OTP sent to ${mobile} since the server started`
          : 'OTP codes are not kept outside demo mode (DEMO=1)',
      );
    }
    await audit(db, 'otp last', mobile, { mobile }, null, { purpose: entry.purpose, created_at: entry.created_at });
    return { status: true, ...entry };
  });
};
