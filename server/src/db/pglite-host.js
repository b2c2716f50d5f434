// Hosts PGlite in a worker thread (plain CommonJS, loaded by node:worker_threads).
// Keeps the WASM database off the main thread, and works under jest, whose module sandbox
// cannot run PGlite's dynamic imports.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { PGlite } = require('@electric-sql/pglite');

const identity = (v) => v;
// int8, numeric and date stay strings, as with node-postgres
const parsers = { 20: identity, 1700: identity, 1082: identity };

function serializeError(e) {
  const out = { message: e && e.message ? e.message : String(e) };
  if (e && typeof e === 'object') {
    for (const k of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'severity', 'schema', 'position']) {
      if (e[k] !== undefined) out[k] = e[k];
    }
  }
  return out;
}

let db;
const ready = (async () => {
  // loadDataDir: a backup (a gzipped tar of a data dir, written by the 'backup' op, or the same tar not
  // gzipped: PGlite gunzips what does not read as a tar) restored into an
  // empty data dir; PGlite refuses it where a database already exists
  const loadDataDir = workerData.loadDataDir ? new Blob([fs.readFileSync(workerData.loadDataDir)]) : undefined;
  db = new PGlite(workerData.dataDir || 'memory://', { parsers, loadDataDir });
  await db.waitReady;
})();

ready.then(
  () => parentPort.postMessage({ type: 'ready' }),
  (e) => parentPort.postMessage({ type: 'ready', error: serializeError(e) }),
);

parentPort.on('message', async (m) => {
  try {
    await ready;
    let result = null;
    if (m.op === 'query') {
      const r = await db.query(m.sql, m.params);
      result = { rows: r.rows, affectedRows: r.affectedRows };
    } else if (m.op === 'exec') {
      await db.exec(m.sql);
    } else if (m.op === 'listen') {
      // the database's notifications on this channel go to the main thread (sent after each commit)
      await db.listen(m.channel, (payload) => parentPort.postMessage({ type: 'notify', channel: m.channel, payload }));
    } else if (m.op === 'backup') {
      // A consistent copy: nothing else runs meanwhile (the main thread sends this through the one
      // connection's queue, between transactions), and the checkpoint first writes every committed
      // change (even one committed without waiting for the WAL flush) into the files the tar copies.
      await db.query('CHECKPOINT');
      const bytes = await (await db.dumpDataDir('gzip')).arrayBuffer();
      parentPort.postMessage({ id: m.id, result: bytes }, [bytes]);
      return;
    } else if (m.op === 'close') {
      await db.close();
    }
    parentPort.postMessage({ id: m.id, result });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: serializeError(e) });
  }
});
