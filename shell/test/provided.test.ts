/** The shell provides every shared singleton the remotes consume (they bundle none: build/webpack.js). */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const { sharedModules } = require('../../build/webpack.js') as { sharedModules: () => Record<string, unknown> };

it('references every shared key so that the shell build provides it', () => {
  const text = readFileSync(path.join(__dirname, '../src/federation/provided.ts'), 'utf8');
  const referenced = new Set([...text.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]));
  const keys = Object.keys(sharedModules());
  expect(keys.length).toBeGreaterThan(10);
  expect(keys.filter((k) => !referenced.has(k))).toEqual([]);
});
