#!/usr/bin/env node
/**
 * `npm run ci:family -- <family>`: one family's pipeline, for a change that touches only that family:
 * lint of its package and of the contract it talks through, its typecheck, its own tests and the
 * contract's (the mocks it is tested on included), and its production build. Stops at the first step
 * that fails; prints each step's time. `.ci/run` still runs everything.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { ROOT } = require('./packages');

const FAMILIES = ['regular', 'starline', 'gali', 'wallet'];
const family = process.argv[2];
if (!FAMILIES.includes(family)) {
  console.error(`Usage: npm run ci:family -- <family>   (one of ${FAMILIES.join(', ')})`);
  process.exit(2);
}
const pkg = `remote-${family}`;
/** A tool of the workspace, as npm scripts run it. */
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

const STEPS = [
  ['lint', [bin('eslint'), pkg, 'shared/src/contract', 'shared/src/mocks', '--max-warnings', '0']],
  ['typecheck', [bin('tsc'), '-p', path.join(pkg, 'tsconfig.json'), '--noEmit', '--pretty']],
  [
    'tests',
    [
      bin('jest'),
      '--ci',
      '--selectProjects',
      pkg,
      'shared',
      '--testPathPatterns',
      `^${ROOT}/(${pkg}/|shared/test/(contract|mocks))`,
    ],
  ],
  ['build', [bin('webpack'), '-c', path.join(pkg, 'webpack.config.js'), '--mode', 'production']],
];

const started = Date.now();
for (const [name, args] of STEPS) {
  const t = Date.now();
  console.log(`== ${family}: ${name}`);
  const [cmd, ...rest] = args;
  const r = spawnSync(cmd, rest, { cwd: ROOT, stdio: 'inherit' });
  const took = ((Date.now() - t) / 1000).toFixed(0);
  if (r.status !== 0) {
    console.error(`-- ${name} FAILED after ${took} s`);
    process.exit(1);
  }
  console.log(`-- ${name}: ${took} s`);
}
console.log(`ci:family ${family}: passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
