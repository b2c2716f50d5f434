/**
 * Crash safety on PostgreSQL: starts the real server as a child process on a fresh database, drives a
 * bid + transfer load, kill -9s the server in the middle of it, restarts it, and checks that every
 * wallet equals the sum of its ledger rows (and the other money invariants). Exits non-zero otherwise.
 *
 *   DATABASE_URL=postgres://user@host:port/db npm run crash-check -w server
 *
 * The database in DATABASE_URL is only used to create (and finally drop) a throwaway database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { buildNewResult, formatBidDate } from '@matka/shared/domain';

const USERS = 24;
const START_WALLET = 50_000;
const WORKERS = 24;
const LOAD_BEFORE_KILL_MS = 2_500;
const LOAD_AFTER_RESTART_MS = 1_000;
const APP_KEY = 'crash-check-key';
const OPERATOR_TOKEN = randomBytes(16).toString('hex');
const SERVER_DIR = path.join(__dirname, '..');

const log = (s: string) => console.log(`[crash-check] ${s}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function startServer(databaseUrl: string, port: number): ChildProcess {
  // node itself runs the server (tsx as a loader, not tsx's CLI, which would put a wrapper process
  // in between): the pid that gets SIGKILL is the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      // a throwaway database of the given (often superuser) role
      ALLOW_TABLE_OWNER: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_KEY,
      OPERATOR_TOKEN,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      // one process: the pid that gets SIGKILL is the one writing (the many-process case is the
      // stress test's, server/test/stress.test.ts)
      WORKERS: '1',
      // the market is opened all day after the start: a sweep at start would already have sealed its
      // sessions whose usual times had passed, and they would refuse every bid
      BOOK_SEAL_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (code ${child.exitCode})`);
    try {
      const r = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > end) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Resolves when the child has exited (SIGKILL after timeoutMs). */
function exited(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
  });
}

interface Counters {
  ok: number;
  refused: number;
  failed: number;
}

