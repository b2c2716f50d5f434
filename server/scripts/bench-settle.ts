/**
 * npm run bench:settle — settlement at scale on PostgreSQL (DATABASE_URL), at two sizes in one run
 * (BENCH_SIZES, default 100000,1000000 bids on one regular market).
 *
 * A realistic day is written straight into the tables: players in the tens of thousands, several bids
 * each, every bet type of the regular family (digits, jodis, the three pana kinds, half and full
 * sangams), both sessions, each bid with its rate. Then, through the service the operator API uses
 * (store the result and its job, then the chunked settlement), it times:
 *   - the open declaration, the close declaration and a correction of the close result;
 *   - the preview of the close result;
 *   - the ceiling, measured in the same run on the same data: PostgreSQL writing the same rows (every
 *     bid's status, the win records, one ledger row per win, the wallets) with plain set-based
 *     statements and no application logic, rolled back;
 *   - the event-loop delay of this process while it settles (p99, perf_hooks.monitorEventLoopDelay);
 *   - sealing the day's books (its receipts, a few bids each), and sealing a session of as many bids,
 *     each its own receipt, on another market (the largest tree of that many bids).
 * It prints a table and the ratios: declaration ÷ ceiling, and the time growth against the bids' growth.
 *
 * Then the live phase (BENCH_LIVE_BIDS, default 1000000; 0 skips it): the compiled server, WORKERS=2,
 * settles an Open result of today's market through the operator API while bids come at BENCH_LIVE_RATE
 * (default 200) req/s on that market's Close session and as many on another market, from players whose
 * wallets the settlement credits. It prints the bids' p99 during the settlement, the same load's p99
 * before the declaration (the ceiling), and the worst event-loop p99 of each server process. It also
 * prints this process's own pauses over 25 ms while the settlement runs: the bids' times are taken here,
 * so a pause of the load generator would count in theirs. BENCH_TRACE=<file> writes every bid's due time
 * and milliseconds, the job's progress as polled, those pauses and each server process's event-loop p99
 * in each second to <file> (JSON), to line them up with PostgreSQL's log.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from '../src/db';
import { migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/seed';
import { SettlementRunner, storeDeclaration } from '../src/services/settlement-jobs';
import { type Declaration } from '../src/services/settlement';
import { previewDeclaration } from '../src/services/preview-sql';
import { sealBooks } from '../src/services/books';
import { DATE, sealSession, seedDay } from './bench-settle-day';
import { ReceiptSigner } from '../src/services/receipts';
import { kolkataIsoDate, systemClock } from '../src/services/clock';
import {
  OP_TOKEN,
  bidBody,
  buildServer,
  openAllDay,
  post,
  registerPlayers,
  startServer,
  steadyLoad,
  stopServer,
} from './bench-lib';
import { writeBench } from '../../build/bench-doc';

const BASE = process.env.DATABASE_URL;
const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const CHUNK = Number(process.env.SETTLE_CHUNK_BIDS || 10_000);
/** chunks while nobody bids: SETTLE_IDLE_CHUNKS times CHUNK (the server's default, 10) */
const IDLE_CHUNKS = Number(process.env.SETTLE_IDLE_CHUNKS || 10);
/** the live phase: bids on today's market, settled by the server's own processes while bids keep coming */
const LIVE_BIDS = Number(process.env.BENCH_LIVE_BIDS ?? 1_000_000);
const LIVE_RATE = Number(process.env.BENCH_LIVE_RATE || 200);
const LIVE_WORKERS = Number(process.env.WORKERS || 2);
/** a file for the live phase's trace (JSON), or none */
const TRACE = process.env.BENCH_TRACE;
/**
 * The players who bid during the live phase; each market's load has a connection per two of them. (It had
 * 8: a pool of 8 carries at most 8 / latency bids a second, exactly 200 at 40 ms, so a slow second of the
 * server queued bids inside the bench, and their wait for a free connection was counted as theirs. Once,
 * the bids' p99 was 366 ms while 11 answers took the server over 100 ms. Players do not share 8.)
 */
const LIVE_PLAYERS = 100;
const LIVE_CONNECTIONS = Number(process.env.BENCH_LIVE_CONNECTIONS || LIVE_PLAYERS / 2);

