/**
 * Web push: a player's phones hear of results, wins, money decisions and notices while the app
 * is closed. Sent with `web-push` (VAPID, payloads encrypted per RFC 8291).
 *
 * - The VAPID key pair is configured, or made at first start and kept in server_keys (every process
 *   signs with the same one).
 * - A subscription is one device's (its endpoint), owned by the account that subscribed last, with its
 *   categories; the endpoint must be an https address of a known push service (PUSH_HOSTS): the server
 *   posts to it, so it never posts to an address a client made up.
 * - Sending follows the live events: whichever process claims an event first (an UPDATE of
 *   live_events.pushed) sends it, once; a push service's 404 or 410 removes the subscription.
 */
import { SERVER_TEXTS, compose } from '@matka/shared/domain';
import dns from 'node:dns';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { parse as legacyParse } from 'node:url';
import { sql, type Kysely } from 'kysely';
import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import {
  PUSH_CATEGORIES,
  isPushCategory,
  pushMessage,
  type LiveEvent,
  type PushCategory,
  type PushSubscriptionJson,
} from '@matka/shared/contract';
import type { AppConfig } from '../config';
import type { DB } from '../db/types';
import { Refusal } from '../errors';
import { translatorFor } from './language';
import type { Clock } from './clock';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The configured key pair, or the one kept in the database (made by the first process that needs it). */
export async function vapidKeys(db: Kysely<DB>, config: AppConfig['push']): Promise<VapidKeys> {
  if (config.publicKey && config.privateKey) return { publicKey: config.publicKey, privateKey: config.privateKey };
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('server_keys')
    .values({ name: 'vapid', value: JSON.stringify(made) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_keys').select('value').where('name', '=', 'vapid').executeTakeFirstOrThrow();
  return JSON.parse(row.value) as VapidKeys;
}

/**
 * True when `endpoint` is an https address of one of `hosts` (a host, host:port or *.domain), written in
 * its canonical form: what the WHATWG parser reads must be the text itself (`href`), the host only
 * letters, digits, dots and hyphens, and the legacy parser that web-push sends with must read the same
 * host and port. Text that two parsers read differently never gets as far as a connection.
 */
export function allowedEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.username || u.password || u.href !== endpoint) return false;
  if (!/^[a-z0-9.-]+$/.test(u.hostname)) return false;
  const legacy = legacyParse(endpoint);
  if (legacy.hostname !== u.hostname || (legacy.port ?? '') !== u.port || legacy.protocol !== 'https:') return false;
  const host = u.host;
  return hosts.some((h) => (h.startsWith('*.') ? u.hostname.endsWith(h.slice(1)) : host === h));
}

/** Addresses a push may never go to: this machine, private networks, link-local, and the like. */
const NOT_PUBLIC = (() => {
  const list = new net.BlockList();
  for (const [a, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 3],
  ] as const)
    list.addSubnet(a, bits, 'ipv4');
  for (const [a, bits] of [
    ['::', 127],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
    ['64:ff9b::', 96],
    ['2001:db8::', 32],
  ] as const)
    list.addSubnet(a, bits, 'ipv6');
  return list;
})();

/** True when a push may be sent to this address (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function publicAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return publicAddress(mapped[1]);
  const family = net.isIP(ip);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The address check at send time, after resolving: the connection is made to the address checked here
 * (the agent's lookup), so a name that resolves to a private address (or changes its answer between a
 * check and the connection) reaches nothing. A host the operator named exactly in PUSH_HOSTS (a private
 * push service of their own) is theirs to trust.
 */
export function pushLookup(trusted: readonly string[]): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const own = trusted.some((h) => !h.startsWith('*.') && h.replace(/:\d+$/, '') === hostname);
      const bad = addresses.find((a) => !publicAddress(a.address));
      if (bad && !own)
        return callback(
          Object.assign(new Error(`push: ${hostname} resolves to a private address`), { code: 'EPRIVATE' }),
        );
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  }) as net.LookupFunction;
}

