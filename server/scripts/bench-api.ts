/**
 * npm run bench:api — API throughput on this machine, bounded in time.
 *
 * For PGlite (always) and PostgreSQL (when DATABASE_URL points at a server; a fresh database is
 * created on it and dropped afterwards) it starts the real server (src/main.ts) in a child process on
 * 127.0.0.1, registers users through the API, credits them through the operator API, opens a market,
 * then runs autocannon (co-located load generator) for each scenario:
 *   bid submit spread over users · bid submit on one hot wallet · wallet balance · polled market list
 * and prints req/s, p50 and p99. With PostgreSQL it also runs pgbench (TPC-B-like, same machine) and
 * prints the ratio bid-submit req/s ÷ pgbench tps as a reference.
 *
 * Env: BENCH_SECONDS (per scenario, default 5), BENCH_CONNECTIONS (default 32), BENCH_USERS (default 100),
 *      BENCH_ONLY (pglite | postgres), DATABASE_URL (enables the PostgreSQL half), PGBENCH (path, default /usr/lib/postgresql/15/bin/pgbench).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { formatBidDate } from '@matka/shared/domain';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const USERS = Number(process.env.BENCH_USERS || 100);
const APP_KEY = 'bench-app-key';
const OP_TOKEN = randomBytes(16).toString('hex');
const PGBENCH = process.env.PGBENCH || '/usr/lib/postgresql/15/bin/pgbench';
const SERVER_DIR = path.join(__dirname, '..');

interface Row {
  backend: string;
  scenario: string;
  reqs: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const tsx = path.join(SERVER_DIR, '..', 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      INIT_CWD: '',
      HOST: '127.0.0.1',
      PORT: '0',
      APP_KEY,
      OPERATOR_TOKEN: OP_TOKEN,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'development',
      DEMO: '1', // registers its users with the codes the API returns
      RATE_LIMIT_LOGIN_PER_IP: '1000000',
      RATE_LIMIT_OTP_PER_IP: '1000000',
      RATE_LIMIT_OTP_PER_MOBILE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  return { url, child };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

type Answer = Record<string, string> & { status: boolean };
async function post(url: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Answer;
}

/** Registers `n` users through the API (OTP in demo mode) and credits them through the operator API. */
async function setup(url: string, n: number) {
  const tokens: string[] = [];
  const base = 7000000000 + Math.floor(Math.random() * 1e8);
  const batch = 10;
  for (let i = 0; i < n; i += batch) {
    const part = await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, async (_, j) => {
        const mobile = String(base + i + j);
        const chk = await post(`${url}/api/api-check-mobile`, { app_key: APP_KEY, mobile });
        if (!chk.status) throw new Error(`check-mobile: ${chk.msg}`);
        const reg = await post(`${url}/api/api-user-registration`, {
          app_key: APP_KEY,
          name: `Bench ${i + j}`,
          password: 'bench-pass',
          mobile,
          otp: chk.otp,
        });
        if (!reg.status) throw new Error(`registration: ${reg.msg}`);
        const cr = await post(
          `${url}/operator/credit`,
          { mobile, points: 50_000_000 },
          { authorization: `Bearer ${OP_TOKEN}` },
        );
        if (!cr.status) throw new Error(`credit: ${cr.msg}`);
        return reg.unique_token as string;
      }),
    );
    tokens.push(...part);
  }
  // a market open for Close-session bids all day
  const st = await post(
    `${url}/operator/market/set-times`,
    { name: 'KALYAN', family: 'regular', open: '00:00', close: '23:59' },
    { authorization: `Bearer ${OP_TOKEN}` },
  );
  if (!st.status) throw new Error(`set-times: ${st.msg}`);
  const markets = (await (
    await fetch(`${url}/operator/markets`, { headers: { authorization: `Bearer ${OP_TOKEN}` } })
  ).json()) as {
    markets: { id: number; name: string }[];
  };
  const kalyan = markets.markets.find((m) => m.name === 'KALYAN');
  if (!kalyan) throw new Error('market KALYAN not found');
  return { tokens, gameId: String(kalyan.id) };
}

function bidBody(token: string, gameId: string) {
  return JSON.stringify({
    env_type: 'Prod',
    app_key: APP_KEY,
    unique_token: token,
    game_id: gameId,
    new_result: {
      unique_token: token,
      Gamename: 'KALYAN',
      totalbit: 20,
      gameid: gameId,
      pana: 'Single Digit',
      gametype: 'Single Digit',
      bid_date: formatBidDate(new Date()),
      session: 'Close',
      result: [
        { digits: '4', closedigits: '', points: 10, session: 'Close' },
        { digits: '7', closedigits: '', points: 10, session: 'Close' },
      ],
    },
  });
}

