/**
 * Clients decide by a refusal's code, never by its text: the text is for a person and comes in the
 * player's language. This reads every client's source (the shell, the remotes, the console, the CLI and
 * the shared api, screens and receipts) for a comparison of a server's message: `msg ===`, `=== MSG.x`,
 * `msg.includes(...)`, `/.../.test(msg)`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');
const CLIENTS = /^(shell|remote-[a-z]+|console)\/src\/|^server\/src\/cli\/|^shared\/src\/(api|ui|receipts)\//;
const TEXT = String.raw`(?:\bmsg|\.message|errorMessage|\berror)`;
const COMPARES = [
  new RegExp(String.raw`${TEXT}\s*(?:===|!==|==|!=)(?!=)(?!\s*(?:undefined\b|null\b|''|""))`),
  new RegExp(String.raw`(?:===|!==)\s*[\w.?]*${TEXT}\b`),
  new RegExp(String.raw`${TEXT}\??\.(?:includes|startsWith|endsWith|match|search)\(`),
  new RegExp(String.raw`\.test\([\w.?]*${TEXT}\)`),
  /(?:===|!==)\s*MSG\.|MSG\.\w+\s*(?:===|!==)/,
];

/** The lines of the clients' sources that compare a message. */
function comparisons(): string[] {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => CLIENTS.test(f) && /\.(ts|tsx)$/.test(f));
  const found: string[] = [];
  for (const f of files) {
    if (!fs.existsSync(path.join(ROOT, f))) continue;
    fs.readFileSync(path.join(ROOT, f), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, '').replace(/typeof\s+[\w.?]+\s*===\s*'\w+'/g, '');
        if (COMPARES.some((re) => re.test(code))) found.push(`${f}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

test('no client compares a server text', () => {
  expect(comparisons()).toEqual([]);
});

test('the check finds a comparison of a message', () => {
  for (const line of [
    'if (r.msg === MSG.oldPasswordIncorrect) {',
    '{error === MSG.otpInvalidForgot && (',
    'if (/still open/.test(body.msg)) return',
    "if (data.message.includes('expired')) return",
  ]) {
    const code = line.replace(/typeof\s+[\w.?]+\s*===\s*'\w+'/g, '');
    expect([line, COMPARES.some((re) => re.test(code))]).toEqual([line, true]);
  }
  for (const line of ["if (r.code === 'msg.oldPasswordIncorrect')", 'if (r.error !== undefined) return'])
    expect([line, COMPARES.some((re) => re.test(line))]).toEqual([line, false]);
});
