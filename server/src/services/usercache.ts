import type { Clock } from './clock';
import type { CacheBus, CacheEvent } from './bus';

/** The account behind a live token, as the calls see it (wallet as the database's bigint text). */
export interface CachedUser {
  id: string;
  mobile: string;
  name: string;
  betting_status: string;
  wallet: string;
  /** the language the player chose in our app (null: never chosen) */
  language: string | null;
}

/** The account a call is made for: the cached row and the token it came with. */
export interface AuthUser extends CachedUser {
  token_id: string;
}

interface TokenEntry {
  userId: string;
  tokenId: string;
  expiresAt: number;
  at: number;
  /** the answer of get(): built once per account entry (`of`), frozen, so a hit allocates nothing */
  auth?: Readonly<AuthUser>;
  of?: UserEntry;
}

interface UserEntry {
  user: CachedUser;
  at: number;
}

/**
 * token -> account lookups kept in memory for a short time (config USER_CACHE_TTL_MS, default 30 s), so
 * the 5-second polling of api-home-info costs no query per request. Correctness first:
 *   - every change this process makes to a cached field (a bid, a transfer, a withdrawal, a credit, a
 *     settlement, set-betting, a name) calls invalidate(userId) after its commit, so the next call reads
 *     the row again: wallet_amt is right immediately after the change;
 *   - logout and password change / reset call revoke(userId): the user's token entries go too;
 *   - a lookup that raced an invalidation is not stored (each user's last invalidation is stamped with a
 *     counter; a read started before it never fills the cache), so a stale row cannot come back;
 *   - every invalidation is published on the cache bus (PostgreSQL NOTIFY) and applied by the other
 *     processes sharing the database before the change's response is sent; while the bus is not live
 *     nothing is served from memory.
 */
