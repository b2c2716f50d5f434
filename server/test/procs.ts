/**
 * Real server processes for the multi-process tests: the compiled server (`node dist/main.js`, as
 * production runs it) on a free port, with the API and operator calls over HTTP.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';
import { buildNewResult, formatBidDate } from '@matka/shared/domain';
import type { Database } from '../src/db';
import { seedDemoData } from '../src/seed';
import { systemClock } from '../src/services/clock';
import type { AppContext } from '../src/context';
import { APP_KEY, OPERATOR_TOKEN, freshDatabase } from './helpers';

const SERVER = path.join(__dirname, '..');

/**
 * Compiles the server as `npm run build` does, into a folder of this test file's own under
 * server/.test-dist (test files run in parallel; node_modules resolve from there as from dist/).
 * Returns its main.js and a function that removes the folder.
 */
export function buildServer(): { main: string; remove: () => void } {
  const dir = path.join(SERVER, '.test-dist', randomBytes(6).toString('hex'));
  const built = spawnSync(process.execPath, ['scripts/build.mjs', dir], { cwd: SERVER, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`server build failed: ${built.stderr}`);
  return { main: path.join(dir, 'main.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * What a multi-process test file stands on: its own compiled server, and a fresh migrated and seeded
 * database (PostgreSQL) that the test reads and writes directly (`ctx`, for helpers.createUser) while
 * the server processes it starts serve the calls.
 */
export async function multiProcessSetup() {
  const server = buildServer();
  const fresh = await freshDatabase({ migrated: true });
  await seedDemoData(fresh.database.db);
  const database: Database = fresh.database;
  const ctx: Pick<AppContext, 'db' | 'clock'> = { db: database.db, clock: systemClock };
  return {
    main: server.main,
    dbUrl: fresh.url!,
    database,
    ctx,
    close: async () => {
      await fresh.cleanup();
      server.remove();
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface Proc {
  url: string;
  child: ChildProcess;
  logs: string[];
}

export async function startServer(main: string, dbUrl: string, env: Record<string, string> = {}): Promise<Proc> {
  const port = await freePort();
  const logs: string[] = [];
  const child = spawn(process.execPath, [main], {
    cwd: SERVER,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      // the tests' PostgreSQL role is its superuser: roles.test.ts proves the owner / server split
      ALLOW_TABLE_OWNER: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      WORKERS: '1',
      NODE_ENV: 'test',
      DEMO: '0',
      SMS_PROVIDER: 'none',
      APP_KEY,
      OPERATOR_TOKEN,
      OTP_SECRET: 'two-processes-test-secret',
      LOG_LEVEL: 'warn',
      // the market is opened all day after the start: a sweep at start would already have sealed its
      // sessions whose usual times had passed, and they would refuse every bid
      BOOK_SEAL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => logs.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => logs.push(b.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${logs.join('')}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, logs };
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The pids whose parent is `pid` (from /proc: no ps needed). */
export function childrenOf(pid: number): string[] {
  const out: string[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(pid)) out.push(d);
    } catch {
      /* ended meanwhile */
    }
  }
  return out;
}

export async function stop(p: Proc) {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const done = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGTERM');
  await done;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of the API
export type ApiBody = Record<string, any>;

export async function api(
  p: Proc,
  name: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${p.url}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, ...body }),
  });
  return { status: res.status, body: (await res.json()) as ApiBody };
}

export async function operator(p: Proc, route: string, body: Record<string, unknown>) {
  const res = await fetch(`${p.url}/operator/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${OPERATOR_TOKEN}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as ApiBody };
}

/**
 * A TCP proxy on a free loopback port that delivers every byte, both ways, `delayMs` late (in order): a
 * database on a slower link. Returns its port and a function that closes it.
 */
export async function laggyProxy(target: { host: string; port: number }, delayMs: number) {
  const server: Server = createServer((inbound) => {
    const outbound = connect(target.port, target.host);
    const relay = (from: typeof inbound, to: typeof inbound) => {
      from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), delayMs));
      from.on('end', () => setTimeout(() => to.end(), delayMs));
      from.on('error', () => to.destroy());
    };
    relay(inbound, outbound);
    relay(outbound, inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A TCP proxy on a free loopback port in front of the database that can be cut: `down()` drops every
 * connection through it and refuses new ones (the database as a server process sees it when PostgreSQL
 * stops or its machine goes away), `up()` lets connections through again.
 */
export async function switchableProxy(target: { host: string; port: number }) {
  let open = true;
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((inbound) => {
    if (!open) return inbound.destroy();
    const outbound = connect(target.port, target.host);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    down: () => {
      open = false;
      for (const s of sockets) s.destroy();
    },
    up: () => {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Opens the first regular market of the list for the whole day: bids on it are taken at any hour. */
export async function openAllDay(p: Proc): Promise<{ game_id: number; game_name: string }> {
  const list = await api(p, 'api-dashboard-data');
  const market = (list.body.result as { game_id: number; game_name: string }[])[0];
  const set = await operator(p, 'market/set-times', { name: market.game_name, open: '00:00', close: '23:59' });
  if (set.body.status !== true) throw new Error(`market/set-times: ${JSON.stringify(set.body)}`);
  return market;
}

/**
 * `n` players registered through the API of a DEMO=1 server (its check-mobile answer carries the code)
 * and credited `points` each by the operator.
 */
export async function registerPlayers(p: Proc, n: number, points: number, name = 'Player') {
  const players: { token: string; mobile: string }[] = [];
  for (let i = 0; i < n; i++) {
    const mobile = `98${String(Date.now() + i).slice(-8)}`;
    const check = await api(p, 'api-check-mobile', { mobile });
    const reg = await api(p, 'api-user-registration', {
      name: `${name} ${i}`,
      mobile,
      password: 'secret123',
      otp: check.body.otp,
      adult: true,
    });
    if (reg.body.status !== true) throw new Error(`registration: ${JSON.stringify(reg.body)}`);
    const credit = await operator(p, 'credit', { mobile, points });
    if (credit.body.status !== true) throw new Error(`credit: ${JSON.stringify(credit.body)}`);
    players.push({ token: reg.body.unique_token as string, mobile });
  }
  return players;
}

/** The `new_result` of a Single Digit bid on the Close session of `market` today. */
export function closeBidToday(
  token: string,
  market: { game_id: number; game_name: string },
  digit: string,
  points: number,
) {
  return buildNewResult({
    family: 'regular',
    betType: 'single_digit',
    token,
    gameId: market.game_id,
    gameName: market.game_name,
    bidDate: formatBidDate(new Date()),
    rows: [{ digits: digit, closedigits: '', points, session: 'Close', pana: '' }],
  })[0];
}

/**
 * `/readyz` of a server: its answer now, and `until(status, ms)` that asks every 200 ms until it
 * answers `status` or `ms` have passed (the last answer either way).
 */
export function readinessOf(p: Proc) {
  const readyz = async () => {
    const res = await fetch(`${p.url}/readyz`).catch((err: Error) => {
      throw new Error(`${err.message}: the server said\n${p.logs.join('')}`);
    });
    return { status: res.status, body: (await res.json()) as ApiBody };
  };
  const until = async (want: number, ms: number) => {
    const deadline = Date.now() + ms;
    let last = await readyz();
    while (last.status !== want && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      last = await readyz();
    }
    return last;
  };
  return { readyz, until };
}

/** How one bid request of a loop ended, with when it was sent and answered (performance.now()). */
export interface BidTry {
  sent: number;
  answered: number;
  outcome: 'placed' | 'refusedWhileClosing' | 'notStarted' | 'lost' | 'other';
}

/**
 * A player bidding 10 points on Single Digit 4 (Close) in a loop on its own connection until `running()`
 * says stop or the server is gone (refused, or the connection closed before any answer: the request
 * never started). Every try is pushed to `tries`.
 */
export async function bidLoop(
  p: () => Proc,
  market: { game_id: number; game_name: string },
  token: string,
  running: () => boolean,
  tries: BidTry[],
) {
  while (running()) {
    const new_result = closeBidToday(token, market, '4', 10);
    const sent = performance.now();
    let outcome: BidTry['outcome'];
    try {
      const res = await fetch(`${p().url}/api/api-submit-bid`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, unique_token: token, new_result }),
      });
      const body = (await res.json()) as ApiBody;
      if (res.status === 200 && body.status === true) outcome = 'placed';
      else if (res.status === 503) outcome = 'refusedWhileClosing';
      else outcome = 'other';
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code;
      outcome = code === 'ECONNREFUSED' || code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' ? 'notStarted' : 'lost';
    }
    tries.push({ sent, answered: performance.now(), outcome });
    if (outcome === 'notStarted' || outcome === 'lost') return;
  }
}

/** The player's bid debits in their wallet history, and the wallet. */
export async function bidDebits(p: Proc, token: string) {
  const w = await api(p, 'api-wallet-transaction-history', { unique_token: token });
  const debits = (w.body.transaction_history as { transaction_type: string }[]).filter(
    (t) => t.transaction_type === '2',
  ).length;
  return { debits, wallet: Number(w.body.wallet_amt) };
}

/**
 * A PostgreSQL server of the test's own (Debian's binaries, run as the postgres user) on a free
 * loopback port, to stop and start under a running app: the shared test database cannot be stopped.
 * Null where this machine cannot run one (no binaries, or not root to switch users).
 */
export async function privatePostgres() {
  let bin: string | undefined;
  try {
    bin = readdirSync('/usr/lib/postgresql')
      .sort((a, b) => Number(a) - Number(b))
      .map((v) => `/usr/lib/postgresql/${v}/bin`)
      .pop();
  } catch {
    return null;
  }
  if (!bin || process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'matka-pg-'));
  const asPostgres = (cmd: string, args: string[]) => {
    const r = spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/${cmd}`, ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}${r.stdout}`);
  };
  spawnSync('chown', ['postgres:postgres', dir]);
  asPostgres('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '-A', 'trust']);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir}`;
  const start = () => asPostgres('pg_ctl', ['-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-o', options, 'start']);
  const stopNow = () => asPostgres('pg_ctl', ['-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: stopNow,
    remove: () => {
      try {
        stopNow();
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
