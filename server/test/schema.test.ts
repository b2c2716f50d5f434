/**
 * server/src/db/schema.sql and the table types (types.ts) are what the migrations and the SQL functions
 * make: on PostgreSQL, a fresh database is migrated and dumped, the file must be that dump, and
 * kysely-codegen must find the types up to date (`npm run db:schema -w server` writes both). On the embedded database the same migrations run, so one check is enough.
 */
import fs from 'node:fs';
import { SCHEMA_FILE, codegen, migratedSchema, normalizeDump } from '../src/db/schema';
import { usingPostgres } from './helpers';

(usingPostgres ? test : test.skip)('schema.sql and the table types are what the migrations make', async () => {
  // the types: kysely-codegen --verify against the migrated database (it throws, naming the difference)
  let types = 'same';
  const made = await migratedSchema(process.env.DATABASE_URL!, (url) => {
    try {
      codegen(url, true);
    } catch (e) {
      types = `src/db/types.ts is not what the migrations make; run npm run db:schema -w server\n${String((e as { stdout?: string }).stdout ?? e)}`;
    }
  });
  expect(types).toBe('same');
  const file = fs.readFileSync(SCHEMA_FILE, 'utf8');
  // the first difference, named, rather than two files of 1,300 lines
  const a = made.split('\n');
  const b = file.split('\n');
  const at = a.findIndex((line, i) => line !== b[i]);
  expect(
    at === -1 && a.length === b.length
      ? 'same'
      : `schema.sql differs from the migrations at line ${at + 1}: the migrations make "${a[at]}", the file has "${b[at]}"; run npm run db:schema -w server`,
  ).toBe('same');
});

test("the dump is kept without what depends on the machine: pg_dump's header, SET lines, comments", () => {
  const dump = '--\n-- PostgreSQL database dump\n--\nSET statement_timeout = 0;\n\n\n\nCREATE TABLE t (id int);\n';
  expect(normalizeDump(dump)).toBe('CREATE TABLE t (id int);\n');
});
