import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DB } from './types';

export type { DB } from './types';

/** The database handle the app uses: Kysely plus a raw multi-statement script runner for migrations. */
export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** the connection string (PostgreSQL only): the cache bus opens its own listening connection */
  url?: string;
  /** how many statements may run at once: the pool's connections (PGlite: 1, its one session) */
  poolSize: number;
  /** the pool's connections now (PostgreSQL only: the metrics) */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Runs one hot statement as a named prepared statement (PostgreSQL parses and plans it once per
   * connection); on PGlite a plain query through the dialect's one-connection queue (never beside it:
   * PGlite has one session, and a statement sent past the queue runs inside whatever transaction holds
   * it and is rolled back with it). Values are bound as $1, $2 ...
   */
  prepared<R>(name: string, text: string, values: unknown[]): Promise<R[]>;
  /** Runs a script of several SQL statements in one round trip (simple query protocol). */
  execScript(sql: string): Promise<void>;
  /**
   * Runs statements one by one on one connection, each in its own implicit transaction (what
   * `CREATE INDEX CONCURRENTLY` needs), then `last` whatever happened (a session lock's release).
   */
  execAlone(statements: string[], last: string): Promise<void>;
  /**
   * PGlite only: hears the database's notifications on a channel (PostgreSQL's are heard by the cache
   * bus's listening connection).
   */
  listen?(channel: string, fn: (payload: string) => void): Promise<void>;
  /**
   * PGlite only: a consistent copy of the whole data dir as a gzipped tar, taken between two
   * transactions through the one connection's queue (the server goes on; statements wait for the copy).
   */
  backup?(): Promise<Buffer>;
  close(): Promise<void>;
}

// OIDs returned as strings: int8, numeric, date.
/** Whether the database answers a trivial query (liveness: /healthz). */
export async function pingDatabase(database: Database): Promise<void> {
  await database.db.executeQuery(CompiledQuery.raw('SELECT 1'));
}

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const identity = (v: string) => v;

let pgTypesConfigured = false;
function configurePgTypes() {
  if (pgTypesConfigured) return;
  pg.types.setTypeParser(INT8, identity);
  pg.types.setTypeParser(NUMERIC, identity);
  pg.types.setTypeParser(DATE, identity);
  pgTypesConfigured = true;
}

export interface OpenDatabaseOptions {
  /** postgres://... => node-postgres; otherwise PGlite */
  databaseUrl?: string;
  /** PGlite data dir, or 'memory://' (default when omitted) */
  dataDir?: string;
  /** PGlite only: a backup file (`Database.backup`, or the same tar not gzipped) to restore into `dataDir`, which must hold no database */
  restoreFrom?: string;
  poolSize?: number;
  /** PostgreSQL only: told how long each query waited for a connection of the pool (seconds) */
  onPoolWait?: (seconds: number) => void;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    configurePgTypes();
    const poolSize = opts.poolSize ?? 20;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: poolSize });
    // An idle client error (server restart) must not crash the process.
    pool.on('error', () => {});
    // Nor may a client's error while it is checked out (the pool listens only to idle ones): when the
    // database goes away, pg emits 'error' on every open client, and one in use without a listener would
    // end the process. The query it was running is rejected anyway, and the pool drops the client.
    pool.on('connect', (client) => client.on('error', () => {}));
    if (opts.onPoolWait) timeConnects(pool, opts.onPoolWait);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      poolSize,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async prepared<R>(name: string, text: string, values: unknown[]) {
        return (await pool.query({ name, text, values })).rows as R[];
      },
      async execScript(sql) {
        const client = await pool.connect();
        try {
          await client.query(sql);
        } catch (err) {
          // A failed script may leave an open, aborted transaction on this connection.
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      },
      async execAlone(statements, last) {
        const client = await pool.connect();
        try {
          for (const statement of statements) await client.query(statement);
        } finally {
          await client.query(last).catch(() => {});
          client.release();
        }
      },
      async close() {
        await db.destroy(); // ends the pool
      },
    };
  }
  const dataDir = opts.dataDir && opts.dataDir !== 'memory://' ? path.resolve(opts.dataDir) : undefined;
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const lite = await PGliteHost.start(dataDir ?? 'memory://', opts.restoreFrom);
  // The dialect only calls query() and close(), which the host provides.
  const db = new Kysely<DB>({ dialect: new PGliteDialect(lite as never) });
  return {
    db,
    kind: 'pglite',
    poolSize: 1,
    async prepared<R>(_name: string, text: string, values: unknown[]) {
      return (await db.executeQuery<R>(CompiledQuery.raw(text, values))).rows as R[];
    },
    async execScript(sql) {
      // Holds the dialect's one connection while the script runs, like every other statement.
      await db.connection().execute(() => lite.exec(sql));
    },
    async execAlone(statements, last) {
      await db.connection().execute(async () => {
        try {
          for (const statement of statements) await lite.exec(statement);
        } finally {
          await lite.exec(last).catch(() => {});
        }
      });
    },
    // through the one connection's queue too: LISTEN sent inside another caller's transaction would end with it
    listen: (channel, fn) => db.connection().execute(() => lite.listen(channel, fn)),
    backup: () => db.connection().execute(() => lite.backup()),
    async close() {
      await db.destroy(); // closes PGlite
    },
  };
}

