#!/usr/bin/env node
/**
 * `npm run dev`: the API server in watch mode (127.0.0.1:8080) and a webpack-dev-server for the shell
 * (http://127.0.0.1:3000) and each remote (3001 regular, 3002 starline, 3003 gali, 3004 wallet).
 */
const { spawn } = require('node:child_process');
const path = require('node:path');
const { ROOT, FRONTENDS } = require('./packages');

const children = [];
function run(name, cmd, args, cwd, env = {}) {
  const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (buf) => {
      for (const line of buf.toString().split('\n')) if (line.trim()) console.log(prefix(line));
    });
  }
  child.on('exit', (code) => console.log(prefix(`exited with ${code}`)));
  children.push(child);
}

run(
  'api',
  process.execPath,
  [require.resolve('tsx/cli', { paths: [path.join(ROOT, 'server')] }), 'watch', 'src/main.ts'],
  path.join(ROOT, 'server'),
  {
    DATA_DIR: path.join(ROOT, '.data'),
    STATIC_ROOT: ROOT,
    // demo mode on the embedded database (the server only binds to loopback in demo mode)
    DEMO: process.env.DEMO ?? (process.env.DATABASE_URL ? '0' : '1'),
  },
);
for (const pkg of FRONTENDS) {
  run(
    pkg,
    process.execPath,
    [require.resolve('webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'],
    path.join(ROOT, pkg),
  );
}
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
