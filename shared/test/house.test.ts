/**
 * The house a new reader walks into: README short and for users, the rest in docs/; code, comments and
 * docs say what the code does, never which ticket or working session asked for it; each bench's table in
 * docs/benchmarks.md is one block its script rewrites (`--write`), never appended to.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { block, writeBench } from '../../build/bench-doc';

const ROOT = path.join(__dirname, '../..');
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');

test('README is at most 250 lines and leads to every document in docs/', () => {
  const readme = read('README.md');
  expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  for (const doc of fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')))
    expect([doc, readme.includes(`docs/${doc}`)]).toEqual([doc, true]);
});

test('no file names a working session, a wave or a tracker entry', () => {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|tsx|js|mjs|sql|md|json|css|html)$/.test(f) && !f.endsWith('package-lock.json'));
  const found: string[] = [];
  const diary = /\b(session \d+|wave \d+|issue [A-Z]\b|issue \d+)|\((?:wave|issue) /i;
  for (const f of files) {
    if (f === 'shared/test/house.test.ts') continue;
    const text = read(f);
    text.split('\n').forEach((line, i) => {
      if (diary.test(line)) found.push(`${f}:${i + 1}: ${line.trim().slice(0, 100)}`);
    });
  }
  expect(found).toEqual([]);
});

test('docs/benchmarks.md holds one block per bench, which --write replaces with the run', () => {
  const doc = read('docs/benchmarks.md');
  for (const name of ['players', 'api', 'settle', 'live', 'bundle', 'monolith', 'lighthouse']) {
    const opens = doc.split(`<!-- bench:${name} -->`).length - 1;
    const closes = doc.split(`<!-- /bench:${name} -->`).length - 1;
    expect([name, opens, closes]).toEqual([name, 1, 1]);
  }
  // the writer, on a copy: the block is replaced, the rest of the file kept, and a second run replaces it again
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-doc-'));
  const copy = path.join(dir, 'benchmarks.md');
  fs.writeFileSync(copy, doc);
  const argv = process.argv;
  process.argv = [...argv, '--write'];
  try {
    const table = { setup: 'PGlite', header: ['players', 'p99'], rows: [[1000, '12 ms']] };
    expect(writeBench('players', table, copy)).toBe(true);
    expect(writeBench('players', { ...table, rows: [[2000, '15 ms']] }, copy)).toBe(true);
  } finally {
    process.argv = argv;
  }
  const written = fs.readFileSync(copy, 'utf8');
  expect(written).toContain('| 2000 | 15 ms |');
  expect(written).not.toContain('| 1000 | 12 ms |');
  expect(written).toMatch(/Last run: \d{4}-\d\d-\d\d \d\d:\d\d UTC, commit \S+.*, \d+ cores.*; PGlite\./);
  expect(written.replace(/<!-- bench:players -->[\s\S]*?<!-- \/bench:players -->/, '')).toBe(
    doc.replace(/<!-- bench:players -->[\s\S]*?<!-- \/bench:players -->/, ''),
  );
  fs.rmSync(dir, { recursive: true, force: true });
  // without --write nothing is written
  expect(writeBench('players', { header: ['a'], rows: [] }, copy)).toBe(false);
  expect(block('x', { header: ['a|b'], rows: [['c']] })).toContain('| a\\|b |');
});

test("every file ARCHITECTURE.md leads to exists, and it names every SQL function's file", () => {
  const map = read('ARCHITECTURE.md');
  const missing: string[] = [];
  for (const m of map.matchAll(/`((?:shared|shell|remote-[a-z]+|console|server|e2e|build|docs)\/[\w./-]+)`/g)) {
    const p = m[1].replace(/\/$/, '');
    if (!fs.existsSync(path.join(ROOT, p))) missing.push(p);
  }
  expect(missing).toEqual([]);
  for (const f of fs.readdirSync(path.join(ROOT, 'server/src/db/functions')))
    expect([f, map.includes(`\`${f.replace(/\.sql$/, '')}\``)]).toEqual([f, true]);
});

test('no source file is over 500 lines (tests aside)', () => {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(
      (f) =>
        /\.(ts|tsx|js|mjs)$/.test(f) &&
        !/(^|\/)(test|tests|__tests__|test-utils)\//.test(f) &&
        !/\.test\.tsx?$/.test(f) &&
        // the table types kysely-codegen writes from the schema: nobody edits them
        f !== 'server/src/db/types.ts' &&
        fs.existsSync(path.join(ROOT, f)),
    );
  const long = files
    .map((f) => [f, read(f).split('\n').length] as const)
    .filter(([, n]) => n > 500)
    .map(([f, n]) => `${f}: ${n}`);
  expect(files.length).toBeGreaterThan(300);
  expect(long).toEqual([]);
});
