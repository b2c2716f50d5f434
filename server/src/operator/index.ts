/**
 * The operator API under /operator/, as a Fastify plugin (registered by app.ts with the context): the
 * scope's hooks (who may call: auth.ts; a NUL in a query string refused; the token cache dropped after
 * a change) and its one error handler, then one plugin per concern, each in the file named by its URLs:
 * session.ts (/session, /password, /totp), operators.ts, markets.ts (/markets, /market/*, /rates),
 * results.ts (/result, /starline, /gali, /settlement), deposits.ts, withdrawals.ts, users.ts (/users,
 * /set-betting, /credit, /debit), settings.ts, dashboard.ts (/dashboard, /reports), audit.ts (/audit,
 * /otp/last), notices.ts (/notices), backup.ts (/backup).
 */
import cors from '@fastify/cors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { OPERATOR_PREFIX, operatorAccess, operatorCallOf } from '@matka/shared/contract';
import { OPERATOR_ANSWERS, type OperatorCallWithAnswer } from '@matka/shared/contract/schemas';
import { WRITTEN_OPERATOR_REFUSAL, declaredOnly } from '@matka/shared/contract/written';
import type { AppContext } from '../context';
import { MSG_NUL } from '../http/input';
import { Refusal, refusedBody } from '../errors';
import { registerOperatorAuth } from './auth';
import { auditRoutes } from './audit';
import { dashboardRoutes } from './dashboard';
import { depositsRoutes } from './deposits';
import { marketsRoutes } from './markets';
import { operatorsRoutes } from './operators';
import { resultsRoutes } from './results';
import { sessionRoutes } from './session';
import { settingsRoutes } from './settings';
import { usersRoutes } from './users';
import { noticesRoutes } from './notices';
import { backupRoutes } from './backup';
import { familiesRoutes } from './families';
import { withdrawalsRoutes } from './withdrawals';

/** The answer about to be sent, parsed by its call's schema (a success) or as a refusal. */
/** The schema an operator call's answer is written through: its call's, or a refusal's; null for no JSON. */
function writtenSchemaOf(req: FastifyRequest, reply: FastifyReply) {
  const path = (req.routeOptions.url ?? '').replace(new RegExp(`^${OPERATOR_PREFIX}(?=/|$)`), '');
  const call = operatorCallOf(req.method, path);
  if (reply.statusCode !== 200) return WRITTEN_OPERATOR_REFUSAL;
  if (!call || !Object.hasOwn(OPERATOR_ANSWERS, call)) return null;
  return OPERATOR_ANSWERS[call as OperatorCallWithAnswer];
}

/**
 * Every JSON answer of the operator API is written through its call's schema: a field it does not name
 * never leaves. With CHECK_ANSWERS such a field is a drift (500 with its path), so a test fails there.
 */
function writtenBySchema(check: boolean) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (payload === null || typeof payload !== 'object') return payload;
    const schema = writtenSchemaOf(req, reply);
    if (!schema) return payload;
    const undeclared: string[] = [];
    const written = declaredOnly(schema, payload, check ? undeclared : undefined);
    if (!undeclared.length) return written;
    const drift = `${undeclared.join(', ')}: not declared`;
    req.log.error({ drift }, 'operator answer drifted from the contract');
    reply.code(500);
    return refusedBody(500, `${req.method} ${req.routeOptions.url} answer drifted from the contract: ${drift}`);
  };
}

export async function operatorAnswerCheck(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
    return payload;
  const path = (req.routeOptions.url ?? '').replace(new RegExp(`^${OPERATOR_PREFIX}(?=/|$)`), '');
  const call = operatorCallOf(req.method, path);
  if (!call) return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    body = payload;
  }
  const schema = writtenSchemaOf(req, reply);
  if (!schema) return payload;
  const checked = schema.safeParse(body);
  if (checked.success) return payload;
  const drift = checked.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
  req.log.error({ call, drift }, 'operator answer drifted from the contract');
  reply.code(500);
  return JSON.stringify(refusedBody(500, `${call} answer drifted from the contract: ${drift}`));
}

export const operatorPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(
    async (op) => {
      // every route is a call the operator contract declares (a route it does not list stops the start)
      op.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          const path = route.url.replace(new RegExp(`^${OPERATOR_PREFIX}(?=/|$)`), '');
          if (!operatorAccess(method, path))
            throw new Error(
              `${method} ${route.url} is not a call of the operator contract: declare it in OPERATOR_CALLS`,
            );
        }
      });
      // CORS of the operator API (http/security.ts sets the player API's): the console's configured origins
      // only, with credentials; none configured, no cross-origin call at all (same origin needs none).
      // @fastify/cors registered in this scope: its hook runs for the operator's routes only, and its
      // OPTIONS route answers their preflights (with no console origin: not found).
      await op.register(cors, {
        origin: ctx.config.consoleOrigins.length ? ctx.config.consoleOrigins : false,
        credentials: true,
        methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
        allowedHeaders: ['Content-Type', 'Authorization', 'X-CSRF-Token'],
        maxAge: 600,
      });
      await registerOperatorAuth(op, ctx);
      // PostgreSQL text cannot hold NUL: refused in a query string here (bodies: by the body parser)
      op.addHook('preValidation', async (req, reply) => {
        if (JSON.stringify(req.query ?? null).includes('\\u0000'))
          return reply.code(400).send(refusedBody(400, MSG_NUL));
      });
      // An operator action may change any account (credit, set-betting, approvals, settlement): drop the
      // cached token -> account lookups before the answer goes out (operator actions are rare).
      op.addHook('onSend', async (req, _reply, payload) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') await ctx.users.clear();
        return payload;
      });
      // CHECK_ANSWERS (the test suites): every JSON answer is parsed by its call's schema in the contract;
      // one that drifts is answered 500 with what drifted, so the test that made the call fails there
      op.addHook('preSerialization', writtenBySchema(ctx.config.checkAnswers));
      if (ctx.config.checkAnswers) op.addHook('onSend', operatorAnswerCheck);
      op.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
        if (err instanceof Refusal) {
          // a refusal may name its own code (what the console decides by); else its status says it
          const { code, ...extra } = err.extra;
          const own = typeof code === 'string' ? code : undefined;
          return reply.code(err.statusCode).send({ ...extra, ...refusedBody(err.statusCode, err.message, own) });
        }
        if (err.statusCode && err.statusCode < 500)
          return reply.code(err.statusCode).send(refusedBody(err.statusCode, err.message));
        req.log.error({ err }, 'operator request failed');
        return reply.code(500).send(refusedBody(500, 'Operator action failed'));
      });

      for (const routes of [
        sessionRoutes,
        operatorsRoutes,
        marketsRoutes,
        resultsRoutes,
        depositsRoutes,
        withdrawalsRoutes,
        usersRoutes,
        settingsRoutes,
        dashboardRoutes,
        auditRoutes,
        noticesRoutes,
        backupRoutes,
        familiesRoutes,
      ])
        await op.register(routes, { ctx });
    },
    { prefix: OPERATOR_PREFIX },
  );
};
