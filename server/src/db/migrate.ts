import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from './index';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
/** Each SQL function's one current definition (functions/<name>.sql), applied after the migrations. */
const FUNCTIONS_DIR = path.join(__dirname, 'functions');

export interface Migration {
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ name: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/** The SQL functions' current definitions, one file per function name (overloads together). */
export function loadFunctions(dir = FUNCTIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^[a-z_][a-z0-9_]*\.sql$/.test(f))
    .sort()
    .map((f) => ({ name: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/**
 * A migration whose first line is `-- no transaction` runs outside a transaction, one statement at a
 * time on one connection under the migrations' session lock: what `CREATE INDEX CONCURRENTLY` needs (an
 * index built while bids go on). Its statements end a line with ';' (no function bodies) and must be
 * safe to run again: a build that failed half way is re-run from the start (`DROP INDEX CONCURRENTLY IF
 * EXISTS` first, since a failed concurrent build leaves an invalid index behind).
 */
const NO_TRANSACTION = /^--\s*no transaction\b/i;
export const statementsOf = (script: string): string[] =>
  script
    .split(/;[ \t]*$/m)
    .map((s) =>
      s
        .split('\n')
        .filter((line) => !/^\s*--/.test(line))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);

// An arbitrary constant key for pg_advisory_xact_lock so two processes never migrate at once.
const LOCK_KEY = 7_316_842_001;
// The key a whole run of the migrations holds (PostgreSQL), on a connection of its own.
const RUN_KEY = 7_316_842_002;

/**
 * Waits until no other process migrates this PostgreSQL, then holds that until the returned release. The
 * lock is asked for again and again (pg_try_advisory_lock), never waited for inside a statement: a waiting
 * statement keeps a snapshot, and a CREATE INDEX CONCURRENTLY of the process that migrates waits for every
 * older snapshot, so it would wait for the very process waiting for it (a deadlock). PGlite has one
 * connection in one process: nothing to hold.
 */
async function holdRunLock(database: Database): Promise<() => Promise<void>> {
  if (database.kind !== 'postgres' || !database.url) return async () => {};
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    while (!(await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [RUN_KEY])).rows[0].ok)
      await new Promise((r) => setTimeout(r, 50));
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return async () => {
    await client.query('SELECT pg_advisory_unlock($1)', [RUN_KEY]).catch(() => {});
    await client.end().catch(() => {});
  };
}

/**
 * Applies the pending migrations in name order. Each migration runs in its own transaction together
 * with its schema_migrations row, so a failed migration leaves nothing behind and a re-run is a no-op
 * (one marked `-- no transaction` runs statement by statement instead: NO_TRANSACTION).
 * Then every SQL function is defined as its file says (applyFunctions), unless the migrations were
 * given (a test's own list). Returns the names of the migrations applied by this call.
 */
export async function migrate(
  database: Database,
  given?: Migration[],
  functions: Migration[] = given ? [] : loadFunctions(),
): Promise<string[]> {
  const migrations = given ?? loadMigrations();
  const release = await holdRunLock(database);
  try {
    return await migrateHeld(database, migrations, functions);
  } finally {
    await release();
  }
}

async function migrateHeld(database: Database, migrations: Migration[], functions: Migration[]): Promise<string[]> {
  await database.execScript(
    `BEGIN; SELECT pg_advisory_xact_lock(${LOCK_KEY});\n` +
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());\nCOMMIT;',
  );
  const applied: string[] = [];
  // a migration that needs the functions (a trigger of one) runs once they are applied
  const later = migrations.filter(runsAfterFunctions);
  await applyEach(
    database,
    migrations.filter((m) => !later.includes(m)),
    applied,
  );
  if (functions.length) await applyFunctions(database, functions);
  await applyEach(database, later, applied);
  return applied;
}

/**
 * A migration whose first line is `-- after functions` runs after the functions' files are applied: it
 * may name a function (a trigger's) that only its file defines.
 */
const AFTER_FUNCTIONS = /^--\s*after functions\b/i;
export const runsAfterFunctions = (m: Migration) => AFTER_FUNCTIONS.test(m.sql);

/** Applies each migration not applied yet, in order, adding its name to `applied`. */
async function applyEach(database: Database, migrations: Migration[], applied: string[]): Promise<void> {
  for (const m of migrations) {
    const done = await database.db
      .selectFrom('schema_migrations')
      .select('name')
      .where('name', '=', m.name)
      .executeTakeFirst();
    if (done) continue;
    const quoted = m.name.replace(/'/g, "''");
    if (NO_TRANSACTION.test(m.sql)) {
      // (the run's lock keeps other migrators out: no lock is waited for here, see holdRunLock)
      await database.execAlone(
        [...statementsOf(m.sql), `INSERT INTO schema_migrations (name) VALUES ('${quoted}') ON CONFLICT DO NOTHING`],
        'SELECT 1',
      );
      applied.push(m.name);
      continue;
    }
    // The INSERT fails on a concurrent duplicate (primary key), rolling the whole script back.
    const script =
      `BEGIN;\nSELECT pg_advisory_xact_lock(${LOCK_KEY});\n${m.sql}\n;\n` +
      `INSERT INTO schema_migrations (name) VALUES ('${quoted}');\nCOMMIT;`;
    try {
      await database.execScript(script);
    } catch (err) {
      await database.execScript('ROLLBACK;').catch(() => {});
      // Another process may have applied it meanwhile.
      const nowDone = await database.db
        .selectFrom('schema_migrations')
        .select('name')
        .where('name', '=', m.name)
        .executeTakeFirst();
      if (nowDone) continue;
      throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
    }
    applied.push(m.name);
  }
}

/**
 * Every SQL function as its file defines it (CREATE OR REPLACE), in one transaction under the migrations'
 * lock, after the migrations: a function's current source is its file, whatever a migration made before.
 * Re-applying an unchanged definition changes nothing.
 */
export async function applyFunctions(database: Database, functions = loadFunctions()): Promise<void> {
  await database.execScript(
    `BEGIN;\nSELECT pg_advisory_xact_lock(${LOCK_KEY});\nSET LOCAL check_function_bodies = off;\n` +
      functions.map((f) => f.sql).join('\n;\n') +
      '\n;\nCOMMIT;',
  );
}

export async function appliedMigrations(database: Database): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(database.db);
  return rows.rows.map((r) => r.name);
}
