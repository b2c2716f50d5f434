/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
// fastify's inject() (light-my-request) requires the ESM-only `cookie` 2.x, which jest on Node 20
// cannot load; the tests never send cookies, so a tiny stand-in is enough.
jest.mock('../../node_modules/light-my-request/node_modules/cookie/dist/index.js', () => ({
  stringifySetCookie: (c: { name: string; value: string }) => `${c.name}=${encodeURIComponent(c.value)}`,
  parseCookie: (s: string) =>
    Object.fromEntries(
      s
        .split(';')
        .filter(Boolean)
        .map((p) => {
          const i = p.indexOf('=');
          return [p.slice(0, i).trim(), decodeURIComponent(p.slice(i + 1).trim())];
        }),
    ),
}));

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { SmsSender } from '../src/services/sms';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openDatabase, type Database } from '../src/db';
import { loadFunctions, loadMigrations, migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/seed';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import * as OTPAuth from 'otpauth';
import { ManualClock } from '../src/services/clock';
import { hashPassword } from '../src/services/passwords';
import { issueToken } from '../src/services/tokens';
import type { AppContext } from '../src/context';
import { buildNewResult } from '@matka/shared/domain';

// The root jest run (projects) ignores the server project's testTimeout; set it here.
jest.setTimeout(120_000);

export const APP_KEY = 'test-app-key-spec';
export const OPERATOR_TOKEN = 'test-operator-token';
export const usingPostgres = !!process.env.DATABASE_URL;

/**
 * The schema's fingerprint, its migrations' and SQL functions' files: a template built from other files
 * is never used, so a test file's copy is as migrated as `migrate` would leave it.
 */
const MIGRATIONS_HASH = createHash('sha256')
  .update([...loadMigrations(), ...loadFunctions()].map((m) => `${m.name}\n${m.sql}`).join('\n'))
  .digest('hex')
  .slice(0, 16);

/**
 * The migrated template every test file's database starts from, built once for the whole run (and for
 * later runs, until a migration changes): PGlite's data dir as a backup file, PostgreSQL's a template
 * database. Whichever test file comes first builds it; the others wait for it.
 */
async function pgliteTemplate(): Promise<string> {
  // kept as a plain tar: restoring it then skips a gunzip per test file
  const file = path.join(os.tmpdir(), `matka-test-template-${MIGRATIONS_HASH}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(database);
    const bytes = gunzipSync(await database.backup!());
    // written beside and renamed: a file that exists is whole, whoever wrote it
    const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(part, bytes);
    fs.renameSync(part, file);
  } finally {
    await database.close();
  }
  return file;
}

async function postgresTemplate(admin: pg.Client): Promise<string> {
  const name = `matka_tpl_${MIGRATIONS_HASH}`;
  // one builder at a time across the test workers (a session lock, released when `admin` ends)
  await admin.query('SELECT pg_advisory_lock(7316842002)');
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    for (const old of (
      await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'matka\\_tpl\\_%'")
    ).rows)
      await admin.query(`DROP DATABASE IF EXISTS ${old.datname} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}_part`);
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${name}_part`;
    const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 2 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${name}_part RENAME TO ${name}`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(7316842002)');
  }
}

/**
 * A fresh database for one test file: PGlite in memory by default; with DATABASE_URL a new database
 * (random name) created on that server and dropped by cleanup(), so files run in parallel. `migrated`:
 * with every migration applied (a copy of the run's template, made once), else empty.
 */
export async function freshDatabase(
  opts: { migrated?: boolean } = {},
): Promise<{ database: Database; url?: string; cleanup: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const restoreFrom = opts.migrated ? await pgliteTemplate() : undefined;
    const database = await openDatabase({ dataDir: 'memory://', restoreFrom });
    return { database, cleanup: () => database.close() };
  }
  const name = `matka_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const template = opts.migrated ? await postgresTemplate(admin) : null;
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  return {
    database,
    url,
    cleanup: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** 2026-03-10 (a Tuesday) at hh:mm Asia/Kolkata. */
export function kolkata(hhmm: string, date = '2026-03-10'): Date {
  return new Date(`${date}T${hhmm}:00+05:30`);
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  clock: ManualClock;
  config: AppConfig;
  close: () => Promise<void>;
}

export async function makeTestApp(
  opts: { seed?: boolean; config?: Partial<AppConfig>; at?: Date; env?: Record<string, string>; sms?: SmsSender } = {},
): Promise<TestApp> {
  const { database, cleanup } = await freshDatabase({ migrated: true });
  if (opts.seed !== false) await seedDemoData(database.db);
  const clock = new ManualClock(opts.at ?? kolkata('08:00'));
  const config = loadConfig(
    // demo mode unless a test says otherwise (codes in responses and the operator's outbox)
    // a declaration's answer waits for its settlement (the tests read wallets right after it)
    {
      NODE_ENV: 'test',
      APP_KEY,
      DEMO: '1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SETTLE_WAIT_MS: '20000',
      // every answer is parsed by its schema in the contract: one that drifts is a 500
      CHECK_ANSWERS: '1',
      // sessions are sealed by the declarations a test makes, never behind its clock's back
      BOOK_SEAL_MS: '0',
      ...opts.env,
    },
    // a family's releases are kept in a folder of this app's own (never the repository's data dir)
    {
      staticRoot: '/nonexistent-static-root',
      releasesDir: fs.mkdtempSync(path.join(os.tmpdir(), 'matka-kept-')),
      ...opts.config,
    },
  );
  const app = await buildApp({ db: database, config, clock, operatorToken: OPERATOR_TOKEN, sms: opts.sms });
  await app.ready();
  return {
    app,
    ctx: app.ctx,
    database,
    clock,
    config,
    close: async () => {
      // an event a stream was given that the contract's schema does not read fails the file
      const drifts = [...app.ctx.live.drifts];
      await app.close();
      await cleanup();
      fs.rmSync(config.releasesDir, { recursive: true, force: true });
      if (drifts.length) throw new Error(`live events drifted from the contract:\n${drifts.join('\n')}`);
    },
  };
}

export interface ApiResult {
  statusCode: number;
  body: Record<string, any>;
  res: LightMyRequestResponse;
}

/** POST /api/<name> with the envelope (env_type, app_key) added. */
export async function call(
  app: FastifyInstance,
  name: string,
  payload: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<ApiResult> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${name}`,
    payload: { env_type: 'Prod', app_key: APP_KEY, ...payload },
    headers,
  });
  let body: Record<string, any>;
  try {
    body = res.json();
  } catch {
    body = { raw: res.body };
  }
  return { statusCode: res.statusCode, body, res };
}

/**
 * A Starline bid as an app of the original backend sends it (its own spelling of the call and fields,
 * `env_type` 'Prod'): one Single Digit row of 10 points on today's slot. The answer's JSON.
 */
export async function starlineAppBid(
  t: { app: FastifyInstance },
  token: string,
  slot: { id: number; name: string },
  digits: string,
): Promise<Record<string, any>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api-starline-submit-bid',
    payload: {
      env_type: 'Prod',
      app_key: APP_KEY,
      unique_token: token,
      game_id: slot.id,
      new_result: {
        Gamename: slot.name,
        totalbit: '10',
        gameid: String(slot.id),
        pana: 'Single Digit',
        bid_date: '10-March-2026',
        session: 'Open',
        result: [{ digits, closedigits: '', points: '10', session: 'Open' }],
      },
    },
  });
  return res.json();
}

/**
 * The operator CLI (`npm run operator -- …`) run in this process against the test app, which it starts
 * listening on a free port the first time; `cwd` is where the command was run (files it writes or reads).
 * Its exit code and everything it printed.
 */
export async function runCli(
  t: { app: FastifyInstance },
  argv: string[],
  cwd = process.cwd(),
  who: Record<string, string> = { OPERATOR_TOKEN },
): Promise<{ code: number; out: string }> {
  const { run } = await import('../src/cli/operator');
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as import('node:net').AddressInfo;
  const out: string[] = [];
  const code = await run(
    argv,
    { SERVER_URL: `http://127.0.0.1:${port}`, INIT_CWD: cwd, ...who },
    { out: (s) => out.push(s), err: (s) => out.push(s) },
  );
  return { code, out: out.join('\n') };
}

/**
 * An operator call as the CLI makes it (the operator token): POST with a body, GET without; the path
 * with or without its `/operator` prefix. Answers the status and the JSON body.
 */
export async function operatorCall(
  t: { app: FastifyInstance },
  url: string,
  payload?: Record<string, unknown>,
): Promise<ApiResult> {
  const res = await t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: url.startsWith('/operator') ? url : `/operator/${url.replace(/^\//, '')}`,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  let body: Record<string, any>;
  try {
    body = res.json();
  } catch {
    body = { raw: res.body };
  }
  return { statusCode: res.statusCode, body, res };
}

let mobileSeq = 0;
/** A unique valid mobile per call within a file. */
export function newMobile(): string {
  mobileSeq++;
  return `9${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}${String(mobileSeq).padStart(5, '0')}`;
}

// Hashing once keeps user creation fast in tests.
let cachedHash: Promise<string> | null = null;
export const TEST_PASSWORD = 'secret123';

/** Inserts a user directly (password TEST_PASSWORD) with `wallet` points (one ledger row) and returns a token. */
export async function createUser(
  t: { ctx: Pick<AppContext, 'db' | 'clock'> },
  opts: { mobile?: string; wallet?: number; name?: string; betting?: '0' | '1' } = {},
): Promise<{ id: string; mobile: string; token: string }> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const mobile = opts.mobile ?? newMobile();
  const { db, clock } = t.ctx;
  const user = await db
    .insertInto('users')
    .values({
      mobile,
      name: opts.name ?? `Player ${mobile.slice(-4)}`,
      password_hash: await cachedHash,
      betting_status: opts.betting ?? '1',
      wallet: opts.wallet ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.wallet) {
    await db
      .insertInto('wallet_transactions')
      .values({
        user_id: user.id,
        type: 'credit',
        amount: opts.wallet,
        balance_after: opts.wallet,
        kind: 'test_credit',
        note: 'test',
      })
      .execute();
  }
  const token = await issueToken(db, clock, user.id);
  return { id: user.id, mobile, token };
}

export async function walletOf(t: { ctx: AppContext }, userId: string): Promise<number> {
  const r = await t.ctx.db.selectFrom('users').select('wallet').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(r.wallet);
}

/** Sum of the ledger (credits minus debits) of a user. */
export async function ledgerSum(t: { ctx: AppContext }, userId: string): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('wallet_transactions')
    .select(['type', 'amount'])
    .where('user_id', '=', userId)
    .execute();
  return rows.reduce((s, r) => s + (r.type === 'credit' ? 1 : -1) * Number(r.amount), 0);
}

/**
 * A player's Open bid on a regular market on the test apps' day (10 March 2026), as the app sends it:
 * one row per digit. The answer.
 */
export async function placeOpenBid(
  t: TestApp,
  user: { token: string },
  market: string,
  rows: { digits: string; points: number }[],
  betType: 'single_digit' | 'single_pana' = 'single_digit',
): Promise<ApiResult> {
  const m = await marketByName(t, market);
  const [new_result] = buildNewResult({
    family: 'regular',
    betType,
    token: user.token,
    gameId: m.id,
    gameName: m.name,
    bidDate: '10-March-2026',
    rows: rows.map((r) => ({ digits: r.digits, closedigits: '', points: r.points, session: 'Open', pana: '' })),
  });
  return call(t.app, 'api-submit-bid', { unique_token: user.token, game_id: String(m.id), new_result });
}

export async function marketByName(t: { ctx: AppContext }, name: string) {
  return t.ctx.db.selectFrom('markets').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
}

/**
 * One Open single-digit bid of 10 points, written straight into the tables (its submission and its row),
 * as a day's earlier bids are seeded: no wallet moves. Its id.
 */
export async function insertBid(
  t: { ctx: AppContext },
  b: { user: string; market: number; date: string; digits?: string },
): Promise<string> {
  const sub = await t.ctx.db
    .insertInto('bid_submissions')
    .values({
      user_id: b.user,
      family: 'regular',
      market_id: b.market,
      bet_type: 'single_digit',
      session: 'Open',
      bid_date: b.date,
      total_points: 10,
      row_count: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bid = await t.ctx.db
    .insertInto('bids')
    .values({
      submission_id: sub.id,
      user_id: b.user,
      family: 'regular',
      market_id: b.market,
      bet_type: 'single_digit',
      pana: 'Single Digit',
      session: 'Open',
      digits: b.digits ?? '3',
      points: 10,
      bid_date: b.date,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(bid.id);
}

/** An operator signed in as the console signs in: its session cookie and CSRF token. */
export interface OperatorSession {
  name: string;
  cookie: string;
  csrf: string;
}

let operatorSeq = 0;
/** A new operator of a role (made with the operator token), signed in with a password of its own. */
export async function operatorSession(
  t: { app: FastifyInstance },
  role: 'owner' | 'results' | 'finance' | 'support',
): Promise<OperatorSession> {
  const name = `${role}${++operatorSeq}`;
  const made = await operatorCall(t, 'operators', { name, role });
  return firstSignIn(t, name, made.body.one_time_password as string);
}

/** The password every test operator sets at the first sign-in. */
const OPERATOR_PASSWORD = 'a long new password';

/** The first sign-in of an account with its one-time password, which sets OPERATOR_PASSWORD. */
async function firstSignIn(t: { app: FastifyInstance }, name: string, once: string): Promise<OperatorSession> {
  const first = await t.app.inject({
    method: 'POST',
    url: '/operator/session',
    payload: { username: name, password: once },
  });
  const set = first.headers['set-cookie'];
  const line = (Array.isArray(set) ? set : [set]).find((c) => c?.startsWith('matka_operator='));
  const s = { name, cookie: line?.split(';')[0] ?? '', csrf: first.json().csrf_token as string };
  const saved = await asOperator(t, s, 'password', {
    new_password: OPERATOR_PASSWORD,
    confirm_password: OPERATOR_PASSWORD,
  });
  if (saved.body.status !== true) throw new Error(`operator ${name} not signed in: ${saved.body.msg}`);
  return s;
}

/** A person's console session: an account with its password and its two-step secret (to sign in again). */
export interface PersonSession extends OperatorSession {
  password: string;
  secret: string;
}

/**
 * The next code of a person's authenticator: the test clock moves on 30 seconds first (a code is used once,
 * and the test's clock does not move by itself).
 */
export function nextCode(t: { clock: ManualClock }, p: PersonSession) {
  t.clock.set(new Date(t.clock.now().getTime() + 30_000));
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(p.secret) });
  return totp.generate({ timestamp: t.clock.now().getTime() });
}

/** The operator CLI signed in as a person (OPERATOR_NAME, OPERATOR_PASSWORD, OPERATOR_CODE). */
export const cliAs = (
  t: { app: FastifyInstance; clock: ManualClock },
  p: PersonSession,
  argv: string[],
  cwd = process.cwd(),
) => runCli(t, argv, cwd, { OPERATOR_NAME: p.name, OPERATOR_PASSWORD: p.password, OPERATOR_CODE: nextCode(t, p) });

/** Signs a person in again (a session that ended), with the next code of their authenticator. */
export async function signInAgain(t: { app: FastifyInstance; clock: ManualClock }, p: PersonSession) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/operator/session',
    payload: { username: p.name, password: p.password, code: nextCode(t, p) },
  });
  if (res.statusCode !== 200) throw new Error(`operator ${p.name} not signed in: ${res.body}`);
  const set = res.headers['set-cookie'];
  const line = (Array.isArray(set) ? set : [set]).find((c) => c?.startsWith('matka_operator='));
  return { ...p, cookie: line?.split(';')[0] ?? '', csrf: res.json().csrf_token as string };
}

