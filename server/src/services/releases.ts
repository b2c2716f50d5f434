/**
 * Each family's releases: builds kept side by side (RELEASES_DIR/<family>/<version>/, or a URL where the
 * build is hosted), the stable release every player gets, a canary a share of players gets, and the
 * stables before it for a rollback. A family's deployed build (remote-<family>/dist) becomes its first
 * stable release the first time players ask for it; after that a new build reaches players only once it
 * is released. A family given a fixed URL (REMOTE_<FAMILY>_URL) is outside all this.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppConfig, Remote } from '../config';
import { REMOTES } from '../config';
import type { DB } from '../db/types';
import { Refusal } from '../errors';
import { RELEASE_VERSION, type FamilyHealthEvent } from '@matka/shared/contract/schemas';
import { audit } from './audit';

/** A release's version: the build id (release.json), or the start of its remoteEntry.js's SHA-256. */
const VERSION = RELEASE_VERSION;

export interface Channel {
  family: Remote;
  stable: string;
  canary: string | null;
  canaryPercent: number | null;
  earlier: string[];
}

export const isFamily = (f: string): f is Remote => (REMOTES as readonly string[]).includes(f);

const distOf = (config: AppConfig, family: Remote) => path.join(config.staticRoot, `remote-${family}`, 'dist');
export const storedAt = (config: AppConfig, family: Remote, version: string) =>
  path.join(config.releasesDir, family, version);

/** The version of the build in `dir`: its release.json's, else the start of its remoteEntry.js's digest. */
export function versionOf(dir: string): string | undefined {
  try {
    const stated = (JSON.parse(fs.readFileSync(path.join(dir, 'release.json'), 'utf8')) as { version?: unknown })
      .version;
    if (typeof stated === 'string' && VERSION.test(stated)) return stated;
  } catch {
    // no release.json (a build made before builds named themselves): its entry's digest names it
  }
  try {
    return createHash('sha256')
      .update(fs.readFileSync(path.join(dir, 'remoteEntry.js')))
      .digest('hex')
      .slice(0, 12);
  } catch {
    return undefined;
  }
}

/** The deployed build's version (remote-<family>/dist), if the family is built. */
export const builtVersion = (config: AppConfig, family: Remote) => versionOf(distOf(config, family));

/** Copies the deployed build into the releases, once (another process may be doing the same: the rename decides). */
function keepDeployed(config: AppConfig, family: Remote, version: string): void {
  const to = storedAt(config, family, version);
  if (fs.existsSync(path.join(to, 'remoteEntry.js'))) return;
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const tmp = `${to}.${randomBytes(4).toString('hex')}.tmp`;
  // a deployed dist may be a link to a build elsewhere: its files are copied, not the link
  fs.cpSync(distOf(config, family), tmp, { recursive: true, dereference: true });
  try {
    fs.renameSync(tmp, to);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(path.join(to, 'remoteEntry.js'))) throw new Refusal(500, `Could not keep ${family} ${version}`);
  }
}

type Row = { family: string; stable: string; canary: string | null; canary_percent: number | null; earlier: string[] };
const toChannel = (r: Row): Channel => ({
  family: r.family as Remote,
  stable: r.stable,
  canary: r.canary,
  canaryPercent: r.canary_percent,
  earlier: r.earlier,
});

