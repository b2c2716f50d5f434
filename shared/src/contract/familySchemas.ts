/**
 * A family's releases (the operator's calls: status, release, promote, rollback) and the health of each
 * release as the shell reports it (the beacon): requests and answers declared once, for the server, the
 * console, the CLI and the shell.
 */
import { z } from 'zod';
import { REMOTE_FAMILIES, type RemoteFamily } from '../routes/table';

/** A release's version: a build id, or the start of its remoteEntry.js's SHA-256. */
export const RELEASE_VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const remoteFamily = z.enum(REMOTE_FAMILIES as [RemoteFamily, ...RemoteFamily[]], {
  error: `Family must be one of ${REMOTE_FAMILIES.join(', ')}`,
});
const byFamily = z.object({ family: remoteFamily });

export const FAMILY_REQUESTS = {
  releaseFamily: z.object({
    family: remoteFamily,
    target: z
      .string({ error: 'A version or a URL is required' })
      .trim()
      .min(1, 'A version or a URL is required')
      .max(500, 'the version or URL is too long'),
    canary: z
      .number({ error: 'Canary must be a whole percent from 1 to 99' })
      .int('Canary must be a whole percent from 1 to 99')
      .min(1, 'Canary must be a whole percent from 1 to 99')
      .max(99, 'Canary must be a whole percent from 1 to 99')
      .optional(),
  }),
  promoteFamily: byFamily,
  rollbackFamily: byFamily,
} as const;

/**
 * Pages, failed loads and errors of one release, its errors (failed loads and errors) per 1,000 pages,
 * and how many signed-in players reported it and how many of them saw it fail.
 */
const HealthSchema = z.object({
  pageViews: z.number().int(),
  loadFailures: z.number().int(),
  errors: z.number().int(),
  perThousand: z.number().nullable(),
  players: z.number().int(),
  failingPlayers: z.number().int(),
});

/** One family's releases: where its channel stands, the health of its stable and canary releases. */
export const FamilyStatusSchema = z.object({
  family: remoteFamily,
  /** the version of the build deployed in remote-<family>/dist (what `release` can take by its version) */
  built: z.string().nullable(),
  stable: z.string().nullable(),
  canary: z.string().nullable(),
  canaryPercent: z.number().int().nullable(),
  /** the stable releases before the current one, oldest first (where a rollback goes) */
  earlier: z.array(z.string()),
  health: z.object({ stable: HealthSchema, canary: HealthSchema.nullable() }),
  /**
   * a canary that fails for well more of its players than the stable release does, and for at least
   * a few distinct players (what an automatic rollback acts on)
   */
  canaryFlagged: z.boolean(),
  releases: z.array(
    z.object({ version: z.string(), url: z.string().nullable(), createdAt: z.string(), createdBy: z.string() }),
  ),
});

const ok = z.object({ status: z.literal(true), msg: z.string() });
const changed = ok.extend({ family: FamilyStatusSchema });

export const FAMILY_ANSWERS = {
  families: z.object({ status: z.literal(true), families: z.array(FamilyStatusSchema) }),
  releaseFamily: changed,
  promoteFamily: changed,
  rollbackFamily: changed,
} as const;

/** What the shell reports of a family's release: a page shown, a load that failed, an error thrown inside it. */
export const FAMILY_HEALTH_KINDS = ['view', 'load', 'error'] as const;
export type FamilyHealthKind = (typeof FAMILY_HEALTH_KINDS)[number];

/**
 * The beacon's body: a batch of events (a family, its release, what happened) and the signed-in player's
 * token: only players' reports count, a few a window each (a beacon cannot send headers).
 */
export const FamilyHealthSchema = z.object({
  unique_token: z.string().max(200).optional(),
  events: z
    .array(
      z.object({
        family: remoteFamily,
        version: z.string().regex(RELEASE_VERSION, 'version must be a release version'),
        kind: z.enum(FAMILY_HEALTH_KINDS),
      }),
    )
    .min(1)
    .max(50),
});
export type FamilyHealthEvent = z.output<typeof FamilyHealthSchema>['events'][number];
