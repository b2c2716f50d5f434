/**
 * Two roles on PostgreSQL: the migrations run as the tables' owner, which grants the server's role its
 * rows; the server's role cannot disable a trigger, drop one or replace a function, while it reads and
 * writes rows as the server does. The server refuses to start as a superuser or as the tables' owner
 * unless ALLOW_TABLE_OWNER=1, which it then says in /readyz's details.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db';
import { databaseRole, roleProblem } from '../src/db/roles';
import { OPERATOR_TOKEN, usingPostgres } from './helpers';
import {
  api,
  buildServer,
  closeBidToday,
  openAllDay,
  operator,
  registerPlayers,
  startServer,
  stop,
  type Proc,
} from './procs';

const describePg = usingPostgres ? describe : describe.skip;

describePg('the server as a role that owns nothing', () => {
  const id = randomBytes(4).toString('hex');
  const owner = `matka_owner_${id}`;
  const app = `matka_app_${id}`;
  const dbName = `matka_roles_${id}`;
  const urlAs = (role: string) => {
    const u = new URL(process.env.DATABASE_URL!);
    u.username = role;
    u.password = '';
    u.pathname = `/${dbName}`;
    return u.toString();
  };
  let admin: pg.Client;
  let server: { main: string; remove: () => void };
  let asApp: Database;
  const running: Proc[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE ROLE ${owner} LOGIN`);
    await admin.query(`CREATE ROLE ${app} LOGIN`);
    await admin.query(`CREATE DATABASE ${dbName} OWNER ${owner}`);
    server = buildServer();
  });
  afterAll(async () => {
    for (const p of running) await stop(p);
    await asApp?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${app}`);
    await admin.query(`DROP ROLE IF EXISTS ${owner}`);
    await admin.end();
    server?.remove();
  });

  test('migrated by the owner, served as the server role: it starts, and says who it is', async () => {
    const p = await startServer(server.main, urlAs(app), {
      MIGRATION_DATABASE_URL: urlAs(owner),
      ALLOW_TABLE_OWNER: '',
      DEMO: '1',
      SMS_PROVIDER: 'console',
    });
    running.push(p);
    const ready = await (await fetch(`${p.url}/readyz`)).json();
    expect(ready).toMatchObject({
      status: 'ready',
      db: 'postgres',
      db_role: { name: app, superuser: false, owned: 0, table_owner: false, allowed_by: null },
    });
    // a day's work as the server's role: a player registers and is credited, bids, and the result is
    // declared (the bid settled, its book sealed, every step audited)
    const market = await openAllDay(p);
    const [pl] = await registerPlayers(p, 1, 1000, 'Roles');
    const bid = await api(p, 'api-submit-bid', {
      unique_token: pl.token,
      game_id: String(market.game_id),
      new_result: closeBidToday(pl.token, market, '6', 100),
    });
    expect(bid.body).toMatchObject({ status: true });
    expect(
      (await operator(p, 'result/declare', { market: market.game_name, session: 'open', pana: '128' })).body.status,
    ).toBe(true);
    const close = await operator(p, 'result/declare', {
      market: market.game_name,
      session: 'close',
      pana: '600',
      // the market's close is at 23:59: declared now, before it, with the owner's reason
      early_reason: 'a test of the day, declared early',
    });
    expect(close.body).toMatchObject({ status: true });
    const wallet = await api(p, 'api-user-wallet-balance', { unique_token: pl.token });
    expect(Number(wallet.body.wallet_amt)).toBe(900 + 950);
    expect((await operator(p, 'audit/sign', {})).body.status).toBe(true);
    const verified = await fetch(`${p.url}/operator/audit/verify`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(((await verified.json()) as { check: { intact: boolean } }).check.intact).toBe(true);
    await stop(p);
  });

  test('the server role cannot disable, drop or replace what keeps the records; it reads and writes rows', async () => {
    asApp = await openDatabase({ databaseUrl: urlAs(app), poolSize: 2 });
    const tried = async (statement: ReturnType<typeof sql>) => {
      try {
        await statement.execute(asApp.db);
        return 'done';
      } catch (e) {
        return String((e as { code?: string }).code);
      }
    };
    // 42501: insufficient privilege (must be the owner)
    expect(await tried(sql`ALTER TABLE bids DISABLE TRIGGER USER`)).toBe('42501');
    expect(await tried(sql`ALTER TABLE operator_audit DISABLE TRIGGER audit_kept`)).toBe('42501');
    expect(await tried(sql`DROP TRIGGER books_built_once ON bid_books`)).toBe('42501');
    expect(await tried(sql`DROP TABLE receipt_leaves`)).toBe('42501');
    expect(await tried(sql`TRUNCATE wallet_transactions`)).toBe('42501');
    expect(
      await tried(
        sql.raw(`CREATE OR REPLACE FUNCTION public.refuse_rewrite() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN RETURN NEW; END $$`),
      ),
    ).toBe('42501');
    expect(await tried(sql`CREATE TABLE public.mine (x int)`)).toBe('42501');
    // rows: read, written, and still refused by the triggers where a record is kept
    expect(await tried(sql`SELECT count(*) FROM markets`)).toBe('done');
    expect(await tried(sql`UPDATE settings SET value = value WHERE key = 'min_amt'`)).toBe('done');
    expect(
      await tried(sql`INSERT INTO operator_audit (action, target, ok, operator) VALUES ('test', 'x', true, 'test')`),
    ).toBe('done');
    expect(await tried(sql`DELETE FROM operator_audit`)).toBe('MKFIX');
    expect(roleProblem(await databaseRole(asApp.db))).toBeNull();
  });

  test('as the owner or a superuser it does not start, unless ALLOW_TABLE_OWNER=1, which /readyz then shows', async () => {
    const asOwner = await openDatabase({ databaseUrl: urlAs(owner), poolSize: 1 });
    try {
      expect(roleProblem(await databaseRole(asOwner.db))).toMatch(
        new RegExp(`^the database role '${owner}' owns \\d+ of the schema's tables and functions`),
      );
    } finally {
      await asOwner.close();
    }
    await expect(startServer(server.main, urlAs(owner), { ALLOW_TABLE_OWNER: '' })).rejects.toThrow(
      new RegExp(`not starting: the database role '${owner}' owns \\d+ of the schema's tables`),
    );
    const allowed = await startServer(server.main, urlAs(owner), { ALLOW_TABLE_OWNER: '1', LOG_LEVEL: 'warn' });
    running.push(allowed);
    const ready = (await (await fetch(`${allowed.url}/readyz`)).json()) as { db_role: unknown };
    expect(ready.db_role).toMatchObject({ name: owner, table_owner: true, allowed_by: 'ALLOW_TABLE_OWNER=1' });
    expect(allowed.logs.join('')).toContain('started anyway because ALLOW_TABLE_OWNER=1');
    await stop(allowed);
    // the tests' own role is PostgreSQL's superuser
    await expect(startServer(server.main, process.env.DATABASE_URL!, { ALLOW_TABLE_OWNER: '' })).rejects.toThrow(
      /not starting: the database role '\w+' is a superuser/,
    );
  });
});