export class Releases {
  /** families whose first stable release this process has made sure of */
  private readonly settled = new Set<Remote>();
  /** families found not built, and until when that answer stands */
  private readonly unbuiltUntil = new Map<Remote, number>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: AppConfig,
  ) {}

  /** Families under release control: built here and not given a fixed URL. */
  private managed(family: Remote): boolean {
    return !this.config.remoteUrls[family];
  }

  /** Makes the deployed build a family's first stable release, if it has none yet. */
  private async firstStable(family: Remote): Promise<void> {
    if (this.settled.has(family) || !this.managed(family)) return;
    // a family not built yet is looked for again at most every 10 s (/remotes.json is asked often)
    if ((this.unbuiltUntil.get(family) ?? 0) > Date.now()) return;
    const has = await this.db
      .selectFrom('family_channels')
      .select('family')
      .where('family', '=', family)
      .executeTakeFirst();
    if (!has) {
      const version = builtVersion(this.config, family);
      if (!version) {
        // not built yet: /remotes.json points at the deployed files, which say so
        this.unbuiltUntil.set(family, Date.now() + 10_000);
        return;
      }
      keepDeployed(this.config, family, version);
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('family_releases')
          .values({ family, version, created_by: 'deployed build' })
          .onConflict((oc) => oc.doNothing())
          .execute();
        await trx
          .insertInto('family_channels')
          .values({ family, stable: version })
          .onConflict((oc) => oc.doNothing())
          .execute();
      });
    }
    this.settled.add(family);
  }

  /** Every managed family's channel (each family's first stable release made on the way). */
  async channels(): Promise<Map<Remote, Channel>> {
    await Promise.all(REMOTES.map((f) => this.firstStable(f)));
    const rows = await this.db.selectFrom('family_channels').selectAll().execute();
    return new Map(
      rows
        .filter((r) => isFamily(r.family) && this.managed(r.family as Remote))
        .map((r) => [r.family as Remote, toChannel(r)]),
    );
  }

  /** The releases hosted elsewhere, of every family, in one read: `<family>/<version>` -> their URL. */
  async hostedUrls(): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('family_releases')
      .select(['family', 'version', 'url'])
      .where('url', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [`${r.family}/${r.version}`, r.url!]));
  }

  /** Whether this server keeps the files of `version` (a release hosted elsewhere has none here). */
  hasFiles(family: Remote, version: string): boolean {
    return VERSION.test(version) && fs.existsSync(path.join(storedAt(this.config, family, version), 'remoteEntry.js'));
  }

  private async channelOf(family: Remote): Promise<Channel> {
    if (!this.managed(family))
      throw new Refusal(
        400,
        `${family} is loaded from REMOTE_${family.toUpperCase()}_URL: its releases are not kept here`,
      );
    await this.firstStable(family);
    const row = await this.db.selectFrom('family_channels').selectAll().where('family', '=', family).executeTakeFirst();
    if (!row) throw new Refusal(400, `${family} is not built yet: npm run build -w remote-${family}`);
    return toChannel(row);
  }

  /**
   * Makes `target` (a kept version, the deployed build's version, or the URL of a remoteEntry.js hosted
   * elsewhere) the family's stable release, or its canary for `canaryPercent` % of players.
   */
  async release(family: Remote, target: string, canaryPercent: number | undefined, by: string) {
    const before = await this.channelOf(family);
    const version = await this.resolve(family, target, by);
    if (version === before.stable) throw new Refusal(400, `${family} ${version} is already the stable release`);
    const after: Channel =
      canaryPercent === undefined
        ? { ...before, stable: version, canary: null, canaryPercent: null, earlier: [...before.earlier, before.stable] }
        : { ...before, canary: version, canaryPercent };
    await this.save('family release', before, after, { family, target, canary: canaryPercent ?? null });
    return after;
  }

  /** The canary becomes the stable release for every player. */
  async promote(family: Remote) {
    const before = await this.channelOf(family);
    if (!before.canary) throw new Refusal(400, `${family} has no canary release to promote`);
    const after: Channel = {
      ...before,
      stable: before.canary,
      canary: null,
      canaryPercent: null,
      earlier: [...before.earlier, before.stable],
    };
    await this.save('family promote', before, after, { family });
    return after;
  }

  /** Every player back on the stable release (a canary ends), or on the stable release before it. */
  async rollback(family: Remote) {
    const before = await this.channelOf(family);
    let after: Channel;
    if (before.canary) after = { ...before, canary: null, canaryPercent: null };
    else {
      const previous = before.earlier.at(-1);
      if (!previous) throw new Refusal(400, `${family} has no earlier release to go back to`);
      after = { ...before, stable: previous, earlier: before.earlier.slice(0, -1) };
    }
    await this.save('family rollback', before, after, { family });
    return after;
  }

  /** A version or URL as a release of the family (a URL or the deployed build recorded on first use). */
  private async resolve(family: Remote, target: string, by: string): Promise<string> {
    if (/^https?:\/\//i.test(target)) {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        throw new Refusal(400, `'${target}' is not a URL`);
      }
      if (!/\/(remoteEntry\.js|mf-manifest\.json)$/.test(url.pathname))
        throw new Refusal(400, `A release's URL names its remoteEntry.js (not '${target}')`);
      const version = `url-${createHash('sha256').update(url.href).digest('hex').slice(0, 10)}`;
      await this.db
        .insertInto('family_releases')
        .values({ family, version, url: url.href, created_by: by })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return version;
    }
    if (!VERSION.test(target)) throw new Refusal(400, `'${target}' is not a version or a URL`);
    const known = await this.db
      .selectFrom('family_releases')
      .select('version')
      .where('family', '=', family)
      .where('version', '=', target)
      .executeTakeFirst();
    if (known) return target;
    if (builtVersion(this.config, family) !== target)
      throw new Refusal(
        400,
        `No build ${target} of ${family}: build it (npm run build -w remote-${family}) or give the URL of its remoteEntry.js`,
      );
    keepDeployed(this.config, family, target);
    await this.db
      .insertInto('family_releases')
      .values({ family, version: target, created_by: by })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return target;
  }

  /** Writes a channel's new state and its audit row, only if no other change came in between. */
  private async save(action: string, before: Channel, after: Channel, params: unknown) {
    await this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('family_channels')
        .set({
          stable: after.stable,
          canary: after.canary,
          canary_percent: after.canaryPercent,
          earlier: after.earlier,
          updated_at: new Date(),
        })
        .where('family', '=', before.family)
        .where('stable', '=', before.stable)
        .where((eb) => (before.canary ? eb('canary', '=', before.canary) : eb('canary', 'is', null)))
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1)
        throw new Refusal(409, `${before.family}'s releases changed meanwhile: look at family status and try again`);
      await audit(trx, action, before.family, params, before, after);
    });
  }

  /**
   * Adds a player's report to each release's figures (the totals, and the player's own row); events of a
   * release nobody made are dropped.
   */
  async count(events: readonly FamilyHealthEvent[], userId: string): Promise<FamilyHealthEvent[]> {
    const families = [...new Set(events.map((e) => e.family))];
    const known = await this.db
      .selectFrom('family_releases')
      .select(['family', 'version'])
      .where('family', 'in', families)
      .execute();
    const isKnown = new Set(known.map((r) => `${r.family}\n${r.version}`));
    const counted = events.filter((e) => isKnown.has(`${e.family}\n${e.version}`));
    const sums = new Map<
      string,
      { family: string; version: string; page_views: number; load_failures: number; errors: number }
    >();
    for (const e of counted) {
      const key = `${e.family}\n${e.version}`;
      const s = sums.get(key) ?? { family: e.family, version: e.version, page_views: 0, load_failures: 0, errors: 0 };
      if (e.kind === 'view') s.page_views += 1;
      else if (e.kind === 'load') s.load_failures += 1;
      else s.errors += 1;
      sums.set(key, s);
    }
    for (const s of [...sums.values()].sort((a, b) => (a.family + a.version).localeCompare(b.family + b.version))) {
      await this.db
        .insertInto('family_health')
        .values(s)
        .onConflict((oc) =>
          oc.columns(['family', 'version']).doUpdateSet((eb) => ({
            page_views: eb('family_health.page_views', '+', s.page_views),
            load_failures: eb('family_health.load_failures', '+', s.load_failures),
            errors: eb('family_health.errors', '+', s.errors),
          })),
        )
        .execute();
      const failures = s.load_failures + s.errors;
      await this.db
        .insertInto('family_health_players')
        .values({ family: s.family, version: s.version, user_id: userId, page_views: s.page_views, failures })
        .onConflict((oc) =>
          oc.columns(['family', 'version', 'user_id']).doUpdateSet((eb) => ({
            page_views: eb('family_health_players.page_views', '+', s.page_views),
            failures: eb('family_health_players.failures', '+', failures),
          })),
        )
        .execute();
    }
    return counted;
  }

  /** The figures of these releases of a family: pages, failures, per 1,000, players and failing players. */
  private async figuresOf(family: Remote, versions: readonly string[]): Promise<Map<string, ReleaseHealth>> {
    const out = new Map<string, ReleaseHealth>();
    if (!versions.length) return out;
    const totals = await this.db
      .selectFrom('family_health')
      .selectAll()
      .where('family', '=', family)
      .where('version', 'in', versions)
      .execute();
    const players = await this.db
      .selectFrom('family_health_players')
      .select([
        'version',
        (eb) => eb.fn.countAll<string>().as('players'),
        (eb) => eb.fn.count<string>('user_id').filterWhere('failures', '>', '0').as('failing'),
      ])
      .where('family', '=', family)
      .where('version', 'in', versions)
      .groupBy('version')
      .execute();
    for (const v of versions) {
      const h = totals.find((x) => x.version === v);
      const p = players.find((x) => x.version === v);
      out.set(v, healthOf(h, p));
    }
    return out;
  }

  /**
   * With the setting canary_auto_rollback '1': ends each canary of `families` that fails for well more of
   * its players than its stable release does (canaryLooksWorse), audited as an automatic rollback; only
   * for the families whose canary `reported` names a failure of, reading just those two releases' figures.
   * Answers the families rolled back.
   */
  async rollBackFailingCanaries(
    families: readonly Remote[],
    reported?: readonly FamilyHealthEvent[],
  ): Promise<Remote[]> {
    const setting = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'canary_auto_rollback')
      .executeTakeFirst();
    if (setting?.value !== '1') return [];
    const done: Remote[] = [];
    for (const f of new Set(families)) {
      const before = await this.channelOf(f);
      if (!before.canary) continue;
      if (reported && !reported.some((e) => e.family === f && e.version === before.canary && e.kind !== 'view'))
        continue;
      const figures = await this.figuresOf(f, [before.stable, before.canary]);
      const stable = figures.get(before.stable)!;
      const canary = figures.get(before.canary)!;
      if (!canaryLooksWorse(stable, canary)) continue;
      await this.save(
        'family rollback',
        before,
        { ...before, canary: null, canaryPercent: null },
        {
          family: f,
          automatic: true,
          why: `players who saw it fail: canary ${canary.failingPlayers} of ${canary.players}, stable ${stable.failingPlayers} of ${stable.players}; errors per 1,000 pages: canary ${canary.perThousand}, stable ${stable.perThousand ?? 0}`,
        },
      ).then(
        () => done.push(f),
        // another process (or an operator) changed the family meanwhile: nothing to do here
        (e: unknown) => {
          if (!(e instanceof Refusal && e.statusCode === 409)) throw e;
        },
      );
    }
    return done;
  }

  /** Every release of every managed family, newest first, and where each channel stands. */
  async status() {
    const channels = await this.channels();
    const releases = await this.db.selectFrom('family_releases').selectAll().orderBy('created_at', 'desc').execute();
    const out = [];
    for (const family of REMOTES.filter((f) => this.managed(f))) {
      const c = channels.get(family);
      const figures = await this.figuresOf(
        family,
        [c?.stable, c?.canary].filter((v): v is string => !!v),
      );
      const none = healthOf(undefined, undefined);
      const stable = (c?.stable && figures.get(c.stable)) || none;
      const canary = c?.canary ? (figures.get(c.canary) ?? none) : null;
      out.push({
        family,
        built: builtVersion(this.config, family) ?? null,
        stable: c?.stable ?? null,
        canary: c?.canary ?? null,
        canaryPercent: c?.canaryPercent ?? null,
        earlier: c?.earlier ?? [],
        health: { stable, canary },
        canaryFlagged: canary !== null && canaryLooksWorse(stable, canary),
        releases: releases
          .filter((r) => r.family === family)
          .map((r) => ({
            version: r.version,
            url: r.url,
            createdAt: r.created_at.toISOString(),
            createdBy: r.created_by,
          })),
      });
    }
    return out;
  }
}

