import { MSG_NUL } from '../http/input';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { formatMinutes12, minutesToHHMM, parseHHMM } from '../services/clock';
import { findMarketInFamilies, lockMarket, updateMarket } from '../services/catalog';
import { marketIsOpen } from '../services/markets';
import { auditTrail, audit } from '../services/audit';
import { familySchema, hhmm, mobileSchema, parse } from './common';
import { registerMoneyOperatorRoutes } from './money';
import { registerOperatorAuth } from './auth';
import { registerDashboardRoute } from './dashboard';
import { registerResultOperatorRoutes } from './results';
import { registerUserOperatorRoutes } from './users';
import { Refusal } from '../errors';

const schemas = {
  setTimes: z.object({
    name: z.string({ error: 'market name is required' }).min(1, 'market name is required').max(100),
    family: familySchema.optional(),
    open: hhmm('open'),
    close: hhmm('close'),
  }),
};

/** The operator API under /operator/, as a Fastify plugin (registered by app.ts with the context). */
export const operatorPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  app.register(
    async (op) => {
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

      op.get('/markets', async () => {
        const now = clock.now();
        const list = (await ctx.markets.snapshot()).markets;
        return {
          status: true,
          markets: list.map((m) => ({
            id: m.id,
            family: m.family,
            name: m.name,
            open: minutesToHHMM(m.open_minute),
            close: minutesToHHMM(m.close_minute),
            open_time: m.open_time,
            close_time: m.close_time,
            active: m.active,
            off_days: m.off_days,
            open_now: marketIsOpen(m, now),
          })),
        };
      });

      op.post('/market/set-times', async (req) => {
        const body = parse(schemas.setTimes, req.body);
        const open = parseHHMM(body.open)!;
        const close = parseHHMM(body.close)!;
        const result = await db.transaction().execute(async (trx) => {
          const m = await findMarketInFamilies(trx, body.name, body.family);
          if (m.family === 'regular' && close <= open) throw new Refusal(400, 'close time must be after open time');
          const old = await lockMarket(trx, m.id);
          await updateMarket(trx, m.id, { open_minute: open, close_minute: close }, clock.now());
          const before = { open: minutesToHHMM(old.open_minute), close: minutesToHHMM(old.close_minute) };
          const after = { open: minutesToHHMM(open), close: minutesToHHMM(close) };
          await audit(trx, 'market set-times', `${m.family}:${m.name}`, body, before, after);
          return { m, after };
        });
        await ctx.markets.invalidate();
        return {
          status: true,
          msg: `${result.m.name}: open ${formatMinutes12(open)}, close ${formatMinutes12(close)}`,
          market: { id: result.m.id, family: result.m.family, name: result.m.name, ...result.after },
        };
      });

      op.get('/otp/last', async (req) => {
        const mobile = parse(mobileSchema, (req.query as Record<string, unknown>)?.mobile);
        const entry = ctx.outbox.get(mobile);
        if (!entry) {
          throw new Refusal(
            404,
            ctx.config.demo
              ? `No OTP sent to ${mobile} since the server started`
              : 'OTP codes are not kept outside demo mode (DEMO=1)',
          );
        }
        await audit(db, 'otp last', mobile, { mobile }, null, { purpose: entry.purpose, created_at: entry.created_at });
        return { status: true, ...entry };
      });

      registerUserOperatorRoutes(op, ctx);
      registerMoneyOperatorRoutes(op, ctx);
      registerResultOperatorRoutes(op, ctx);
      registerDashboardRoute(op, ctx);

      op.get('/audit', async (req) => {
        const q = parse(
          z.object({
            limit: z.coerce.number({ error: 'limit must be a whole number' }).int().positive().max(500).optional(),
          }),
          req.query,
        );
        const rows = await auditTrail(db, q.limit ?? 100);
        return { status: true, audit: rows };
      });
    },
    { prefix: '/operator' },
  );
};