/** True when a push may go to the endpoint's host as written (an address literal is judged here: no lookup is made for it). */
export function sendableHost(endpoint: string, trusted: readonly string[]): boolean {
  const u = new URL(endpoint);
  if (net.isIP(u.hostname) === 0) return true;
  return publicAddress(u.hostname) || trusted.includes(u.host);
}

const MSG_BAD_SUBSCRIPTION = SERVER_TEXTS.badPushSubscription;
const MSG_UNKNOWN_SERVICE = SERVER_TEXTS.pushServiceUnknown;

/** Checks a subscription as the browser gave it. */
export function checkSubscription(s: PushSubscriptionJson, hosts: readonly string[]): PushSubscriptionJson {
  const b64url = /^[A-Za-z0-9_-]+={0,2}$/;
  if (
    typeof s?.endpoint !== 'string' ||
    s.endpoint.length > 1000 ||
    typeof s.keys?.p256dh !== 'string' ||
    typeof s.keys.auth !== 'string' ||
    !b64url.test(s.keys.p256dh) ||
    !b64url.test(s.keys.auth) ||
    Buffer.from(s.keys.p256dh, 'base64url').length !== 65 ||
    Buffer.from(s.keys.auth, 'base64url').length !== 16
  )
    throw new Refusal(400, MSG_BAD_SUBSCRIPTION);
  if (!allowedEndpoint(s.endpoint, hosts)) throw new Refusal(400, MSG_UNKNOWN_SERVICE);
  return { endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } };
}

export function checkCategories(list: unknown): PushCategory[] {
  if (!Array.isArray(list) || !list.every(isPushCategory))
    throw new Refusal(400, compose('pushCategories', { categories: PUSH_CATEGORIES.join(', ') }));
  return PUSH_CATEGORIES.filter((c) => list.includes(c));
}

/** how many devices of one account may hear its pushes (a newer one ends the oldest) */
export const PUSH_DEVICES_PER_ACCOUNT = 5;

/**
 * Stores this device's subscription for the session that made it (a device that changed hands moves with
 * it); the session's end ends it (migration 031's triggers). Past PUSH_DEVICES_PER_ACCOUNT the account's
 * oldest subscriptions go.
 */
