/**
 * npm run bench:live — the live stream at scale, on this machine.
 *
 * It builds the server, creates a fresh PostgreSQL database (DATABASE_URL: a server where a database may
 * be created; dropped afterwards), starts the server with WORKERS processes (default: the cores), makes
 * BENCH_STREAMS players with a token each (written straight into the tables: registering them one by
 * one through the API would time scrypt, not streams) and opens one stream per player over the
 * processes (the cluster hands each connection to a process in turn). Then it declares one result
 * through the operator API and records, for every stream, when its `result` event arrived:
 *   - delay from the declaration (the request sent; and, for reference, its answer received): p50, p99, max;
 *   - server memory per stream: the processes' resident memory with every stream open, less before, ÷ N;
 *   - what the same N phones cost by polling instead: N ÷ 5 s requests per second of api-home-info, and
 *     the share of the server's own capacity for that call, measured in the same run (autocannon).
 * Targets: p99 ≤ 1 s at 10,000 streams; ≤ 20 KB per stream.
 *
 * Env: BENCH_STREAMS (default 10000), WORKERS (default the cores), BENCH_SECONDS (capacity run, default 5),
 *      DATABASE_URL (required).
 */
import http from 'node:http';
import os from 'node:os';
import fs from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { writeBench } from '../../build/bench-doc';
import { APP_KEY, OP_TOKEN, buildServer, post, startServer, stopServer } from './bench-lib';

const N = Number(process.env.BENCH_STREAMS || 10_000);
const WORKERS = Number(process.env.WORKERS || os.cpus().length);
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const MARKET = 'KALYAN';

/** Resident memory (KB) of a process and its children (the cluster's workers). */
function rssOfTree(pid: number): number {
  const kids = new Map<number, number[]>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      kids.set(ppid, [...(kids.get(ppid) ?? []), Number(d)]);
    } catch {
      // gone
    }
  }
  let total = 0;
  const visit = (p: number) => {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      total += m ? Number(m[1]) : 0;
    } catch {
      // gone
    }
    for (const c of kids.get(p) ?? []) visit(c);
  };
  visit(pid);
  return total;
}

