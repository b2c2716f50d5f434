/**
 * Starts the real server (production build, fresh temp PGlite dir, free port) and Debian's Chromium
 * at 360 x 780, and offers the few API/operator helpers the browser tests need to set up data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const ROOT = path.resolve(__dirname, '../..');
/** The server to run (E2E_SERVER_DIR: another checkout's server/, e.g. to test a front end against a stable API). */
const SERVER_DIR = process.env.E2E_SERVER_DIR || path.join(ROOT, 'server');
const TSX = require.resolve('tsx/cli', { paths: [SERVER_DIR] });
/** The compiled server (`npm run build` makes it), as production runs it; else its sources through tsx. */
const SERVER_CMD = existsSync(path.join(SERVER_DIR, 'dist', 'main.js')) ? ['dist/main.js'] : [TSX, 'src/main.ts'];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  appKey: string;
  proc: ChildProcess;
  logs: string[];
  /** keepData: the data dir stays, for a server started on it again (startServer's dataDir) */
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

/** A server on a fresh data dir, or on `dataDir` that an earlier one left (its database as it was). */
export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string } = {},
): Promise<TestServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'matka-e2e-'));
  const logs: string[] = [];
  const proc = spawn(process.execPath, SERVER_CMD, {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_ROOT: ROOT,
      NODE_ENV: 'test',
      DEMO: '1', // codes readable by the operator (lastOtp)
      // every answer the browser gets is parsed by its schema in the contract (a drift answers 500)
      CHECK_ANSWERS: '1',
      // sessions are sealed by the results a test declares: tests move a market's times after the start
      // (its Open session taking bids at any hour), and a sweep at start would already have sealed the
      // sessions whose usual times had passed, which then refuse every bid
      BOOK_SEAL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (b: Buffer) => logs.push(b.toString()));
  proc.stderr?.on('data', (b: Buffer) => logs.push(b.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const config = (await (await fetch(`${url}/config.json`)).json()) as { appKey: string };
  return {
    url,
    port,
    dataDir,
    appKey: config.appKey,
    proc,
    logs,
    async stop(stopOpts = {}) {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
      if (!stopOpts.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How every test starts Debian's Chromium: headless, no sandbox, nothing that calls out to the network. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
}

/** One API call with the contract's envelope. */
export async function call<T = Record<string, unknown>>(
  server: TestServer,
  name: string,
  body: Record<string, unknown> = {},
): Promise<T> {
  const res = await fetch(`${server.url}/api/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ env_type: 'Prod', app_key: server.appKey, ...body }),
  });
  return (await res.json()) as T;
}

/** Registers a player through the real OTP flow (code read from the demo outbox). */
export async function registerUser(server: TestServer, user: { mobile: string; name: string; password: string }) {
  const check = await call<{ status: boolean; msg?: string }>(server, 'api-check-mobile', { mobile: user.mobile });
  if (!check.status) throw new Error(`check-mobile refused: ${check.msg}`);
  const otp = await lastOtp(server, user.mobile);
  const reg = await call<{ status: boolean; unique_token: string; msg?: string }>(server, 'api-user-registration', {
    name: user.name,
    email: 'user@example.com',
    password: user.password,
    mobile: user.mobile,
    security_pin: '1234',
    device_id: null,
    otp,
    // as our registration screen sends it (else the app asks for it once: a dialog over the first page)
    adult: true,
  });
  if (!reg.status) throw new Error(`registration refused: ${reg.msg}`);
  return reg.unique_token;
}

export async function lastOtp(server: TestServer, mobile: string): Promise<string> {
  const token = readFileSync(path.join(server.dataDir, 'operator-token'), 'utf8').trim();
  const res = await fetch(`${server.url}/operator/otp/last?mobile=${mobile}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { otp: string };
  return body.otp;
}

/** Runs `npm run operator -- <args>` against this server; resolves with its output, rejects on failure. */
/**
 * The draw of a regular market has happened: its open and close times move into the past (IST), so its
 * results are due and any operator may declare them (a result before its draw needs an owner's reason).
 * In the first two minutes of an IST day there is no earlier time: it waits them out.
 */
export async function drawHasHappened(server: TestServer, marketName: string): Promise<void> {
  const istMinute = () => {
    const p = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date());
    return Number(p.find((x) => x.type === 'hour')!.value) * 60 + Number(p.find((x) => x.type === 'minute')!.value);
  };
  while (istMinute() < 2) await new Promise((r) => setTimeout(r, 5_000));
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const now = istMinute();
  await operator(server, 'market', 'set-times', marketName, hhmm(now - 2), hhmm(now - 1));
}

/** The compiled operator CLI (`npm run build` makes it beside the server), run in this process. */
const CLI = path.join(SERVER_DIR, 'dist', 'operator.js');
type Cli = {
  run: (
    argv: string[],
    env: NodeJS.ProcessEnv,
    io: { out: (s: string) => void; err: (s: string) => void },
  ) => Promise<number>;
};

/** `npm run operator -- <args>` against a test server: what it printed, or an error with it. */
export const operator = (server: TestServer, ...args: string[]) => operatorWith(server, {}, ...args);

/** The same with more environment: OPERATOR_NAME and its password and code act as that operator. */
export async function operatorWith(server: TestServer, extra: Record<string, string>, ...args: string[]): Promise<string> {
  if (existsSync(CLI)) {
    const { run } = require(CLI) as Cli;
    let out = '';
    const io = { out: (s: string) => void (out += `${s}\n`), err: (s: string) => void (out += `${s}\n`) };
    const code = await run(args, { ...process.env, SERVER_URL: server.url, DATA_DIR: server.dataDir, ...extra }, io);
    if (code !== 0) throw new Error(`operator ${args.join(' ')} failed: ${out}`);
    return out;
  }
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [TSX, 'src/cli/operator.ts', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, SERVER_URL: server.url, DATA_DIR: server.dataDir, ...extra },
    });
    let out = '';
    proc.stdout.on('data', (b: Buffer) => (out += b.toString()));
    proc.stderr.on('data', (b: Buffer) => (out += b.toString()));
    proc.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`operator ${args.join(' ')} failed: ${out}`)),
    );
  });
}

/** Logs in through the login screen. */
export async function loginInBrowser(
  page: import('playwright-core').Page,
  base: string,
  mobile: string,
  password: string,
) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Phone Number').fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL(/\/imp$/);
}

let seq = 0;
/** A fresh valid mobile number per call (10 digits starting 6-9). */
export function newMobile(): string {
  seq += 1;
  return `9${String(Date.now() % 1e6).padStart(6, '0')}${String(seq).padStart(3, '0')}`.slice(0, 10);
}

/**
 * Keeps the app's live stream from opening in this context (it falls back to polling every 5 s). For
 * tests and benches that wait for Playwright's 'networkidle': a stream is a request that never ends, so
 * the network is never idle while it is open.
 */
export async function withoutLiveStream(context: import('playwright-core').BrowserContext): Promise<void> {
  await context.route('**/api/live', (route) => route.abort());
}
