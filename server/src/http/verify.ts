/**
 * What anyone may check a receipt against, logged in or not, from any origin (a verifier of another
 * site, a tool): the receipts' public keys as a JWKS (RFC 7517), each market session's sealed book, and a
 * bid's inclusion proof in its book (RFC 6962); and the audit trail's signed heads.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { VERIFY_HTTP } from '@matka/shared/contract';
import { BookQuerySchema, LogQuerySchema, ProofQuerySchema } from '@matka/shared/contract/schemas';
import type { ZodType } from 'zod';
import type { AppContext } from '../context';
import { bookOf, proofOf } from '../services/books';
import { chainAt, signedHeads } from '../services/audit-chain';

/** The query read by its schema, or a 400 with the first problem for a person. */
function parsed<T>(schema: ZodType<T>, query: unknown, reply: FastifyReply): T | null {
  const r = schema.safeParse(query);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue.path.join('.');
  void reply.code(400).send({ error: issue.code === 'invalid_type' ? `${field} is required` : issue.message });
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

  app.get(VERIFY_HTTP.book, async (req, reply) => {
    open(reply, 0);
    const q = parsed(BookQuerySchema, req.query, reply);
    if (!q) return reply;
    const book = await bookOf(db, q.market, q.date, q.session);
    if (!book)
      return reply.code(404).send({ error: `No sealed book of market ${q.market} on ${q.date} (${q.session})` });
    return book;
  });

  // the audit trail's signed heads: whoever kept one can check later that nothing before it changed
  app.get(VERIFY_HTTP.log, async (req, reply) => {
    open(reply, 0);
    const q = parsed(LogQuerySchema, req.query, reply);
    if (!q) return reply;
    const heads = await signedHeads(db);
    return { head: heads[0] ?? null, heads, ...(q.seq ? { at: await chainAt(db, q.seq) } : {}) };
  });

  app.get(VERIFY_HTTP.proof, async (req, reply) => {
    open(reply, 0);
    const q = parsed(ProofQuerySchema, req.query, reply);
    if (!q) return reply;
    const proof = await proofOf(db, q.bid);
    if (proof === 'no-bid') return reply.code(404).send({ error: `No bid ${q.bid}` });
    if (proof === 'not-sealed')
      return reply
        .code(404)
        .send({ error: `Bid ${q.bid}'s session is still open: its book is sealed when bidding closes` });
    return proof;
  });
}
