/**
 * Each SQL function has one source, its file in src/db/functions: after the migrations and the files,
 * the database holds exactly the functions the files define, as they define them; no migration after
 * the files came defines a function (a change to a function is a change to its file).
 */
import { sql } from 'kysely';
import { loadFunctions, loadMigrations, migrate } from '../src/db/migrate';
import { freshDatabase } from './helpers';

/** The last migration from before the functions had files of their own. */
const BEFORE_FILES = '033_paused_devices';

test('the database holds exactly the functions the files define, as they define them', async () => {
  const { database, cleanup } = await freshDatabase();
  try {
    await migrate(database);
    const live = await sql<{ name: string; def: string }>`
      SELECT p.proname AS name, pg_get_functiondef(p.oid) AS def
      FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace ORDER BY 1, 2`.execute(database.db);
    const files = loadFunctions();
    expect([...new Set(live.rows.map((r) => r.name))]).toEqual(files.map((f) => f.name));
    const code = (text: string) =>
      text
        .split('\n')
        .filter((l) => !l.startsWith('--'))
        .join('\n')
        .trim()
        .replace(/;$/, '');
    for (const f of files) {
      const defs = live.rows.filter((r) => r.name === f.name).map((r) => r.def.trim());
      const own = code(f.sql)
        .split(/;\n\nCREATE OR REPLACE FUNCTION/)
        .map((d, i) => (i === 0 ? d : `CREATE OR REPLACE FUNCTION${d}`).trim());
      expect([f.name, own.sort()]).toEqual([f.name, defs.sort()]);
    }
  } finally {
    await cleanup();
  }
});

test('no migration after the files came defines a function', () => {
  const later = loadMigrations().filter((m) => m.name > BEFORE_FILES);
  const defining = later.filter((m) => /\bCREATE\s+(OR\s+REPLACE\s+)?FUNCTION\b/i.test(m.sql)).map((m) => m.name);
  expect(defining).toEqual([]);
});

test("a migration marked '-- no transaction' builds an index concurrently, statement by statement, once", async () => {
  const { database, cleanup } = await freshDatabase();
  try {
    const migrations = [
      { name: '001_table', sql: 'CREATE TABLE things (id bigint PRIMARY KEY, kind text NOT NULL);' },
      {
        name: '002_index',
        sql:
          '-- no transaction\n-- built while the table is written to\n' +
          'DROP INDEX CONCURRENTLY IF EXISTS things_kind;\n' +
          'CREATE INDEX CONCURRENTLY things_kind ON things (kind);\n',
      },
    ];
    expect(await migrate(database, migrations)).toEqual(['001_table', '002_index']);
    const index = await sql<{ valid: boolean }>`
      SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relname = 'things_kind'`.execute(database.db);
    expect(index.rows).toEqual([{ valid: true }]);
    // applied once: a second run does nothing, and the lock was let go (the next migration takes it)
    expect(await migrate(database, migrations)).toEqual([]);
    expect(
      await migrate(database, [...migrations, { name: '003_more', sql: 'ALTER TABLE things ADD note text;' }]),
    ).toEqual(['003_more']);
  } finally {
    await cleanup();
  }
});
