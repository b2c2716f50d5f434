#!/usr/bin/env node
/** `npm run typecheck`: tsc --noEmit over every package (strict), every one checked, failures said at the end. */
const { spawn } = require('node:child_process');
const os = require('node:os');
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
/** Every program, checked as many at a time as the machine has cores (each tsc is one thread). */
const programs = PACKAGES.flatMap((pkg) => ['tsconfig.json', ...(EXTRA[pkg] ?? [])].map((config) => ({ pkg, config })));
const parallel = Math.max(1, Math.min(os.cpus().length, programs.length));

function check({ pkg, config }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', path.join(ROOT, pkg, config), '--noEmit', '--pretty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (out += b));
    child.on('close', (code) => {
      const name = config === 'tsconfig.json' ? pkg : `${pkg} (${config})`;
      // a program's errors are printed together, not interleaved with another's
      if (out) process.stdout.write(out);
      console.log(`typecheck ${name}: ${code === 0 ? 'ok' : 'FAILED'}`);
      resolve(code === 0);
    });
  });
}

(async () => {
  let failed = 0;
  const queue = [...programs];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) if (!(await check(p))) failed++;
    }),
  );
  process.exit(failed ? 1 : 0);
})();
