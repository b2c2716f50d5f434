/**
 * The audit trail's chain (the operator's calls: verify it, sign its head, export a day for the auditor)
 * and its signed heads as published (GET /verify/log): requests and answers declared once, for the server, the console and the CLI.
 */
import { z } from 'zod';
import { parseIsoDate } from '../domain/format';
import { TreeHeadSchema, hex32 } from './verifySchemas';

/** A head of the chain: its last row's place and hash. */
export const ChainHeadSchema = z.object({ seq: z.number().int().positive(), hash: hex32 });

/** The chain's head as the server signed it: `signature` a compact JWS (EdDSA) of the other fields. */
export const SignedHeadSchema = ChainHeadSchema.extend({ signed_at: z.string(), signature: z.string() });

/**
 * The walk of the chain: intact with its count and how many signed heads matched it, or the first row
 * that does not match and how: 'content' (the row changed), 'link' (a row before it changed, removed or
 * added), 'gap' (rows missing), 'unlinked' (a row inserted outside the chain), 'head' (a signed head the
 * chain recomputed does not give: rows rewritten with every later hash recomputed, or a signature not the
 * server's), 'head missing' (a head whose signing the chain records was deleted).
 */
export const ChainCheckSchema = z.discriminatedUnion('intact', [
  z.object({
    intact: z.literal(true),
    count: z.number().int(),
    head: ChainHeadSchema.nullable(),
    heads: z.number().int(),
  }),
  z.object({
    intact: z.literal(false),
    count: z.number().int(),
    row: z.object({ seq: z.number().int(), id: z.string(), action: z.string(), at: z.string() }),
    problem: z.enum(['content', 'link', 'gap', 'unlinked', 'head', 'head missing']),
    head: z.object({ seq: z.number().int(), hash: z.string(), signed_at: z.string().optional() }).optional(),
  }),
]);

const ok = z.object({ status: z.literal(true), msg: z.string() });

export const AUDIT_REQUESTS = {
  auditVerify: z.object({}),
  auditSign: z.object({}),
  exportDay: z.object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
      .refine(
        (d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || parseIsoDate(d) !== null,
        'Date must be a real day (YYYY-MM-DD)',
      ),
  }),
} as const;

/** A day for the auditor: its keys, and the day (results, books, ledger, audit rows) signed as a JWS. */
export const DayBundleSchema = z.object({
  typ: z.literal('matka-day-bundle'),
  date: z.string(),
  keys: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
  signed: z.string(),
});

export const AUDIT_ANSWERS = {
  auditVerify: ok.extend({ check: ChainCheckSchema }),
  auditSign: ok.extend({ head: SignedHeadSchema.nullable() }),
  exportDay: ok.extend({ bundle: DayBundleSchema }),
} as const;

/**
 * GET /verify/log: the log's newest signed tree head (null before its first leaf), and the audit trail's
 * newest signed head and the earlier ones (newest first); `?seq=` the chain's hash there now.
 */
export const LogAnswerSchema = z.object({
  tree: TreeHeadSchema.nullable(),
  head: SignedHeadSchema.nullable(),
  heads: z.array(SignedHeadSchema),
  /** with `?seq=N`: the chain's row N as it is now (its hash), to compare with a head kept earlier */
  at: ChainHeadSchema.nullable().optional(),
});
export const LogQuerySchema = z.object({
  seq: z.coerce.number().int('seq must be a whole number').positive('seq must be a whole number').optional(),
});
