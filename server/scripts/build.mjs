#!/usr/bin/env node
/**
 * The production server as plain JavaScript: `server/dist/main.js`, bundled by esbuild with the
 * workspace's @matka/shared compiled in and every npm dependency left to node_modules. The migrations and the PGlite worker are copied beside it
 * (they are read from the bundle's own folder at run time).
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] ? path.resolve(process.argv[2]) : path.join(SERVER, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(SERVER, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => d !== '@matka/shared');

const started = Date.now();
fs.rmSync(out, { recursive: true, force: true });
await build({
  // the server, and the operator CLI (the browser tests call it in process)
  entryPoints: { main: path.join(SERVER, 'src/main.ts'), operator: path.join(SERVER, 'src/cli/operator.ts') },
  outdir: out,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: external.flatMap((d) => [d, `${d}/*`]),
  logLevel: 'warning',
});
fs.cpSync(path.join(SERVER, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
fs.cpSync(path.join(SERVER, 'src/db/functions'), path.join(out, 'functions'), { recursive: true });
fs.copyFileSync(path.join(SERVER, 'src/db/pglite-host.js'), path.join(out, 'pglite-host.js'));
console.log(
  `built server in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${path.relative(process.cwd(), out) || '.'}`,
);
