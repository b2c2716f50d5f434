import { SettlementRunner } from './services/settlement-jobs';
import { LiveHub, LiveIds } from './services/live';
import { registerApiDocs } from './http/openapi';
import { EmbeddedVacuum } from './services/vacuum';
import { livePlugin } from './api/live';
import { inboxPlugin } from './api/inbox';
import { pushPlugin } from './api/push';
import { protectionPlugin } from './api/protection';
import { PushSender, vapidKeys } from './services/push';
import Fastify, { LogController, type FastifyInstance, type FastifyError } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from './config';
import { loadConfig } from './config';
import type { Database } from './db';
import type { AppContext } from './context';
import { offsetClock, systemClock, type Clock } from './services/clock';
import { GapGate, PasswordGuard, SlidingWindowLimiter } from './services/ratelimit';
import { UserCache } from './services/usercache';
import { MarketCache } from './services/markets';
import { LocalBus, PgBus, type CacheBus } from './services/bus';
import { registerStatic } from './http/static';
import { refuseUndeclaredRoutes } from './http/declared';
import { registerReleases } from './http/releases';
import { registerVerify } from './http/verify';
import { Releases } from './services/releases';
import { ReceiptSigner } from './services/receipts';
import { BookSealer, ReceiptLeaves } from './services/book-keeper';
import { DailyHeads } from './services/audit-chain';
import { clientErrorHandler, registerSecurityHeaders } from './http/security';
import { installSchemaMessages, registerJsonParsers } from './http/input';
import { createSmsSender, type SmsSender } from './services/sms';
import { rewriteCallUrl } from './http/compat';
import { accountsPlugin } from './api/accounts';
import { contentPlugin } from './api/content';
import { bidsPlugin } from './api/bids';
import { walletPlugin } from './api/wallet';
import { depositsPlugin } from './api/deposits';
import { withdrawalsPlugin } from './api/withdrawals';
import { transfersPlugin } from './api/transfers';
import { chartsPlugin } from './pages/charts';
import { operatorPlugin } from './operator';
import { OperatorService } from './services/operators';
import { BidWriter } from './services/bid-batch';
import { appCallsPlugin } from './api/app-calls';
import { originalCallsPlugin } from './api/original-calls';
import { paymentSlipPlugin } from './api/payment-slip';
import { countRequests, metricsRoute, readinessRoute, requestIdOf } from './http/operations';
import { countedSms } from './services/metrics';
import { refusedBody } from './errors';

