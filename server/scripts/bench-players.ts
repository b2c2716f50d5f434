/**
 * npm run bench:players — how many players one server serves, at the mix phones make:
 *
 * - a phone with the live stream up polls the market list once a minute (a safety poll), one without it
 *   every 5 s (BENCH_STREAM_SHARE: the share of phones with the stream up, default 0.9);
 * - every player places a bid a minute.
 *
 * For a ladder of player counts (BENCH_PLAYERS, default 10,000 to 160,000) it sends
 * those requests at the rates that many players make (open loop: each request is due at its time and is
 * timed from then, bench-lib's steadyLoad), for BENCH_SECONDS (default 10) each after BENCH_WARMUP seconds
 * (default 5) of the first step's load, and reports the p99 of
 * the polls and of the bids. The figure is the largest count whose p99s are both within 200 ms with no
 * refusal and no error. The players' requests come from BENCH_USERS accounts (default 400): the server's
 * work per request is the same whoever sends it.
 *
 * The compiled server (server/dist) on PGlite by default; with DATABASE_URL a fresh database on that
 * PostgreSQL and WORKERS processes (default 1).
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { writeBench } from '../../build/bench-doc';
import {
  bidBody,
  buildServer,
  openAllDay,
  registerPlayers,
  startServer,
  steadyLoad,
  stopServer,
  APP_KEY,
} from './bench-lib';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const USERS = Number(process.env.BENCH_USERS || 400);
const STREAM_SHARE = Number(process.env.BENCH_STREAM_SHARE ?? 0.9);
const LADDER = (process.env.BENCH_PLAYERS || '10000,20000,40000,60000,80000,100000,120000,140000,160000')
  .split(',')
  .map(Number);
/** seconds of the first step's load before anything is measured (a fresh process is not yet optimised) */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const P99_MS = 200;

async function main() {
  buildServer();
  const env: Record<string, string> = {};
  let dropDb: (() => Promise<void>) | null = null;
  if (process.env.DATABASE_URL) {
    const name = `bench_players_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    env.WORKERS = process.env.WORKERS || '1';
    dropDb = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const backend = env.DATABASE_URL ? `PostgreSQL, ${env.WORKERS} process(es)` : 'PGlite';
  console.log(
    `bench:players on ${backend}, ${os.cpus().length} cores; ${SECONDS} s a step; stream share ${STREAM_SHARE}`,
  );
  const { url, child } = await startServer(env);
  const rows: { players: number; polls: number; bids: number; pollP99: number; bidP99: number; ok: boolean }[] = [];
  try {
    const tokens = await registerPlayers(url, USERS);
    const gameId = await openAllDay(url, 'KALYAN');
    const polls = tokens.map((t) => JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, unique_token: t }));
    const bids = tokens.map((t) => bidBody(t, gameId));
    if (WARMUP > 0) {
      const rate = LADDER[0] / 60;
      await Promise.all([
        steadyLoad(url, '/api/api-home-info', polls, { rate, connections: 64, durationMs: WARMUP * 1000 }).done,
        steadyLoad(url, '/api/api-submit-bid', bids, { rate, connections: 64, durationMs: WARMUP * 1000 }).done,
      ]);
    }
    for (const players of LADDER) {
      const pollRate = players * (STREAM_SHARE / 60 + (1 - STREAM_SHARE) / 5);
      const bidRate = players / 60;
      const p = steadyLoad(url, '/api/api-home-info', polls, {
        rate: pollRate,
        connections: 64,
        durationMs: SECONDS * 1000,
      });
      const b = steadyLoad(url, '/api/api-submit-bid', bids, {
        rate: bidRate,
        connections: 64,
        durationMs: SECONDS * 1000,
      });
      const [pr, br] = await Promise.all([p.done, b.done]);
      const ok = pr.p99 <= P99_MS && br.p99 <= P99_MS && !pr.non2xx && !pr.errors && !br.non2xx && !br.errors;
      rows.push({
        players,
        polls: Math.round(pollRate),
        bids: Math.round(bidRate),
        pollP99: pr.p99,
        bidP99: br.p99,
        ok,
      });
      console.log(
        `${String(players).padStart(7)} players: ${String(Math.round(pollRate)).padStart(5)} polls/s p99 ${String(pr.p99).padStart(7)} ms, ` +
          `${String(Math.round(bidRate)).padStart(5)} bids/s p99 ${String(br.p99).padStart(7)} ms` +
          `${pr.non2xx + br.non2xx + pr.errors + br.errors ? `, ${pr.non2xx + br.non2xx} refused, ${pr.errors + br.errors} errors` : ''}` +
          `  ${ok ? 'ok' : 'over'}`,
      );
      if (!ok) break;
    }
  } finally {
    await stopServer(child);
    await dropDb?.();
  }
  const best = rows.filter((r) => r.ok).pop();
  const verdict = best
    ? `one server serves ${best.players.toLocaleString('en-IN')} players (p99 ≤ ${P99_MS} ms for polls and bids)`
    : `not even ${LADDER[0]} players within p99 ≤ ${P99_MS} ms`;
  console.log(`\n${verdict}`);
  writeBench('players', {
    setup: `${backend}, ${SECONDS} s a step, ${Math.round(STREAM_SHARE * 100)} % of phones with the live stream up`,
    header: ['players', 'polls/s', 'poll p99', 'bids/s', 'bid p99', `within p99 ≤ ${P99_MS} ms`],
    rows: rows.map((r) => [
      r.players.toLocaleString('en-IN'),
      r.polls,
      `${r.pollP99} ms`,
      r.bids,
      `${r.bidP99} ms`,
      r.ok ? 'yes' : 'no',
    ]),
    notes: [`**${verdict[0].toUpperCase()}${verdict.slice(1)}.**`],
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
