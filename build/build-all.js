#!/usr/bin/env node
/**
 * `npm run build`: production builds of the shell and the four remotes, two at a time, and the server
 * compiled to JavaScript (server/dist/main.js, esbuild, a fraction of a second).
 * `node build/build-all.js --missing` builds only the front ends without a dist/ and always the server
 * (used by `npm start`).
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, FRONTENDS } = require('./packages');

const onlyMissing = process.argv.includes('--missing');
const todo = FRONTENDS.filter((p) => !onlyMissing || !fs.existsSync(path.join(ROOT, p, 'dist', 'index.html')));

function build(pkg) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: path.join(ROOT, pkg),
      stdio: 'inherit',
    });
    child.on('exit', (code) => {
      if (code === 0) {
        console.log(`built ${pkg} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new Error(`${pkg} build failed (exit ${code})`));
    });
  });
}

function buildServer() {
  const r = require('node:child_process').spawnSync(process.execPath, [path.join(ROOT, 'server/scripts/build.mjs')], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`server build failed (exit ${r.status})`);
}

async function main() {
  buildServer();
  const queue = [...todo];
  const workers = Array.from({ length: Math.min(2, queue.length) }, async () => {
    while (queue.length) await build(queue.shift());
  });
  await Promise.all(workers);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