async function freshDb(): Promise<{ database: Database; drop: () => Promise<void>; url: string }> {
  const name = `matka_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(BASE!);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 4 });
  return {
    database,
    url: u.toString(),
    drop: async () => {
      await database.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: BASE });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Stores the result and its job, then settles it to the end; seconds, and the job. */
async function declare(
  database: Database,
  runner: SettlementRunner,
  signer: ReceiptSigner,
  marketId: number,
  d: Declaration,
) {
  const t0 = performance.now();
  const stored = await database.db
    .transaction()
    .execute((trx) => storeDeclaration(trx, marketId, DATE, d, new Date(), 'bench', signer));
  const answered = (performance.now() - t0) / 1000;
  const job = await runner.waitFor(stored.job.id, 3_600_000);
  return { seconds: (performance.now() - t0) / 1000, answered, job };
}

/** The same rows as the settlement writes, by plain set-based statements (rolled back): the ceiling. */
async function ceiling(database: Database, marketId: number, winners: { open: string; close: string }) {
  const t0 = performance.now();
  await database.db
    .transaction()
    .execute(async (trx) => {
      // the winners: what the declaration found (single digit of the close pana, here by a plain rule)
      await sql`
        CREATE TEMP TABLE ceil_w ON COMMIT DROP AS
        SELECT id, user_id, points * rate_2 / rate_1 AS pay FROM bids
        WHERE market_id = ${marketId} AND bid_date = ${DATE}::date
          AND ((bet_type = 'single_digit' AND session = 'Close' AND digits = ${winners.close})
            OR (bet_type = 'single_digit' AND session = 'Open' AND digits = ${winners.open}))`.execute(trx);
      await sql`UPDATE bids SET status = 'lost', settled_at = now() WHERE market_id = ${marketId} AND bid_date = ${DATE}::date`.execute(
        trx,
      );
      await sql`UPDATE bids SET status = 'won', win_amount = w.pay FROM ceil_w w WHERE bids.id = w.id`.execute(trx);
      await sql`INSERT INTO wins (bid_id, user_id, family, market_id, amount, win_date)
                SELECT id, user_id, 'regular', ${marketId}, pay, ${DATE}::date FROM ceil_w`.execute(trx);
      await sql`INSERT INTO wallet_transactions (user_id, type, amount, balance_after, kind, note, reference)
                SELECT user_id, 'credit', pay, pay, 'win', 'Win', 'win:bid:' || id FROM ceil_w`.execute(trx);
      await sql`UPDATE users SET wallet = users.wallet + d.s FROM (SELECT user_id, SUM(pay) s FROM ceil_w GROUP BY user_id) d
                WHERE users.id = d.user_id`.execute(trx);
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  return (performance.now() - t0) / 1000;
}

interface LiveRow {
  bids: number;
  workers: number;
  settle_s: string;
  answer_s: string;
  close_bids_p99_ms: number;
  other_bids_p99_ms: number;
  /** the slowest bid of each load during the settlement */
  bids_max_ms: string;
  /** the same load before the declaration (close / other market) */
  quiet_p99_ms: string;
  bids_placed: string;
  refused: number;
  loop_p99_ms: string;
  /** the seconds of the settlement whose bids (both loads) had a p99 over 50 ms, of all its seconds */
  slow_seconds: string;
}

/**
 * The bids' p99 in each second of the settlement (both loads, by when each bid was due): a p99 over the
 * whole settlement says how bad, this says when (the declaration, the judging, the chunks, the end).
 */
function secondsOf(
  timed: [number, number][],
  t0: number,
  seconds: number,
): { second: number; p99: number; bids: number }[] {
  const buckets: number[][] = Array.from({ length: Math.max(1, Math.ceil(seconds)) }, () => []);
  for (const [due, ms] of timed) {
    const k = Math.floor((due - t0) / 1000);
    if (k >= 0 && k < buckets.length) buckets[k].push(ms);
  }
  return buckets.map((v, second) => {
    v.sort((x, y) => x - y);
    const p99 = v.length ? v[Math.min(v.length - 1, Math.ceil(0.99 * v.length) - 1)] : 0;
    return { second, p99: Math.round(p99), bids: v.length };
  });
}

/**
 * The live phase: a day of `n` bids on today's KALYAN, the compiled server with WORKERS processes on it,
 * and, while the server settles the Open result it is given through the operator API, bids at LIVE_RATE
 * req/s on KALYAN's Close session and LIVE_RATE req/s on another market (open loop at a fixed rate,
 * each bid's time counted from when it was due: bench-lib's steadyLoad). It
 * reports the bids' p99 during the settlement and the event-loop delay of every server process (each
 * prints its own, EVENT_LOOP_REPORT_MS; the worst 1 s window of any process is reported).
 */
async function live(n: number): Promise<LiveRow> {
  const { database, drop, url: dbUrl } = await freshDb();
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    await migrate(database);
    await seedDemoData(database.db);
    const today = kolkataIsoDate(new Date());
    process.stdout.write(`[live] seeding ${n} bids for ${today} ... `);
    await seedDay(database, n, today);
    server = await startServer({
      DATABASE_URL: dbUrl,
      ALLOW_TABLE_OWNER: '1',
      WORKERS: String(LIVE_WORKERS),
      EVENT_LOOP_REPORT_MS: '1000',
      SETTLE_CHUNK_BIDS: String(CHUNK),
    });
    const { url, child } = server;
    const loops = new Map<string, number[]>();
    let tail = '';
    let recording = false;
    child.stdout!.on('data', (d: Buffer) => {
      const lines = (tail + d.toString()).split('\n');
      tail = lines.pop() ?? '';
      for (const l of lines) {
        const m = /^event-loop pid=(\d+) p99_ms=([\d.]+)/.exec(l);
        if (m && recording) loops.set(m[1], [...(loops.get(m[1]) ?? []), Number(m[2])]);
      }
    });
    process.stdout.write(`registering ${LIVE_PLAYERS} players ... `);
    const tokens = await registerPlayers(url, LIVE_PLAYERS);
    // the players who bid now also bid earlier in the day: 1 % of the day's bids are theirs, so their
    // wallets are credited by the settlement while their new bids debit them (the seeded rows are given
    // their players here, with the bids' triggers off: a placed bid's player never changes otherwise)
    await sql`ALTER TABLE bids DISABLE TRIGGER bids_placed_fixed`.execute(database.db);
    await sql`
      WITH p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM users WHERE mobile LIKE '7%')
      UPDATE bids SET user_id = p.id FROM p
      WHERE bids.id % 100 = 0 AND p.k = (bids.id / 100) % (SELECT count(*) FROM p)`.execute(database.db);
    await sql`ALTER TABLE bids ENABLE TRIGGER bids_placed_fixed`.execute(database.db);
    // a day's bids arrive over hours and autovacuum and the checkpointer keep up with them; here they
    // arrived in seconds, so vacuum and write them out now rather than during the measurement (the
    // seeding's gigabyte of dirty pages, written back while bids wait for their commits' WAL flush, put
    // the quiet load's p99 at 180 ms in one run)
    await sql`VACUUM (ANALYZE) bids, bid_submissions, users`.execute(database.db);
    await sql`CHECKPOINT`.execute(database.db).catch((err: Error) => {
      console.log(`(CHECKPOINT refused: ${err.message}; the seeding's writes may overlap the measurement) `);
    });
    await database.close();
    const kalyan = await openAllDay(url, 'KALYAN');
    const other = await openAllDay(url, 'MILAN NIGHT');
    console.log('ready');
    // each market's bids at LIVE_RATE req/s, open loop (bench-lib's steadyLoad), over LIVE_CONNECTIONS
    const fire = (gameId: string, market: string, durationMs?: number) =>
      steadyLoad(
        url,
        '/api/api-submit-bid',
        tokens.map((t) => bidBody(t, gameId, market)),
        { rate: LIVE_RATE, connections: LIVE_CONNECTIONS, durationMs },
      );
    // warm-up (JIT, connections), then the same load with nothing settling, for 5 s: the bids' p99 on
    // this machine without a settlement
    await Promise.all([fire(kalyan, 'KALYAN', 3000).done, fire(other, 'MILAN NIGHT', 3000).done]);
    const quiet = await Promise.all([fire(kalyan, 'KALYAN', 5000).done, fire(other, 'MILAN NIGHT', 5000).done]);
    const closeLoad = fire(kalyan, 'KALYAN');
    const otherLoad = fire(other, 'MILAN NIGHT');
    await new Promise((r) => setTimeout(r, 2000));
    recording = true;
    // this process's own pauses (a 5 ms timer that fired more than 25 ms after the one before)
    const stalls: [number, number][] = [];
    let lastTick = performance.now();
    const stallTimer = setInterval(() => {
      const t = performance.now();
      if (t - lastTick > 25) stalls.push([lastTick, t - lastTick]);
      lastTick = t;
    }, 5);
    const auth = { authorization: `Bearer ${OP_TOKEN}` };
    const t0 = performance.now();
    const answer = await post(
      `${url}/operator/result/declare`,
      { market: 'KALYAN', session: 'open', pana: '128' },
      auth,
    );
    const answered = (performance.now() - t0) / 1000;
    const job = (answer as unknown as { job?: { id: string } }).job;
    if (!answer.status || !job) throw new Error(`declare: ${answer.msg}`);
    const wall0 = Date.now();
    const progress: [number, unknown][] = [];
    for (;;) {
      const s = (await (await fetch(`${url}/operator/settlement?id=${job.id}`, { headers: auth })).json()) as {
        job: { status: string };
      };
      progress.push([(performance.now() - t0) / 1000, s.job]);
      if (s.job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const settled = (performance.now() - t0) / 1000;
    recording = false;
    clearInterval(stallTimer);
    closeLoad.stop();
    otherLoad.stop();
    const [a, b] = await Promise.all([closeLoad.done, otherLoad.done]);
    // wall0: the wall clock when the answer came (PostgreSQL's log is by the wall clock)
    if (TRACE)
      writeFileSync(
        TRACE,
        JSON.stringify({
          t0,
          wall0,
          progress,
          settled,
          stalls,
          loops: Object.fromEntries(loops),
          a: a.timed,
          b: b.timed,
        }),
      );
    console.log(
      `\nlive: the load generator's own pauses over 25 ms: ${
        stalls.length
          ? stalls.map(([at, ms]) => `${Math.round(ms)} ms at ${((at - t0) / 1000).toFixed(2)} s`).join(', ')
          : 'none'
      }`,
    );
    const worst = [...loops.values()].map((v) => Math.max(...v));
    const bySecond = secondsOf([...a.timed, ...b.timed], t0, settled);
    const slow = bySecond.filter((x) => x.p99 > 50);
    console.log(
      `\nlive: the bids' p99 in each second of the settlement (ms): ${bySecond.map((x) => x.p99).join(' ')}` +
        `\nlive: ${slow.length} of ${bySecond.length} seconds over 50 ms${
          slow.length ? `: ${slow.map((x) => `second ${x.second} (${x.p99} ms)`).join(', ')}` : ''
        }`,
    );
    return {
      bids: n,
      workers: LIVE_WORKERS,
      settle_s: settled.toFixed(2),
      answer_s: answered.toFixed(3),
      close_bids_p99_ms: a.p99,
      other_bids_p99_ms: b.p99,
      bids_max_ms: `${a.max} / ${b.max}`,
      quiet_p99_ms: `${quiet[0].p99} / ${quiet[1].p99}`,
      bids_placed: `${a.ok} + ${b.ok}`,
      refused: a.non2xx + b.non2xx + a.errors + b.errors,
      loop_p99_ms: `${worst.map((w) => w.toFixed(1)).join(' / ')} (${worst.length} processes)`,
      slow_seconds: `${slow.length} of ${bySecond.length}`,
    };
  } finally {
    if (server) await stopServer(server.child);
    await drop();
  }
}

