/**
 * Who the server is to PostgreSQL. Triggers keep the rows receipts, books, proposals and the ledger are
 * built from (migrations 038, 042), but whoever owns a table may disable its triggers or replace their
 * functions. So on PostgreSQL the migrations run as the tables' owner (MIGRATION_DATABASE_URL) and the
 * server as another role (DATABASE_URL) that owns nothing: it reads and writes rows, and cannot alter a
 * table, a trigger or a function. The server refuses to start as a superuser or as a role that owns (or
 * may become the owner of) its tables, unless ALLOW_TABLE_OWNER=1 says so (a demo, a test), and then says
 * so in its log and in /readyz's details. PGlite has one user, the process itself: nothing to check.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './types';

/** The server's role as PostgreSQL sees it. */
export interface DatabaseRole {
  name: string;
  superuser: boolean;
  /** tables, sequences and functions of the schema that it owns, or may act as the owner of */
  owned: number;
}

export async function databaseRole(db: Kysely<DB>): Promise<DatabaseRole> {
  const r = await sql<{ name: string; superuser: boolean; owned: number }>`
    SELECT current_user AS name,
           (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
           ((SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'S', 'v', 'm')
                AND pg_has_role(current_user, c.relowner, 'MEMBER'))
          + (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
              WHERE n.nspname = 'public' AND pg_has_role(current_user, p.proowner, 'MEMBER')))::int AS owned`.execute(
    db,
  );
  const row = r.rows[0];
  return { name: row.name, superuser: row.superuser, owned: Number(row.owned) };
}

/** Why this role must not run the server (null: it may). */
export function roleProblem(role: DatabaseRole): string | null {
  if (role.superuser)
    return `the database role '${role.name}' is a superuser: it could disable the triggers that keep the records`;
  if (role.owned > 0)
    return `the database role '${role.name}' owns ${role.owned} of the schema's tables and functions (or may act as their owner): it could disable their triggers or replace their functions`;
  return null;
}

/**
 * Lets the runtime role read and write every row, run the functions and take the sequences' numbers, and
 * nothing more (no ALTER, no DROP, no TRUNCATE, no trigger): run by the owner after the migrations, on
 * every start, so a table a migration added is covered.
 */
export async function grantRuntimeRole(owner: Kysely<DB>, runtime: string): Promise<void> {
  const role = sql.id(runtime);
  await sql`GRANT USAGE ON SCHEMA public TO ${role}`.execute(owner);
  await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`.execute(owner);
  await sql`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role}`.execute(owner);
  await sql`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${role}`.execute(owner);
}
