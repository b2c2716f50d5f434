/**
 * The shell provides every singleton the families take from it (they bundle none: build/webpack.js), and
 * the building blocks it uses itself; the bid screen is the families' own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const { sharedModules } = require('../../build/webpack.js') as {
  sharedModules: () => Record<string, { singleton?: boolean }>;
};

const text = readFileSync(path.join(__dirname, '../src/federation/provided.ts'), 'utf8');
const referenced = new Set([...text.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]));

it('references every singleton so that the shell build provides it', () => {
  const singletons = Object.entries(sharedModules())
    .filter(([, cfg]) => cfg.singleton)
    .map(([key]) => key);
  expect(singletons.length).toBeGreaterThan(10);
  expect(singletons.filter((k) => !referenced.has(k))).toEqual([]);
});

it('leaves the bid screen to the families, shared among them by version', () => {
  const shared = sharedModules();
  expect(referenced.has('@matka/shared/bid')).toBe(false);
  expect(shared['@matka/shared/bid']).toMatchObject({ singleton: false, strictVersion: true });
  expect((shared['@matka/shared/bid'] as { version: string }).version).toMatch(/^1\.0\.0-b[0-9a-f]{12}$/);
});
