import cluster from 'node:cluster';
import { poolWait, serveClusterMetrics } from './services/metrics';
import { loadReceiptSigner } from './services/receipts';
import { linkUnchained } from './services/audit-chain';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { isLoopbackHost, loadConfig, MIN_FAMILY_KEY, type AppConfig } from './config';
import { bootstrapKey } from './http/dialects';
import { openDatabase, type Database } from './db';
import { migrate } from './db/migrate';
import { databaseRole, grantRuntimeRole, roleProblem } from './db/roles';
import { seedDemoData } from './seed';
import { buildApp } from './app';
import { startLoopReport } from './loop-report';

/**
 * A secret from the environment, else from <DATA_DIR>/<file> (created at first start, mode 600): the
 * same rule in demo mode (PGlite) and with DATABASE_URL. Never committed: .data/ is not in the repo.
 */
function resolveSecret(config: AppConfig, fromEnv: string | undefined, name: string, bytes: number) {
  if (fromEnv) return { token: fromEnv };
  const file = path.join(config.dataDir, name);
  try {
    const t = fs.readFileSync(file, 'utf8').trim();
    if (t) return { token: t, file };
  } catch {
    /* first start */
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const token = randomBytes(bytes).toString('hex');
  fs.writeFileSync(file, token + '\n', { mode: 0o600 });
  return { token, file };
}

/** OPERATOR_TOKEN, else <DATA_DIR>/operator-token (created on first start, mode 600). */
function resolveOperatorToken(config: AppConfig): { token: string; file?: string } {
  return resolveSecret(config, config.operatorToken, 'operator-token', 24);
}

/** OTP_SECRET, else <DATA_DIR>/otp-secret (created on first start, mode 600): the HMAC key of OTP codes. */
export function resolveOtpSecret(config: AppConfig): { token: string; file?: string } {
  return resolveSecret(config, config.otpSecret, 'otp-secret', 32);
}

/** Why this configuration must not start (demo mode off loopback, incomplete SMS settings); [] when it may. */
export function startupProblems(config: AppConfig): string[] {
  const out = [...config.smsProblems];
  if (config.demo && !isLoopbackHost(config.host))
    out.push(`DEMO=1 serves one-time codes to anyone: it only runs on a loopback address, not HOST=${config.host}`);
  if (config.demo && config.production) out.push('DEMO=1 cannot run with NODE_ENV=production');
  if (config.workers > 1 && !config.databaseUrl)
    out.push(`WORKERS=${config.workers} needs DATABASE_URL: the embedded database belongs to one process`);
  if (config.trustProxy === true)
    out.push(
      'TRUST_PROXY=true would take the client address from the leftmost X-Forwarded-For, which any client ' +
        'can make up: set the number of proxies in front of the server (TRUST_PROXY=1 behind one nginx) or their addresses',
    );
  if (bootstrapKey(config).length < MIN_FAMILY_KEY)
    out.push(
      `APP_KEY is ${bootstrapKey(config).length} characters: the family's apps read the first ${MIN_FAMILY_KEY} of the key ` +
        'api-get-app-key hands out and stop on a shorter one; set a longer APP_KEY, or name a key of theirs in APP_KEY_DIALECTS',
    );
  return out;
}

const DEMO_BANNER = [
  '==================================================================',
  ' DEMO MODE (DEMO=1): one-time codes are NOT sent by SMS. They are',
  ' returned by the API, logged, and shown by `npm run operator --',
  ' otp last <mobile>`. Loopback only. Set SMS_PROVIDER for real use.',
  '==================================================================',
].join('\n');

/**
 * Migrates the database, links the audit rows written before the chain and seeds the demo data: as the
 * tables' owner when MIGRATION_DATABASE_URL names one, which then grants the server's role (DATABASE_URL)
 * its rows; else as the server's own role.
 */
async function prepareDatabase(config: AppConfig, runtime: Database) {
  const prepare = async (db: Database) => {
    const applied = await migrate(db);
    await linkUnchained(db.db);
    return { applied, seeded: await seedDemoData(db.db) };
  };
  if (!config.migrationDatabaseUrl || runtime.kind !== 'postgres') return prepare(runtime);
  const owner = await openDatabase({ databaseUrl: config.migrationDatabaseUrl, poolSize: 2 });
  try {
    const done = await prepare(owner);
    const { name } = await databaseRole(runtime.db);
    if (name !== (await databaseRole(owner.db)).name) await grantRuntimeRole(owner.db, name);
    return done;
  } finally {
    await owner.close();
  }
}

/**
 * On PostgreSQL, the server's role must own none of its tables and functions and not be a superuser
 * (db/roles.ts): else it stops, unless ALLOW_TABLE_OWNER=1, and then answers the warning to log.
 */
async function checkRole(config: AppConfig, runtime: Database): Promise<string | null> {
  if (runtime.kind !== 'postgres') return null;
  const problem = roleProblem(await databaseRole(runtime.db));
  if (!problem) return null;
  if (!config.allowTableOwner) {
    console.error(
      `matka server: not starting: ${problem}. Run the migrations as the tables' owner (MIGRATION_DATABASE_URL) ` +
        'and the server as a role that owns nothing (DATABASE_URL): docs/operating.md says how. ' +
        'ALLOW_TABLE_OWNER=1 starts it anyway (a demo, a test).',
    );
    await runtime.close();
    process.exit(1);
  }
  return `${problem}; started anyway because ALLOW_TABLE_OWNER=1: the triggers keep the records only from the server's own code`;
}

/** Set by the primary in the environment of its workers (it has migrated and resolved the secrets). */
const WORKER_ENV = 'MATKA_CLUSTER_WORKER';

async function main() {
  const config = loadConfig();
  const problems = startupProblems(config);
  if (problems.length) {
    console.error(`matka server: not starting:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  const worker = process.env[WORKER_ENV] === '1';
  if (!worker) {
    if (config.demo) console.warn(DEMO_BANNER);
    else if (config.sms.provider === 'none')
      console.warn('matka server: no SMS_PROVIDER: every one-time code request answers "Failed to send OTP".');
  }
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  await serve(config, !worker);
}

/** Opens the database (migrating and seeding it unless a cluster primary did) and serves until a signal. */
async function serve(config: AppConfig, prepare: boolean) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.dbPoolSize,
    onPoolWait: (seconds) => poolWait.observe(seconds),
  });
  // a superuser, or a role that owns the tables already, is refused before anything is migrated or
  // written; a role that comes to own them by migrating is refused just after
  await checkRole(config, database);
  const { applied, seeded } = prepare ? await prepareDatabase(config, database) : { applied: [], seeded: false };
  const roleWarning = await checkRole(config, database);
  const op = resolveOperatorToken(config);
  const otp = resolveOtpSecret(config);
  const receipts = await loadReceiptSigner(config.receiptKeysDir, otp.token, { warn: (m) => console.warn(m) });
  const app = await buildApp({ db: database, config, operatorToken: op.token, otpSecret: otp.token, receipts });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
  if (prepare) {
    app.log.info(
      `database: ${where}; migrations applied now: ${applied.length ? applied.join(', ') : 'none'}${seeded ? '; demo data seeded' : ''}`,
    );
    if (op.file) app.log.info(`operator token file: ${op.file}`);
  }
  if (roleWarning) app.log.warn(roleWarning);

  startLoopReport(config.eventLoopReportMs);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Fastify closes the keep-alive connections idle when the stop begins; one busy then stays open after
    // its answer (until its keep-alive timeout, past the bound above): close each as soon as it is idle,
    // so requests in flight finish and the process ends at once
    const idle = setInterval(() => app.server.closeIdleConnections(), 50);
    idle.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${shown.includes(':') ? `[${shown}]` : shown}:${(app.server.address() as { port: number }).port}/`;
  const who = cluster.isWorker ? ` (worker ${cluster.worker?.id}, pid ${process.pid})` : '';
  app.log.info(`matka server listening on ${url}${who}`);
  if (config.logLevel === 'silent') console.log(`matka server listening on ${url}${who}`);
}

/**
 * WORKERS=N (N > 1, PostgreSQL only): this process migrates and seeds the database once, resolves the
 * operator token and the OTP key, then runs N workers that share the port (node:cluster). A worker that
 * dies is replaced; SIGINT / SIGTERM stop the workers (each finishes its requests) and then this process.
 */
async function runPrimary(config: AppConfig) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await checkRole(config, database);
  const { applied } = await prepareDatabase(config, database);
  const roleWarning = await checkRole(config, database);
  if (roleWarning) console.warn(`matka server: ${roleWarning}`);
  await database.close();
  const op = resolveOperatorToken(config);
  const otp = resolveOtpSecret(config);
  // the receipt key, made here once if there is none, so that every worker signs with the same one
  await loadReceiptSigner(config.receiptKeysDir, otp.token, { warn: (m) => console.warn(m) });
  console.log(
    `matka server: ${config.workers} workers on PostgreSQL; migrations applied now: ${applied.length ? applied.join(', ') : 'none'}` +
      (op.file ? `; operator token file: ${op.file}` : ''),
  );
  const env = { [WORKER_ENV]: '1', OPERATOR_TOKEN: op.token, OTP_SECRET: otp.token };
  let stopping = false;
  let quickDeaths = 0;
  const fork = () => {
    const w = cluster.fork(env);
    const born = Date.now();
    w.on('exit', (code, signal) => {
      if (stopping) return;
      quickDeaths = Date.now() - born < 5_000 ? quickDeaths + 1 : 0;
      console.error(`matka server: worker ${w.id} (pid ${w.process.pid}) ended (${signal ?? code}); starting another`);
      if (quickDeaths > config.workers * 3) {
        console.error('matka server: workers keep dying at start; stopping');
        process.exit(1);
      }
      setTimeout(fork, Math.min(100 * 2 ** quickDeaths, 5_000));
    });
  };
  for (let i = 0; i < config.workers; i++) fork();
  // one scrape of /metrics (on any worker) answers for all: the workers' registries added up here
  serveClusterMetrics();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const w of workers) {
      w.on('exit', () => {
        if (--left === 0) process.exit(0);
      });
      w.process.kill(signal);
    }
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
