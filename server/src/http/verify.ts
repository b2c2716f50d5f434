/**
 * What anyone may check a receipt against: the receipts' public keys as a JWKS (RFC 7517) at
 * /.well-known/jwks.json, every key that ever signed one, each with its kid.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export const JWKS_PATH = '/.well-known/jwks.json';

export async function registerVerify(app: FastifyInstance, ctx: AppContext) {
  app.get(JWKS_PATH, async (_req, reply) => {
    // another origin's page or tool may fetch it (a verifier of our receipts)
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Cache-Control', 'public, max-age=300');
    reply.type('application/jwk-set+json');
    return ctx.receipts.jwks();
  });
}
