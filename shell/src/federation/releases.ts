/**
 * Which release of each family this player gets: `/remotes.json` names each family's entry
 * (`{ "regular": "<url>/remoteEntry.js", ..., "releases": { "regular": "<version>" } }`; an entry may
 * also be a family's `mf-manifest.json`), and the federation runtime loads it as named.
 */
import { REMOTE_FAMILIES, type RemoteFamily } from '@matka/shared';
import { remotesRequest } from './remotesRequest';

export interface FamilyEntry {
  /** the URL of the family's remoteEntry.js or mf-manifest.json */
  entry: string;
  /** the release it is, when the server keeps releases of the family */
  release?: string;
}

type RemoteMap = Partial<Record<RemoteFamily, string>> & { releases?: Partial<Record<RemoteFamily, string>> };

let asked: Promise<Partial<Record<RemoteFamily, FamilyEntry>>> | null = null;

/**
 * Reads `/remotes.json` once it answers; a failed read (offline with no copy kept by the service worker, a
 * server error) is not kept, so the next load asks again.
 */
export function familyEntries(): Promise<Partial<Record<RemoteFamily, FamilyEntry>>> {
  const { url, init } = remotesRequest();
  asked ??= fetch(url, init)
    .then(async (r) => {
      if (!r.ok) throw new Error(`/remotes.json answered ${r.status}`);
      const map = (await r.json()) as RemoteMap;
      const entries: Partial<Record<RemoteFamily, FamilyEntry>> = {};
      for (const family of REMOTE_FAMILIES) {
        const entry = map[family];
        if (typeof entry === 'string' && entry) entries[family] = { entry, release: map.releases?.[family] };
      }
      return entries;
    })
    .catch((e: unknown) => {
      asked = null;
      throw e;
    });
  return asked;
}

/** Forgets the releases read, so that the next load asks again (after a failed load: it may have been rolled back). */
export function forgetEntries(): void {
  asked = null;
}

/** The family a remote's name is (the runtime's names are the families'), or none. */
export const familyOfRemote = (name: string): RemoteFamily | undefined =>
  (REMOTE_FAMILIES as readonly string[]).includes(name) ? (name as RemoteFamily) : undefined;

/** What a family's section throws when its code could not load: the boundary shows its fallback. */
export class FamilyLoadFailed extends Error {
  constructor(
    readonly family: RemoteFamily,
    readonly reason: unknown,
  ) {
    super(`The ${family} section could not load`);
    this.name = 'FamilyLoadFailed';
  }
}