async function load(url: string, pathName: string, bodies: string[]): Promise<autocannon.Result> {
  let i = 0;
  return autocannon({
    url: `${url}${pathName}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req: { body?: string }) => {
          req.body = bodies[i++ % bodies.length];
          return req;
        },
      },
    ],
  });
}

async function benchBackend(backend: string, env: Record<string, string>, rows: Row[]) {
  process.stdout.write(`\n[${backend}] starting the server ... `);
  const { url, child } = await startServer(env);
  try {
    process.stdout.write(`${url}; registering ${USERS} users ... `);
    const { tokens, gameId } = await setup(url, USERS);
    console.log('ready');
    const env1 = (tok: string) => JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, unique_token: tok });
    const scenarios: [string, string, string[]][] = [
      ['bid submit, spread over users', '/api/api-submit-bid', tokens.map((t) => bidBody(t, gameId))],
      ['bid submit, one hot wallet', '/api/api-submit-bid', [bidBody(tokens[0], gameId)]],
      ['wallet balance', '/api/api-user-wallet-balance', tokens.map(env1)],
      ['polled market list (home-info)', '/api/api-home-info', tokens.map(env1)],
    ];
    for (const [name, p, bodies] of scenarios) {
      const r = await load(url, p, bodies);
      rows.push({
        backend,
        scenario: name,
        reqs: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      });
      console.log(
        `  ${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`,
      );
    }
  } finally {
    await stopServer(child);
  }
}

function pgbench(url: string): number | null {
  if (!fs.existsSync(PGBENCH)) {
    console.log(`pgbench not found at ${PGBENCH}: reference skipped`);
    return null;
  }
  const init = spawnSync(PGBENCH, ['-i', '-q', '-s', '4', url], { encoding: 'utf8' });
  if (init.status !== 0) {
    console.log(`pgbench -i failed: ${init.stderr.trim().split('\n').pop()}`);
    return null;
  }
  const cores = Math.max(1, os.cpus().length);
  const r = spawnSync(PGBENCH, ['-c', String(CONNECTIONS), '-j', String(cores), '-T', String(SECONDS), url], {
    encoding: 'utf8',
  });
  const m = /tps = ([\d.]+)/.exec(r.stdout);
  if (!m) {
    console.log(`pgbench failed: ${(r.stderr || r.stdout).trim().split('\n').pop()}`);
    return null;
  }
  return Number(m[1]);
}

async function main() {
  const t0 = Date.now();
  console.log(
    `bench:api — ${SECONDS}s per scenario, ${CONNECTIONS} connections, ${USERS} users, ${os.cpus().length} cores, load generator on the same machine`,
  );
  const rows: Row[] = [];
  const only = (process.env.BENCH_ONLY || '').toLowerCase(); // 'pglite' | 'postgres' | ''
  if (only !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matka-bench-'));
    try {
      await benchBackend('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, rows);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  let tps: number | null = null;
  const base = only === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (only === 'pglite') {
    console.log('\n[PostgreSQL] skipped (BENCH_ONLY=pglite).');
  } else if (!base) {
    console.log(
      '\n[PostgreSQL] skipped: set DATABASE_URL (a server where a database may be created) to bench PostgreSQL and run pgbench.',
    );
  } else {
    const name = `matka_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(base);
    u.pathname = `/${name}`;
    try {
      await benchBackend('PostgreSQL', { DATABASE_URL: u.toString() }, rows);
      const pgName = `${name}_pgbench`;
      await admin.query(`CREATE DATABASE ${pgName}`);
      const pu = new URL(base);
      pu.pathname = `/${pgName}`;
      console.log(`\n[pgbench] TPC-B-like, ${CONNECTIONS} clients, ${SECONDS}s ...`);
      tps = pgbench(pu.toString());
      await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }

  console.log('\nbackend     scenario                            req/s    p50 ms   p99 ms');
  for (const r of rows) {
    console.log(
      `${r.backend.padEnd(11)} ${r.scenario.padEnd(34)} ${r.reqs.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)}`,
    );
  }
  if (tps !== null) {
    const bid = rows.find((r) => r.backend === 'PostgreSQL' && r.scenario.startsWith('bid submit, spread'));
    console.log(`\npgbench (raw PostgreSQL, TPC-B-like): ${tps.toFixed(0)} tps`);
    if (bid) console.log(`ratio bid submit (spread) / pgbench tps: ${(bid.reqs / tps).toFixed(2)}`);
  }
  console.log(`\ndone in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
