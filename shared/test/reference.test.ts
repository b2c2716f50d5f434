/**
 * The original backend's routes as the contract declares them (reference.ts, referenceOther.ts): each
 * route once; every route served (as the original or the secure way) is a call of the contract, under
 * its own name or an alias; and docs/clients.md lists them as the declaration says.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { CALLS, CALL_ALIASES, PREFIX_ALIASES } from '../src/contract';
import { REFERENCE_BUILD_ROUTES, REFERENCE_PLAYER_ROUTES } from '../src/contract/reference';
import { REFERENCE_OTHER_ROUTES } from '../src/contract/referenceOther';
import { withReference } from '../src/contract/referenceDoc';

/** The call a route reaches through the compatibility adapter's names. */
function callOf(route: string): string | undefined {
  if (Object.hasOwn(CALLS, route)) return route;
  if (Object.hasOwn(CALL_ALIASES, route)) return CALL_ALIASES[route];
  for (const [from, to] of PREFIX_ALIASES) if (route.startsWith(from)) return to + route.slice(from.length);
  return undefined;
}

test('each route of the original is declared once', () => {
  const all = [
    ...[...REFERENCE_PLAYER_ROUTES, ...REFERENCE_BUILD_ROUTES].map((r) => r.route),
    ...REFERENCE_OTHER_ROUTES.flatMap((g) => g.routes),
  ];
  expect(all.length).toBeGreaterThan(400);
  expect(all.filter((r, i) => all.indexOf(r) !== i)).toEqual([]);
});

test('every route served is a call of the contract; every refused one says why', () => {
  for (const r of [...REFERENCE_PLAYER_ROUTES, ...REFERENCE_BUILD_ROUTES]) {
    if (r.status === 'refused') {
      expect({ route: r.route, how: !!r.how }).toEqual({ route: r.route, how: true });
      continue;
    }
    if (r.form) continue; // a multipart form, served beside the JSON calls (server/src/api/payment-slip.ts)
    const call = callOf(r.route);
    expect({ route: r.route, call: call && Object.hasOwn(CALLS, call) }).toEqual({ route: r.route, call: true });
    expect(r.answer).toBeDefined();
  }
});

test('docs/clients.md lists the routes as declared (npm run docs:clients writes them)', () => {
  const root = path.join(__dirname, '..', '..');
  const file = path.join(root, 'docs', 'clients.md');
  const doc = fs.readFileSync(file, 'utf8');
  // formatted as the repository formats Markdown (prettier runs in a process of its own)
  const formatted = execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--stdin-filepath', file],
    { input: withReference(doc), encoding: 'utf8' },
  );
  expect(formatted).toBe(doc);
});
