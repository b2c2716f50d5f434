#!/usr/bin/env node
/**
 * `npm start`: builds whatever front-end package has no build yet and the server (compiled JavaScript),
 * then starts the API server that serves everything on one port (default 8080, embedded database in
 * ./.data; with DATABASE_URL, WORKERS processes share the port).
 */
const { spawnSync, spawn } = require('node:child_process');
const path = require('node:path');
const { ROOT } = require('./packages');

const built = spawnSync(process.execPath, [path.join(__dirname, 'build-all.js'), '--missing'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

// Demo mode (codes shown instead of sent) only for the embedded database on a loopback address, and
// only when DEMO is not set explicitly: `DEMO=0 npm start` is a local server that sends real SMS.
const host = process.env.HOST || '127.0.0.1';
const loopback = /^(localhost|::1|\[::1\]|127\.\d+\.\d+\.\d+)$/i.test(host);
const demo = process.env.DEMO ?? (loopback && !process.env.DATABASE_URL ? '1' : '0');

const server = spawn(process.execPath, ['dist/main.js'], {
  cwd: path.join(ROOT, 'server'),
  stdio: 'inherit',
  env: { DATA_DIR: path.join(ROOT, '.data'), STATIC_ROOT: ROOT, ...process.env, DEMO: demo },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
