/**
 * Live events: what players hear at once, and the streams of this process that hear it.
 *
 * - `recordLive` writes an event in the caller's transaction (live_events, migration 015), so it exists
 *   exactly when the change commits. The database notifies 'matka_live' with the transaction's id at
 *   commit (a trigger); wallet events are written by move_points_set itself.
 * - `LiveHub` (one per process) hears those notifications (PostgreSQL: the cache bus's listening
 *   connection, so every process hears every commit; PGlite: the database's own), reads the
 *   transaction's events and writes each to the open streams it concerns: everyone's (user_id NULL) to
 *   all, a player's own to that player's streams only. It also replays what a reconnecting stream missed
 *   (Last-Event-ID), sends heartbeats, closes the streams of ended sessions, notices markets opening and
 *   closing by the clock, and prunes old events.
 */
import type { ServerResponse } from 'node:http';
import { createCipheriv, createDecipheriv, hkdfSync, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  HEARTBEAT_MS,
  LIVE_KEEP_DAYS,
  REPLAY_LIMIT,
  isLiveKind,
  type LiveEvent,
  type MarketEvent,
} from '@matka/shared/contract';
import { LiveEventSchema } from '@matka/shared/contract/schemas';
import type { DB } from '../db/types';
import type { CacheBus, CacheEvent } from './bus';
import type { Clock } from './clock';
import { kolkataIsoDate } from './clock';
import { marketIsOpen, type MarketCache } from './markets';

export const LIVE_CHANNEL = 'matka_live';
/** where a process is told to end one of its streams (replaced by the player's newer streams) */
export const LIVE_CLOSE_CHANNEL = 'matka_live_close';

/**
 * Event ids as the stream shows them: the events' own ids count every event of the platform, so a
 * player would read its volume from them. Each id is sent encrypted (AES-128 of the id and a fixed
 * check, one block, base64url) under a key derived from the server's secret, which every process shares.
 * An id that does not decrypt to a valid one is treated as none.
 */
export class LiveIds {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'matka', 'live event ids', 16));
  }
  encode(id: bigint): string {
    const block = Buffer.alloc(16);
    block.writeBigUInt64BE(id, 0);
    block.write('matkalv1', 8, 'latin1');
    const c = createCipheriv('aes-128-ecb', this.key, null).setAutoPadding(false);
    return Buffer.concat([c.update(block), c.final()]).toString('base64url');
  }
  decode(text: string | undefined): bigint | null {
    if (!text || !/^[A-Za-z0-9_-]{22}$/.test(text)) return null;
    const d = createDecipheriv('aes-128-ecb', this.key, null).setAutoPadding(false);
    const block = Buffer.concat([d.update(Buffer.from(text, 'base64url')), d.final()]);
    if (block.length !== 16 || block.toString('latin1', 8) !== 'matkalv1') return null;
    return block.readBigUInt64BE(0);
  }
}

/** Writes an event in the caller's transaction: `userId` null for everyone. */
export async function recordLive(
  trx: Transaction<DB> | Kysely<DB>,
  userId: string | number | null,
  event: LiveEvent,
  now: Date,
  dedup: string | null = null,
): Promise<void> {
  await trx
    .insertInto('live_events')
    .values({
      user_id: userId === null ? null : String(userId),
      kind: event.kind,
      data: JSON.stringify(event),
      dedup,
      created_at: now,
    })
    .onConflict((oc) => oc.column('dedup').doNothing())
    .execute();
}

interface Row {
  id: string;
  user_id: string | null;
  kind: string;
  data: unknown;
}

