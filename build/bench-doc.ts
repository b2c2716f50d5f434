/**
 * A bench's last run in docs/benchmarks.md: with `--write`, a bench script replaces its own block
 * (between `<!-- bench:<name> -->` and `<!-- /bench:<name> -->`) with one table of what it measured and
 * the date, commit and machine of the run. Never appended: the file holds each bench's last run only, and
 * git keeps the ones before it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A bench's table: how it ran (the backend, the sizes), its columns and rows, and notes under it. */
export interface BenchTable {
  setup?: string;
  header: string[];
  rows: (string | number)[][];
  notes?: string[];
}

const DOC = path.join(__dirname, '..', 'docs', 'benchmarks.md');

/** Whether this run was asked to write its figures (`npm run bench:x -- --write`). */
export const writing = (): boolean => process.argv.includes('--write');

function commit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: __dirname, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: __dirname,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${sha} with uncommitted changes` : sha;
  } catch {
    return 'unknown';
  }
}

/** 'this machine': its cores, CPU model, memory and Node. */
function machine(): string {
  const cpus = os.cpus();
  const gb = Math.round(os.totalmem() / 2 ** 30);
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${gb} GB, Node ${process.version}`;
}

const cell = (v: string | number): string => String(v).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The block's markdown: the run's facts, the table, notes under it. */
export function block(name: string, { setup, header, rows, notes = [] }: BenchTable): string {
  const when = new Date()
    .toISOString()
    .replace(/:\d\d\.\d+Z$/, ' UTC')
    .replace('T', ' ');
  return [
    `<!-- bench:${name} -->`,
    `Last run: ${when}, commit ${commit()}, ${machine()}${setup ? `; ${setup}` : ''}.`,
    '',
    `| ${header.map(cell).join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
    ...(notes.length ? ['', ...notes] : []),
    `<!-- /bench:${name} -->`,
  ].join('\n');
}

/**
 * Replaces the bench's block in `doc` (docs/benchmarks.md by default) with this run's table, when the
 * run was given `--write`. Returns whether it wrote.
 */
export function writeBench(name: string, table: BenchTable, doc = process.env.BENCH_DOC || DOC): boolean {
  if (!writing()) return false;
  const text = fs.readFileSync(doc, 'utf8');
  const re = new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`);
  if (!re.test(text)) throw new Error(`${doc} has no block <!-- bench:${name} --> ... <!-- /bench:${name} -->`);
  fs.writeFileSync(
    doc,
    text.replace(re, () => block(name, table)),
  );
  console.log(`\nwrote this run to ${path.relative(process.cwd(), doc)} (bench:${name})`);
  return true;
}
