import os from 'node:os';
import path from 'node:path';
import { smsConfigFromEnv, type SmsConfig } from './services/sms';
import { DIALECTS, isDialect, type Dialect } from '@matka/shared/contract';

/** The push services of the browsers: Chrome and Android (FCM), Firefox, Edge and Windows, Safari. */
const DEFAULT_PUSH_HOSTS =
  'fcm.googleapis.com,*.push.services.mozilla.com,updates.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,*.push.apple.com';

export interface RateLimitConfig {
  /** attempts allowed per key inside the window */
  loginPerMobile: number;
  loginPerIp: number;
  otpPerMobile: number;
  otpPerIp: number;
  /** calls of /verify/book, /verify/proof and /verify/log per address */
  verifyPerIp: number;
  windowMs: number;
}

export interface AppConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /**
   * MIGRATION_DATABASE_URL: the role that owns the tables, which runs the migrations and grants the
   * server's role (DATABASE_URL) its rows (db/roles.ts); unset: DATABASE_URL migrates too.
   */
  migrationDatabaseUrl?: string;
  /** ALLOW_TABLE_OWNER=1: the server may run as a role that owns its tables or is a superuser (a demo, a test) */
  allowTableOwner: boolean;
  appKey: string;
  /**
   * APP_KEY_DIALECTS: more app keys, each with the dialect of the contract its apps speak
   * ('<key>=matka04,<key>=spec'; APP_KEY may be named here too). A key not named speaks the spec's.
   * (@matka/shared/contract dialects.ts; the server's adapter: http/dialects.ts)
   */
  appKeyDialects: Record<string, Dialect>;
  /** METRICS_TOKEN: the bearer token /metrics asks of callers that are not on this machine (unset: loopback only) */
  metricsToken?: string;
  nodeEnv: string;
  production: boolean;
  /**
   * DEMO=1: demo mode. One-time codes are returned in responses, logged and kept in the operator's
   * outbox instead of being sent. Only on a loopback address (main.ts refuses to start otherwise);
   * `npm start` sets it when HOST is loopback and no DATABASE_URL is given.
   */
  demo: boolean;
  /**
   * CHECK_ANSWERS=1: every player and operator call's answer is parsed by its schema in the contract before it is
   * sent, and one that drifts is answered 500 with what drifted (the test suites run with it; it costs
   * a parse per answer, so production does not).
   */
  checkAnswers: boolean;
  /** SMS_PROVIDER and its settings (services/sms.ts) */
  sms: SmsConfig;
  /** what the SMS settings lack (main.ts refuses to start while there is any) */
  smsProblems: string[];
  operatorToken?: string;
  /** CONSOLE=off: no operator console page at /console/ (the operator API and the CLI stay). */
  console: boolean;
  /** SOURCE_MAPS=on: serve the builds' *.map files (off by default: they are the source of the front ends) */
  sourceMaps: boolean;
  /**
   * CONSOLE_ORIGINS: other origins a console may be served from ('https://ops.example.com', comma-separated).
   * Only they may call /operator/ from a browser (CORS with credentials); the same origin always may.
   */
  consoleOrigins: string[];
  defaultBettingStatus: '0' | '1';
  /**
   * LEGACY_REGISTRATION: 'unverified' accepts a registration that carries no one-time code (deployed
   * clients check the code in the browser and never send it). Such an account gets betting_status '0'
   * (no bids, no money movement) until an operator approves it (`users approve <mobile>`). Risk: anyone
   * can register any number without owning it. Default 'off': a registration needs a valid code.
   */
  legacyRegistration: 'off' | 'unverified';
  /** OTP_LENGTH: digits of a one-time code, 4 (default) or 6; the client's OTP screens follow it (config.json). */
  otpLength: 4 | 6;
  /**
   * WORKERS: server processes sharing the port (node:cluster). Default: the number of cores with
   * DATABASE_URL, 1 on the embedded database (PGlite is one process's file; more is refused at start).
   */
  workers: number;
  /** REQUEST_TIMEOUT_MS (default 30000): a request (headers and body) that takes longer is dropped */
  requestTimeoutMs: number;
  /**
   * Settlement: SETTLE_CHUNK_BIDS bids per chunk transaction (default 10000: bigger chunks
   * settle a little faster but hold the wallets they credit, and PGlite's one connection, longer); SETTLE_WAIT_MS, how long a declaration's answer
   * waits for its settlement before it answers with the job's progress (default 700). SETTLE_PACE (default 0.5,
   * 0 to 4): while players are placing bids, a settlement waits this many times as long as each chunk took
   * before the next one, so their bids find a free core (0: flat out). SETTLE_IDLE_CHUNKS (default 10, 1 to
   * 100): while nobody is placing bids, a chunk settles this many times SETTLE_CHUNK_BIDS.
   */
  settleChunkBids: number;
  settleWaitMs: number;
  settlePace: number;
  settleIdleChunks: number;
  /**
   * BOOK_SEAL_MS (default 15000, 0: never): how often a process seals today's market sessions whose
   * bidding has closed (services/book-keeper.ts); a declaration seals the sessions it ends itself.
   */
  bookSealMs: number;
  /**
   * RESULT_CERTIFICATION ('on' or 'off', default 'off'): 'on' makes every declaration a proposal that a
   * second operator certifies before it is published and settled (services/proposals.ts), and the console's
   * setting cannot turn it off. With 'off' an owner may still turn it on in the console.
   */
  resultCertification: boolean;
  /**
   * ORIGINAL_APP_KEY_PART (default ''): the start of the family's app key that the original backend's
   * apps carry themselves; api-get-app-key with env_type 'Prod' hands out the rest encoded as that
   * backend did (http/dialects.ts, originalKeyEncoded).
   */
  originalAppKeyPart: string;
  /**
   * PGLITE_VACUUM_MS (default 600000, 0: never): how often the embedded database's often-updated tables
   * are vacuumed (PGlite has no autovacuum; services/vacuum.ts). PostgreSQL's own autovacuum does this there.
   */
  vacuumMs: number;
  /**
   * LOGIN_PARALLEL_PER_ADDRESS (default 4) and LOGIN_QUEUE_PER_ADDRESS (default 32): how many logins of one
   * address a process works on at once, and how many more wait for a turn (past that, 429 'Too many
   * attempts'). A flood of logins from a few addresses then never queues another address's login behind it.
   */
  loginLanes: { perAddress: number; queue: number };
  /**
   * CLOCK_OFFSET_MS (default 0; ignored when NODE_ENV=production): the server's clock runs this far ahead
   * (or behind), to rehearse rules that wait for time (a raised limit after 24 hours, a break's end) on a
   * test or staging server.
   */
  clockOffsetMs: number;
  /**
   * Live streams: LIVE_HEARTBEAT_MS (default 25000), the comment that keeps proxies from
   * closing an idle stream; LIVE_TICK_MS (default 10000), how often markets opening or closing by the
   * clock are looked for; LIVE_STREAMS_PER_ACCOUNT (default 3), the streams one account holds at once
   * in every process together (a newer one closes the oldest); LIVE_STREAMS_PER_ADDRESS (default 100),
   * the streams one address may hold (more are refused with 429; players behind one carrier NAT share
   * an address, so it is well above one household's).
   */
  live: { heartbeatMs: number; tickMs: number; perAccount: number; perAddress: number };
  /**
   * Web push: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, as `npx web-push
   * generate-vapid-keys` prints them; when unset the server makes a pair at first start and keeps it in
   * the database, shared by every process); VAPID_SUBJECT (mailto: or https:, default PUBLIC_URL);
   * PUSH_HOSTS: the push services a subscription may name (host or *.domain, comma separated; the
   * browsers' services by default: the server posts to them, so no other address is accepted);
   * PUSH_CA_FILE: a PEM file of extra certificate authorities for them (a private push service).
   */
  push: {
    publicKey?: string;
    privateKey?: string;
    subject: string;
    hosts: string[];
    caFile?: string;
  };
  /**
   * DB_POOL_SIZE: PostgreSQL connections per server process. Default: 3 per core in all, shared by the
   * WORKERS processes (at least 2 each): a bid is one short statement, and more connections than the
   * database has cores to run them only queue inside PostgreSQL (bench:api: 20 per process gave 0.55-0.61
   * of pgbench, 6 gave 0.75-0.77 on 2 cores). Raise it when PostgreSQL runs on a bigger machine.
   */
  dbPoolSize: number;
  /**
   * BID_WRITERS: bid writes (place_bid, or place_bids for those that arrive together) a process runs at
   * once; bids arriving meanwhile gather into the next one (services/bid-batch.ts). Default: one per core
   * in all, shared by the WORKERS processes, at most DB_POOL_SIZE (bench:api on 2 cores: 2 per process
   * gave 1,862-1,949 bids/s with one process, 6 gave 1,724-1,891). Raise it with a bigger database machine.
   */
  bidWriters: number;
  /** EVENT_LOOP_REPORT_MS (default 0, off): each process prints its event-loop delay that often (loop-report.ts) */
  eventLoopReportMs: number;
  appDownloadUrl: string;
  remoteUrls: Partial<Record<Remote, string>>;
  staticRoot: string;
  /** Where each family's releases are kept side by side (<dir>/<family>/<version>/); every process shares it. */
  releasesDir: string;
  /** The bid receipts' Ed25519 keys (PKCS#8 PEM files; the last by name signs, all are published). */
  receiptKeysDir: string;
  rateLimits: RateLimitConfig;
  /**
   * TRUST_PROXY, passed to Fastify's `trustProxy` (default off). Behind a reverse proxy (nginx, a load
   * balancer) every request comes from the proxy's address, so the per-IP login / OTP limits would count
   * all players together: set it so that req.ip (and req.protocol / req.host, used for the chart links)
   * come from X-Forwarded-For / -Proto / -Host. Values: 'true' (trust every hop; only when the server is
   * reachable through the proxy alone), a number of hops ('1' = the nearest proxy), or a comma-separated
   * list of proxy addresses / CIDRs ('127.0.0.1,10.0.0.0/8'). Unset, '', 'false' or '0': off.
   */
  trustProxy: boolean | number | string;
  /**
   * PUBLIC_URL: the origin players reach this server at ('https://api.example.com'), used for the absolute
   * chart links (web_chart_url ...). When unset, the links are built from each request's protocol and host.
   */
  publicUrl?: string;
  /**
   * OTP_SECRET: the HMAC key OTP codes are stored under. When unset, main.ts keeps one in
   * <DATA_DIR>/otp-secret (created at first start, mode 600). Several server processes sharing one
   * PostgreSQL database must share this secret (set OTP_SECRET, or the same DATA_DIR file).
   */
  otpSecret?: string;
  /**
   * USER_CACHE_TTL_MS (default 30000): how long a token -> user lookup is kept in memory (per process).
   * Every change this process makes (wallet, betting status, logout, password) drops the entry at once;
   * changes made by another process sharing the database show after at most this long. 0 turns it off.
   */
  userCacheTtlMs: number;
  /** log level for fastify ('silent' in tests) */
  logLevel: string;
}

