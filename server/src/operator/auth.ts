/**
 * Who may call the operator API, and the console's sign-in.
 *
 * A call is made either with the bearer token (the CLI and scripts; acts as an owner) or with a console
 * session cookie (HttpOnly, SameSite=Strict, path /operator). A session's writes also carry the
 * X-CSRF-Token header the console was given at sign-in. Each call needs the right the operator contract
 * (OPERATOR_CALLS) gives it, which the operator's role must hold; the refusal is a 403 that says who may.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { refusal, roleAllows } from '@matka/shared/domain';
import { OPERATOR_PREFIX, operatorAccess, type OperatorAccess } from '@matka/shared/contract';
import { actAs, csrfOf, TOKEN_ACTOR_NAME, type Actor } from '../services/operators';
import { refusedBody } from '../errors';

export const SESSION_COOKIE = 'matka_operator';
const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    operator?: Actor;
  }
}

/**
 * Who may make a call: the operator contract's (@matka/shared/contract OPERATOR_CALLS) by method and
 * path; a call it does not declare is the owner's (and then answers 404).
 */
function accessOf(method: string, url: string): OperatorAccess {
  const path = url
    .split('?')[0]
    .toLowerCase()
    .replace(new RegExp(`^${OPERATOR_PREFIX}(?=/|$)`), '');
  return operatorAccess(method, path) ?? 'operators';
}

const digest = (s: string) => createHash('sha256').update(s).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** An operator as the session calls answer it. */
export const describe = (a: Actor & { totp?: boolean }) => ({
  name: a.name,
  role: a.role,
  must_change_password: a.mustChangePassword,
  totp: a.totp ?? false,
});

/**
 * Authentication, CSRF and role checks for every operator call (the hooks of the /operator scope: the
 * console's session calls are session.ts, the owner's management of operators operators.ts).
 */
export async function registerOperatorAuth(op: FastifyInstance, ctx: AppContext) {
  const { operators } = ctx;
  await op.register(cookie);

  const tokenActor: Actor = {
    id: null,
    name: TOKEN_ACTOR_NAME,
    role: 'owner',
    mustChangePassword: false,
    sessionId: null,
  };

  const deny = (reply: FastifyReply, code: number, msg: string, extra: Record<string, unknown> = {}) =>
    reply.code(code).send({ ...extra, ...refusedBody(code, msg) });

  op.addHook('onRequest', async (req, reply) => {
    // the router matches paths in any case ('/OPERATOR/...'): so do these checks
    const path = req.url.split('?')[0].toLowerCase();
    if (req.method === 'OPTIONS') return;
    if (accessOf(req.method, path) === 'sign-in') return; // signing in
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (bearer) {
      if (!same(bearer[1].trim(), ctx.operatorToken)) return deny(reply, 401, 'Operator token missing or wrong');
      req.operator = tokenActor;
    } else {
      const token = req.cookies[SESSION_COOKIE];
      if (!token) return deny(reply, 401, 'Operator token missing or wrong: sign in to the console or send the token');
      const actor = await operators.session(token);
      if (!actor) {
        reply.clearCookie(SESSION_COOKIE, { path: '/operator' });
        return deny(reply, 401, 'Your session has ended: sign in again', { signed_out: true });
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const sent = req.headers[CSRF_HEADER];
        if (typeof sent !== 'string' || !same(sent, csrfOf(token)))
          return deny(reply, 403, 'This request is missing its security token: reload the console and try again');
      }
      req.operator = actor;
    }
    const actor = req.operator;
    const access = accessOf(req.method, path);
    if (access === 'self' || access === 'sign-in') return;
    if (actor.mustChangePassword) return deny(reply, 403, 'Set a new password first', { must_change_password: true });
    if (access === 'self-setup') return;
    if (!roleAllows(actor.role, access)) return deny(reply, 403, refusal(actor.role, access));
  });

  // The handler and everything it awaits see the operator (the audit rows name them), until the answer
  // has gone or the connection closed.
  op.addHook('preHandler', (req, reply, done) => {
    if (!req.operator) return done();
    const { end } = actAs(req.operator, done);
    reply.raw.once('close', end);
  });
}
