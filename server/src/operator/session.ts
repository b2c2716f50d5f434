/**
 * The console's own calls about the signed-in operator: sign in (/session, with the two-step code when
 * it is on), who is signed in (and the CSRF token after a reload), sign out, change the password, and
 * set up or turn off two-step sign-in (/totp/*). Each is audited.
 */
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { audit } from '../services/audit';
import { actAs, csrfOf, SESSION_TTL_MS } from '../services/operators';
import { SESSION_COOKIE, describe } from './auth';
import { route } from './common';
import { refusedBody } from '../errors';

export const sessionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { operators } = ctx;

  const setSession = (req: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/operator',
      httpOnly: true,
      sameSite: 'strict',
      secure: req.protocol === 'https',
      maxAge: SESSION_TTL_MS / 1000,
    });

  route(op, OP.signIn, async (body, req, reply) => {
    const key = body.username.toLowerCase();
    const attempt = await ctx.passwords.begin('operator', key, req.ip);
    if (!attempt)
      return reply.code(429).send(refusedBody(429, 'Too many sign-in attempts: wait a few minutes and try again'));
    try {
      const { token, actor } = await operators.signIn(body.username, body.password, body.code);
      await attempt.succeeded();
      const signedIn = actAs(actor, () => audit(ctx.db, 'sign-in', actor.name, { ip: req.ip }, null, null));
      await signedIn.result.finally(signedIn.end);
      setSession(req, reply, token);
      return { status: true, msg: 'Signed in', operator: describe(actor), csrf_token: csrfOf(token) };
    } catch (e) {
      await audit(ctx.db, 'sign-in', body.username, { ip: req.ip }, null, null, false);
      throw e;
    }
  });

  route(op, OP.session, async (_, req) => {
    const actor = req.operator!;
    const token = req.cookies[SESSION_COOKIE];
    return {
      status: true,
      operator: describe(actor),
      ...(token && actor.sessionId ? { csrf_token: csrfOf(token) } : {}),
    };
  });

  route(op, OP.signOut, async (_, req, reply) => {
    const actor = req.operator!;
    if (actor.sessionId) await operators.signOut(actor.sessionId);
    await audit(ctx.db, 'sign-out', actor.name, null, null, null);
    reply.clearCookie(SESSION_COOKIE, { path: '/operator' });
    return { status: true, msg: 'Signed out' };
  });

  route(op, OP.setPassword, async (body, req) => {
    await operators.changePassword(req.operator!, body.current_password, body.new_password);
    await audit(ctx.db, 'password change', req.operator!.name, null, null, null);
    return { status: true, msg: 'Password saved' };
  });

  route(op, OP.totpSetup, async (_, req) => ({ status: true, ...(await operators.newTotp(req.operator!)) }));
  route(op, OP.totpEnable, async (body, req) => {
    await operators.confirmTotp(req.operator!, body.secret, body.code);
    await audit(ctx.db, 'totp enable', req.operator!.name, null, null, null);
    return { status: true, msg: 'Two-step sign-in is on' };
  });
  route(op, OP.totpDisable, async (body, req) => {
    await operators.removeTotp(req.operator!, body.code);
    await audit(ctx.db, 'totp disable', req.operator!.name, null, null, null);
    return { status: true, msg: 'Two-step sign-in is off' };
  });
};
