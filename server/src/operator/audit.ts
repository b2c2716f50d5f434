/**
 * /operator/audit: the newest rows of the audit log (who did what, when, with what before and after);
 * /operator/audit/verify and /operator/audit/sign: its hash chain walked, its head signed and published;
 * and /operator/otp/last (demo mode only): the last code sent to a number, for testing the app by hand.
 */
import { OPERATOR_REQUESTS } from '@matka/shared/contract/schemas';
import { OP, VERIFY_HTTP } from '@matka/shared/contract';
import { counted } from '@matka/shared/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { audit, auditTrail } from '../services/audit';
import { Refusal } from '../errors';
import { signHead, verifyChain } from '../services/audit-chain';
import { exportDay } from '../services/export-day';

/** What a row that does not match means. */
const PROBLEMS = {
  content: 'its fields are not what was written and hashed (the row was changed)',
  link: 'it is not linked to the row before it (a row before it was changed, removed or added)',
  gap: 'rows before it are missing',
} as const;
import { parse, route } from './common';

export const auditRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { db } = ctx;

  route(op, OP.audit, async (req) => {
    const q = parse(OPERATOR_REQUESTS.audit, req.query);
    const rows = await auditTrail(db, q.limit ?? 100);
    return { status: true, audit: rows };
  });

  route(op, OP.auditVerify, async () => {
    const check = await verifyChain(db);
    const msg = check.intact
      ? `The audit trail is intact: ${counted(check.count, 'row')}, linked from the first to the last`
      : `The audit trail does not match at row ${check.row.seq} (${check.row.action}, ${check.row.at}): ${PROBLEMS[check.problem]}; the ${counted(check.count, 'row')} before it are intact`;
    return { status: true, msg, check };
  });

  route(op, OP.auditSign, async () => {
    const head = await signHead(db, ctx.receipts, ctx.clock.now());
    await audit(
      db,
      'audit sign',
      head ? String(head.seq) : null,
      {},
      null,
      head ? { seq: head.seq, hash: head.hash } : null,
    );
    return {
      status: true,
      msg: head
        ? `Signed the audit trail's head: row ${head.seq}, ${head.hash}; published at ${VERIFY_HTTP.log}`
        : 'The audit trail is empty: nothing to sign',
      head,
    };
  });

  // a day for the auditor, signed: its results, books, ledger and audit rows
  route(op, OP.exportDay, async (req) => {
    const { date } = parse(OPERATOR_REQUESTS.exportDay, req.query);
    const bundle = await exportDay(db, ctx.receipts, date, ctx.clock.now());
    await audit(db, 'export day', date, { date }, null, { bytes: bundle.signed.length });
    return { status: true, msg: `The day ${date} for the auditor, signed with the receipt keys`, bundle };
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