/** Random bids and transfers from WORKERS loops until stop() (network errors are counted, not thrown). */
function load(
  url: string,
  users: { id: string; mobile: string; token: string }[],
  marketId: number,
  marketName: string,
) {
  let stopped = false;
  const c: Counters = { ok: 0, refused: 0, failed: 0 };
  const pick = () => users[Math.floor(Math.random() * users.length)];
  const post = async (name: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    try {
      const r = await fetch(`${url}/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, ...body }),
        signal: AbortSignal.timeout(10_000),
      });
      const j = (await r.json()) as { status?: boolean };
      if (r.status === 200 && j.status === true) c.ok++;
      else if (r.status < 500) c.refused++;
      else c.failed++;
    } catch {
      c.failed++;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const worker = async () => {
    while (!stopped) {
      const u = pick();
      if (Math.random() < 0.6) {
        const points = 10 + Math.floor(Math.random() * 41);
        const rows = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => ({
          digits: String(Math.floor(Math.random() * 10)),
          closedigits: '',
          points,
          session: 'Close' as const,
          pana: '',
        }));
        const [new_result] = buildNewResult({
          family: 'regular',
          betType: 'single_digit',
          token: u.token,
          gameId: marketId,
          gameName: marketName,
          bidDate: formatBidDate(new Date()),
          rows,
        });
        await post(
          'api-submit-bid',
          { unique_token: u.token, game_id: String(marketId), new_result },
          { 'idempotency-key': randomBytes(8).toString('hex') },
        );
      } else {
        let v = pick();
        while (v.id === u.id) v = pick();
        await post('api-user-transfer-wallet-balance', {
          unique_token: u.token,
          mobile_no: v.mobile,
          amount: 101 + Math.floor(Math.random() * 400),
          transfer_note: 'crash-check',
        });
      }
    }
  };
  const running = Promise.all(Array.from({ length: WORKERS }, worker));
  return {
    counters: c,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

interface Check {
  name: string;
  bad: number;
  detail?: string;
}

async function checks(client: pg.Client): Promise<{ list: Check[]; figures: Record<string, string> }> {
  const one = async (q: string) => (await client.query(q)).rows[0] as Record<string, string>;
  const list: Check[] = [];
  const mismatch = await client.query(`
    SELECT u.id, u.wallet, coalesce(l.s, 0) AS ledger FROM users u
    LEFT JOIN (SELECT user_id, sum(CASE WHEN type = 'credit' THEN amount ELSE -amount END) AS s
               FROM wallet_transactions GROUP BY user_id) l ON l.user_id = u.id
    WHERE u.wallet <> coalesce(l.s, 0)`);
  list.push({
    name: 'every wallet equals the sum of its ledger rows',
    bad: mismatch.rowCount ?? 0,
    detail: mismatch.rows
      .slice(0, 5)
      .map((r) => `user ${r.id}: wallet ${r.wallet}, ledger ${r.ledger}`)
      .join('; '),
  });
  const neg = await one(`SELECT count(*) AS n FROM users WHERE wallet < 0`);
  list.push({ name: 'no wallet below zero', bad: Number(neg.n) });
  const drift = await one(`
    SELECT count(*) AS n FROM (
      SELECT balance_after, sum(CASE WHEN type = 'credit' THEN amount ELSE -amount END)
             OVER (PARTITION BY user_id ORDER BY id) AS running FROM wallet_transactions) x
    WHERE balance_after <> running`);
  list.push({ name: "every ledger row's balance_after is the running sum", bad: Number(drift.n) });
  const subs = await one(`
    SELECT count(*) AS n FROM bid_submissions s
    WHERE s.total_points <> coalesce((SELECT sum(points) FROM bids b WHERE b.submission_id = s.id), -1)
       OR 1 <> (SELECT count(*) FROM wallet_transactions w
                WHERE w.reference = 'bid:' || s.id AND w.type = 'debit' AND w.amount = s.total_points)`);
  list.push({ name: 'every bid submission has its rows and exactly one matching ledger debit', bad: Number(subs.n) });
  const orphanBidDebits = await one(`
    SELECT count(*) AS n FROM wallet_transactions w
    WHERE w.kind = 'bid' AND NOT EXISTS (SELECT 1 FROM bid_submissions s WHERE 'bid:' || s.id = w.reference)`);
  list.push({ name: 'no bid debit without its submission', bad: Number(orphanBidDebits.n) });
  const transfers = await one(`
    SELECT count(*) AS n FROM transfers t
    WHERE 2 <> (SELECT count(*) FROM wallet_transactions w WHERE w.reference = 'transfer:' || t.id AND w.amount = t.amount)`);
  list.push({ name: 'every transfer has its two ledger rows', bad: Number(transfers.n) });
  const conservation = await one(`
    SELECT (SELECT sum(wallet) FROM users) AS wallets,
           (SELECT coalesce(sum(total_points), 0) FROM bid_submissions) AS staked,
           (SELECT coalesce(sum(amount), 0) FROM wallet_transactions WHERE kind = 'crash_check_seed') AS seeded`);
  const conserved = Number(conservation.wallets) + Number(conservation.staked) === Number(conservation.seeded);
  list.push({
    name: 'points are conserved (wallets + staked = seeded)',
    bad: conserved ? 0 : 1,
    detail: `${conservation.wallets} + ${conservation.staked} vs ${conservation.seeded}`,
  });
  const f = await one(`
    SELECT (SELECT count(*) FROM bid_submissions) AS submissions, (SELECT count(*) FROM bids) AS bids,
           (SELECT count(*) FROM transfers) AS transfers, (SELECT count(*) FROM wallet_transactions) AS ledger_rows,
           (SELECT sum(wallet) FROM users) AS wallets`);
  return { list, figures: { ...f, staked: conservation.staked, seeded: conservation.seeded } };
}

async function main(): Promise<number> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.error('[crash-check] DATABASE_URL is required (a PostgreSQL server to create a throwaway database on)');
    return 2;
  }
  const dbName = `matka_crash_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  log(`database ${dbName} created`);

  const children = new Set<ChildProcess>();
  const killAll = () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  };
  process.on('exit', killAll);
  let client: pg.Client | undefined;
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let server = startServer(dbUrl, port);
    children.add(server);
    await waitHealthy(url, server);
    log(`server up on ${url} (pid ${server.pid}); migrated and seeded`);

    // players with tokens and a seeded balance (one ledger row each), and a market open all day
    client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const users: { id: string; mobile: string; token: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const mobile = `9${String(700000000 + i)}`;
      const r = await client.query(
        `INSERT INTO users (mobile, name, password_hash, wallet) VALUES ($1, $2, 'x', $3) RETURNING id`,
        [mobile, `Crash ${i}`, START_WALLET],
      );
      const id = String(r.rows[0].id);
      await client.query(
        `INSERT INTO wallet_transactions (user_id, type, amount, balance_after, kind, note) VALUES ($1, 'credit', $2, $2, 'crash_check_seed', 'seed')`,
        [id, START_WALLET],
      );
      const token = randomBytes(32).toString('hex');
      await client.query(
        `INSERT INTO auth_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
        [id, createHash('sha256').update(token).digest('hex')],
      );
      users.push({ id, mobile, token });
    }
    const market = (await client.query(`SELECT id, name FROM markets WHERE family = 'regular' ORDER BY id LIMIT 1`))
      .rows[0] as {
      id: number;
      name: string;
    };
    const st = await fetch(`${url}/operator/market/set-times`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: market.name, family: 'regular', open: '00:00', close: '23:59' }),
    });
    if (!st.ok) throw new Error(`could not open ${market.name}: HTTP ${st.status}`);
    log(`${USERS} players with ${START_WALLET} points; bidding on ${market.name} (Close session, open all day)`);

    // load, then kill -9 in the middle of it
    const first = load(url, users, market.id, market.name);
    await new Promise((r) => setTimeout(r, LOAD_BEFORE_KILL_MS));
    const atKill = { ...first.counters };
    server.kill('SIGKILL');
    await exited(server);
    children.delete(server);
    log(
      `kill -9 after ${LOAD_BEFORE_KILL_MS} ms of load: ${atKill.ok} accepted, ${atKill.refused} refused, ${atKill.failed} failed so far, ${WORKERS} requests in flight`,
    );
    await first.stop();
    log(`after the kill: ${first.counters.failed - atKill.failed} requests failed to connect or lost their answer`);

    // restart on the same database; more load to show it works
    server = startServer(dbUrl, port);
    children.add(server);
    await waitHealthy(url, server);
    log(`restarted (pid ${server.pid})`);
    const second = load(url, users, market.id, market.name);
    await new Promise((r) => setTimeout(r, LOAD_AFTER_RESTART_MS));
    await second.stop();
    log(
      `after restart: ${second.counters.ok} accepted, ${second.counters.refused} refused, ${second.counters.failed} failed`,
    );
    const ok = second.counters.ok > 0 && second.counters.failed === 0;

    const { list, figures } = await checks(client);
    log(
      `database: ${figures.submissions} bid submissions (${figures.bids} bids, ${figures.staked} points staked), ${figures.transfers} transfers, ` +
        `${figures.ledger_rows} ledger rows; wallets hold ${figures.wallets} of ${figures.seeded} seeded points`,
    );
    let failed = !ok;
    if (!ok) log('FAIL: the restarted server did not serve the load cleanly');
    for (const c of list) {
      log(
        `${c.bad === 0 ? 'ok  ' : 'FAIL'} ${c.name}${c.bad ? ` (${c.bad} bad${c.detail ? `: ${c.detail}` : ''})` : ''}`,
      );
      if (c.bad) failed = true;
    }
    if (atKill.ok === 0) {
      log('FAIL: no request completed before the kill (the load did not run)');
      failed = true;
    }
    server.kill('SIGTERM');
    await exited(server, 15_000);
    children.delete(server);
    log(failed ? 'RESULT: FAILED' : 'RESULT: passed');
    return failed ? 1 : 0;
  } finally {
    killAll();
    await client?.end().catch(() => {});
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await c.end();
    log(`database ${dbName} dropped`);
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('[crash-check] error:', err);
    process.exit(1);
  },
);
