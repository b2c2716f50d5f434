/**
 * Who may call the operator API, and the console's sign-in (issue 15).
 *
 * A call is made either with the bearer token (the CLI and scripts; acts as an owner) or with a console
 * session cookie (HttpOnly, SameSite=Strict, path /operator). A session's writes also carry the
 * X-CSRF-Token header the console was given at sign-in. Each call needs the right its path names in
 * CALL_RIGHTS, which the operator's role must hold; the refusal is a 403 that says who may.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import {
  longEnoughPassword,
  OPERATOR_NAME_RULE as NAME_RULE,
  OPERATOR_PASSWORD_MIN as PASSWORD_MIN,
  OPERATOR_PASSWORD_RULE as PASSWORD_RULE,
  OPERATOR_ROLES,
  refusal,
  roleAllows,
  type OperatorRight as Right,
  type OperatorRole,
} from '@matka/shared/domain';
import { actorContext, csrfOf, SESSION_TTL_MS, TOKEN_ACTOR_NAME, type Actor } from '../services/operators';
import { audit } from '../services/audit';
import { parse } from './common';

export const SESSION_COOKIE = 'matka_operator';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    operator?: Actor;
  }
}

/** The right each operator call needs, by path (first match); reads (GET) and writes apart. Else: owner only. */
const CALL_RIGHTS: { path: RegExp; read: Right; write: Right }[] = [
  { path: /^\/operator\/operators(\/|$)/, read: 'operators', write: 'operators' },
  { path: /^\/operator\/(result|starline|gali)\//, read: 'results', write: 'results' },
  { path: /^\/operator\/settlement(\/|$)/, read: 'results', write: 'results' },
  { path: /^\/operator\/(markets?|rates)(\/|$)/, read: 'markets:read', write: 'markets' },
  { path: /^\/operator\/(deposits|withdrawals|credit|debit)(\/|$)/, read: 'money', write: 'money' },
  { path: /^\/operator\/(users|set-betting)(\/|$)/, read: 'users:read', write: 'users' },
  { path: /^\/operator\/otp\//, read: 'users', write: 'users' },
  { path: /^\/operator\/settings(\/|$)/, read: 'settings', write: 'settings' },
  { path: /^\/operator\/audit(\/|$)/, read: 'audit', write: 'audit' },
  { path: /^\/operator\/dashboard(\/|$)/, read: 'dashboard', write: 'dashboard' },
  { path: /^\/operator\/reports(\/|$)/, read: 'reports', write: 'reports' },
];

/** Calls about one's own account: any signed-in operator (session and password even before a new password). */
const SELF = /^\/operator\/(session|password)(\/|$)/;
const SELF_SETUP = /^\/operator\/totp(\/|$)/;

export function rightOf(method: string, url: string): Right {
  const path = url.split('?')[0].toLowerCase();
  const rule = CALL_RIGHTS.find((r) => r.path.test(path));
  if (!rule) return 'operators';
  return method === 'GET' || method === 'HEAD' ? rule.read : rule.write;
}

const digest = (s: string) => createHash('sha256').update(s).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

const schemas = {
  signIn: z.object({
    username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(64),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
    code: z.string().max(12).optional(),
  }),
  password: z
    .object({
      current_password: z.string().max(200).optional(),
      new_password: z
        .string({ error: 'New password is required' })
        .max(200)
        .refine((p) => longEnoughPassword(p, PASSWORD_MIN), PASSWORD_RULE),
      confirm_password: z.string({ error: 'Confirm password is required' }),
    })
    .refine((b) => b.new_password === b.confirm_password, 'Passwords do not match'),
  totpEnable: z.object({
    secret: z.string({ error: 'secret is required' }).max(128),
    code: z.string({ error: 'Enter the 6-digit code' }).regex(/^\s*\d{6}\s*$/, 'Enter the 6-digit code'),
  }),
  totpDisable: z.object({
    code: z.string({ error: 'Enter the 6-digit code' }).regex(/^\s*\d{6}\s*$/, 'Enter the 6-digit code'),
  }),
  name: z.object({ name: z.string({ error: NAME_RULE }).trim().min(1, NAME_RULE).max(64) }),
  newOperator: z.object({
    name: z.string({ error: NAME_RULE }).trim().min(1, NAME_RULE).max(64),
    role: z.enum(OPERATOR_ROLES as [OperatorRole, ...OperatorRole[]], {
      error: `Role must be one of ${OPERATOR_ROLES.join(', ')}`,
    }),
  }),
};

const describe = (a: Actor & { totp?: boolean }) => ({
  name: a.name,
  role: a.role,
  must_change_password: a.mustChangePassword,
  totp: a.totp ?? false,
});

/**
 * Authentication, CSRF and role checks for every operator call, the console's session calls and the
 * owner's management of operators. Registered inside the /operator scope.
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
    reply.code(code).send({ status: false, msg, ...extra });

  op.addHook('onRequest', async (req, reply) => {
    // the router matches paths in any case ('/OPERATOR/...'): so do these checks
    const path = req.url.split('?')[0].toLowerCase();
    if (req.method === 'OPTIONS') return;
    if (req.method === 'POST' && path === '/operator/session') return; // signing in
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
    if (SELF.test(path)) return;
    if (actor.mustChangePassword) return deny(reply, 403, 'Set a new password first', { must_change_password: true });
    if (SELF_SETUP.test(path)) return;
    const right = rightOf(req.method, path);
    if (!roleAllows(actor.role, right)) return deny(reply, 403, refusal(actor.role, right));
  });

  // The handler and everything it awaits see the operator (the audit rows name them).
  op.addHook('preHandler', (req, _reply, done) => {
    if (req.operator) actorContext.run(req.operator, done);
    else done();
  });

  const setSession = (req: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/operator',
      httpOnly: true,
      sameSite: 'strict',
      secure: req.protocol === 'https',
      maxAge: SESSION_TTL_MS / 1000,
    });

  op.post('/session', async (req, reply) => {
    const body = parse(schemas.signIn, req.body);
    const key = body.username.toLowerCase();
    const attempt = await ctx.passwords.begin('operator', key, req.ip);
    if (!attempt) return deny(reply, 429, 'Too many sign-in attempts: wait a few minutes and try again');
    try {
      const { token, actor } = await operators.signIn(body.username, body.password, body.code);
      await attempt.succeeded();
      await actorContext.run(actor, () => audit(ctx.db, 'sign-in', actor.name, { ip: req.ip }, null, null));
      setSession(req, reply, token);
      return { status: true, msg: 'Signed in', operator: describe(actor), csrf_token: csrfOf(token) };
    } catch (e) {
      await audit(ctx.db, 'sign-in', body.username, { ip: req.ip }, null, null, false);
      throw e;
    }
  });

  op.get('/session', async (req) => {
    const actor = req.operator!;
    const token = req.cookies[SESSION_COOKIE];
    return {
      status: true,
      operator: describe(actor),
      ...(token && actor.sessionId ? { csrf_token: csrfOf(token) } : {}),
    };
  });

  op.post('/session/logout', async (req, reply) => {
    const actor = req.operator!;
    if (actor.sessionId) await operators.signOut(actor.sessionId);
    await audit(ctx.db, 'sign-out', actor.name, null, null, null);
    reply.clearCookie(SESSION_COOKIE, { path: '/operator' });
    return { status: true, msg: 'Signed out' };
  });

  op.post('/password', async (req) => {
    const body = parse(schemas.password, req.body);
    await operators.changePassword(req.operator!, body.current_password, body.new_password);
    await audit(ctx.db, 'password change', req.operator!.name, null, null, null);
    return { status: true, msg: 'Password saved' };
  });

  op.post('/totp/setup', async (req) => ({ status: true, ...(await operators.newTotp(req.operator!)) }));
  op.post('/totp/enable', async (req) => {
    const body = parse(schemas.totpEnable, req.body);
    await operators.confirmTotp(req.operator!, body.secret, body.code);
    await audit(ctx.db, 'totp enable', req.operator!.name, null, null, null);
    return { status: true, msg: 'Two-step sign-in is on' };
  });
  op.post('/totp/disable', async (req) => {
    const body = parse(schemas.totpDisable, req.body);
    await operators.removeTotp(req.operator!, body.code);
    await audit(ctx.db, 'totp disable', req.operator!.name, null, null, null);
    return { status: true, msg: 'Two-step sign-in is off' };
  });

  // ---------------------------------------------------------------- operators (owner)
  op.get('/operators', async () => ({ status: true, operators: await operators.list() }));

  op.post('/operators', async (req) => {
    const body = parse(schemas.newOperator, req.body);
    const { password } = await operators.create(body.name, body.role);
    await audit(ctx.db, 'operator add', body.name, { role: body.role }, null, { role: body.role });
    return {
      status: true,
      msg: `Operator ${body.name} (${body.role}) created: give them the one-time password`,
      name: body.name,
      role: body.role,
      one_time_password: password,
    };
  });

  op.post('/operators/reset-password', async (req) => {
    const body = parse(schemas.name, req.body);
    const password = await operators.resetPassword(body.name);
    await audit(ctx.db, 'operator reset-password', body.name, null, null, null);
    return { status: true, msg: `New one-time password for ${body.name}`, one_time_password: password };
  });

  for (const [path, disabled] of [
    ['/operators/disable', true],
    ['/operators/enable', false],
  ] as const)
    op.post(path, async (req) => {
      const body = parse(schemas.name, req.body);
      const row = await operators.setDisabled(body.name, disabled, req.operator!);
      await audit(
        ctx.db,
        disabled ? 'operator disable' : 'operator enable',
        row.name,
        null,
        { disabled: row.disabled_at !== null },
        { disabled },
      );
      return { status: true, msg: `${row.name} is now ${disabled ? 'disabled' : 'enabled'}` };
    });

  op.post('/operators/totp-off', async (req) => {
    const body = parse(schemas.name, req.body);
    const row = await operators.clearTotp(body.name, req.operator!);
    await audit(ctx.db, 'operator totp-off', row.name, null, { totp: true }, { totp: false });
    return { status: true, msg: `Two-step sign-in is off for ${row.name}: they can set it up again` };
  });

  op.post('/operators/role', async (req) => {
    const body = parse(schemas.newOperator, req.body);
    const row = await operators.setRole(body.name, body.role, req.operator!);
    await audit(ctx.db, 'operator role', row.name, null, { role: row.role }, { role: body.role });
    return { status: true, msg: `${row.name} is now ${body.role}` };
  });
}