/** The front-end remotes the server serves (and whose URLs it may be told). */
export const REMOTES = ['regular', 'starline', 'gali', 'wallet'] as const;
export type Remote = (typeof REMOTES)[number];

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  loginPerMobile: 10,
  loginPerIp: 100,
  otpPerMobile: 6,
  otpPerIp: 60,
  verifyPerIp: 300,
  windowMs: 15 * 60 * 1000,
};

/** A switch of the configuration: 'on' or 'off' (unset: off); anything else stops the start with its name. */
function onOff(name: string, v: string | undefined): boolean {
  const x = (v ?? '').trim().toLowerCase();
  if (x === '' || x === 'off') return false;
  if (x === 'on') return true;
  throw new Error(`${name}: '${v}' is not 'on' or 'off'`);
}

function intEnv(v: string | undefined, dflt: number): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  return Number.isFinite(n) ? n : dflt;
}

/** TRUST_PROXY -> Fastify's trustProxy: true, a hop count, or a list of addresses / CIDRs; else false. */
export function parseTrustProxy(v: string | undefined): boolean | number | string {
  const s = (v ?? '').trim();
  if (s === '' || /^(false|off|no|0)$/i.test(s)) return false;
  if (/^(true|on|yes)$/i.test(s)) return true;
  if (/^\d+$/.test(s)) return Number(s);
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .join(',');
}

