/**
 * What an operator runs the server by: request ids, one log line per request, and
 * readiness.
 *
 * - Every answer carries `X-Request-Id`: the caller's, when it sent a plain one (letters, digits, '.', '_',
 *   '-', at most 64), else a new one. The log line of the request carries the same id.
 * - One JSON line per request (pino, LOG_LEVEL info): the id, the method, the call (the route's pattern,
 *   never the URL with its query), the status and the time. Bodies, headers and queries are never
 *   logged, so no code, password or token reaches the log.
 * - `/readyz` answers 200 only when the database answers (within 2 s), every migration this build knows
 *   is applied, and the process hears the other processes' cache invalidations (LISTEN is up); else 503
 *   (what is wrong only to those who may read the figures). `/healthz` stays the liveness check.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { pingDatabase } from '../db';
import { appliedMigrations, loadMigrations } from '../db/migrate';
import { databaseRole, roleProblem } from '../db/roles';
import {
  httpDuration,
  httpRequests,
  metricsContentType,
  metricsText,
  queueFigures,
  scrapeFrom,
} from '../services/metrics';
import { refusedBody } from '../errors';

const SAFE_ID = /^[\w.-]{1,64}$/;

/**
 * This process's part of the ids it gives: random at start, so ids differ between processes and
 * restarts; a counter after it makes each unique (a random id per request cost 5 % of a polled list's
 * time in crypto's random fill, bench:api's profile).
 */
const ID_PREFIX = randomBytes(6).toString('hex');
let idSeq = 0;

/** Fastify's genReqId: the caller's X-Request-Id when it is a plain one, else this process's next id. */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && SAFE_ID.test(sent) ? sent : `${ID_PREFIX}-${(++idSeq).toString(36)}`;
}

/**
 * Once an answer is sent: the request's counters and time (/metrics), and its log line when the server
 * logs at all.
 */
export function countRequests(app: FastifyInstance, log: boolean) {
  app.addHook('onResponse', (req, reply, done) => {
    answered(log ? req.log : null, req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime);
    done();
  });
}

/**
 * What every answer leaves: its count and time by call (the route's pattern; '(no route)' when none
 * matched), and its log line on `log` (a logger bound to the request's id) when the server logs.
 */
export function answered(
  log: Pick<FastifyBaseLogger, 'info'> | null,
  method: string,
  pattern: string | undefined,
  status: number,
  ms: number,
  /** the request's id, for a logger that does not carry it (Fastify's request logger does) */
  reqId?: string,
) {
  const call = pattern ?? '(no route)';
  httpRequests.inc({ call, status });
  httpDuration.observe({ call }, ms / 1000);
  if (!log) return;
  const line = { method, call, status, ms: Math.round(ms * 10) / 10 };
  log.info(reqId === undefined ? line : { reqId, ...line }, 'request');
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
/** headers a proxy adds when it passes a request on: a loopback peer that sends one relays someone else */
const RELAYED = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via', 'x-forwarded-host'];

/**
 * Whether a caller may read the server's own figures (/metrics, and the details of /readyz and /healthz):
 * a request truly from this machine (a loopback socket, and no proxy header: nginx on the same machine
 * connects from loopback too, for everyone), or one with `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function mayReadFigures(
  req: { socket: { remoteAddress?: string }; headers: Record<string, string | string[] | undefined> },
  token: string | undefined,
): boolean {
  const local = LOOPBACK.test(req.socket.remoteAddress ?? '') && RELAYED.every((h) => req.headers[h] === undefined);
  if (local) return true;
  const sent = req.headers.authorization;
  return (
    !!token &&
    typeof sent === 'string' &&
    sent.length === token.length + 7 &&
    timingSafeEqual(Buffer.from(sent), Buffer.from(`Bearer ${token}`))
  );
}

/**
 * /metrics (Prometheus text): answered as is to a caller on this machine that no proxy relays (a scraper
 * on the same machine), to any other only with `Authorization: Bearer <METRICS_TOKEN>`; without
 * METRICS_TOKEN, only those local callers (mayReadFigures).
 */
export function metricsRoute(app: FastifyInstance, ctx: AppContext) {
  scrapeFrom({
    liveStreams: () => ctx.live.size,
    pool: () => ctx.database.poolStats?.() ?? null,
    queues: () => queueFigures(ctx.db),
  });
  const token = ctx.config.metricsToken;
  app.get('/metrics', async (req, reply) => {
    if (!mayReadFigures(req, token))
      return reply.code(403).send(refusedBody(403, 'Metrics are served to this machine or with the metrics token'));
    try {
      const text = await metricsText();
      return reply.type(metricsContentType).send(text);
    } catch (err) {
      return reply.code(503).send(refusedBody(503, `Metrics unavailable: ${(err as Error).message}`));
    }
  });
}

const DB_TIMEOUT_MS = 2_000;

/** What keeps this process from serving, or [] when it is ready. */
export async function readinessProblems(ctx: AppContext, expected = loadMigrations().map((m) => m.name)) {
  const problems: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS);
  });
  try {
    const rows = await Promise.race([appliedMigrations(ctx.database), timeout]);
    const applied = new Set(rows);
    const missing = expected.filter((m) => !applied.has(m));
    if (missing.length) problems.push(`migrations not applied: ${missing.join(', ')}`);
  } catch (err) {
    problems.push(`database: ${(err as Error).message === 'timeout' ? 'no answer within 2 s' : 'unreachable'}`);
  } finally {
    clearTimeout(timer);
  }
  if (!ctx.bus.live) problems.push('cache invalidations: not listening');
  return problems;
}

/**
 * /readyz and /healthz: their status code and status word for anyone (a load balancer needs no more);
 * what is wrong, the database's kind and the migrations only to those who may read the server's figures.
 */
export function readinessRoute(app: FastifyInstance, ctx: AppContext) {
  const expected = loadMigrations().map((m) => m.name);
  app.get('/readyz', async (req, reply) => {
    const problems = await readinessProblems(ctx, expected);
    const details = mayReadFigures(req, ctx.config.metricsToken);
    if (problems.length) return reply.code(503).send({ status: 'not ready', ...(details ? { problems } : {}) });
    if (!details) return { status: 'ready' };
    // on PostgreSQL, who the server is: a role that owns its tables runs only with ALLOW_TABLE_OWNER=1
    const role = ctx.database.kind === 'postgres' ? await databaseRole(ctx.database.db) : null;
    return {
      status: 'ready',
      db: ctx.database.kind,
      migrations: expected.length,
      ...(role
        ? {
            db_role: {
              ...role,
              table_owner: roleProblem(role) !== null,
              allowed_by: roleProblem(role) ? 'ALLOW_TABLE_OWNER=1' : null,
            },
          }
        : {}),
    };
  });
  app.get('/healthz', async (req, reply) => {
    try {
      await pingDatabase(ctx.database);
      return { status: 'ok', ...(mayReadFigures(req, ctx.config.metricsToken) ? { db: ctx.database.kind } : {}) };
    } catch {
      return reply.code(503).send({ status: 'error' });
    }
  });
}
