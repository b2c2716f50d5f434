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
import type { FastifyPluginAsync } from 'fastify';
import { OPERATOR_PREFIX, operatorAccess } from '@matka/shared/contract';
import type { AppContext } from '../context';
import { MSG_NUL } from '../http/input';
import { Refusal } from '../errors';
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
import { withdrawalsRoutes } from './withdrawals';

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
          return reply.code(400).send({ status: false, msg: MSG_NUL });
      });
      // An operator action may change any account (credit, set-betting, approvals, settlement): drop the
      // cached token -> account lookups before the answer goes out (operator actions are rare).
      op.addHook('onSend', async (req, _reply, payload) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') await ctx.users.clear();
        return payload;
      });
      op.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
        if (err instanceof Refusal)
          return reply.code(err.statusCode).send({ status: false, msg: err.message, ...err.extra });
        if (err.statusCode && err.statusCode < 500)
          return reply.code(err.statusCode).send({ status: false, msg: err.message });
        req.log.error({ err }, 'operator request failed');
        return reply.code(500).send({ status: false, msg: 'Operator action failed' });
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
      ])
        await op.register(routes, { ctx });
    },
    { prefix: OPERATOR_PREFIX },
  );
};