export interface BuildAppOptions {
  /** an opened and migrated database */
  db: Database;
  config?: AppConfig;
  clock?: Clock;
  /** operator bearer token; defaults to config.operatorToken or a random one */
  operatorToken?: string;
  /** HMAC key of the OTP codes; defaults to config.otpSecret or a random one (codes then die with the process) */
  otpSecret?: string;
  /** where codes are sent; defaults to the provider of config.sms */
  sms?: SmsSender;
  /** the bid receipts' keys; defaults to a fresh key in memory (receipts then verify only while it runs) */
  receipts?: ReceiptSigner;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

installSchemaMessages();

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const config = opts.config ?? loadConfig();
  const clock = opts.clock ?? (config.clockOffsetMs ? offsetClock(config.clockOffsetMs) : systemClock);
  const app = Fastify({
    // 'silent' needs no logger at all (no child logger per request)
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // one line per request of our own (http/operations.ts), with the id the answer carries
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    bodyLimit: 256 * 1024,
    // a client that sends half a request and stalls is dropped (headers, then the whole request)
    connectionTimeout: config.requestTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    // Node looks for such requests every connectionsCheckingInterval (30 s by default, so a body sent a
    // byte at a time was held up to a minute past the timeout): every second here, and the headers
    // have the same bound
    http: {
      connectionsCheckingInterval: Math.min(1_000, config.requestTimeoutMs),
      headersTimeout: config.requestTimeoutMs,
    },
    // off unless TRUST_PROXY is set (see config.ts): req.ip then comes from X-Forwarded-For
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops) => (_addr: string, i: number) =>
              i < hops
          )(config.trustProxy)
        : config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // a request Node cannot parse still gets the API's JSON answer
    clientErrorHandler,
    // the paths and names deployed clients use (root '/api-…', aliases): see http/compat.ts
    rewriteUrl: (req) => rewriteCallUrl(req.url ?? '/'),
  });
  // every route is one the contract declares (a route declared nowhere stops the start)
  refuseUndeclaredRoutes(app);

  // the caches of every process on one PostgreSQL agree through LISTEN/NOTIFY; PGlite has one process
  let bus: CacheBus = new LocalBus(opts.db.listen?.bind(opts.db));
  if (opts.db.kind === 'postgres' && opts.db.url) {
    const pgBus = new PgBus(opts.db.url, opts.db.db, app.log);
    await pgBus.start();
    bus = pgBus;
  }
  app.addHook('onClose', () => bus.close());

  // limits shared by every process on the database (rate_events / rate_gates)
  const limiter = new SlidingWindowLimiter(opts.db.db, clock, config.rateLimits.windowMs, 'w');
  const ctx: AppContext = {
    database: opts.db,
    db: opts.db.db,
    config,
    clock,
    log: app.log,
    limiter,
    dailyLimiter: new SlidingWindowLimiter(opts.db.db, clock, 24 * 60 * 60 * 1000, 'd'),
    passwords: new PasswordGuard(limiter, clock, config.rateLimits),
    otpGate: new GapGate(opts.db.db, clock),
    otpSecret: opts.otpSecret ?? config.otpSecret ?? randomBytes(32).toString('hex'),
    users: new UserCache(clock, config.userCacheTtlMs, bus, app.log),
    sms: countedSms(opts.sms ?? createSmsSender(config.sms, app.log)),
    outbox: new Map(),
    markets: new MarketCache(opts.db.db, clock, bus, app.log),
    bus,
    operatorToken: opts.operatorToken ?? config.operatorToken ?? randomBytes(24).toString('hex'),
    operators: new OperatorService(opts.db.db, clock),
    settlement: undefined as unknown as SettlementRunner,
    live: undefined as unknown as LiveHub,
    push: undefined as unknown as PushSender,
    bidWriter: new BidWriter(opts.db, config.bidWriters),
    releases: new Releases(opts.db.db, config),
    receipts: undefined as unknown as ReceiptSigner,
    leaves: new ReceiptLeaves(opts.db.db, app.log),
  };
  ctx.receipts = opts.receipts ?? (await ReceiptSigner.generate());
  ctx.settlement = new SettlementRunner(opts.db.db, clock, app.log, (users) => ctx.users.invalidate(...users), {
    chunkSize: config.settleChunkBids,
    pollMs: 2_000,
    pace: config.settlePace,
    idleChunks: config.settleIdleChunks,
  });
  ctx.live = new LiveHub(ctx.db, clock, bus, ctx.markets, app.log, new LiveIds(ctx.otpSecret), {
    ...config.live,
    checkEvents: config.checkAnswers,
  });
  ctx.users.onChange((e) => ctx.live.hear(e));
  ctx.push = new PushSender(ctx.db, clock, app.log, {
    keys: await vapidKeys(ctx.db, config.push),
    subject: config.push.subject,
    hosts: config.push.hosts,
    caFile: config.push.caFile,
  });
  ctx.live.onCommit(() => ctx.push.poke());
  await ctx.live.start();
  app.addHook('onReady', () => ctx.push.start());
  app.addHook('onClose', () => ctx.push.close());
  // streams never end by themselves: end them first, so that closing waits for no open stream
  app.addHook('preClose', async () => {
    await ctx.live.close();
  });
  if (opts.db.kind === 'pglite') {
    const vacuum = new EmbeddedVacuum(ctx.db, app.log, config.vacuumMs);
    ctx.vacuum = vacuum;
    app.addHook('onReady', () => vacuum.start());
    app.addHook('onClose', () => vacuum.close());
  }
  app.addHook('onReady', () => ctx.settlement.start());
  app.addHook('onClose', () => ctx.settlement.close());
  // sessions whose bidding closed are sealed in their books; the leaves given last are written first
  const sealer = new BookSealer(opts.db.db, clock, ctx.markets, ctx.receipts, ctx.leaves, app.log, config.bookSealMs);
  app.addHook('onReady', () => sealer.start());
  app.addHook('onClose', async () => {
    await sealer.close();
    await ctx.leaves.flush();
  });
  // the audit trail's head, signed once a day (published at /verify/log)
  const heads = new DailyHeads(opts.db.db, ctx.receipts, clock, app.log);
  app.addHook('onReady', () => heads.start());
  app.addHook('onClose', () => heads.close());
  app.decorate('ctx', ctx);

  // JSON bodies (also posted as text/plain by some legacy clients): depth-checked, no __proto__ keys
  registerJsonParsers(app);

  // helmet's headers, and the CORS of the player API, its pages and files (any origin: deployed apps call
  // it from their own); the operator API answers only the console's origins (operator/index.ts)
  await registerSecurityHeaders(app, config);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const code = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (code === 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(500).send(refusedBody(500, 'Something went wrong. Please try again.'));
    }
    const msg =
      err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Unsupported content type (send JSON)'
        : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body too large'
          : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError || /JSON/i.test(err.message)
            ? 'Invalid JSON body'
            : err.message || 'Invalid request';
    return reply.code(code).send(refusedBody(code, msg));
  });

  countRequests(app, config.logLevel !== 'silent');
  readinessRoute(app, ctx);
  metricsRoute(app, ctx);

  await app.register(accountsPlugin, { ctx });
  await app.register(contentPlugin, { ctx });
  await app.register(bidsPlugin, { ctx });
  await app.register(walletPlugin, { ctx });
  await app.register(depositsPlugin, { ctx });
  await app.register(withdrawalsPlugin, { ctx });
  await app.register(transfersPlugin, { ctx });
  await app.register(livePlugin, { ctx });
  await app.register(inboxPlugin, { ctx });
  await app.register(pushPlugin, { ctx });
  await app.register(protectionPlugin, { ctx });
  await app.register(chartsPlugin, { ctx });
  await app.register(appCallsPlugin, { ctx });
  await app.register(originalCallsPlugin, { ctx });
  await app.register(paymentSlipPlugin, { ctx });
  await app.register(operatorPlugin, { ctx });
  // every call is declared by now: the API document, and its reference page at /docs
  await registerApiDocs(app, ctx);
  await registerReleases(app, ctx);
  await registerVerify(app, ctx);
  await registerStatic(app, config);
  return app;
}
