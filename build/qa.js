#!/usr/bin/env node
/**
 * `npm run qa -w remote-<family>`: the family's standalone page with no API server. Builds the QA page
 * (the standalone page whose calls Mock Service Worker answers from the contract's mocks, in named
 * scenarios) into remote-<family>/dist-qa, serves it on 127.0.0.1 and prints its address.
 *   QA_PORT   the port (default 3100 + the family's dev port's last digit: gali 3103)
 *   QA_BUILT  1: serve the dist-qa already built (no build)
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { ROOT } = require('./packages');

const PORTS = { regular: 3101, starline: 3102, gali: 3103, wallet: 3104 };
const family = process.argv[2];
if (!PORTS[family]) {
  console.error(`Usage: node build/qa.js <family> (one of ${Object.keys(PORTS).join(', ')})`);
  process.exit(2);
}
const dir = path.join(ROOT, `remote-${family}`);
const out = path.join(dir, 'dist-qa');

if (process.env.QA_BUILT !== '1' || !fs.existsSync(path.join(out, 'index.html'))) {
  const webpack = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });
  const r = spawnSync(
    process.execPath,
    [webpack, '-c', path.join(dir, 'webpack.config.js'), '--env', 'qa', '--mode', 'production'],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://qa.local');
  const file = path.resolve(out, `.${decodeURIComponent(url.pathname)}`);
  const inside = file.startsWith(out + path.sep);
  const found = inside && fs.existsSync(file) && fs.statSync(file).isFile();
  // the page's own routes (a reload at /gali/...) get its index.html; a missing asset is a 404
  const last = url.pathname.split('/').pop() ?? '';
  if (!found && last.includes('.')) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('Not found');
  }
  const body = found ? file : path.join(out, 'index.html');
  res.writeHead(200, {
    'content-type': TYPES[path.extname(body)] ?? 'application/octet-stream',
    'cache-control': 'no-cache',
    // the mock worker answers for the whole page
    ...(path.basename(body) === 'mockServiceWorker.js' ? { 'service-worker-allowed': '/' } : {}),
  });
  fs.createReadStream(body).pipe(res);
});
const port = Number(process.env.QA_PORT || PORTS[family]);
server.listen(port, '127.0.0.1', () => {
  const { port: bound } = server.address();
  console.log(`QA page of ${family} on mocks (no server): http://127.0.0.1:${bound}/`);
  console.log('Scenarios: pick one on the page, or add ?scenario=<name>. Ctrl+C stops.');
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
