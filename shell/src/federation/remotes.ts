import type { RemoteFamily } from '@matka/shared';
import type { RouteObject } from 'react-router-dom';
import { entryUrl } from './entry';
import { familyRelease } from './health';
import { remotesRequest } from './remotesRequest';

/** What every remote exposes as './routes'. */
export interface RemoteRoutesModule {
  routes: RouteObject[];
}

type RemoteMap = Partial<Record<RemoteFamily, string>> & { releases?: Partial<Record<RemoteFamily, string>> };

/** A Module Federation container, as a remote's remoteEntry.js defines it. */
interface Container {
  init(shareScope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

// Webpack's sharing runtime: the shell's share scope, with every singleton the shell provides.
declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

/** The global a remote's remoteEntry.js defines its container in (build/webpack.js). */
const containerGlobal = (family: RemoteFamily) => `matka_remote_${family}`;

let remoteUrls: Promise<RemoteMap> | null = null;
const loads = new Map<RemoteFamily, Promise<RemoteRoutesModule>>();
const failed = new Set<RemoteFamily>();

/**
 * Reads `/remotes.json` (`{ "regular": "<url>/remoteEntry.js", ..., "releases": { "regular": "<version>" } }`)
 * once it answers; a failed read (offline with no copy kept by the service worker, a server error) is not
 * kept, so the next load asks again.
 */
function urls(): Promise<RemoteMap> {
  const { url, init } = remotesRequest();
  remoteUrls ??= fetch(url, init)
    .then((r) => {
      if (!r.ok) throw new Error(`/remotes.json answered ${r.status}`);
      return r.json() as Promise<RemoteMap>;
    })
    .catch((e: unknown) => {
      remoteUrls = null;
      throw e;
    });
  return remoteUrls;
}

export { entryUrl };

/** Runs a remote's remoteEntry.js (again, after a failure) and returns the container it defines. */
function runEntry(family: RemoteFamily, src: string): Promise<Container> {
  const global = containerGlobal(family);
  const w = window as unknown as Record<string, Container | undefined>;
  if (w[global]) return Promise.resolve(w[global]);
  document.querySelector(`script[data-remote="${family}"]`)?.remove();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.remote = family;
    script.onload = () => {
      const c = w[global];
      if (c) resolve(c);
      else reject(new Error(`${src} defined no ${family} remote`));
    };
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.appendChild(script);
  });
}

async function load(family: RemoteFamily): Promise<RemoteRoutesModule> {
  const map = await urls();
  const url = map[family];
  if (!url) throw new Error(`No URL configured for the ${family} remote`);
  const src = entryUrl(url);
  // from now on, what happens in this family is reported under its release (health.ts)
  familyRelease(family, map.releases?.[family], src);
  const container = await runEntry(family, src);
  await __webpack_init_sharing__('default');
  await container.init(__webpack_share_scopes__.default);
  // A remote built against another major version of a shared singleton is refused here (build/webpack.js:
  // strictVersion): its factory rejects, and the page shows the section's fallback.
  const mod = (await container.get('./routes'))() as RemoteRoutesModule | undefined;
  if (!mod || !Array.isArray(mod.routes)) throw new Error(`The ${family} remote exposes no routes`);
  // from now on, a new build of this family deployed alone is offered to this tab (watch.ts)
  void import(/* webpackChunkName: "family-watch" */ './watch').then(
    (w) => w.watchFamily(family, src),
    () => undefined,
  );
  return mod;
}

/**
 * Loads a family's routes on first use. A remote that is down rejects (RemoteBoundary shows 'This
 * section is unavailable right now.', or the offline text); 'Try again' or the return of the network
 * forgets the failed load (forgetFamily), so the next render fetches anew. (It is kept until then: a
 * render that suspends on it must find the same promise.)
 */
export function loadFamily(family: RemoteFamily): Promise<RemoteRoutesModule> {
  let p = loads.get(family);
  if (!p) {
    p = load(family).catch((e: unknown) => {
      console.warn(`[federation] the ${family} remote failed to load:`, e);
      failed.add(family);
      throw e;
    });
    loads.set(family, p);
  }
  return p;
}

/** Whether the family's code failed to load (rather than a page of it throwing). */
export const loadFailed = (family: RemoteFamily): boolean => failed.has(family);

/** Drops a failed load so the next render tries again; a load under way or done is kept. */
export function forgetFamily(family: RemoteFamily): void {
  if (failed.delete(family)) loads.delete(family);
}