/** One event as the stream writes it. */
export const sseEvent = (id: string, kind: string, data: unknown) =>
  `id: ${id}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;

const REPLACED = 'event: replaced\ndata: {}\n\n';

/** A stream's output: the response it writes to (node's ServerResponse, or a test's stand-in). */
export type LiveOut = Pick<ServerResponse, 'write' | 'end' | 'writableLength' | 'destroyed'>;

export interface LiveStream {
  userId: string;
  tokenId: string;
  out: LiveOut;
  /** its row in live_streams */
  id: string;
}

/** Why a stream was not opened: the address already holds as many streams as it may. */
export class LiveRefused extends Error {}

export interface LiveHubOptions {
  heartbeatMs?: number;
  /** how often every stream's session is checked (besides the bus's revocations) */
  recheckMs?: number;
  /** how often the markets' open / closed status is looked at */
  tickMs?: number;
  /** a stream whose unsent output passes this is too slow and is closed */
  maxBuffered?: number;
  /** streams one account may hold, in every process together (a newer one closes the oldest) */
  perAccount?: number;
  /** streams one address may hold, in every process together (more are refused) */
  perAddress?: number;
  /** CHECK_ANSWERS: each event a stream is given is parsed by the contract's schema (drifts are kept) */
  checkEvents?: boolean;
}

export class LiveHub {
  private streams = new Set<LiveStream>();
  private byUser = new Map<string, Set<LiveStream>>();
  private pending: string[] = [];
  /** streams counted in live_streams and not joined yet: whether they were told to close meanwhile */
  private joining = new Map<string, boolean>();
  private working = false;
  /** the highest event id handed to the streams (a reconnected listener catches up from it) */
  private seen = 0n;
  private timers: NodeJS.Timeout[] = [];
  private marketOpen = new Map<number, boolean>();
  private closed = false;
  /** this process's streams by their row's id */
  private byId = new Map<string, LiveStream>();
  /** this process's name in live_streams */
  private readonly process = randomUUID();
  /** events handed out, and the time from an event's commit to its last write (for the bench) */
  delivered = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly bus: CacheBus,
    private readonly markets: MarketCache,
    private readonly log: FastifyBaseLogger,
    /** the ids a player sees (the stream's and the inbox's) */
    readonly ids: LiveIds,
    private readonly opts: LiveHubOptions = {},
  ) {}

  get size(): number {
    return this.streams.size;
  }

  async start(): Promise<void> {
    const top = await sql<{ id: string | null }>`SELECT max(id)::text AS id FROM live_events`.execute(this.db);
    this.seen = BigInt(top.rows[0]?.id ?? '0');
    await this.bus.listen(LIVE_CHANNEL, (tx) => this.heard(tx));
    await this.bus.listen(LIVE_CLOSE_CHANNEL, (id) => {
      const s = this.byId.get(id);
      if (s) this.end(s, REPLACED);
      // counted and committed, but not joined yet: it is ended as soon as it joins
      else if (this.joining.has(id)) this.joining.set(id, true);
    });
    this.bus.subscribe((e) => this.hear(e));
    const every = (ms: number, fn: () => void | Promise<void>) => {
      const t = setInterval(() => {
        Promise.resolve(fn()).catch((err) => this.log.warn({ err: String(err) }, 'live: periodic work failed'));
      }, ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.opts.heartbeatMs ?? HEARTBEAT_MS, () => {
      this.broadcast(': ping\n\n');
      return this.refresh();
    });
    every(this.opts.recheckMs ?? 60_000, () => this.recheck([...this.streams]));
    every(this.opts.tickMs ?? 10_000, () => this.tick());
    every(60 * 60_000, () => this.prune());
    await this.tick();
  }

  /** Ends every stream, telling the clients to come back (a graceful stop), and forgets them. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    for (const s of [...this.streams]) this.end(s, 'retry: 1000\n\n');
    await sql`DELETE FROM live_streams WHERE process = ${this.process}`
      .execute(this.db)
      .catch((err) => this.log.warn({ err: String(err) }, 'live: could not forget the streams'));
  }

  /**
   * Opens a stream for a player: replays what was missed after `lastEventId` (at most REPLAY_LIMIT
   * events, else `refetch`), or starts with a `hello` carrying the newest id. The stream is counted in
   * live_streams first, under the account's and the address's locks: an address at its cap is refused
   * (LiveRefused), and past the account's cap its oldest streams, in whichever process, are closed
   * with `event: replaced` (the app then stays on polling instead of taking a stream back).
   */
  async open(
    userId: string,
    tokenId: string,
    ip: string,
    out: LiveOut,
    lastEventId: string | undefined,
    /** called once the stream is counted, before anything is written (the answer's headers) */
    begin: () => void = () => undefined,
  ): Promise<LiveStream> {
    const perAccount = this.opts.perAccount ?? 3;
    const perAddress = this.opts.perAddress ?? 100;
    let counted: string | undefined;
    const id = await this.db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0))
                FROM (VALUES (${'live:ip:' + ip}), (${'live:user:' + userId})) AS v(k) ORDER BY k`.execute(trx);
        const fresh = sql`seen_at > now() - ${`${this.staleSeconds()} seconds`}::interval`;
        const here = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM live_streams WHERE ip = ${ip} AND ${fresh}`.execute(trx);
        if (here.rows[0].n >= perAddress) throw new LiveRefused();
        const row = await sql<{ id: string }>`
        INSERT INTO live_streams (user_id, ip, process) VALUES (${userId}::bigint, ${ip}, ${this.process})
        RETURNING id::text AS id`.execute(trx);
        // the account's newest streams stay; the others are told to close, wherever they are
        await sql`
        WITH gone AS (
          DELETE FROM live_streams WHERE user_id = ${userId}::bigint AND id NOT IN (
            SELECT id FROM live_streams WHERE user_id = ${userId}::bigint AND ${fresh}
            ORDER BY id DESC LIMIT ${perAccount})
          RETURNING id)
        SELECT pg_notify(${LIVE_CLOSE_CHANNEL}, id::text) FROM gone`.execute(trx);
        // a newer stream may replace this one as soon as this commits, before it has joined below
        counted = row.rows[0].id;
        this.joining.set(counted, false);
        return counted;
      })
      .catch((err: unknown) => {
        if (counted !== undefined) this.joining.delete(counted);
        throw err;
      });
    const replacedMeanwhile = this.joining.get(id) === true;
    this.joining.delete(id);
    const s: LiveStream = { userId, tokenId, out, id };
    begin();
    // joined first: an event committed from now on reaches it (a replayed one may come twice; ids tell)
    this.streams.add(s);
    this.byId.set(id, s);
    let mine = this.byUser.get(userId);
    if (!mine) this.byUser.set(userId, (mine = new Set()));
    mine.add(s);
    out.write(`retry: 3000\n\n`);
    if (replacedMeanwhile) {
      this.end(s, REPLACED);
      return s;
    }
    const last = this.ids.decode(lastEventId);
    // the newest id this process has handed out (no query per new stream): an event committed meanwhile
    // and not heard yet comes to the stream when it is heard, and a reconnection replays after it
    if (last === null) {
      out.write(this.sse(this.seen, 'hello', {}));
      return s;
    }
    const rows = await sql<Row>`
      SELECT id::text AS id, user_id::text AS user_id, kind, data FROM live_events
      WHERE id > ${String(last)}::bigint AND (user_id IS NULL OR user_id = ${userId}::bigint)
      ORDER BY id LIMIT ${REPLAY_LIMIT + 1}`.execute(this.db);
    if (rows.rows.length > REPLAY_LIMIT) {
      out.write(this.sse(this.seen > last ? this.seen : last, 'refetch', {}));
    } else for (const r of rows.rows) out.write(this.sse(BigInt(r.id), r.kind, r.data));
    return s;
  }

  /** events that did not conform to the contract's schema (CHECK_ANSWERS), as `<kind>: <what drifted>` */
  readonly drifts: string[] = [];

  /** One event as the stream writes it, its id encrypted. */
  private sse(id: bigint, kind: string, data: unknown): string {
    if (this.opts.checkEvents && isLiveKind(kind)) {
      const checked = LiveEventSchema.safeParse(data);
      const drift = checked.success
        ? checked.data.kind === kind
          ? null
          : `the event says ${checked.data.kind}`
        : checked.error.issues.map((i) => `${i.path.join('.') || '(event)'}: ${i.message}`).join('; ');
      if (drift !== null) {
        this.drifts.push(`${kind}: ${drift}`);
        this.log.error({ kind, drift }, 'live event drifted from the contract');
      }
    }
    return sseEvent(this.ids.encode(id), kind, data);
  }

  /** A row not refreshed for this long belongs to a process that is gone. */
  private staleSeconds(): number {
    return Math.ceil((3 * (this.opts.heartbeatMs ?? HEARTBEAT_MS)) / 1000) + 5;
  }

  /**
   * Marks this process's streams as alive, and sweeps the rows of processes that are gone. A stream
   * whose row is gone was replaced by a newer one of its account whose notice did not come (the
   * listening connection dropped meanwhile): it is closed now, as the notice would have.
   */
  private async refresh() {
    // only streams joined before the update: their rows were committed before it looked
    const joined = [...this.streams];
    const alive = await sql<{ id: string }>`
      UPDATE live_streams SET seen_at = now() WHERE process = ${this.process} RETURNING id::text AS id`.execute(
      this.db,
    );
    const ids = new Set(alive.rows.map((r) => r.id));
    for (const s of joined) if (this.streams.has(s) && !ids.has(s.id)) this.end(s, REPLACED);
    await sql`DELETE FROM live_streams WHERE seen_at < now() - ${`${2 * this.staleSeconds()} seconds`}::interval`.execute(
      this.db,
    );
  }

  /** The client went away. */
  drop(s: LiveStream): void {
    if (!this.streams.has(s)) return;
    this.streams.delete(s);
    this.byId.delete(s.id);
    if (this.closed) return;
    sql`DELETE FROM live_streams WHERE id = ${s.id}::bigint`
      .execute(this.db)
      .catch((err) => this.log.warn({ err: String(err) }, 'live: could not forget a stream'));
    const mine = this.byUser.get(s.userId);
    mine?.delete(s);
    if (mine && mine.size === 0) this.byUser.delete(s.userId);
  }

  private end(s: LiveStream, last?: string) {
    this.drop(s);
    try {
      if (last && !s.out.destroyed) s.out.write(last);
      s.out.end();
    } catch {
      // already gone
    }
  }

  private write(s: LiveStream, text: string) {
    if (s.out.destroyed) return this.drop(s);
    s.out.write(text);
    // a client that does not read (or a proxy that buffers everything) is let go: it falls back to polling
    if (s.out.writableLength > (this.opts.maxBuffered ?? 64 * 1024)) this.end(s);
  }

  private broadcast(text: string) {
    for (const s of this.streams) this.write(s, text);
  }

  private committed: (() => void)[] = [];

  /** Called whenever a transaction with events has committed (the push sender follows them). */
  onCommit(fn: () => void): void {
    this.committed.push(fn);
  }

  /** A transaction with events committed: read them (in order) and hand them out. */
  private heard(tx: string) {
    if (!/^\d+$/.test(tx)) return;
    for (const fn of this.committed) fn();
    this.pending.push(tx);
    if (!this.working) void this.work();
  }

  private async work() {
    this.working = true;
    try {
      while (this.pending.length) {
        const txs = this.pending.splice(0, 50);
        try {
          const rows = await sql<Row>`
            SELECT id::text AS id, user_id::text AS user_id, kind, data FROM live_events
            WHERE tx = ANY (${txs}::xid8[]) ORDER BY id`.execute(this.db);
          this.deliver(rows.rows);
        } catch (err) {
          this.log.warn({ err: String(err) }, 'live: could not read events');
        }
      }
    } finally {
      this.working = false;
    }
  }

  private deliver(rows: Row[]) {
    for (const r of rows) {
      const id = BigInt(r.id);
      if (id > this.seen) this.seen = id;
      if (this.streams.size === 0) continue;
      const text = this.sse(id, r.kind, r.data);
      if (r.user_id === null) this.broadcast(text);
      else for (const s of this.byUser.get(r.user_id) ?? []) this.write(s, text);
      this.delivered++;
    }
  }

  /** A cache event, of another process (the bus) or of this one (the user cache's own changes). */
  hear(e: CacheEvent): void {
    if (this.closed) return;
    if (e.kind === 'revoke') void this.recheck([...(this.byUser.get(e.id) ?? [])]);
    else if (e.kind === 'clear' || e.kind === 'all') void this.recheck([...this.streams]);
    // the listening connection was back: what committed meanwhile was not heard
    if (e.kind === 'all') void this.catchUp();
  }

  /** Closes the streams whose session has ended (revoked, expired, or the account blocked). */
  private async recheck(list: LiveStream[]) {
    for (let i = 0; i < list.length; i += 1000) {
      const part = list.slice(i, i + 1000);
      const ids = [...new Set(part.map((s) => s.tokenId))];
      try {
        const live = await sql<{ id: string }>`
          SELECT t.id::text AS id FROM auth_tokens t JOIN users u ON u.id = t.user_id
          WHERE t.id = ANY (${ids}::bigint[]) AND t.revoked_at IS NULL AND t.expires_at > ${this.clock.now()}::timestamptz
            AND u.blocked_at IS NULL`.execute(this.db);
        const ok = new Set(live.rows.map((r) => r.id));
        for (const s of part) if (!ok.has(s.tokenId)) this.end(s, this.sse(this.seen, 'revoked', {}));
      } catch (err) {
        this.log.warn({ err: String(err) }, 'live: could not check sessions');
      }
    }
  }

  private async catchUp() {
    try {
      const rows = await sql<Row>`
        SELECT id::text AS id, user_id::text AS user_id, kind, data FROM live_events
        WHERE id > ${String(this.seen)}::bigint ORDER BY id LIMIT 5000`.execute(this.db);
      this.deliver(rows.rows);
    } catch (err) {
      // the database is away (the bus said 'all' as it lost its connection): the bus says 'all' again
      // once it is back, and this reads what was missed then
      this.log.warn({ err: String(err) }, 'live: could not read the missed events');
    }
  }

  /**
   * Markets opening or closing by the clock: one event per change, whichever process sees it first (an
   * operator's change of a market is told by listsChanged).
   */
  async tick(): Promise<void> {
    const now = this.clock.now();
    const date = kolkataIsoDate(now);
    const changed: MarketEvent[] = [];
    for (const family of ['regular', 'starline', 'gali'] as const) {
      for (const m of await this.markets.list(family, true)) {
        const open = marketIsOpen(m, now);
        const was = this.marketOpen.get(m.id);
        this.marketOpen.set(m.id, open);
        if (was !== undefined && was !== open)
          changed.push({ kind: 'market', market_id: m.id, family: m.family, name: m.name, open });
      }
    }
    for (const e of changed)
      await recordLive(this.db, null, e, now, `market:${e.market_id}:${date}:${e.open ? 'open' : 'closed'}`);
  }

  /** An operator changed markets or the settings the lists carry: every app fetches its lists again. */
  async listsChanged(): Promise<void> {
    await recordLive(this.db, null, { kind: 'lists' }, this.clock.now());
  }

  /** Events older than LIVE_KEEP_DAYS go, a bounded batch at a time. */
  private async prune() {
    const before = new Date(this.clock.now().getTime() - LIVE_KEEP_DAYS * 86_400_000);
    for (let i = 0; i < 100; i++) {
      const r = await sql`
        DELETE FROM live_events WHERE id IN (
          SELECT id FROM live_events WHERE created_at < ${before}::timestamptz ORDER BY id LIMIT 10000)`.execute(
        this.db,
      );
      if (Number(r.numAffectedRows ?? 0) < 10000) break;
    }
  }
}
