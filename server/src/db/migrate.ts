import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from './index';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

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

// An arbitrary constant key for pg_advisory_xact_lock so two processes never migrate at once.
const LOCK_KEY = 7_316_842_001;

/**
 * Applies the pending migrations in name order. Each migration runs in its own transaction together
 * with its schema_migrations row, so a failed migration leaves nothing behind and a re-run is a no-op.
 * Returns the names applied by this call.
 */
export async function migrate(database: Database, migrations = loadMigrations()): Promise<string[]> {
  await database.execScript(
    `BEGIN; SELECT pg_advisory_xact_lock(${LOCK_KEY});\n` +
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());\nCOMMIT;',
  );
  const applied: string[] = [];
  for (const m of migrations) {
    const done = await database.db
      .selectFrom('schema_migrations')
      .select('name')
      .where('name', '=', m.name)
      .executeTakeFirst();
    if (done) continue;
    const quoted = m.name.replace(/'/g, "''");
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
  return applied;
}

export async function appliedMigrations(database: Database): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(database.db);
  return rows.rows.map((r) => r.name);
}
