import { sql, type Kysely, type Transaction } from 'kysely';
import { rateLimited } from './metrics';
import type { DB } from '../db/types';
import type { Clock } from './clock';

type Db = Kysely<DB> | Transaction<DB>;

/** Hits of a key inside the window, and the time (ms) of its latest one (0 when none). */
export interface KeyStats {
  n: number;
  last: number;
}

/** The counters of some keys while they are locked (see SlidingWindowLimiter.locked). */
export interface LockedCounters {
  stats(key: string): KeyStats;
  hit(...keys: string[]): Promise<void>;
}

/**
 * Sliding-window counters kept in PostgreSQL (UNLOGGED table rate_events), so that every server process
 * sharing the database counts the same hits: a limit is a limit of the service, not of one process.
 * A check and its count happen under a transaction-scoped advisory lock of each key (take(), locked()):
 * of concurrent requests, in any process, no more than the limit are counted through.
 * `scope` separates limiters of different windows in the one table.
 */
export class SlidingWindowLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly windowMs: number,
    private readonly scope: string,
  ) {}

  private k(key: string) {
    return `${this.scope}:${key}`;
  }

  private async statsOf(db: Db, keys: string[]): Promise<Map<string, KeyStats>> {
    const from = new Date(this.clock.now().getTime() - this.windowMs);
    const rows = await sql<{ key: string; n: number; last: Date }>`
      SELECT key, count(*)::int AS n, max(at) AS last FROM rate_events
      WHERE key IN (${sql.join(keys.map((key) => this.k(key)))}) AND at > ${from}
      GROUP BY key`.execute(db);
    const out = new Map<string, KeyStats>(keys.map((key) => [key, { n: 0, last: 0 }]));
    for (const r of rows.rows)
      out.set(r.key.slice(this.scope.length + 1), { n: Number(r.n), last: new Date(r.last).getTime() });
    return out;
  }

  private async insert(db: Db, keys: string[]) {
    if (keys.length === 0) return;
    const now = this.clock.now();
    await db
      .insertInto('rate_events')
      .values(keys.map((key) => ({ key: this.k(key), at: now })))
      .execute();
    await this.sweep(db, now);
  }

  /** Deletes this scope's hits older than the window, at most once a minute per process. */
  private async sweep(db: Db, now: Date) {
    const t = now.getTime();
    if (Math.abs(t - this.lastSweep) < Math.min(this.windowMs, 60_000)) return;
    this.lastSweep = t;
    await sql`DELETE FROM rate_events WHERE at <= ${new Date(t - this.windowMs)}
              AND starts_with(key, ${this.scope + ':'})`.execute(db);
  }

  /**
   * Runs fn with the keys locked against every other process (a transaction holding an advisory lock
   * per key, taken in one order so two callers never deadlock): what fn reads cannot change under it.
   */
  async locked<T>(keys: string[], fn: (c: LockedCounters) => Promise<T>): Promise<T> {
    const unique = [...new Set(keys)].sort();
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0))
                FROM (VALUES ${sql.join(unique.map((key) => sql`(${this.k(key)})`))}) AS v(k) ORDER BY k`.execute(trx);
      const stats = await this.statsOf(trx, unique);
      return fn({
        stats: (key) => stats.get(key) ?? { n: 0, last: 0 },
        hit: (...hit) => this.insert(trx, hit),
      });
    });
  }

  /** Hits of key inside the window. */
  async count(key: string): Promise<number> {
    return (await this.statsOf(this.db, [key])).get(key)!.n;
  }

  /** True when key has already used `limit` hits inside the window. */
  async isLimited(key: string, limit: number): Promise<boolean> {
    return (await this.count(key)) >= limit;
  }

  /** Counts one hit of each key (no check). */
  async hit(...keys: string[]): Promise<void> {
    await this.insert(this.db, keys);
  }

  /**
   * Checks every [key, limit] pair and, when none is used up, counts one hit on each, atomically across
   * processes. False (nothing counted) when limited.
   */
  async take(pairs: [string, number][]): Promise<boolean> {
    return this.locked(
      pairs.map(([key]) => key),
      async (c) => {
        const over = pairs.find(([key, limit]) => c.stats(key).n >= limit);
        if (over) {
          // counted by the limit's name only (the key's first part: never the number or address in it)
          rateLimited.inc({ limit: over[0].split(':')[0] });
          return false;
        }
        await c.hit(...pairs.map(([key]) => key));
        return true;
      },
    );
  }

  /** Gives back the latest hit of key (a counted attempt that turned out not to count, e.g. a good login). */
  async refund(key: string): Promise<void> {
    await sql`DELETE FROM rate_events WHERE ctid = (
                SELECT ctid FROM rate_events WHERE key = ${this.k(key)} ORDER BY at DESC LIMIT 1)`.execute(this.db);
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_events').where('key', '=', this.k(key)).execute();
  }
}

/**
 * One budget for every call that can tell a registered number from another (api-check-mobile,
 * api-forget-check-mobile, api-resend-otp, api-user-registration, api-forgot-password,
 * api-check-user-for-transfer-amt): taken per IP (and per account, when logged in) before the lookup,
 * as many as the code requests of an IP in a window. False when used up (nothing was looked up).
 */
export function takeLookup(limiter: SlidingWindowLimiter, perIp: number, ip: string, accountId?: string) {
  const pairs: [string, number][] = [[`lookup:ip:${ip}`, perIp]];
  if (accountId) pairs.unshift([`lookup:acct:${accountId}`, perIp]);
  return limiter.take(pairs);
}

/**
 * At most one event per key per gap (the OTP resend gap), claimed in one statement on the shared table
 * rate_gates: of concurrent callers in any process exactly one gets through.
 */
export class GapGate {
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** 0 when the key was free (now claimed), else the milliseconds left until it is free again. */
  async claim(key: string, gapMs: number): Promise<number> {
    const now = this.clock.now();
    const t = now.getTime();
    const claimed = await sql<{ key: string }>`
      INSERT INTO rate_gates (key, at) VALUES (${key}, ${now})
      ON CONFLICT (key) DO UPDATE SET at = EXCLUDED.at
      WHERE rate_gates.at <= ${new Date(t - gapMs)} OR rate_gates.at > ${now}
      RETURNING key`.execute(this.db);
    if (claimed.rows.length) {
      if (Math.abs(t - this.lastSweep) >= 60 * 60 * 1000) {
        this.lastSweep = t;
        await this.db
          .deleteFrom('rate_gates')
          .where('at', '<', new Date(t - 24 * 60 * 60 * 1000))
          .execute();
      }
      return 0;
    }
    const held = await this.db.selectFrom('rate_gates').select('at').where('key', '=', key).executeTakeFirst();
    return held ? Math.max(1, gapMs - (t - new Date(held.at).getTime())) : gapMs;
  }

  /** Frees a key claimed by a request that did not go through (the code could not be sent). */
  async release(key: string): Promise<void> {
    await this.db.deleteFrom('rate_gates').where('key', '=', key).execute();
  }
}

/** What a password check may do next: go ahead (then report the outcome), or be refused now. */
export interface PasswordAttempt {
  /** the password was right: the attempt gives its counts back and the pair's failures are forgotten */
  succeeded(): Promise<void>;
}

/**
 * Password guessing limits of the login and change-password calls. Failures are counted per
 * (mobile, IP): after 3 failures of one pair, each further try waits 1, 2, 4, 8 ... seconds after the
 * last failure, and at `loginPerMobile` failures the pair is refused for the window. So someone else's
 * failures (another IP) never lock the owner out, except past `loginPerMobile` × 10 failures of one
 * mobile from every IP together (a distributed attack). Per IP, only failures count: past `loginPerIp`
 * failures an IP may still try a mobile it has not failed on (a NAT's other players), while any IP
 * is held to `loginPerIp` × 10 attempts in all. Checked and counted under the keys' locks (shared by
 * every process), so concurrent guesses cannot all pass the check.
 */
export class PasswordGuard {
  constructor(
    private readonly limiter: SlidingWindowLimiter,
    private readonly clock: Clock,
    private readonly limits: { loginPerMobile: number; loginPerIp: number; windowMs: number },
  ) {}

  async begin(scope: string, mobile: string, ip: string): Promise<PasswordAttempt | null> {
    const { loginPerMobile, loginPerIp, windowMs } = this.limits;
    const pair = `${scope}:pair:${mobile}|${ip}`;
    const perMobile = `${scope}:m:${mobile}`;
    const ipFailures = `${scope}:ipf:${ip}`;
    const ipAll = `${scope}:ipall:${ip}`;
    const l = this.limiter;
    const allowed = await l.locked([pair, perMobile, ipFailures, ipAll], async (c) => {
      const failures = c.stats(pair).n;
      if (failures >= loginPerMobile) return false;
      if (failures >= 3) {
        const wait = Math.min(1000 * 2 ** (failures - 3), windowMs);
        if (this.clock.now().getTime() - c.stats(pair).last < wait) return false;
      }
      if (c.stats(perMobile).n >= loginPerMobile * 10) return false;
      if (failures > 0 && c.stats(ipFailures).n >= loginPerIp) return false;
      if (c.stats(ipAll).n >= loginPerIp * 10) return false;
      // counted as a failure until it proves right
      await c.hit(pair, perMobile, ipFailures, ipAll);
      return true;
    });
    if (!allowed) {
      rateLimited.inc({ limit: `${scope}-password` });
      return null;
    }
    return {
      succeeded: async () => {
        await l.refund(perMobile);
        await l.refund(ipFailures);
        await l.reset(pair);
      },
    };
  }

  /** Forget a mobile's failures (its password was reset through a code). */
  async forget(scope: string, mobile: string) {
    await this.limiter.reset(`${scope}:m:${mobile}`);
  }
}

/**
 * How many requests of one address this process works on at once, the rest waiting in the address's own
 * queue (and refused past it): a flood from a few addresses then holds a few of the database's and the
 * hashing's turns, and a request from any other address is not queued behind it. Load shedding of one
 * process (the limits themselves are the shared ones above); `busy` counts the refusals.
 */
export class AddressLanes {
  private lanes = new Map<string, { active: number; waiting: (() => void)[] }>();
  busy = 0;

  constructor(
    private readonly perAddress: number,
    private readonly queue: number,
  ) {}

  /** Resolves with the release of a turn for `ip`; null when the address's queue is full. */
  async enter(ip: string): Promise<(() => void) | null> {
    let lane = this.lanes.get(ip);
    if (!lane) this.lanes.set(ip, (lane = { active: 0, waiting: [] }));
    if (lane.active >= this.perAddress) {
      if (lane.waiting.length >= this.queue) {
        this.busy++;
        return null;
      }
      // the turn is handed over by the one that leaves (active stays counted)
      await new Promise<void>((resolve) => lane.waiting.push(resolve));
    } else lane.active++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = lane.waiting.shift();
      if (next) return next();
      lane.active--;
      if (lane.active === 0) this.lanes.delete(ip);
    };
  }
}
