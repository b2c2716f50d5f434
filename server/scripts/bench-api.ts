/**
 * npm run bench:api — API throughput on this machine, bounded in time, with its ceilings measured in
 * the same run.
 *
 * It builds the server (server/dist, compiled JavaScript as production runs it) and starts it in child
 * processes on 127.0.0.1: on PGlite (one process) and, when DATABASE_URL points at a PostgreSQL server
 * (a fresh database is created there and dropped afterwards), with WORKERS=1 and WORKERS=<cores>. It
 * registers users through the API, credits them through the operator API, opens a market, and runs
 * autocannon (load generator on the same machine) for each scenario: bid submit spread over users,
 * bid submit on one hot wallet, wallet balance, the polled market list (api-home-info), and, on
 * PostgreSQL, bid submit at a fixed 500 req/s for its p99.
 *
 * Ceilings, same run, same process set-up:
 *   - a bare Fastify route returning the same market-list bytes (scripts/bench-bare.cjs), 1 and N
 *     processes: ratio market list ÷ bare route (shown for what it is, not a target: the polled list is
 *     an ordinary Fastify route under every hook, and what matters is how many players one process serves);
 *   - pgbench's TPC-B-like tps on the same PostgreSQL: ratio bid submit ÷ pgbench (target ≥ 0.75), and
 *     the bid p99 at 500 req/s (target ≤ 50 ms; open loop, each bid's time counted from when it was
 *     due: bench-lib's steadyLoad).
 *
 * Env: BENCH_SECONDS (per scenario, default 5), BENCH_WARMUP (seconds of the same load before each, not counted, default 2), BENCH_CONNECTIONS (default 32), BENCH_USERS (default 100),
 *      BENCH_ONLY (pglite | postgres), BENCH_SCENARIO, BENCH_PROFILE (see below), DATABASE_URL (enables the PostgreSQL half), PGBENCH (path, default /usr/lib/postgresql/15/bin/pgbench).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { writeBench } from '../../build/bench-doc';
import {
  APP_KEY,
  bidBody,
  buildServer,
  openAllDay,
  registerPlayers,
  startServer,
  steadyLoad,
  stopServer,
  type SteadyResult,
} from './bench-lib';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
/**
 * Seconds of the same load before each measured scenario, not counted. A server that has just started is
 * not yet in its steady state: V8 has not optimised the hot paths and each pooled PostgreSQL connection
 * plans its statements on first use. Measured on this machine (bids, one process): the first second ran
 * at 1,240-1,350 bids/s, the later ones at 1,950-2,500. pgbench likewise leaves its connection set-up out.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const USERS = Number(process.env.BENCH_USERS || 100);
const PGBENCH = process.env.PGBENCH || '/usr/lib/postgresql/15/bin/pgbench';
/** BENCH_PROFILE=<dir>: the server processes write V8 CPU profiles there (scripts/profile-top.ts reads them) */
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : '';
/** BENCH_SCENARIO=<text>: only the scenarios whose name contains it (with a profile: one kind of load) */
const SCENARIO = (process.env.BENCH_SCENARIO || '').toLowerCase();