/** How one release fares: its totals, and its reporting players. */
export interface ReleaseHealth {
  pageViews: number;
  loadFailures: number;
  errors: number;
  perThousand: number | null;
  players: number;
  failingPlayers: number;
}

function healthOf(
  h: { page_views: string | number; load_failures: string | number; errors: string | number } | undefined,
  p: { players: string | number; failing: string | number } | undefined,
): ReleaseHealth {
  const views = Number(h?.page_views ?? 0);
  const failures = Number(h?.load_failures ?? 0) + Number(h?.errors ?? 0);
  return {
    pageViews: views,
    loadFailures: Number(h?.load_failures ?? 0),
    errors: Number(h?.errors ?? 0),
    perThousand: views ? Math.round((failures * 10_000) / views) / 10 : null,
    players: Number(p?.players ?? 0),
    failingPlayers: Number(p?.failing ?? 0),
  };
}

/** The fewest distinct players who saw a canary fail before it is rolled back by itself. */
export const MIN_FAILING_PLAYERS = 5;

/**
 * A canary well worse than its stable release, judged by players, each counted once however much it
 * reports: at least MIN_FAILING_PLAYERS distinct players saw it fail, and the share of its players who
 * did is at least twice the stable release's and 5 points more. One forger moves either share by one
 * player, not by what it sends.
 */
export function canaryLooksWorse(
  stable: { players: number; failingPlayers: number },
  canary: { players: number; failingPlayers: number },
) {
  if (canary.failingPlayers < MIN_FAILING_PLAYERS || canary.players === 0) return false;
  const share = (h: { players: number; failingPlayers: number }) => (h.players ? h.failingPlayers / h.players : 0);
  return share(canary) >= 2 * share(stable) + 0.05;
}

/** Which of a channel's releases a player gets: the same one every time, a canary for its share; nobody: the stable. */
export function releaseFor(channel: Channel, subject: string | null): string {
  if (!channel.canary || !channel.canaryPercent || !subject) return channel.stable;
  const h = createHash('sha256').update(`${channel.family}\n${channel.canary}\n${subject}`).digest();
  return h.readUInt32BE(0) % 100 < channel.canaryPercent ? channel.canary : channel.stable;
}
