/**
 * Which release of each family a player loads (/remotes.json), and how each release fares on players'
 * phones (the shell's beacon). A canary's players are chosen by the server, by a hash of the player
 * (their token's account, so every device agrees); before login every device gets the stable release.
 * Nothing the client sends picks its cohort. Only signed-in players' reports count, a few a window each.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RELEASES_HTTP } from '@matka/shared/contract';
import { FamilyHealthSchema } from '@matka/shared/contract/schemas';
import type { AppContext } from '../context';
import { REMOTES, type Remote } from '../config';
import { familyEvents } from '../services/metrics';
import { releaseFor } from '../services/releases';
import { originFor, userForToken } from './api';
import { refusedBody } from '../errors';

/** Beacons one address may send in the limits' window (15 minutes): a page sends one every 5 s at most. */
const BEACONS_PER_WINDOW = 300;
/** Beacons one player may send in the window (every 5 s at most is 180): the rest are not counted. */
const BEACONS_PER_PLAYER = 200;

/** Who a canary's share is drawn over: the signed-in player, else nobody (the stable release). */
async function subjectOf(ctx: AppContext, req: FastifyRequest): Promise<string | null> {
  const user = await userForToken(ctx, req.headers[RELEASES_HTTP.tokenHeader]);
  return user ? `player:${user.id}` : null;
}

export async function registerReleases(app: FastifyInstance, ctx: AppContext) {
  const { config } = ctx;

  // Where the shell loads each family's code from: a fixed URL (REMOTE_<FAMILY>_URL), else the release
  // this player gets, from this server's copy or where it is hosted.
  app.get(RELEASES_HTTP.remotes, async (req, reply) => {
    const origin = originFor(config, req.host, req.protocol);
    const [channels, hosted, subject] = await Promise.all([
      ctx.releases.channels(),
      ctx.releases.hostedUrls(),
      subjectOf(ctx, req),
    ]);
    const out: Record<string, unknown> = {};
    const versions: Partial<Record<Remote, string>> = {};
    for (const f of REMOTES) {
      const channel = channels.get(f);
      if (config.remoteUrls[f] || !channel) {
        out[f] = config.remoteUrls[f] ?? `${origin}/remotes/${f}/remoteEntry.js`;
        continue;
      }
      const version = releaseFor(channel, subject);
      out[f] =
        hosted.get(`${f}/${version}`) ?? `${origin}/remotes/${f}/v/${encodeURIComponent(version)}/remoteEntry.js`;
      versions[f] = version;
    }
    out[RELEASES_HTTP.versionsKey] = versions;
    // the answer depends on who asks: never kept by a shared cache
    reply.header('Cache-Control', 'no-cache, private');
    reply.header('Vary', RELEASES_HTTP.tokenHeader);
    return out;
  });

  // The shell's reports: counted by family, release and player (only releases this server knows, so
  // nobody can invent labels; only signed-in players, a few beacons a window each), in /metrics and for
  // the Families screen. Limited per address and per player; never an error page.
  app.post(RELEASES_HTTP.health, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    let body: unknown = req.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        return reply.code(400).send(refusedBody(400, 'The report is not JSON'));
      }
    }
    const parsed = FamilyHealthSchema.safeParse(body);
    if (!parsed.success)
      return reply.code(400).send(refusedBody(400, parsed.error.issues[0]?.message ?? 'Invalid report'));
    const user = await userForToken(ctx, parsed.data.unique_token ?? req.headers[RELEASES_HTTP.tokenHeader]);
    if (!user) return reply.code(401).send(refusedBody(401, 'Reports count only from signed-in players: sign in'));
    const budget: [string, number][] = [
      [`family-health:${req.ip}`, BEACONS_PER_WINDOW],
      [`family-health-player:${user.id}`, BEACONS_PER_PLAYER],
    ];
    if (!(await ctx.limiter.take(budget)))
      return reply.code(429).send(refusedBody(429, 'Too many reports: try again later'));
    const counted = await ctx.releases.count(parsed.data.events, user.id);
    for (const e of counted) familyEvents.inc({ family: e.family, version: e.version, kind: e.kind });
    // a failing canary ends as soon as its players' figures show it (when the operator's setting says
    // so): read for the families whose canary this report named a failure of, never every family
    const failed = counted.filter((e) => e.kind !== 'view').map((e) => e.family);
    if (failed.length) await ctx.releases.rollBackFailingCanaries(failed, counted);
    return { status: true, counted: counted.length };
  });
}
