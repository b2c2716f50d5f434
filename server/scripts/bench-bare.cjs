/**
 * The ceiling of bench:api: a bare Fastify server that answers POST /api/api-home-info with fixed bytes
 * (BODY_FILE: the real server's market-list answer, captured in the same run), with no database, auth,
 * validation, headers or hooks. Runs WORKERS processes sharing PORT through node:cluster, like the real
 * server, and prints 'listening on http://127.0.0.1:<port>/' when ready.
 */
const cluster = require('node:cluster');
const fs = require('node:fs');
const Fastify = require('fastify');

const workers = Math.max(1, Number(process.env.WORKERS || 1));
if (workers > 1 && cluster.isPrimary) {
  let up = 0;
  for (let i = 0; i < workers; i++)
    cluster.fork().on('message', (m) => {
      if (m && m.port && ++up === workers) console.log(`listening on http://127.0.0.1:${m.port}/`);
    });
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers)) w.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const body = fs.readFileSync(process.env.BODY_FILE);
  const app = Fastify({ logger: false });
  app.post('/api/api-home-info', (_req, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(body);
  });
  app.listen({ host: '127.0.0.1', port: Number(process.env.PORT || 0) }).then(() => {
    const port = app.server.address().port;
    if (cluster.isWorker) process.send({ port });
    else console.log(`listening on http://127.0.0.1:${port}/`);
  });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}