export async function subscribe(
  db: Kysely<DB>,
  userId: string,
  tokenId: string,
  s: PushSubscriptionJson,
  categories: PushCategory[],
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // one subscriber of an account at a time: the cap below counts what the others wrote
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${'push:user:' + userId}, 0))`.execute(trx);
    await trx
      .insertInto('push_subscriptions')
      .values({
        user_id: userId,
        token_id: tokenId,
        endpoint: s.endpoint,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        categories,
        created_at: now,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: userId,
          token_id: tokenId,
          p256dh: s.keys.p256dh,
          auth: s.keys.auth,
          categories,
          created_at: now,
        }),
      )
      .execute();
    await sql`
      DELETE FROM push_subscriptions WHERE user_id = ${userId}::bigint AND id NOT IN (
        SELECT id FROM push_subscriptions WHERE user_id = ${userId}::bigint
        ORDER BY created_at DESC, id DESC LIMIT ${PUSH_DEVICES_PER_ACCOUNT})`.execute(trx);
  });
}

export async function unsubscribe(db: Kysely<DB>, userId: string, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** Replaces the markets a player follows (unknown ids are refused). */
export async function follow(db: Kysely<DB>, userId: string, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction().execute(async (trx) => {
    if (unique.length) {
      const known = await trx.selectFrom('markets').select('id').where('id', 'in', unique).execute();
      if (known.length !== unique.length) throw new Refusal(400, SERVER_TEXTS.unknownMarket);
    }
    await trx.deleteFrom('market_follows').where('user_id', '=', userId).execute();
    if (unique.length)
      await trx
        .insertInto('market_follows')
        .values(unique.map((market_id) => ({ user_id: userId, market_id })))
        .execute();
  });
}

/** This device's state for the account, and the markets followed. */
export async function pushSettings(db: Kysely<DB>, userId: string, endpoint: string | undefined) {
  const sub = endpoint
    ? await db
        .selectFrom('push_subscriptions')
        .select('categories')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst()
    : undefined;
  const follows = await db.selectFrom('market_follows').select('market_id').where('user_id', '=', userId).execute();
  return {
    subscribed: !!sub,
    categories: (sub?.categories ?? []).filter(isPushCategory),
    follows: follows.map((f) => f.market_id).sort((a, b) => a - b),
  };
}

interface Target {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** the player's language: the push is written in it */
  language: string | null;
}

interface Claimed {
  id: string;
  user_id: string | null;
  data: LiveEvent;
}

/** The category a player's own event is pushed under. */
function categoryOf(e: LiveEvent): PushCategory | null {
  if (e.kind === 'win' || e.kind === 'win_reversed') return 'wins';
  if (e.kind === 'deposit' || e.kind === 'withdrawal' || e.kind === 'transfer') return 'money';
  // the operator's word to this one player (an exclusion lifted)
  if (e.kind === 'notice') return 'notices';
  return null;
}

export interface PushSenderOptions {
  keys: VapidKeys;
  subject: string;
  hosts: readonly string[];
  caFile?: string;
  /** sends at once */
  concurrency?: number;
}

/**
 * A subscription's session is live and its account not blocked (checked at send time as well: an expired
 * session ends no row by itself).
 */
const liveSession = (now: Date) => sql`EXISTS (
  SELECT 1 FROM auth_tokens t JOIN users b ON b.id = t.user_id
  WHERE t.id = s.token_id AND t.revoked_at IS NULL AND t.expires_at > ${now}::timestamptz AND b.blocked_at IS NULL)`;

/** Sends the claimed events' pushes; one per process (ctx.push). */
export class PushSender {
  private agent: https.Agent;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  /** pushes accepted by the push services, and subscriptions removed (404 / 410) */
  sent = 0;
  removed = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly opts: PushSenderOptions,
  ) {
    // every push goes through this agent: its lookup refuses private addresses (pushLookup), and a
    // private push service's authority is trusted beside the usual ones
    this.agent = new https.Agent({
      ...(opts.caFile ? { ca: [...tls.rootCertificates, fs.readFileSync(opts.caFile, 'utf8')] } : {}),
      keepAlive: true,
      lookup: pushLookup(opts.hosts),
    });
  }

  get publicKey(): string {
    return this.opts.keys.publicKey;
  }

  /** Sends what is waiting every few seconds too (events heard while this process was busy or away). */
  start(everyMs = 5_000): void {
    this.timer = setInterval(() => this.poke(), everyMs);
    this.timer.unref();
    this.poke();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => {});
    this.agent.destroy();
  }

  /** Events committed: send what they push (coalesced: one pass at a time, another after it if poked meanwhile). */
  poke(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err) => this.log.warn({ err: String(err) }, 'push: sending failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Resolves when nothing is being sent (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain() {
    for (;;) {
      if (this.closed) return;
      // nobody subscribed: the waiting events are only marked, in big batches (a settlement's wins)
      const anyone = await sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM push_subscriptions) AS any`.execute(
        this.db,
      );
      const batch = anyone.rows[0].any ? 100 : 5000;
      const claimed = await sql<Claimed>`
        UPDATE live_events SET pushed = true
        WHERE id IN (SELECT id FROM live_events
                     WHERE NOT pushed AND kind IN ('result', 'win', 'win_reversed', 'deposit', 'withdrawal', 'transfer', 'notice')
                     ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
        RETURNING id::text AS id, user_id::text AS user_id, data`.execute(this.db);
      if (claimed.rows.length === 0) return;
      if (!anyone.rows[0].any) continue;
      // a player's own events: their subscriptions in one query for the whole batch
      const users = [...new Set(claimed.rows.flatMap((e) => (e.user_id === null ? [] : [e.user_id])))];
      const own = users.length
        ? (
            await sql<Target & { user_id: string; categories: string[] }>`
              SELECT s.id::text AS id, s.endpoint, s.p256dh, s.auth, s.user_id::text AS user_id, s.categories,
                     u.language
              FROM push_subscriptions s JOIN users u ON u.id = s.user_id
              WHERE s.user_id = ANY (${users}::bigint[]) AND ${liveSession(this.clock.now())}`.execute(this.db)
          ).rows
        : [];
      for (const e of claimed.rows) {
        const targets =
          e.user_id === null
            ? await this.targets(e)
            : own.filter((s) => s.user_id === e.user_id && s.categories.includes(categoryOf(e.data) ?? ''));
        await this.sendEvent(e, targets);
      }
    }
  }

  /** The subscriptions an event for everyone goes to, by their categories (a result, a notice). */
  private async targets(e: Claimed): Promise<Target[]> {
    const d = e.data;
    const cols = sql`s.id::text AS id, s.endpoint, s.p256dh, s.auth, (SELECT language FROM users WHERE id = s.user_id)`;
    if (d.kind === 'result') {
      // each subscription looks up its own player's bids of the day (the bids' (user, family, date)
      // index): the players of a market's day were a DISTINCT over all its bids, a scan of a million
      // rows on a big day, at the moment every result is declared
      const r = await sql<Target>`
        SELECT ${cols} FROM push_subscriptions s
        WHERE ${liveSession(this.clock.now())} AND (('results_bid' = ANY (s.categories) AND EXISTS (
                 SELECT 1 FROM bids b
                 WHERE b.user_id = s.user_id AND b.family = ${d.family}::text AND b.bid_date = ${d.date}::date
                   AND b.market_id = ${d.market_id}::int))
           OR ('results_followed' = ANY (s.categories) AND EXISTS (
                 SELECT 1 FROM market_follows f WHERE f.user_id = s.user_id AND f.market_id = ${d.market_id}::int)))`.execute(
        this.db,
      );
      return r.rows;
    }
    if (d.kind === 'notice') {
      const r =
        await sql<Target>`SELECT ${cols} FROM push_subscriptions s WHERE ${liveSession(this.clock.now())} AND 'notices' = ANY (s.categories)`.execute(
          this.db,
        );
      return r.rows;
    }
    return [];
  }

  private async sendEvent(e: Claimed, targets: Target[]) {
    if (targets.length === 0) return;
    // one message per language of the players it goes to
    const payloads = new Map<string, string>();
    const payloadFor = (language: string | null) => {
      const key = language ?? 'en';
      let p = payloads.get(key);
      if (p === undefined)
        payloads.set(key, (p = JSON.stringify(pushMessage(e.data, translatorFor(language), language ?? undefined))));
      return p;
    };
    const gone: string[] = [];
    const sent: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const t = targets[next++];
        if (!allowedEndpoint(t.endpoint, this.opts.hosts) || !sendableHost(t.endpoint, this.opts.hosts)) continue;
        try {
          await webpush.sendNotification(
            { endpoint: t.endpoint, keys: { p256dh: t.p256dh, auth: t.auth } },
            payloadFor(t.language),
            {
              vapidDetails: { subject: this.opts.subject, ...this.opts.keys },
              TTL: 6 * 3600,
              urgency: e.data.kind === 'result' || e.data.kind === 'win' ? 'high' : 'normal',
              timeout: 10_000,
              agent: this.agent,
            },
          );
          sent.push(t.id);
          this.sent++;
        } catch (err) {
          const status = (err as { statusCode?: number }).statusCode;
          // the browser dropped it (unsubscribed, app removed): the push service says so for good
          if (status === 404 || status === 410) gone.push(t.id);
          else this.log.warn({ status, err: String((err as Error).message ?? err) }, 'push: a push service refused');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.opts.concurrency ?? 20, targets.length) }, worker));
    if (gone.length) {
      await this.db.deleteFrom('push_subscriptions').where('id', 'in', gone).execute();
      this.removed += gone.length;
    }
    if (sent.length)
      await this.db
        .updateTable('push_subscriptions')
        .set({ last_sent_at: this.clock.now() })
        .where('id', 'in', sent)
        .execute();
  }
}