export class UserCache {
  private tokens = new Map<string, TokenEntry>();
  private users = new Map<string, UserEntry>();
  /** epoch of each user's last invalidation */
  private invalidatedAt = new Map<string, number>();
  /** bids of a user under way in this process (see beginWrite / wrote) */
  private writing = new Map<string, number>();
  private epoch = 0;
  /** reads that started before this epoch never fill (set when invalidatedAt is pruned) */
  private floor = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly clock: Clock,
    readonly ttlMs: number,
    private readonly bus: CacheBus,
    private readonly log?: { error: (o: object, msg: string) => void },
  ) {
    bus.subscribe((e) => this.apply(e));
  }

  get enabled(): boolean {
    return this.ttlMs > 0 && this.bus.live;
  }

  /** An event of another process: drop what it changed. */
  private apply(e: CacheEvent) {
    if (e.kind === 'users') this.dropUsers(e.ids);
    else if (e.kind === 'revoke') this.dropTokens(e.id);
    else if (e.kind === 'clear' || e.kind === 'all') this.dropAll();
  }

  private local: ((e: CacheEvent) => void)[] = [];

  /** Hears this process's own changes too (the bus carries them to the others only). */
  onChange(fn: (e: CacheEvent) => void): void {
    this.local.push(fn);
  }

  private async publish(e: CacheEvent) {
    for (const fn of this.local) fn(e);
    try {
      await this.bus.publish(e);
    } catch (err) {
      // the change has committed; the other processes drop their entries when the bus reconnects
      this.log?.error({ err: String(err) }, 'cache bus: could not publish');
    }
  }

  /** Marks the start of a database read whose result may be stored with fill(). */
  begin(): number {
    return this.epoch;
  }

  /** The cached account of a token hash, or undefined (then read the database and fill()). */
  get(tokenHash: string): Readonly<AuthUser> | undefined {
    if (!this.enabled) return undefined;
    const now = this.clock.now().getTime();
    const t = this.tokens.get(tokenHash);
    if (!t || now - t.at >= this.ttlMs || now < t.at || t.expiresAt <= now) {
      if (t) this.tokens.delete(tokenHash);
      this.misses++;
      return undefined;
    }
    const u = this.users.get(t.userId);
    if (!u || now - u.at >= this.ttlMs || now < u.at) {
      if (u) this.users.delete(t.userId);
      this.misses++;
      return undefined;
    }
    this.hits++;
    if (t.of !== u || !t.auth) {
      t.auth = Object.freeze({ ...u.user, token_id: t.tokenId });
      t.of = u;
    }
    return t.auth;
  }

  /** Stores a lookup made since `startedAt` (begin()), unless the user was invalidated meanwhile. */
  fill(startedAt: number, tokenHash: string, tokenId: string, expiresAt: Date, user: CachedUser) {
    if (!this.enabled) return;
    if (startedAt < this.floor || (this.invalidatedAt.get(user.id) ?? -1) > startedAt) return;
    const at = this.clock.now().getTime();
    if (this.tokens.size >= 100_000) this.tokens.clear();
    if (this.users.size >= 100_000) this.users.clear();
    this.tokens.set(tokenHash, { userId: user.id, tokenId, expiresAt: expiresAt.getTime(), at });
    this.users.set(user.id, { user: { ...user }, at });
  }

  /** The user's row changed (wallet, betting status, name): the next lookup, in any process, reads it again. */
  async invalidate(...userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    this.dropUsers(userIds);
    await this.publish({ kind: 'users', ids: userIds.map(String) });
  }

  /**
   * A bid is about to change the user's wallet (see wrote()). Returns the point in time to hand back.
   */
  beginWrite(userId: string): number {
    const uid = String(userId);
    this.writing.set(uid, (this.writing.get(uid) ?? 0) + 1);
    return this.epoch;
  }

  /**
   * The write begun at `startedAt` has committed and left the wallet at `wallet` (null: it changed
   * nothing). When it was this process's only write of the user and nothing else touched the user since
   * (no invalidation here, none heard from another process), the cached row keeps its place with the new
   * wallet, so the next call needs no look-up; otherwise the row is dropped. Other processes are told
   * either way, and a look-up that started before now never stores its older row.
   */
  async wrote(userId: string, startedAt: number, wallet: string | null): Promise<void> {
    const uid = String(userId);
    const others = (this.writing.get(uid) ?? 1) - 1;
    if (others > 0) this.writing.set(uid, others);
    else this.writing.delete(uid);
    if (wallet === null) return;
    const entry = this.users.get(uid);
    const untouched = others === 0 && startedAt >= this.floor && (this.invalidatedAt.get(uid) ?? -1) <= startedAt;
    this.dropUsers([uid]);
    if (untouched && entry) this.users.set(uid, { user: { ...entry.user, wallet }, at: entry.at });
    await this.publish({ kind: 'users', ids: [uid] });
  }

  /** The user's tokens changed (logout, password change / reset): every process drops them and the row. */
  async revoke(userId: string): Promise<void> {
    this.dropTokens(userId);
    await this.publish({ kind: 'revoke', id: String(userId) });
  }

  /** Drops everything, in every process (after an operator action). */
  async clear(): Promise<void> {
    this.dropAll();
    await this.publish({ kind: 'clear' });
  }

  private dropUsers(userIds: string[]) {
    for (const id of userIds) {
      const uid = String(id);
      this.epoch++;
      this.users.delete(uid);
      this.invalidatedAt.set(uid, this.epoch);
    }
    if (this.invalidatedAt.size > 100_000) {
      this.invalidatedAt.clear();
      this.floor = ++this.epoch;
    }
  }

  private dropTokens(userId: string) {
    const uid = String(userId);
    for (const [hash, t] of this.tokens) if (t.userId === uid) this.tokens.delete(hash);
    this.dropUsers([uid]);
  }

  private dropAll() {
    this.tokens.clear();
    this.users.clear();
    this.invalidatedAt.clear();
    this.floor = ++this.epoch;
  }
}
