#!/usr/bin/env node
/** `npm run typecheck`: tsc --noEmit over every package (strict), every program checked, failures said at the end. */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT, FRONTENDS } = require('./packages');

const PACKAGES = ['shared', ...FRONTENDS, 'server', 'e2e'];
/** Programs beside a package's own: the shell's service worker compiles against the WebWorker library. */
const EXTRA = { shell: ['tsconfig.sw.json'] };

const readConfig = (pkg, config) => JSON.parse(fs.readFileSync(path.join(ROOT, pkg, config), 'utf8'));
const sameOptions = (a, b) =>
  a.extends === b.extends && JSON.stringify(a.compilerOptions ?? {}) === JSON.stringify(b.compilerOptions ?? {});

/**
 * Packages whose tsconfig.json has the contract's compiler options (the browser's packages) are checked
 * as one program, built here from their own configs: `@matka/shared` is then checked once rather than
 * once per package, for the same errors. The others, and every extra program, are checked on their own.
 * Each package's tsconfig.json stays what its editor and `npm run ci:family` use.
 */
function programs() {
  const base = readConfig('shared', 'tsconfig.json');
  const joined = PACKAGES.filter((pkg) => sameOptions(readConfig(pkg, 'tsconfig.json'), base));
  const rebase = (pkg) => (p) => path.join(ROOT, pkg, p);
  const union = {
    extends: path.join(ROOT, 'shared', base.extends),
    compilerOptions: base.compilerOptions,
    include: joined.flatMap((pkg) => (readConfig(pkg, 'tsconfig.json').include ?? []).map(rebase(pkg))),
    exclude: joined.flatMap((pkg) => (readConfig(pkg, 'tsconfig.json').exclude ?? []).map(rebase(pkg))),
  };
  const dir = path.join(ROOT, 'node_modules', '.cache', 'typecheck');
  fs.mkdirSync(dir, { recursive: true });
  const unionFile = path.join(dir, 'tsconfig.browser.json');
  fs.writeFileSync(unionFile, JSON.stringify(union, null, 2));
  return [
    { name: joined.join(', '), file: unionFile },
    ...PACKAGES.filter((pkg) => !joined.includes(pkg)).map((pkg) => ({
      name: pkg,
      file: path.join(ROOT, pkg, 'tsconfig.json'),
    })),
    ...PACKAGES.flatMap((pkg) =>
      (EXTRA[pkg] ?? []).map((config) => ({ name: `${pkg} (${config})`, file: path.join(ROOT, pkg, config) })),
    ),
  ];
}

const tsc = require.resolve('typescript/bin/tsc');

function check({ name, file }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', file, '--noEmit', '--pretty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (out += b));
    child.on('close', (code) => {
      // a program's errors are printed together, not interleaved with another's
      if (out) process.stdout.write(out);
      console.log(`typecheck ${name}: ${code === 0 ? 'ok' : 'FAILED'}`);
      resolve(code === 0);
    });
  });
}

(async () => {
  let failed = 0;
  const queue = programs();
  // as many programs at a time as the machine has cores (each tsc is one thread), the largest first
  const parallel = Math.max(1, Math.min(os.cpus().length, queue.length));
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) if (!(await check(p))) failed++;
    }),
  );
  process.exit(failed ? 1 : 0);
})();
