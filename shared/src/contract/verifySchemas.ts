/**
 * The shapes of the verification answers (VERIFY_HTTP): a sealed book and a bid's inclusion proof, as
 * the server answers them and the player app's /verify page reads them.
 */
import { z } from 'zod';
import { parseIsoDate } from '../domain/format';
import { BOOK_SESSIONS } from './verify';

/** a SHA-256 hash, hex */
export const hex32 = z.string().regex(/^[0-9a-f]{64}$/);
/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
  .refine((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || parseIsoDate(d) !== null, 'Date must be a real day (YYYY-MM-DD)');
export const BookSessionSchema = z.enum(BOOK_SESSIONS);

export const BookQuerySchema = z.object({
  market: z.coerce.number().int('market must be a market id').positive('market must be a market id'),
  date: isoDay,
  session: BookSessionSchema,
});

/** A sealed book: its size and tree head, and `signature`, a compact JWS (EdDSA) of the other fields. */
export const BookAnswerSchema = z.object({
  typ: z.literal('matka-bid-book'),
  market: z.object({ id: z.number(), name: z.string() }),
  family: z.enum(['regular', 'starline', 'gali']),
  date: isoDay,
  session: BookSessionSchema,
  /** how many receipts it holds */
  size: z.number().int().nonnegative(),
  /** the RFC 6962 tree head, hex */
  root: hex32,
  sealed_at: z.string(),
  signature: z.string(),
  /** the session's declared result as the lists write it ('123-6'), or null while none is declared */
  result: z.string().nullable(),
  /** the result's declared parts (null before any): a receipt's check judges its bids by them */
  declared: z
    .object({ open_pana: z.string().nullable(), close_pana: z.string().nullable(), jodi: z.string().nullable() })
    .nullable(),
  /**
   * who declared the result (with certification on: who proposed it) and who certified it (null without
   * certification); like `result`, not part of the signed head
   */
  declared_by: z.string().nullable(),
  certified_by: z.string().nullable(),
});

export const ProofQuerySchema = z.object({
  bid: z.string().regex(/^[1-9]\d{0,17}$/, 'bid must be a bid id'),
});

/** A bid's inclusion proof: its receipt's leaf index in the book, the tree size, the audit path (leaf up). */
export const ProofAnswerSchema = z.object({
  bid_id: z.string(),
  submission_id: z.string(),
  market_id: z.number(),
  date: isoDay,
  session: BookSessionSchema,
  leaf_index: z.number().int().nonnegative(),
  tree_size: z.number().int().positive(),
  leaf_hash: hex32,
  audit_path: z.array(hex32),
  root: hex32,
});

/**
 * Why nothing could be answered, as a code a client decides by (never the text): 'bad_query' (400),
 * 'no_bid' (404: no such bid), 'not_sealed' (404: its session's bidding is still open), 'no_book' (404),
 * 'not_in_book' (409: the bid is missing from its sealed book), 'no_head' (404: the log signed no tree head
 * of that size, or has no such leaf), 'too_many' (429: this address asked too often; try again later).
 * `error` says it for a person.
 */
export const VERIFY_REFUSALS = [
  'bad_query',
  'no_bid',
  'not_sealed',
  'no_book',
  'not_in_book',
  'no_head',
  'too_many',
] as const;
export type VerifyRefusalCode = (typeof VERIFY_REFUSALS)[number];
export const VerifyRefusalSchema = z.object({ error: z.string(), code: z.enum(VERIFY_REFUSALS) });

/**
 * A signed tree head of the deployment's log (RFC 6962 / 9162): its size and root, when it was signed,
 * and `signature`, a compact JWS (EdDSA, the head key of its day) of { typ: 'matka-log-head', size, root,
 * signed_at }.
 */
export const TreeHeadSchema = z.object({
  size: z.number().int().positive(),
  root: hex32,
  signed_at: z.string(),
  signature: z.string(),
});

const treeSize = (what: string) =>
  z.coerce
    .number()
    .int(`${what} must be a tree size`)
    .positive(`${what} must be a tree size`)
    .max(2 ** 52);

export const LogConsistencyQuerySchema = z
  .object({ from: treeSize('from'), to: treeSize('to') })
  .refine((q) => q.from <= q.to, 'from must not be larger than to');

/** That the tree of `to` extends the tree of `from`: RFC 9162 §2.1.4 proof, hashes hex. */
export const LogConsistencyAnswerSchema = z.object({
  from: TreeHeadSchema,
  to: TreeHeadSchema,
  proof: z.array(hex32),
});

export const LogInclusionQuerySchema = z
  .object({
    index: z.coerce.number().int('index must be a leaf index').nonnegative('index must be a leaf index'),
    size: treeSize('size'),
  })
  .refine((q) => q.index < q.size, 'index must be below size');

/**
 * A leaf of the log: its statement (`leaf`, the RFC 8785 JSON whose SHA-256(0x00 ‖ bytes) is `leaf_hash`),
 * and its RFC 9162 §2.1.3 inclusion proof in the signed tree head `head`.
 */
export const LogInclusionAnswerSchema = z.object({
  index: z.number().int().nonnegative(),
  leaf: z.string(),
  leaf_hash: hex32,
  head: TreeHeadSchema,
  proof: z.array(hex32),
});

export type TreeHead = z.output<typeof TreeHeadSchema>;
export type BookAnswer = z.output<typeof BookAnswerSchema>;
export type ProofAnswer = z.output<typeof ProofAnswerSchema>;

/** A market session's sealed book, as a result names it (GET /verify/book has the whole of it). */
export const SealedBookSchema = z.object({ session: BookSessionSchema, size: z.number().int(), root: hex32 });
export type SealedBook = z.output<typeof SealedBookSchema>;
