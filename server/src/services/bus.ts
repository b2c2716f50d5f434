import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/types';

/** What another process must drop from its caches after a change committed here. */
export type CacheEvent =
  /** these users' rows changed (wallet, betting status, name) */
  | { kind: 'users'; ids: string[] }
  /** this user's tokens changed (logout, password change or reset) */
  | { kind: 'revoke'; id: string }
  /** every cached account (an operator changed users) */
  | { kind: 'clear' }
  /** markets, results, settings or rates changed */
  | { kind: 'markets' }
  /** events may have been missed (the listening connection dropped): drop everything */
  | { kind: 'all' };

/**
 * How the per-process caches (UserCache, MarketCache) of every server process sharing one database stay
 * in agreement. A cache applies its own change at once and publishes it; the other processes hear it
 * and drop the same entries. While `live` is false, events may be missed, and the caches serve nothing
 * from memory (every call reads the database) until it is live again.
 */
export interface CacheBus {
  readonly live: boolean;
  /** Sends the event to the other processes; resolves once the database has accepted it. */
  publish(e: CacheEvent): Promise<void>;
  subscribe(fn: (e: CacheEvent) => void): void;
  /**
   * Hears the database's notifications on another channel (sent by the database itself, e.g. by a
   * trigger at commit), on the same listening connection; after a reconnect, subscribers hear 'all'.
   */
  listen(channel: string, fn: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** How the embedded database hands its notifications over (PGlite's listen, in its worker). */
export type ListenFn = (channel: string, fn: (payload: string) => void) => Promise<void>;

/** One process alone on its database (PGlite): nobody to tell; the database's own notifications come through `listenFn`. */
export class LocalBus implements CacheBus {
  readonly live = true;
  constructor(private readonly listenFn?: ListenFn) {}
  async publish(): Promise<void> {}
  subscribe(): void {}
  async listen(channel: string, fn: (payload: string) => void): Promise<void> {
    if (!this.listenFn) throw new Error('this database cannot send notifications');
    await this.listenFn(channel, fn);
  }
  async close(): Promise<void> {}
}

const CHANNEL = 'matka_cache';
/** where the listeners acknowledge the events that must be in force everywhere before an answer */
const ACK_CHANNEL = 'matka_cache_ack';
/** the listening connection's application_name: pg_stat_activity lists the live processes by it */
const MEMBER_PREFIX = 'matka-bus:';
/**
 * events that must be in force everywhere before the answer that caused them: sessions ended, and an
 * account's row changed (a balance read through another process right after a bid or a transfer is
 * the new one); their publish() resolves only once every other process has applied them
 */
const ACKED: ReadonlySet<CacheEvent['kind']> = new Set(['revoke', 'clear', 'all', 'users']);
/** how long a listing of the other processes is used */
const MEMBERS_FOR_MS = 1_000;
/** how long a publish waits for a process that does not acknowledge (its connection is stuck) */
const ACK_TIMEOUT_MS = 2_000;
/** NOTIFY payloads are limited to 8000 bytes: events are packed into payloads of at most this size */
const MAX_PAYLOAD = 7000;

/**
 * PostgreSQL LISTEN/NOTIFY: a dedicated connection listens on `matka_cache`; events are published with
 * pg_notify through the app's pool, after the change has committed. Publishing is grouped like a group
 * commit: while one NOTIFY is on its way, the events that come meanwhile wait and go together in the
 * next one (NOTIFY serializes committing transactions on a global lock, so one per event would cap
 * the bid rate); each publish() resolves once the NOTIFY carrying its event has been sent. A dropped listening connection makes
 * the bus not live (caches bypassed), reconnects with back-off, and on reconnecting tells the caches to
 * drop everything (events sent meanwhile were missed).
 *
 * Events that end sessions (a logout, a password change, an operator's block or force-logout: 'revoke',
 * 'clear') and an account's changed row ('users': a wallet moved, a status set) are in force everywhere
 * before the answer goes out: the publisher first lists the other
 * processes listening (their listening connections in pg_stat_activity, named after their origin),
 * sends the event with a number, and resolves only when each of them has acknowledged that number on
 * `matka_cache_ack` after applying it (or after ACK_TIMEOUT_MS for one that does not answer, logged).
 */
export class PgBus implements CacheBus {
  private client: pg.Client | null = null;
  private handlers: ((e: CacheEvent) => void)[] = [];
  /** other channels heard on the listening connection (listen()) */
  private channels = new Map<string, ((payload: string) => void)[]>();
  private closed = false;
  private retryMs = 100;
  private timer: NodeJS.Timeout | null = null;
  /** this process's events come back to it too: they carry its id and are skipped */
  private readonly origin = randomBytes(6).toString('hex');
  live = false;

  constructor(
    private readonly url: string,
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Connects and listens; resolves once live (the first connection must work: the database is up). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (!n.payload) return;
      try {
        if (n.channel === ACK_CHANNEL) {
          const { o, to, n: seq } = JSON.parse(n.payload) as { o: string; to: string; n: number };
          if (to === this.origin) this.acked(seq, o);
          return;
        }
        const others = this.channels.get(n.channel);
        if (others) {
          for (const fn of others) fn(n.payload);
          return;
        }
        if (n.channel !== CHANNEL) return;
        const { o, e, n: seq } = JSON.parse(n.payload) as { o: string; e: CacheEvent[]; n?: number };
        if (o === this.origin) return;
        for (const one of e) this.emit(one);
        // applied: tell the publisher (on this connection, in the order the events came)
        if (seq !== undefined)
          client
            .query('SELECT pg_notify($1, $2)', [ACK_CHANNEL, JSON.stringify({ o: this.origin, to: o, n: seq })])
            .catch(() => {});
      } catch {
        this.log.warn({ payload: n.payload }, 'cache bus: unreadable event');
      }
    });
    const lost = (why: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      this.live = false;
      this.emit({ kind: 'all' });
      client.end().catch(() => {});
      if (this.closed) return;
      this.log.warn({ err: String(why) }, 'cache bus: listening connection lost; caches off until it is back');
      this.schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost('connection ended'));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    await client.query(`LISTEN ${ACK_CHANNEL}`);
    for (const channel of this.channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    // named only once it listens: a process listed as a member hears every event sent after the listing
    await client.query(`SELECT set_config('application_name', $1, false)`, [MEMBER_PREFIX + this.origin]);
    this.client = client;
    this.retryMs = 100;
    // anything published while nobody listened here is unknown: start from empty caches
    this.emit({ kind: 'all' });
    this.live = true;
  }

  private schedule() {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().catch((err) => {
        this.log.warn({ err: String(err) }, 'cache bus: reconnect failed');
        this.retryMs = Math.min(this.retryMs * 2, 5_000);
        this.schedule();
      });
    }, this.retryMs);
    this.timer.unref();
  }