interface Row {
  backend: string;
  scenario: string;
  reqs: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * autocannon over `bodies`. Each connection keeps to its own share of them (its own players), as a phone
 * keeps to its keep-alive connection: with WORKERS > 1 a player's calls then reach one process.
 */
async function load(url: string, pathName: string, bodies: string[], seconds = SECONDS): Promise<autocannon.Result> {
  let conn = 0;
  const headers = { 'content-type': 'application/json' };
  return autocannon({
    url: `${url}${pathName}`,
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: (client: { setRequests: (r: { method: string; headers: object; body: string }[]) => void }) => {
      const c = conn++;
      const mine =
        bodies.length >= CONNECTIONS
          ? bodies.filter((_, j) => j % CONNECTIONS === c % CONNECTIONS)
          : [bodies[c % bodies.length]];
      client.setRequests(mine.map((body) => ({ method: 'POST', headers, body })));
    },
  } as autocannon.Options);
}

function record(rows: Row[], backend: string, scenario: string, r: autocannon.Result, note = '') {
  push(
    rows,
    {
      backend,
      scenario,
      reqs: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    },
    note,
  );
}

/**
 * The scenarios that enter a ratio (the market list, its bare route, bid submit spread over users) are
 * measured twice after the warm-up and the better run is kept, as the pgbench ceiling is the better of its
 * two runs: both sides of a ratio get the same treatment. Both runs are printed.
 */
const TWICE = ['polled market list', 'bare route', 'bid submit, spread'];

async function measure(rows: Row[], backend: string, scenario: string, url: string, p: string, bodies: string[]) {
  if (WARMUP > 0) await load(url, p, bodies, WARMUP);
  const runs = [await load(url, p, bodies)];
  if (TWICE.some((t) => scenario.startsWith(t))) runs.push(await load(url, p, bodies));
  const best = runs.reduce((a, b) => (b.requests.average > a.requests.average ? b : a));
  const note = runs.length > 1 ? `  (runs ${runs.map((r) => r.requests.average.toFixed(0)).join(', ')})` : '';
  record(rows, backend, scenario, best, note);
}

/** A fixed-rate scenario: open loop, each request's time counted from when it was due (bench-lib). */
function recordSteady(rows: Row[], backend: string, scenario: string, r: SteadyResult) {
  push(rows, { backend, scenario, reqs: r.ok / SECONDS, p50: r.p50, p99: r.p99, non2xx: r.non2xx, errors: r.errors });
}

function push(rows: Row[], row: Row, note = '') {
  rows.push(row);
  console.log(
    `  ${row.scenario.padEnd(34)} ${row.reqs.toFixed(0).padStart(6)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms${row.non2xx || row.errors ? `  (non-2xx ${row.non2xx}, errors ${row.errors})` : ''}${note}`,
  );
}

/** The bare Fastify route with the same bytes, in the same process set-up (WORKERS). */
async function benchBare(backend: string, bytesFile: string, workers: number, token: string, rows: Row[]) {
  const { url, child } = await startServer(
    { BODY_FILE: bytesFile, WORKERS: String(workers), PORT: '0' },
    { script: 'scripts/bench-bare.cjs' },
  );
  try {
    const body = JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, unique_token: token });
    await measure(rows, backend, 'bare route, same bytes (ceiling)', url, '/api/api-home-info', [body]);
  } finally {
    await stopServer(child);
  }
}