/**
 * An operator who may propose and certify results: an account made `ageHours` ago (by the token, or by
 * `by`), signed in now with its own password and two-step sign-in on. The clock is set back to make it,
 * then forward again; the sign-in's code is its authenticator's at the current time.
 */
export async function personSession(
  t: { app: FastifyInstance; clock: ManualClock },
  role: 'owner' | 'results' | 'finance' | 'support',
  opts: { ageHours?: number; by?: OperatorSession } = {},
): Promise<PersonSession> {
  const now = t.clock.now();
  const name = `${role}${++operatorSeq}`;
  t.clock.set(new Date(now.getTime() - (opts.ageHours ?? 48) * 3_600_000));
  const made = opts.by
    ? await asOperator(t, opts.by, 'operators', { name, role })
    : await operatorCall(t, 'operators', { name, role });
  t.clock.set(now);
  if (made.body.status !== true) throw new Error(`operator ${name} not made: ${made.body.msg}`);
  const s = await firstSignIn(t, name, made.body.one_time_password as string);
  const password = OPERATOR_PASSWORD;
  const setup = await asOperator(t, s, 'totp/setup', {});
  const secret = setup.body.secret as string;
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  const on = await asOperator(t, s, 'totp/enable', { secret, code: totp.generate({ timestamp: now.getTime() }) });
  if (on.body.status !== true) throw new Error(`two-step sign-in not on for ${name}: ${on.body.msg}`);
  return { ...s, password, secret };
}

/** An operator call as the console makes it: the session cookie, the CSRF header on a POST. */
export async function asOperator(
  t: { app: FastifyInstance },
  s: OperatorSession,
  url: string,
  payload?: Record<string, unknown>,
): Promise<ApiResult> {
  const res = await t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/operator/${url.replace(/^\//, '')}`,
    ...(payload ? { payload } : {}),
    headers: { cookie: s.cookie, ...(payload ? { 'x-csrf-token': s.csrf } : {}) },
  });
  return { statusCode: res.statusCode, body: res.json(), res };
}
