/**
 * What anyone may check a receipt against, logged in or not, from any origin (a verifier of another
 * site, a tool): the receipts' public keys as a JWKS (RFC 7517), each market session's sealed book, and a
 * bid's inclusion proof in its book (RFC 6962); the audit trail's signed heads; and the deployment's log
 * of both (services/transparency-log.ts): its signed tree head, consistency and inclusion proofs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VERIFY_HTTP } from '@matka/shared/contract';
import {
  BookQuerySchema,
  LogConsistencyQuerySchema,
  LogInclusionQuerySchema,
  LogQuerySchema,
  ProofQuerySchema,
  type VerifyRefusalCode,
} from '@matka/shared/contract/schemas';
import type { ZodType } from 'zod';
import type { AppContext } from '../context';
import { bookOf, proofOf } from '../services/books';
import { chainAt, signedHeads } from '../services/audit-chain';
import { consistencyProof, inclusionProof, latestTreeHead } from '../services/transparency-log';

const STATUS: Record<VerifyRefusalCode, number> = {
  bad_query: 400,
  no_bid: 404,
  not_sealed: 404,
  no_book: 404,
  not_in_book: 409,
  no_head: 404,
  too_many: 429,
};

/** A refusal: its code (what a client decides by) and its text for a person. */
const refuse = (reply: FastifyReply, code: VerifyRefusalCode, error: string) =>
  reply.code(STATUS[code]).send({ error, code });

/** The query read by its schema, or a 400 with the first problem for a person. */
function parsed<T>(schema: ZodType<T>, query: unknown, reply: FastifyReply): T | null {
  const r = schema.safeParse(query);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue.path.join('.');
  void refuse(reply, 'bad_query', issue.code === 'invalid_type' ? `${field} is required` : issue.message);
  return null;
}

export async function registerVerify(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const open = (reply: FastifyReply, maxAge: number) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Cache-Control', maxAge ? `public, max-age=${maxAge}` : 'no-cache');
  };

  app.get(VERIFY_HTTP.jwks, async (_req, reply) => {
    open(reply, 300);
    reply.type('application/jwk-set+json');
    return ctx.receipts.jwks();
  });

  /**
   * Anyone may ask, but an address only so often (shared by every process): a receipt's check takes two
   * calls, so an address checks many receipts a window, and cannot walk every bid id for free.
   */
  const limited = async (req: FastifyRequest, reply: FastifyReply) => {
    open(reply, 0);
    if (await ctx.limiter.take([[`verify:${req.ip}`, ctx.config.rateLimits.verifyPerIp]])) return false;
    reply.header('Retry-After', String(Math.ceil(ctx.config.rateLimits.windowMs / 1000)));
    void refuse(reply, 'too_many', 'Too many checks from this address: try again later');
    return true;
  };

  app.get(VERIFY_HTTP.book, async (req, reply) => {
    if (await limited(req, reply)) return reply;
    const q = parsed(BookQuerySchema, req.query, reply);
    if (!q) return reply;
    const book = await bookOf(db, q.market, q.date, q.session);
    if (!book) return refuse(reply, 'no_book', `No sealed book of market ${q.market} on ${q.date} (${q.session})`);
    return book;
  });

  // the audit trail's signed heads: whoever kept one can check later that nothing before it changed
  app.get(VERIFY_HTTP.log, async (req, reply) => {
    if (await limited(req, reply)) return reply;
    const q = parsed(LogQuerySchema, req.query, reply);
    if (!q) return reply;
    const heads = await signedHeads(db);
    return {
      tree: await latestTreeHead(db),
      head: heads[0] ?? null,
      heads,
      ...(q.seq ? { at: await chainAt(db, q.seq) } : {}),
    };
  });

  // that today's tree extends one a player or a witness kept: RFC 9162 consistency proof between two heads
  app.get(VERIFY_HTTP.logConsistency, async (req, reply) => {
    if (await limited(req, reply)) return reply;
    const q = parsed(LogConsistencyQuerySchema, req.query, reply);
    if (!q) return reply;
    const proof = await consistencyProof(db, q.from, q.to);
    if (!proof) return refuse(reply, 'no_head', `The log signed no tree head of size ${q.from} or ${q.to}`);
    return proof;
  });

  // a leaf of the log (a book's head, an audit head) and its inclusion proof in a signed tree head
  app.get(VERIFY_HTTP.logInclusion, async (req, reply) => {
    if (await limited(req, reply)) return reply;
    const q = parsed(LogInclusionQuerySchema, req.query, reply);
    if (!q) return reply;
    const proof = await inclusionProof(db, q.index, q.size);
    if (!proof)
      return refuse(reply, 'no_head', `The log has no leaf ${q.index} under a signed tree head of size ${q.size}`);
    return proof;
  });

  app.get(VERIFY_HTTP.proof, async (req, reply) => {
    if (await limited(req, reply)) return reply;
    const q = parsed(ProofQuerySchema, req.query, reply);
    if (!q) return reply;
    const proof = await proofOf(db, q.bid);
    if (proof === 'no-bid') return refuse(reply, 'no_bid', `No bid ${q.bid}`);
    if (proof === 'not-sealed')
      return refuse(
        reply,
        'not_sealed',
        `Bid ${q.bid}'s session is still open: its book is sealed when bidding closes`,
      );
    if (proof === 'not-in-book')
      return refuse(reply, 'not_in_book', `Bid ${q.bid} is missing from its session's sealed book`);
    return proof;
  });
}
