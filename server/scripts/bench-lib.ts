/**
 * What bench:api and bench:settle share: the compiled server started in child processes on 127.0.0.1,
 * players registered and credited through the API, a market open all day, a bid's body.
 */
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { formatBidDate } from '@matka/shared/domain';

export const APP_KEY = 'bench-app-key-of-the-runs';
export const OP_TOKEN = randomBytes(16).toString('hex');
export const SERVER_DIR = path.join(__dirname, '..');

/** server/dist, compiled JavaScript as production runs it */
export function buildServer() {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('server build failed');
}

/** Starts the server (or the bare route) and waits until all its WORKERS processes listen. */
export async function startServer(
  env: Record<string, string>,
  opts: { script?: string; execArgv?: string[] } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const script = opts.script ?? 'dist/main.js';
  const workers = Math.max(1, Number(env.WORKERS || 1));
  const child = spawn(process.execPath, [...(opts.execArgv ?? []), script], {
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
      // the market is opened all day after the start: a sweep at start would already have sealed its
      // sessions whose usual times had passed, and they would refuse every bid
      BOOK_SEAL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const all = [...out.matchAll(/listening on (http:\/\/127\.0\.0\.1:\d+)\//g)];
      const m = all.length >= workers || (script !== 'dist/main.js' && all.length) ? all[0] : null;
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

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

export type Answer = Record<string, string> & { status: boolean };
export async function post(
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Answer;
}

/** Registers `n` users through the API (OTP in demo mode) and credits them through the operator API. */
export async function registerPlayers(url: string, n: number): Promise<string[]> {
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
  return tokens;
}

/** Opens a regular market for Close-session bids all day (its Open session closed at 00:00); its id. */
export async function openAllDay(url: string, name: string): Promise<string> {
  const st = await post(
    `${url}/operator/market/set-times`,
    { name, family: 'regular', open: '00:00', close: '23:59' },
    { authorization: `Bearer ${OP_TOKEN}` },
  );
  if (!st.status) throw new Error(`set-times: ${st.msg}`);
  const markets = (await (
    await fetch(`${url}/operator/markets`, { headers: { authorization: `Bearer ${OP_TOKEN}` } })
  ).json()) as {
    markets: { id: number; name: string }[];
  };
  const market = markets.markets.find((m) => m.name === name);
  if (!market) throw new Error(`market ${name} not found`);
  return String(market.id);
}

/** Two Single Digit bids of 10 points on the Close session of a market open all day. */
export function bidBody(token: string, gameId: string, market = 'KALYAN') {
  return JSON.stringify({
    env_type: 'Prod',
    app_key: APP_KEY,
    unique_token: token,
    game_id: gameId,
    new_result: {
      unique_token: token,
      Gamename: market,
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

export interface SteadyResult {
  /** requests sent, answered 2xx, answered otherwise, failed (no answer) */
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** milliseconds from each request's scheduled start to its answer's end (2xx answers) */
  p50: number;
  p99: number;
  max: number;
  /** each 2xx answer: when it was due (performance.now()) and its milliseconds, in the order they came */
  timed: [due: number, ms: number][];
}

/**
 * An open-loop load at a fixed rate (wrk2's way): request k is due at start + k / rate seconds, whatever
 * the answers before it did, and its latency is counted from when it was due, so a slow answer that holds
 * up the requests behind it (waiting for a free connection) counts in theirs too. Keep-alive connections,
 * at most `connections` requests in flight; bodies are used in turn.
 *
 * Why not autocannon's `overallRate`: autocannon sends each connection's quota for the second at once,
 * back to back, then idles, and it corrects its histogram for coordinated omission with an expected
 * interval of ceil(1 / rate-per-connection) = 1 ms, so an answer of n ms is recorded n times (n, n − 1,
 * …, 1 ms). At 25 req/s per connection one 60 ms answer then weighs as much as 60 answers, and its p99
 * says more about that correction than about the server (docs/benchmarks.md, bench:settle).
 */
export function steadyLoad(
  url: string,
  pathName: string,
  bodies: string[],
  opts: { rate: number; connections: number; durationMs?: number },
): { done: Promise<SteadyResult>; stop: () => void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const target = new URL(pathName, url);
  const latencies: number[] = [];
  const timed: [number, number][] = [];
  const r = { sent: 0, ok: 0, non2xx: 0, errors: 0 };
  const start = performance.now();
  const interval = 1000 / opts.rate;
  let stopped = false;
  let inFlight = 0;
  let finish: () => void = () => undefined;
  const drained = new Promise<void>((resolve) => (finish = resolve));
  const send = (due: number, body: string) => {
    r.sent++;
    inFlight++;
    const settle = (fn: () => void) => {
      fn();
      if (--inFlight === 0 && stopped) finish();
    };
    const req = http.request(
      target,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          settle(() => {
            if (res.statusCode && res.statusCode < 300) {
              r.ok++;
              latencies.push(performance.now() - due);
              timed.push([due, latencies[latencies.length - 1]]);
            } else r.non2xx++;
          }),
        );
      },
    );
    req.on('error', () => settle(() => r.errors++));
    req.end(body);
  };
  let k = 0;
  const tick = () => {
    if (stopped) return;
    const now = performance.now();
    if (opts.durationMs !== undefined && now - start >= opts.durationMs) return stop();
    for (let due = start + k * interval; due <= now; due = start + k * interval) {
      send(due, bodies[k % bodies.length]);
      k++;
    }
    setTimeout(tick, Math.max(0, Math.min(interval, start + k * interval - performance.now())));
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (inFlight === 0) finish();
  };
  tick();
  const done = drained.then(() => {
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] : NaN;
    const ms = (v: number) => Math.round(v * 10) / 10;
    return { ...r, p50: ms(at(0.5)), p99: ms(at(0.99)), max: ms(at(1)), timed };
  });
  return { done, stop };
}