interface Stream {
  hello: Promise<void>;
  result: Promise<number>;
  close(): void;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** One stream of a player; resolves `result` with the time its result event arrived. */
function openStream(url: string, token: string): Stream {
  let helloDone!: () => void;
  let resultDone!: (t: number) => void;
  let fail!: (e: Error) => void;
  const hello = new Promise<void>((res, rej) => {
    helloDone = res;
    fail = rej;
  });
  const result = new Promise<number>((res) => (resultDone = res));
  const body = JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, unique_token: token });
  const u = new URL(`${url}/api/live`);
  const req = http.request(
    {
      host: u.hostname,
      port: u.port,
      path: u.pathname,
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    },
    (res) => {
      if (res.statusCode !== 200) return fail(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (chunk: string) => {
        buf += chunk;
        if (buf.includes('event: hello')) helloDone();
        if (buf.includes('event: result')) resultDone(performance.now());
        if (buf.length > 4096) buf = buf.slice(-512);
      });
      res.on('error', () => {});
    },
  );
  req.on('error', (e) => fail(e));
  req.end(body);
  return { hello, result, close: () => req.destroy() };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.log(
      'bench:live needs DATABASE_URL (a PostgreSQL server where a database may be created): streams fan out over processes.',
    );
    process.exit(1);
  }
  console.log(`bench:live: ${N} streams over ${WORKERS} server processes (${os.cpus().length} cores)`);
  buildServer();
  const name = `matka_live_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  let child: Awaited<ReturnType<typeof startServer>>['child'] | null = null;
  const streams: Stream[] = [];
  try {
    // every stream comes from this one address: its cap is lifted for the bench (a country of phones)
    const server = await startServer({
      DATABASE_URL: u.toString(),
      ALLOW_TABLE_OWNER: '1',
      WORKERS: String(WORKERS),
      LIVE_STREAMS_PER_ADDRESS: String(N + 1000),
    });
    child = server.child;
    const url = server.url;

    // N players with a token each, straight into the tables (the server migrated the database)
    const db = new pg.Client({ connectionString: u.toString() });
    db.on('error', () => {});
    await db.connect();
    const tokens = Array.from({ length: N }, () => randomBytes(32).toString('hex'));
    const mobileBase = 6_000_000_000 + Math.floor(Math.random() * 1e8);
    for (let i = 0; i < N; i += 5000) {
      const part = tokens.slice(i, i + 5000);
      await db.query(
        `WITH u AS (
           INSERT INTO users (mobile, name, password_hash)
           SELECT (${mobileBase} + ${i} + g)::text, 'Live ' || g, 'x' FROM generate_series(1, $1::int) g
           RETURNING id, mobile)
         INSERT INTO auth_tokens (user_id, token_hash, expires_at)
         SELECT u.id, h.hash, now() + interval '1 day'
         FROM u JOIN unnest($2::text[]) WITH ORDINALITY AS h(hash, n) ON u.mobile = (${mobileBase} + ${i} + h.n)::text`,
        [part.length, part.map((t) => createHash('sha256').update(t).digest('hex'))],
      );
    }
    await db.end();
    await new Promise((r) => setTimeout(r, 500));
    const before = rssOfTree(child.pid!);

    // open the streams, a few hundred at a time
    const opened = performance.now();
    for (let i = 0; i < N; i += 500) {
      const batch = tokens.slice(i, i + 500).map((t) => openStream(url, t));
      streams.push(...batch);
      await Promise.all(batch.map((s) => s.hello));
    }
    const openSeconds = (performance.now() - opened) / 1000;
    await new Promise((r) => setTimeout(r, 2_000));
    const after = rssOfTree(child.pid!);
    const perStreamKb = (after - before) / N;
    console.log(`opened ${N} streams in ${openSeconds.toFixed(1)} s`);

    // one declaration (an owner's early declaration: the draw time need not have passed)
    const sent = performance.now();
    const answer = await post(
      `${url}/operator/result/declare`,
      { market: MARKET, session: 'open', pana: '128', early_reason: 'bench:live' },
      { authorization: `Bearer ${OP_TOKEN}` },
    );
    const answered = performance.now();
    if (!answer.status) throw new Error(`declare refused: ${answer.msg}`);
    const times = await Promise.all(
      streams.map((s) => Promise.race([s.result, new Promise<number>((r) => setTimeout(() => r(Infinity), 30_000))])),
    );
    const missed = times.filter((x) => x === Infinity).length;
    const fromSent = times
      .filter(Number.isFinite)
      .map((x) => x - sent)
      .sort((a, b) => a - b);
    const fromAnswer = times
      .filter(Number.isFinite)
      .map((x) => Math.max(0, x - answered))
      .sort((a, b) => a - b);
    for (const s of streams) s.close();
    streams.length = 0;

    // what polling would cost: N phones every 5 s, against the server's capacity for that call
    await new Promise((r) => setTimeout(r, 1_000));
    const token = tokens[0];
    const capacity = await autocannon({
      url: `${url}/api/api-home-info`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, unique_token: token }),
      connections: 32,
      duration: SECONDS,
    });
    const pollRate = N / 5;
    const capacityRate = capacity.requests.average;

    const ms = (x: number) => `${x.toFixed(0)} ms`;
    console.log('');
    console.log(`streams                      ${N} (${WORKERS} processes), ${missed} missed the result`);
    console.log(
      `delay from the declaration   p50 ${ms(pct(fromSent, 50))}, p99 ${ms(pct(fromSent, 99))}, max ${ms(fromSent[fromSent.length - 1])} (target p99 <= 1000 ms)`,
    );
    console.log(
      `  from its answer            p50 ${ms(pct(fromAnswer, 50))}, p99 ${ms(pct(fromAnswer, 99))} (the declaration answered in ${ms(answered - sent)})`,
    );
    console.log(
      `server memory per stream     ${perStreamKb.toFixed(1)} KB (${(before / 1024).toFixed(0)} MB before, ${(after / 1024).toFixed(0)} MB with the streams; target <= 20 KB)`,
    );
    console.log(
      `polling instead              ${pollRate.toFixed(0)} req/s of api-home-info for ${N} phones every 5 s = ${((100 * pollRate) / capacityRate).toFixed(0)} % of this server's ${capacityRate.toFixed(0)} req/s for that call`,
    );
    writeBench('live', {
      setup: `PostgreSQL, ${WORKERS} processes, ${N.toLocaleString('en-IN')} streams`,
      header: ['measure', 'measured', 'target'],
      rows: [
        ['streams that missed the result', missed, '0'],
        ['delay from the declaration, p50', ms(pct(fromSent, 50)), ''],
        ['delay from the declaration, p99', ms(pct(fromSent, 99)), '≤ 1000 ms'],
        ['delay from its answer, p99', ms(pct(fromAnswer, 99)), ''],
        ['server memory per stream', `${perStreamKb.toFixed(1)} KB`, '≤ 20 KB'],
        [
          'the same phones polling every 5 s',
          `${((100 * pollRate) / capacityRate).toFixed(0)} % of the server's ${capacityRate.toFixed(0)} req/s for that call`,
          '',
        ],
      ],
    });
    if (missed) process.exitCode = 1;
  } finally {
    for (const s of streams) s.close();
    if (child) await stopServer(child);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