/** PUBLIC_URL -> its origin without a trailing slash ('https://x.example'); undefined when unset or invalid. */
function parsePublicUrl(v: string | undefined): string | undefined {
  const s = (v ?? '').trim();
  if (!s) return undefined;
  try {
    const u = new URL(s);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

/** The shortest key the 'MATKA 04' apps take from their bootstrap (they read its first 15 characters). */
export const MIN_FAMILY_KEY = 15;

/** APP_KEY_DIALECTS: '<key>=<dialect>' pairs, by commas; an unknown dialect stops the server (main.ts). */
export function parseKeyDialects(text: string | undefined): Record<string, Dialect> {
  const out: Record<string, Dialect> = {};
  for (const part of (text ?? '').split(',')) {
    const p = part.trim();
    if (!p) continue;
    const eq = p.lastIndexOf('=');
    const key = p.slice(0, eq).trim();
    const dialect = p
      .slice(eq + 1)
      .trim()
      .toLowerCase();
    if (eq <= 0 || !key || !isDialect(dialect))
      throw new Error(`APP_KEY_DIALECTS: '${p}' is not <app key>=<${DIALECTS.join(' | ')}>`);
    // those apps read the first 15 characters of the key their bootstrap hands out, and stop on a shorter one
    if (dialect === 'matka04' && key.length < MIN_FAMILY_KEY)
      throw new Error(
        `APP_KEY_DIALECTS: the key '${key}' is shorter than ${MIN_FAMILY_KEY} characters, which its apps need`,
      );
    out[key] = dialect;
  }
  return out;
}

/** Reads the configuration from the environment (every field has a demo default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  const cores = os.availableParallelism();
  const workers = Math.max(1, intEnv(env.WORKERS, env.DATABASE_URL ? cores : 1));
  const remoteUrls: Partial<Record<Remote, string>> = {};
  for (const f of REMOTES) {
    const v = env[`REMOTE_${f.toUpperCase()}_URL`];
    if (v) remoteUrls[f] = v;
  }
  const demo = /^(1|true|yes|on)$/i.test(env.DEMO ?? '');
  const { sms, problems: smsProblems } = smsConfigFromEnv(env, demo);
  const cfg: AppConfig = {
    host: env.HOST || '127.0.0.1',
    port: intEnv(env.PORT, 8080),
    // relative to where npm was invoked (INIT_CWD), so `npm start` and `npm run operator` agree
    dataDir: path.resolve(env.INIT_CWD || process.cwd(), env.DATA_DIR || './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || undefined,
    allowTableOwner: env.ALLOW_TABLE_OWNER === '1',
    appKey: env.APP_KEY || 'matka-demo-app-key',
    appKeyDialects: parseKeyDialects(env.APP_KEY_DIALECTS),
    metricsToken: env.METRICS_TOKEN || undefined,
    nodeEnv,
    production: nodeEnv === 'production',
    demo,
    checkAnswers: /^(1|true|yes|on)$/i.test(env.CHECK_ANSWERS ?? ''),
    sms,
    smsProblems,
    operatorToken: env.OPERATOR_TOKEN || undefined,
    console: !/^(0|off|false|no)$/i.test(env.CONSOLE ?? ''),
    sourceMaps: /^(1|on|true|yes)$/i.test(env.SOURCE_MAPS ?? ''),
    consoleOrigins: (env.CONSOLE_ORIGINS ?? '')
      .split(',')
      .map((o) => parsePublicUrl(o.trim()))
      .filter((o): o is string => !!o)
      .map((o) => new URL(o).origin),
    defaultBettingStatus: env.DEFAULT_BETTING_STATUS === '0' ? '0' : '1',
    legacyRegistration: env.LEGACY_REGISTRATION === 'unverified' ? 'unverified' : 'off',
    otpLength: env.OTP_LENGTH === '6' ? 6 : 4,
    requestTimeoutMs: Math.max(100, intEnv(env.REQUEST_TIMEOUT_MS, 30_000)),
    settleChunkBids: Math.max(100, intEnv(env.SETTLE_CHUNK_BIDS, 10_000)),
    settleWaitMs: Math.min(20_000, Math.max(0, intEnv(env.SETTLE_WAIT_MS, 700))),
    settlePace: Math.min(4, Math.max(0, intEnv(env.SETTLE_PACE, 0.5))),
    settleIdleChunks: Math.min(100, Math.max(1, Math.floor(intEnv(env.SETTLE_IDLE_CHUNKS, 10)))),
    vacuumMs: Math.max(0, intEnv(env.PGLITE_VACUUM_MS, 600_000)),
    bookSealMs: Math.max(0, intEnv(env.BOOK_SEAL_MS, 15_000)),
    resultCertification: onOff('RESULT_CERTIFICATION', env.RESULT_CERTIFICATION),
    originalAppKeyPart: (env.ORIGINAL_APP_KEY_PART ?? '').trim(),
    loginLanes: {
      perAddress: Math.max(1, intEnv(env.LOGIN_PARALLEL_PER_ADDRESS, 4)),
      queue: Math.max(0, intEnv(env.LOGIN_QUEUE_PER_ADDRESS, 32)),
    },
    clockOffsetMs: nodeEnv === 'production' ? 0 : Math.trunc(intEnv(env.CLOCK_OFFSET_MS, 0)),
    push: {
      publicKey: env.VAPID_PUBLIC_KEY || undefined,
      privateKey: env.VAPID_PRIVATE_KEY || undefined,
      subject: env.VAPID_SUBJECT || parsePublicUrl(env.PUBLIC_URL) || 'mailto:operator@example.invalid',
      hosts: (env.PUSH_HOSTS || DEFAULT_PUSH_HOSTS)
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      caFile: env.PUSH_CA_FILE || undefined,
    },
    live: {
      heartbeatMs: Math.max(1_000, intEnv(env.LIVE_HEARTBEAT_MS, 25_000)),
      tickMs: Math.max(1_000, intEnv(env.LIVE_TICK_MS, 10_000)),
      perAccount: Math.max(1, intEnv(env.LIVE_STREAMS_PER_ACCOUNT, 3)),
      perAddress: Math.max(1, intEnv(env.LIVE_STREAMS_PER_ADDRESS, 100)),
    },
    dbPoolSize: Math.min(200, Math.max(1, intEnv(env.DB_POOL_SIZE, Math.max(2, Math.ceil((3 * cores) / workers))))),
    eventLoopReportMs: Math.max(0, intEnv(env.EVENT_LOOP_REPORT_MS, 0)),
    bidWriters: Math.max(1, intEnv(env.BID_WRITERS, Math.ceil(cores / workers))),
    workers,
    // The landing's 'Download App' link; hidden until an operator configures where the app is published.
    appDownloadUrl: env.APP_DOWNLOAD_URL ?? '',
    remoteUrls,
    // server/src -> repo root
    staticRoot: path.resolve(env.STATIC_ROOT || path.join(__dirname, '..', '..')),
    releasesDir: env.RELEASES_DIR ? path.resolve(env.INIT_CWD || process.cwd(), env.RELEASES_DIR) : '',
    receiptKeysDir: env.RECEIPT_KEYS_DIR ? path.resolve(env.INIT_CWD || process.cwd(), env.RECEIPT_KEYS_DIR) : '',
    rateLimits: {
      loginPerMobile: intEnv(env.RATE_LIMIT_LOGIN_PER_MOBILE, DEFAULT_RATE_LIMITS.loginPerMobile),
      loginPerIp: intEnv(env.RATE_LIMIT_LOGIN_PER_IP, DEFAULT_RATE_LIMITS.loginPerIp),
      otpPerMobile: intEnv(env.RATE_LIMIT_OTP_PER_MOBILE, DEFAULT_RATE_LIMITS.otpPerMobile),
      otpPerIp: intEnv(env.RATE_LIMIT_OTP_PER_IP, DEFAULT_RATE_LIMITS.otpPerIp),
      verifyPerIp: intEnv(env.RATE_LIMIT_VERIFY_PER_IP, DEFAULT_RATE_LIMITS.verifyPerIp),
      windowMs: intEnv(env.RATE_LIMIT_WINDOW_MS, DEFAULT_RATE_LIMITS.windowMs),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    otpSecret: env.OTP_SECRET || undefined,
    userCacheTtlMs: Math.max(0, intEnv(env.USER_CACHE_TTL_MS, 30_000)),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
  };
  const out = { ...cfg, ...overrides };
  // by default beside the database, in the data dir
  return {
    ...out,
    releasesDir: out.releasesDir || path.join(out.dataDir, 'releases'),
    receiptKeysDir: out.receiptKeysDir || path.join(out.dataDir, 'receipt-keys'),
  };
}

/** Demo mode: OTP codes are returned in responses, logged, and readable from the operator's outbox. */
export function isDemoSms(cfg: AppConfig): boolean {
  return cfg.demo;
}

/** 127.0.0.0/8, ::1 and localhost: the addresses demo mode may bind to. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
