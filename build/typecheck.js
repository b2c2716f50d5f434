#!/usr/bin/env node
/** `npm run typecheck`: tsc --noEmit over every package (strict), stopping at the first failure. */
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { ROOT } = require('./packages');

const PACKAGES = ['shared', 'shell', 'remote-regular', 'remote-starline', 'remote-gali', 'remote-wallet', 'server', 'e2e'];
const tsc = require.resolve('typescript/bin/tsc');
let failed = 0;
for (const pkg of PACKAGES) {
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, pkg, 'tsconfig.json'), '--noEmit'], { stdio: 'inherit' });
  console.log(`typecheck ${pkg}: ${r.status === 0 ? 'ok' : 'FAILED'}`);
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