  private emit(e: CacheEvent) {
    for (const fn of this.handlers) fn(e);
  }

  subscribe(fn: (e: CacheEvent) => void): void {
    this.handlers.push(fn);
  }

  async listen(channel: string, fn: (payload: string) => void): Promise<void> {
    const known = this.channels.get(channel);
    if (known) {
      known.push(fn);
      return;
    }
    this.channels.set(channel, [fn]);
    // a connection made from now on listens to it as well (connect() reads the map)
    if (this.client) await this.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  }

  private queue: { e: CacheEvent; done: () => void; fail: (err: unknown) => void }[] = [];
  private sending = false;

  publish(e: CacheEvent): Promise<void> {
    return new Promise<void>((done, fail) => {
      this.queue.push({ e, done, fail });
      if (!this.sending) void this.flush();
    });
  }

  /** Sends what is queued, then what queued up meanwhile, until the queue is empty. */
  private async flush() {
    this.sending = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0);
        try {
          const acked = batch.filter((b) => ACKED.has(b.e.kind));
          const members = acked.length ? await this.members() : [];
          const seq = members.length ? ++this.seq : undefined;
          const wait = seq === undefined ? null : this.awaitAcks(seq, members);
          const packed = pack(batch.map((b) => b.e));
          // the number rides on the last payload: one transaction's notifications arrive in order
          const payloads = packed.map((events, i) =>
            JSON.stringify({ o: this.origin, e: events, ...(i === packed.length - 1 && seq ? { n: seq } : {}) }),
          );
          try {
            await sql`SELECT ${sql.join(payloads.map((p) => sql`pg_notify(${CHANNEL}, ${p})`))}`.execute(this.db);
          } catch (err) {
            if (seq !== undefined) this.acks.get(seq)?.done();
            throw err;
          }
          for (const b of batch) if (!ACKED.has(b.e.kind)) b.done();
          // the rest resolve once the others have applied them (without holding up the next batch)
          if (wait) void wait.then(() => acked.forEach((b) => b.done()));
          else acked.forEach((b) => b.done());
        } catch (err) {
          for (const b of batch) b.fail(err);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  private seq = 0;
  private acks = new Map<number, { pending: Set<string>; done: () => void }>();

  private listed: { at: number; origins: Promise<string[]> } | null = null;

  /**
   * The origins of the other processes listening on this database, listed at most once a second (the
   * list is read from pg_stat_activity, not free at every batch of a busy minute). A process that
   * starts listening within that second is not waited for: it hears the event all the same, and it
   * has cached nothing from before it listened.
   */
  private members(): Promise<string[]> {
    const now = Date.now();
    if (this.listed && now - this.listed.at < MEMBERS_FOR_MS) return this.listed.origins;
    const origins = sql<{ name: string }>`
      SELECT application_name AS name FROM pg_stat_activity
       WHERE datname = current_database() AND starts_with(application_name, ${MEMBER_PREFIX})`
      .execute(this.db)
      .then((rows) => rows.rows.map((r) => r.name.slice(MEMBER_PREFIX.length)).filter((o) => o !== this.origin));
    this.listed = { at: now, origins };
    // a failed listing is not kept
    origins.catch(() => {
      if (this.listed?.origins === origins) this.listed = null;
    });
    return origins;
  }

  /** Resolves when every member has acknowledged `seq`, or after ACK_TIMEOUT_MS (logged). */
  private awaitAcks(seq: number, members: string[]): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        const left = this.acks.get(seq);
        this.acks.delete(seq);
        if (left) this.log.warn({ processes: [...left.pending] }, 'cache bus: no acknowledgement within 2 s');
        resolve();
      }, ACK_TIMEOUT_MS);
      timer.unref();
      this.acks.set(seq, {
        pending: new Set(members),
        done: () => {
          clearTimeout(timer);
          this.acks.delete(seq);
          resolve();
        },
      });
    });
  }

  private acked(seq: number, from: string) {
    const w = this.acks.get(seq);
    if (!w) return;
    w.pending.delete(from);
    if (w.pending.size === 0) w.done();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const c = this.client;
    this.client = null;
    this.live = false;
    if (c) await c.end().catch(() => {});
  }
}

