/**
 * Every call a client makes is declared in the contract, and named through it: the player clients'
 * sources (shell, remotes, shared) and the server write no `api-*` name of their own but CALL.<key>,
 * and only keys the contract has. (An undeclared key does not compile either; this catches a name
 * written another way.) And the
 * operator API's clients, the console and the CLI, call only paths the operator contract declares.
 */
import fs from 'node:fs';
import { callNamed } from '../src/api/baseQuery';
import path from 'node:path';
import {
  CALL,
  CALLS,
  CALL_ALIASES,
  OP,
  OPERATOR_CALLS,
  OPERATOR_PATHS,
  OPERATOR_PREFIX,
  isCallName,
  operatorRequest,
} from '@matka/shared/contract';

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

test('the clients name calls only through the contract, and only calls it declares', () => {
  const written: string[] = [];
  const undeclared: string[] = [];
  let named = 0;
  for (const dir of [...CLIENTS, 'server/src']) {
    for (const file of sources(path.join(ROOT, dir))) {
      if (file.includes(`${path.sep}contract${path.sep}`)) continue;
      const text = fs.readFileSync(file, 'utf8');
      // a call's name is written only in the contract: code names it CALL.<key>
      for (const m of text.matchAll(/['"](api-[a-z0-9-]+)['"]/g)) written.push(`${path.relative(ROOT, file)}: ${m[1]}`);
      for (const m of text.matchAll(/\bCALL\.([A-Za-z0-9]+)|\bcallNamed\('([A-Za-z0-9]+)'\)/g)) {
        named++;
        const key = m[1] ?? m[2];
        if (!Object.hasOwn(CALL, key)) undeclared.push(`${path.relative(ROOT, file)}: ${m[0]}`);
      }
    }
  }
  expect(written).toEqual([]);
  expect(undeclared).toEqual([]);
  expect(named).toBeGreaterThan(100);
});

test("CALL names every call by its name's identifier", () => {
  expect(Object.keys(CALL)).toHaveLength(Object.keys(CALLS).length);
  expect(CALL.checkMobile).toBe('api-check-mobile');
  expect(CALL.galidisawarWiningHistoryData).toBe('api-galidisawar-wining-history-data');
  for (const [key, name] of Object.entries(CALL)) expect([key, isCallName(name)]).toEqual([key, true]);
});

test('callNamed gives the call CALL names, for every key (the light pages name calls by it)', () => {
  for (const [key, name] of Object.entries(CALL)) expect(callNamed(key as keyof typeof CALL)).toBe(name);
});

test('each alias of a deployed dialect names a declared call', () => {
  for (const to of Object.values(CALL_ALIASES)) expect(Object.keys(CALLS)).toContain(to);
});

test('no operator path is written outside the contract: the console, the CLI and the server name OP.<call>', () => {
  const written: string[] = [];
  const undeclared: string[] = [];
  let named = 0;
  const paths = new Set(OPERATOR_PATHS.flatMap((p) => [p, `${OPERATOR_PREFIX}${p}`]));
  for (const dir of ['console/src', 'server/src', 'shared/src']) {
    for (const file of sources(path.join(ROOT, dir))) {
      if (file.includes(`${path.sep}contract${path.sep}`)) continue;
      const text = fs.readFileSync(file, 'utf8');
      // a quoted path of the operator API (or the start of a template): '/market/add', `/operator/users?q=`
      // the console's own screens have addresses of their own ('/users'): there, only the API's form counts
      const screens = file.includes(`console${path.sep}src`) && !file.endsWith('api.ts');
      for (const m of text.matchAll(/['"`]((?:GET |POST )?\/[a-z][a-z0-9/-]*)(?=[?'"`$])/g)) {
        const p = m[1].replace(/^(GET|POST) /, '');
        const api = p.startsWith(`${OPERATOR_PREFIX}/`) || m[1] !== p;
        if (p.startsWith('/api/')) continue;
        if (api ? paths.has(p) || m[1] !== p : paths.has(p) && !screens)
          written.push(`${path.relative(ROOT, file)}: ${m[1]}`);
      }
      for (const m of text.matchAll(/\bOP\.([A-Za-z0-9]+)/g)) {
        named++;
        if (!Object.hasOwn(OPERATOR_CALLS, m[1])) undeclared.push(`${path.relative(ROOT, file)}: ${m[0]}`);
      }
    }
  }
  expect(written).toEqual([]);
  expect(undeclared).toEqual([]);
  expect(named).toBeGreaterThan(100);
});

test('OP names every operator call, and each method and path is declared once', () => {
  expect(Object.keys(OP)).toEqual(Object.keys(OPERATOR_CALLS));
  const routes = Object.values(OPERATOR_CALLS).map((c) => `${c.method} ${c.path}`);
  expect(new Set(routes).size).toBe(routes.length);
  expect(operatorRequest(OP.addMarket)).toEqual({ method: 'POST', path: '/market/add', url: '/operator/market/add' });
  expect(operatorRequest(OP.users, { q: 'a b' }).url).toBe('/operator/users?q=a%20b');
});
