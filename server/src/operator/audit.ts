/**
 * /operator/audit: the newest rows of the audit log (who did what, when, with what before and after);
 * /operator/audit/verify and /operator/audit/sign: its hash chain walked, its head signed and published;
 * and /operator/otp/last (demo mode only): the last code sent to a number, for testing the app by hand.
 */
import { OP, VERIFY_HTTP } from '@matka/shared/contract';
import { counted } from '@matka/shared/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { audit, auditTrail } from '../services/audit';
import { Refusal } from '../errors';
import { signHead, verifyChain, type ChainCheck } from '../services/audit-chain';
import { exportDay } from '../services/export-day';

/** What a row that does not match means. */
const PROBLEMS = {
  content: 'its fields are not what was written and hashed (the row was changed)',
  link: 'it is not linked to the row before it (a row before it was changed, removed or added)',
  gap: 'rows before it are missing',
  unlinked: 'it is outside the chain (inserted behind its back, never linked)',
  head: "a signed head does not match the chain recomputed (rows at or before it were rewritten and every later hash recomputed), or its signature is not the server's",
  'head missing': 'the head whose signing it records is no longer stored (deleted)',
} as const;
import { route } from './common';

/** What `audit verify` found, as the operator and the CLI read it. */
function checkText(check: ChainCheck): string {
  if (check.intact)
    return `The audit trail is intact: ${counted(check.count, 'row')}, linked from the first to the last${
      check.heads ? `; ${counted(check.heads, 'signed head')} match it` : ''
    }`;
  const where =
    check.problem === 'unlinked'
      ? `audit row id ${check.row.id} (${check.row.action}, ${check.row.at})`
      : check.problem === 'head'
        ? `the head signed at ${check.head?.signed_at} for row ${check.row.seq} (${check.head?.hash})`
        : check.problem === 'head missing'
          ? `row ${check.row.seq} (${check.row.action}, ${check.row.at}), which records the head of row ${check.head?.seq}`
          : `row ${check.row.seq} (${check.row.action}, ${check.row.at})`;
  return `The audit trail does not match at ${where}: ${PROBLEMS[check.problem]}; ${
    check.problem === 'head' || check.problem === 'head missing' || check.problem === 'unlinked'
      ? `its ${counted(check.count, 'row')} link from the first to the last`
      : `the ${counted(check.count, 'row')} before it are intact`
  }`;
}

export const auditRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { db } = ctx;

  route(op, OP.audit, async (q) => {
    const rows = await auditTrail(db, q.limit ?? 100);
    return { status: true, audit: rows };
  });

  route(op, OP.auditVerify, async () => {
    const check = await verifyChain(db, ctx.receipts.jwks());
    return { status: true, msg: checkText(check), check };
  });

  route(op, OP.auditSign, async (_, req) => {
    // the signing is itself an audit row (signHead writes it): a head deleted later is found by it
    const head = await signHead(db, ctx.receipts, ctx.clock.now(), req.operator?.name ?? null);
    return {
      status: true,
      msg: head
        ? `Signed the audit trail's head: row ${head.seq}, ${head.hash}; published at ${VERIFY_HTTP.log}`
        : 'The audit trail is empty: nothing to sign',
      head,
    };
  });

  // a day for the auditor, signed: its results, books, ledger and audit rows
  route(op, OP.exportDay, async ({ date }) => {
    const bundle = await exportDay(db, ctx.receipts, date, ctx.clock.now());
    await audit(db, 'export day', date, { date }, null, { bytes: bundle.signed.length });
    return { status: true, msg: `The day ${date} for the auditor, signed with the day bundle key`, bundle };
  });

  route(op, OP.lastOtp, async ({ mobile }) => {
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