/**
 * Merges events (the users' ids of all 'users' events into one list, one 'clear' or 'markets' for
 * many; a 'clear' makes the users' events needless) and packs them into payloads under MAX_PAYLOAD.
 */
export function pack(events: CacheEvent[]): CacheEvent[][] {
  const kinds = new Set(events.map((e) => e.kind));
  const merged: CacheEvent[] = [];
  if (kinds.has('all')) merged.push({ kind: 'all' });
  else {
    if (kinds.has('clear')) merged.push({ kind: 'clear' });
    else {
      const ids = [...new Set(events.flatMap((e) => (e.kind === 'users' ? e.ids : [])))];
      const revoked = [...new Set(events.flatMap((e) => (e.kind === 'revoke' ? [e.id] : [])))];
      for (const id of revoked) merged.push({ kind: 'revoke', id });
      for (let i = 0; i < ids.length; i += 400) merged.push({ kind: 'users', ids: ids.slice(i, i + 400) });
    }
    if (kinds.has('markets')) merged.push({ kind: 'markets' });
  }
  const out: CacheEvent[][] = [];
  let part: CacheEvent[] = [];
  let size = 0;
  for (const e of merged) {
    const n = JSON.stringify(e).length + 1;
    if (part.length && size + n > MAX_PAYLOAD) {
      out.push(part);
      part = [];
      size = 0;
    }
    part.push(e);
    size += n;
  }
  if (part.length) out.push(part);
  return out;
}
