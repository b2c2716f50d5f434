#!/usr/bin/env node
/** `npm run typecheck`: tsc --noEmit over every package (strict), stopping at the first failure. */
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { ROOT } = require('./packages');

const PACKAGES = [
  'shared',
  'shell',
  'remote-regular',
  'remote-starline',
  'remote-gali',
  'remote-wallet',
  'console',
  'server',
  'e2e',
];
/** Programs beside a package's own: the shell's service worker compiles against the WebWorker library. */
const EXTRA = { shell: ['tsconfig.sw.json'] };
const tsc = require.resolve('typescript/bin/tsc');
let failed = 0;
for (const pkg of PACKAGES) {
  for (const config of ['tsconfig.json', ...(EXTRA[pkg] ?? [])]) {
    const r = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, pkg, config), '--noEmit'], { stdio: 'inherit' });
    const name = config === 'tsconfig.json' ? pkg : `${pkg} (${config})`;
    console.log(`typecheck ${name}: ${r.status === 0 ? 'ok' : 'FAILED'}`);
    if (r.status !== 0) failed++;
  }
}
process.exit(failed ? 1 : 0);
