/**
 * Every call a client makes is declared in the contract: the player clients' sources (shell, remotes,
 * shared) name no `api-*` call the contract does not list. (Their endpoints are also typed with
 * CallName, so an undeclared name does not compile; this catches a name built another way.) And the
 * operator API's clients, the console and the CLI, call only paths the operator contract declares.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CALLS, CALL_ALIASES, OPERATOR_CALLS, OPERATOR_PATHS, isCallName } from '@matka/shared/contract';

const ROOT = path.join(__dirname, '../..');
const CLIENTS = [
  'shell/src',
  'remote-regular/src',
  'remote-starline/src',
  'remote-gali/src',
  'remote-wallet/src',
  'shared/src',
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

test('the clients call only what the contract declares', () => {
  const undeclared: string[] = [];
  let seen = 0;
  for (const dir of CLIENTS) {
    for (const file of sources(path.join(ROOT, dir))) {
      if (file.includes(`${path.sep}contract${path.sep}`)) continue;
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/['"`](api-[a-z0-9-]+)['"`]/g)) {
        seen++;
        if (!isCallName(m[1])) undeclared.push(`${path.relative(ROOT, file)}: ${m[1]}`);
      }
    }
  }
  expect(undeclared).toEqual([]);
  expect(seen).toBeGreaterThan(30);
});

test('each alias of a deployed dialect names a declared call', () => {
  for (const to of Object.values(CALL_ALIASES)) expect(Object.keys(CALLS)).toContain(to);
});

test('the console and the CLI call only paths the operator contract declares', () => {
  const undeclared: string[] = [];
  let seen = 0;
  const check = (file: string, prefix: string) => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    // a quoted path (or the start of a template), up to its query: '/market/add', `/users?q=${q}`
    for (const m of text.matchAll(new RegExp(`['"\`]${prefix}(/[a-z][a-z0-9/-]*)(?=[?'"\`$])`, 'g'))) {
      const p = m[1];
      // a path built further on (`/market/${action}`); the console's API base itself
      if (p.endsWith('/') || (prefix === '' && p === '/operator')) continue;
      seen++;
      if (!OPERATOR_PATHS.includes(p)) undeclared.push(`${file}: ${p}`);
    }
  };
  // the console names each call by its declaration, method and path ('POST /market/add'; typed as
  // OperatorCall too): each must be a declared call
  const consoleText = fs.readFileSync(path.join(ROOT, 'console/src/api.ts'), 'utf8');
  for (const m of consoleText.matchAll(/['"`](GET|POST) (\/[a-z][a-z0-9/-]*)(?=['"`$])/g)) {
    if (m[2].endsWith('/')) continue;
    seen++;
    if (!Object.hasOwn(OPERATOR_CALLS, `${m[1]} ${m[2]}`)) undeclared.push(`console/src/api.ts: ${m[1]} ${m[2]}`);
  }
  check('server/src/cli/operator.ts', '/operator');
  expect(undeclared).toEqual([]);
  expect(seen).toBeGreaterThan(40);
});