async function main() {
  if (!BASE) {
    console.error('bench:settle needs DATABASE_URL (a PostgreSQL server it may create databases on)');
    process.exit(2);
  }
  const log = { warn: console.warn, error: console.error } as unknown as FastifyBaseLogger;
  // the PostgreSQL settings the figures depend on (docs/operating.md, PostgreSQL settings: wal_compression
  // = lz4 halves a settlement's WAL; shared_buffers and max_wal_size)
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  const set = await admin.query<{ name: string; setting: string }>(
    `SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name IN ('wal_compression', 'max_parallel_workers_per_gather', 'shared_buffers', 'wal_buffers', 'max_wal_size', 'server_version')`,
  );
  await admin.end();
  console.log(`PostgreSQL: ${set.rows.map((r) => `${r.name} = ${r.setting}`).join(', ')}`);
  const rows: Record<string, number | string>[] = [];
  for (const n of SIZES) {
    const { database, drop } = await freshDb();
    try {
      await migrate(database);
      await seedDemoData(database.db);
      const seedT0 = performance.now();
      const marketId = await seedDay(database, n);
      const seeded = (performance.now() - seedT0) / 1000;
      const runner = new SettlementRunner(database.db, systemClock, log, () => undefined, {
        chunkSize: CHUNK,
        pollMs: 0,
        pace: 0,
        idleChunks: IDLE_CHUNKS,
      });
      const ceil = await ceiling(database, marketId, { open: '1', close: '4' });
      const signer = await ReceiptSigner.generate();
      // the day's two books, sealed as their bidding closes (before the results, which need them)
      const s0 = performance.now();
      await sealBooks(database.db, signer, marketId, DATE, ['open', 'close'], new Date());
      const sealDay = (performance.now() - s0) / 1000;
      const sealOne = await sealSession(database, signer, n);
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const open = await declare(database, runner, signer, marketId, {
        family: 'regular',
        session: 'open',
        pana: '128',
      });
      const close = await declare(database, runner, signer, marketId, {
        family: 'regular',
        session: 'close',
        pana: '446',
      });
      loop.disable();
      const p0 = performance.now();
      await previewDeclaration(database.db, marketId, DATE, { family: 'regular', session: 'close', pana: '590' });
      const preview = (performance.now() - p0) / 1000;
      const fix = await declare(database, runner, signer, marketId, {
        family: 'regular',
        session: 'close',
        pana: '590',
      });
      await runner.close();
      rows.push({
        bids: n,
        seed_s: seeded.toFixed(1),
        open_s: open.seconds.toFixed(2),
        close_s: close.seconds.toFixed(2),
        answer_s: Math.max(open.answered, close.answered).toFixed(3),
        correction_s: fix.seconds.toFixed(2),
        preview_s: preview.toFixed(2),
        seal_day_s: sealDay.toFixed(2),
        seal_1_per_receipt_s: sealOne.toFixed(2),
        ceiling_s: ceil.toFixed(2),
        close_vs_ceiling: (close.seconds / ceil).toFixed(2),
        loop_p99_ms: (loop.percentile(99) / 1e6).toFixed(1),
        paid: `${close.job.paid} bids / ${close.job.paid_points} pts`,
      });
    } finally {
      await drop();
    }
  }
  console.table(rows);
  let liveRow: Record<string, number | string> | null = null;
  if (rows.length >= 2) {
    const [a, b] = [rows[0], rows[rows.length - 1]];
    const growth = Number(b.bids) / Number(a.bids);
    console.log(
      `growth: ${growth}x the bids -> close ${(Number(b.close_s) / Number(a.close_s)).toFixed(1)}x, correction ${(
        Number(b.correction_s) / Number(a.correction_s)
      ).toFixed(1)}x, preview ${(Number(b.preview_s) / Number(a.preview_s)).toFixed(1)}x, seal (a receipt per bid) ${(
        Number(b.seal_1_per_receipt_s) / Number(a.seal_1_per_receipt_s)
      ).toFixed(1)}x the time`,
    );
  }
  if (LIVE_BIDS > 0) {
    buildServer();
    const row = await live(LIVE_BIDS);
    console.log(
      `\nlive: ${row.bids} bids settled by the server (WORKERS=${row.workers}) while bids came at ${LIVE_RATE} req/s on the market's Close session and ${LIVE_RATE} req/s on another market`,
    );
    console.table([row]);
    liveRow = { ...row };
  }
  const settings = set.rows.map((r) => `${r.name} = ${r.setting}`).join(', ');
  const keys = rows.length ? Object.keys(rows[0]) : [];
  writeBench('settle', {
    setup: `PostgreSQL (${settings}), chunks of ${CHUNK} bids`,
    header: keys,
    rows: rows.map((r) => keys.map((k) => r[k])),
    notes: liveRow
      ? [
          `Live: the compiled server settles today's Open result while bids come at ${LIVE_RATE} req/s on the market's Close session and ${LIVE_RATE} req/s on another market.`,
          '',
          `| ${Object.keys(liveRow).join(' | ')} |`,
          `|${Object.keys(liveRow)
            .map(() => '---')
            .join('|')}|`,
          `| ${Object.values(liveRow).join(' | ')} |`,
        ]
      : [],
  });
}

void main();
