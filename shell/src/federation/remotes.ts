import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteFamily } from '@matka/shared';
import type { RouteObject } from 'react-router-dom';
import { UNAVAILABLE } from './errorPlugin';

/** What every remote exposes as './routes'. */
export interface RemoteRoutesModule {
  routes: RouteObject[];
}

type RemoteMap = Partial<Record<RemoteFamily, string>>;

let remoteUrls: Promise<RemoteMap> | null = null;
const loads = new Map<RemoteFamily, Promise<RemoteRoutesModule>>();
const failed = new Set<RemoteFamily>();

/** Reads `/remotes.json` once: `{ "regular": "<url>/mf-manifest.json", ... }`. */
function urls(): Promise<RemoteMap> {
  remoteUrls ??= fetch('/remotes.json', { cache: 'no-store' })
    .then((r) => (r.ok ? (r.json() as Promise<RemoteMap>) : {}))
    .catch(() => ({}));
  return remoteUrls;
}

async function load(family: RemoteFamily, force: boolean): Promise<RemoteRoutesModule> {
  const entry = (await urls())[family];
  if (!entry) throw new Error(`No URL configured for the ${family} remote`);
  registerRemotes([{ name: family, entry }], { force });
  const mod = (await loadRemote<RemoteRoutesModule>(`${family}/routes`)) as unknown;
  if (!mod || mod === UNAVAILABLE || !Array.isArray((mod as RemoteRoutesModule).routes)) {
    throw new Error(`The ${family} remote is unavailable`);
  }
  return mod as RemoteRoutesModule;
}

/** Loads a family's routes on first use; a failed load is forgotten so 'Try again' fetches anew. */
export function loadFamily(family: RemoteFamily): Promise<RemoteRoutesModule> {
  let p = loads.get(family);
  if (!p) {
    const retry = failed.has(family);
    p = load(family, retry).catch((e: unknown) => {
      failed.add(family);
      throw e;
    });
    loads.set(family, p);
  }
  return p;
}

/** Drops a failed load so the next render tries again. */
export function forgetFamily(family: RemoteFamily): void {
  loads.delete(family);
}