async function benchBackend(backend: string, env: Record<string, string>, rows: Row[], opts: { full: boolean }) {
  const workers = Math.max(1, Number(env.WORKERS || 1));
  process.stdout.write(`\n[${backend}] starting the server ... `);
  const execArgv = PROFILE_DIR ? [`--cpu-prof`, `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const { url, child } = await startServer(env, { execArgv });
  const bytesFile = path.join(os.tmpdir(), `matka-bench-home-${process.pid}.json`);
  let firstToken: string;
  try {
    process.stdout.write(`${url}; registering ${USERS} users ... `);
    const tokens = await registerPlayers(url, USERS);
    const gameId = await openAllDay(url, 'KALYAN');
    firstToken = tokens[0];
    console.log('ready');
    const env1 = (tok: string) => JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, unique_token: tok });
    // the market-list answer, byte for byte, for the bare route
    const home = await fetch(`${url}/api/api-home-info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: env1(tokens[0]),
    });
    fs.writeFileSync(bytesFile, Buffer.from(await home.arrayBuffer()));
    const scenarios: [string, string, string[], { rate?: number }][] = [
      ['polled market list (home-info)', '/api/api-home-info', tokens.map(env1), {}],
      ['bid submit, spread over users', '/api/api-submit-bid', tokens.map((t) => bidBody(t, gameId)), {}],
    ];
    if (opts.full)
      scenarios.push(
        ['bid submit, one hot wallet', '/api/api-submit-bid', [bidBody(tokens[0], gameId)], {}],
        ['wallet balance', '/api/api-user-wallet-balance', tokens.map(env1), {}],
      );
    if (env.DATABASE_URL)
      scenarios.push([
        'bid submit at 500 req/s',
        '/api/api-submit-bid',
        tokens.map((t) => bidBody(t, gameId)),
        { rate: 500 },
      ]);
    for (const [name, p, bodies, o] of scenarios.filter(([n]) => n.toLowerCase().includes(SCENARIO)))
      if (o.rate) {
        if (WARMUP > 0)
          await steadyLoad(url, p, bodies, { rate: o.rate, connections: CONNECTIONS, durationMs: WARMUP * 1000 }).done;
        recordSteady(
          rows,
          backend,
          name,
          await steadyLoad(url, p, bodies, { rate: o.rate, connections: CONNECTIONS, durationMs: SECONDS * 1000 }).done,
        );
      } else await measure(rows, backend, name, url, p, bodies);
  } finally {
    await stopServer(child);
  }
  await benchBare(backend, bytesFile, workers, firstToken, rows);
  fs.rmSync(bytesFile, { force: true });
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
  const cores = os.availableParallelism();
  buildServer();
  console.log(
    `bench:api — ${SECONDS}s per scenario after ${WARMUP}s of warm-up, ${CONNECTIONS} connections, ${USERS} users, ${cores} cores, load generator on the same machine`,
  );
  const rows: Row[] = [];
  const only = (process.env.BENCH_ONLY || '').toLowerCase(); // 'pglite' | 'postgres' | ''
  if (only !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matka-bench-'));
    try {
      await benchBackend('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '', WORKERS: '1' }, rows, { full: true });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  let tps: number | null = null;
  const base = only === 'pglite' ? undefined : process.env.DATABASE_URL;
  const pgLabel = (n: number) => `PG x${n}`;
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
    try {
      // with a profile, one process: its profile is the whole story
      for (const workers of PROFILE_DIR ? [1] : [...new Set([1, cores])]) {
        const db = `${name}_${workers}`;
        await admin.query(`CREATE DATABASE ${db}`);
        const u = new URL(base);
        u.pathname = `/${db}`;
        try {
          await benchBackend(
            pgLabel(workers),
            { DATABASE_URL: u.toString(), ALLOW_TABLE_OWNER: '1', WORKERS: String(workers), DEMO: '1' },
            rows,
            { full: workers === 1 },
          );
        } finally {
          await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
        }
      }
      const pgName = `${name}_pgbench`;
      await admin.query(`CREATE DATABASE ${pgName}`);
      const pu = new URL(base);
      pu.pathname = `/${pgName}`;
      console.log(`\n[pgbench] TPC-B-like, ${CONNECTIONS} clients, ${SECONDS}s ...`);
      // the ceiling is the better of two runs (pgbench varies by ±15 % from run to run here)
      const runs = [pgbench(pu.toString()), pgbench(pu.toString())].filter((x): x is number => x !== null);
      tps = runs.length ? Math.max(...runs) : null;
      if (runs.length) console.log(`pgbench runs: ${runs.map((x) => x.toFixed(0)).join(', ')} tps`);
      await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }

  console.log('\nbackend     scenario                            req/s    p50 ms   p99 ms');
  for (const r of rows) {
    console.log(
      `${r.backend.padEnd(11)} ${r.scenario.padEnd(34)} ${r.reqs.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)}`,
    );
  }
  const get = (backend: string, scenario: string) =>
    rows.find((r) => r.backend === backend && r.scenario.startsWith(scenario));
  console.log('\nratios (same run)                                          measured   target');
  const ratios: string[][] = [];
  const line = (label: string, v: number | undefined, target: string, ok: boolean | undefined) => {
    const verdict = ok === undefined ? '' : ok ? 'ok' : 'MISSED';
    ratios.push([label, v === undefined ? '—' : v.toFixed(2), target, verdict]);
    console.log(
      `${label.padEnd(58)} ${v === undefined ? '     —' : v.toFixed(2).padStart(8)}   ${target}${verdict ? `  ${verdict}` : ''}`,
    );
  };
  for (const b of [...new Set(rows.map((r) => r.backend))]) {
    const list = get(b, 'polled market list');
    const bare = get(b, 'bare route');
    const v = list && bare ? list.reqs / bare.reqs : undefined;
    line(`${b}: market list / bare route`, v, '(no target)', undefined);
  }
  if (tps !== null) {
    console.log(`pgbench (raw PostgreSQL, TPC-B-like): ${tps.toFixed(0)} tps`);
    for (const b of [...new Set(rows.map((r) => r.backend))].filter((x) => x.startsWith('PG x'))) {
      const bid = get(b, 'bid submit, spread');
      const v = bid ? bid.reqs / tps : undefined;
      line(`${b}: bid submit / pgbench tps`, v, '>= 0.75', v === undefined ? undefined : v >= 0.75);
      const fixed = get(b, 'bid submit at 500');
      if (fixed) line(`${b}: bid submit p99 at 500 req/s (ms)`, fixed.p99, '<= 50', fixed.p99 <= 50);
    }
  }
  const one = get(pgLabel(1), 'polled market list');
  const many = get(pgLabel(cores), 'polled market list');
  if (one && many && cores > 1)
    line(`market list x${cores} processes / x1`, many.reqs / one.reqs, '(scaling)', undefined);
  const bid1 = get(pgLabel(1), 'bid submit, spread');
  const bidN = get(pgLabel(cores), 'bid submit, spread');
  if (bid1 && bidN && cores > 1)
    line(`bid submit x${cores} processes / x1`, bidN.reqs / bid1.reqs, '(scaling)', undefined);
  console.log(`\ndone in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  writeBench('api', {
    setup: `autocannon, ${CONNECTIONS} connections, ${SECONDS} s a scenario${tps !== null ? `; pgbench ${tps.toFixed(0)} tps` : ''}`,
    header: ['backend', 'scenario', 'req/s', 'p50', 'p99'],
    rows: rows.map((r) => [r.backend, r.scenario, r.reqs.toFixed(0), `${r.p50} ms`, `${r.p99} ms`]),
    notes: [
      '| ratio (same run) | measured | target | |',
      '|---|---|---|---|',
      ...ratios.map((r) => `| ${r.join(' | ')} |`),
    ],
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
