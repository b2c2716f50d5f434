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