type Connect = (cb?: (err: Error | undefined, client: unknown, done: unknown) => void) => Promise<unknown> | void;

/**
 * Times every wait for a connection: Kysely's (a promise) and pg's own `pool.query` (a callback) both
 * go through `pool.connect`.
 */
function timeConnects(pool: pg.Pool, observe: (seconds: number) => void) {
  const original = pool.connect.bind(pool) as unknown as Connect;
  const timed: Connect = (cb) => {
    const started = performance.now();
    const took = () => observe((performance.now() - started) / 1000);
    if (cb)
      return original((err, client, done) => {
        if (!err) took();
        cb(err, client, done);
      });
    return (original() as Promise<unknown>).then((client) => {
      took();
      return client;
    });
  };
  (pool as unknown as { connect: Connect }).connect = timed;
}

interface HostError {
  message: string;
  code?: string;
  [k: string]: unknown;
}

/** A database error re-created on this side of the worker boundary (keeps code, constraint, ...). */
class DatabaseError extends Error {
  code?: string;
  constructor(e: HostError) {
    super(e.message);
    Object.assign(this, e);
    this.name = 'DatabaseError';
  }
}

/** The main-thread client of src/db/pglite-host.js: PGlite's query / exec / close over messages. */
class PGliteHost {
  private seq = 0;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private dead: Error | null = null;

  private listeners = new Map<string, ((payload: string) => void)[]>();

  private constructor(private readonly worker: Worker) {
    worker.on(
      'message',
      (m: { id?: number; result?: unknown; error?: HostError; type?: string; channel?: string; payload?: string }) => {
        if (m.type === 'notify') {
          for (const fn of this.listeners.get(m.channel ?? '') ?? []) fn(m.payload ?? '');
          return;
        }
        if (m.id === undefined) return;
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.error) p.reject(new DatabaseError(m.error));
        else p.resolve(m.result);
      },
    );
    const fail = (err: Error) => {
      this.dead = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`PGlite worker exited (${code})`)));
  }

  static async start(dataDir: string, loadDataDir?: string): Promise<PGliteHost> {
    const worker = new Worker(path.join(__dirname, 'pglite-host.js'), { workerData: { dataDir, loadDataDir } });
    await new Promise<void>((resolve, reject) => {
      const onMsg = (m: { type?: string; error?: HostError }) => {
        if (m.type !== 'ready') return;
        worker.off('message', onMsg);
        if (m.error) {
          void worker.terminate();
          reject(new DatabaseError(m.error));
        } else resolve();
      };
      worker.on('message', onMsg);
      worker.once('error', reject);
    });
    return new PGliteHost(worker);
  }

  private send<T>(msg: Record<string, unknown>): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  query(sql: string, params: unknown[] = []): Promise<{ rows: unknown[]; affectedRows?: number }> {
    return this.send({ op: 'query', sql, params });
  }

  exec(sql: string): Promise<void> {
    return this.send({ op: 'exec', sql });
  }

  async backup(): Promise<Buffer> {
    return Buffer.from(await this.send<ArrayBuffer>({ op: 'backup' }));
  }

  async listen(channel: string, fn: (payload: string) => void): Promise<void> {
    const known = this.listeners.get(channel);
    if (known) {
      known.push(fn);
      return;
    }
    this.listeners.set(channel, [fn]);
    await this.send({ op: 'listen', channel });
  }

  async close(): Promise<void> {
    if (this.dead) return;
    try {
      await this.send({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}
