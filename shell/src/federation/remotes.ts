/**
 * The families' code, through the design's federation runtime (@module-federation/enhanced). The shell
 * knows no family at build time: a family's release is the entry `/remotes.json` names for this player.
 * The runtime the shell starts with shares its singletons and loads no remote (`disableRemote`: the login
 * page carries no remote loading); the families are loaded by a runtime instance of this loader's, over the
 * shell's share scope, and what happens around a load is runtime plugins:
 * - `familyReleases` registers a family's entry when it is first asked for (and again, forced, after a failed
 *   load), reports what happens under its release (health.ts) and offers a new build to an open tab (watch.ts);
 * - `familyFallback` answers a family that cannot load (down, or built against another major version of a
 *   singleton) with routes that show the section's fallback, so the shell and the other families go on;
 * - the retry plugin tries a failed entry again before that.
 */
import type { ReactNode } from 'react';
import type { RemoteFamily } from '@matka/shared';
import type { RouteObject } from 'react-router-dom';
import { getInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import * as familiesRuntime from 'federation-families-runtime';
import { familyRelease } from './health';
import { FamilyLoadFailed, familyEntries, familyOfRemote, forgetEntries, type FamilyEntry } from './releases';

/** What every remote exposes as './routes'. */
export interface RemoteRoutesModule {
  routes: RouteObject[];
}

const loads = new Map<RemoteFamily, Promise<RemoteRoutesModule>>();
const failed = new Set<RemoteFamily>();
/** The entry each family was registered with: a family asked for again after a failure is registered anew. */
const registered = new Map<RemoteFamily, string>();

/** The routes a family that cannot load answers with: every path throws the failure to the section's boundary. */
function fallbackModule(family: RemoteFamily, error: unknown): RemoteRoutesModule {
  const Failed = (): ReactNode => {
    throw new FamilyLoadFailed(family, error);
  };
  return { routes: [{ path: '*', Component: Failed }] };
}

function register(family: RemoteFamily, entry: FamilyEntry): void {
  if (registered.get(family) === entry.entry && !failed.has(family)) return;
  // forced: a failed or replaced entry is dropped with what the runtime kept of it
  loader().registerRemotes([{ name: family, entry: entry.entry, entryGlobalName: `matka_remote_${family}` }], {
    force: true,
  });
  registered.set(family, entry.entry);
  failed.delete(family);
  // from now on, what happens in this family is reported under its release (health.ts)
  familyRelease(family, entry.release, entry.entry);
}

/** Registers a family's entry from this player's `/remotes.json` before the runtime looks it up. */
const familyReleases: ModuleFederationRuntimePlugin = {
  name: 'matka-family-releases',
  async beforeRequest(args) {
    const family = familyOfRemote(args.id.split('/')[0] ?? '');
    if (!family) return args;
    const entries = await familyEntries();
    const entry = entries[family];
    if (!entry) throw new Error(`No URL configured for the ${family} remote`);
    register(family, entry);
    return args;
  },
  async onLoad(args) {
    const family = familyOfRemote(args.remote.name);
    if (!family || !('entry' in args.remote)) return;
    // from now on, a new build of this family deployed alone is offered to this tab (watch.ts)
    const src = args.remote.entry;
    void import(/* webpackChunkName: "family-watch" */ './watch').then(
      (w) => w.watchFamily(family, src),
      () => undefined,
    );
  },
};

/** A family that cannot load shows its section's fallback instead of breaking the page. */
const familyFallback: ModuleFederationRuntimePlugin = {
  name: 'matka-family-fallback',
  errorLoadRemote({ id, error, lifecycle }) {
    // the last chance to answer (earlier lifecycles end here too when nothing answers them)
    if (lifecycle !== 'onLoad') return undefined;
    const family = familyOfRemote(id.split('/')[0] ?? '');
    if (!family) return undefined;
    console.warn(
      `[federation] the ${family} remote failed to load: ${error instanceof Error ? error.message : String(error)}`,
    );
    failed.add(family);
    return fallbackModule(family, error);
  },
};

// The families' entries carry no runtime of their own (build/webpack.js: `externalRuntime`): they run on this
// one, set where they look for it before any of them is loaded. It comes with this loader, never with the
// login page, and once for all four families.
const runtimeGlobal = familiesRuntime.Global as unknown as Record<string, unknown>;
runtimeGlobal._FEDERATION_RUNTIME_CORE ??= familiesRuntime;

let instance: familiesRuntime.ModuleFederation | undefined;

/** The runtime instance that loads the families: the shell's name, over the share scope the shell provides. */
function loader(): familiesRuntime.ModuleFederation {
  if (instance) return instance;
  const shell = getInstance();
  if (!shell) throw new Error('The federation runtime has not started');
  instance = new familiesRuntime.ModuleFederation({
    name: shell.name,
    remotes: [],
    shareStrategy: 'loaded-first',
    plugins: [
      // a failed entry is asked for twice more, half a second apart, before the fallback shows
      RetryPlugin({ script: { retryTimes: 2, retryDelay: 500 } }),
      familyReleases,
      familyFallback,
    ],
  });
  // the families take the shell's singletons, and put their building blocks beside them
  instance.initShareScopeMap('default', shell.shareScopeMap.default ?? {});
  return instance;
}

async function load(family: RemoteFamily): Promise<RemoteRoutesModule> {
  const mod = await loader().loadRemote<RemoteRoutesModule>(`${family}/routes`);
  if (!mod || !Array.isArray(mod.routes)) {
    failed.add(family);
    return fallbackModule(family, new Error(`The ${family} remote exposes no routes`));
  }
  return mod;
}

/**
 * Loads a family's routes on first use (the same promise for every render that suspends on it). A family
 * that cannot load answers with its fallback routes; 'Try again' or the return of the network forgets that
 * answer (forgetFamily), so the next render registers the entry anew and fetches it again.
 */
export function loadFamily(family: RemoteFamily): Promise<RemoteRoutesModule> {
  let p = loads.get(family);
  if (!p) {
    p = load(family).catch((e: unknown) => {
      console.warn(`[federation] the ${family} remote failed to load: ${e instanceof Error ? e.message : String(e)}`);
      failed.add(family);
      return fallbackModule(family, e);
    });
    loads.set(family, p);
  }
  return p;
}

/** Whether the family's code failed to load (rather than a page of it throwing). */
export const loadFailed = (family: RemoteFamily): boolean => failed.has(family);

/** Drops a failed load so the next render tries again; a load under way or done is kept. */
export function forgetFamily(family: RemoteFamily): void {
  if (!failed.has(family)) return;
  loads.delete(family);
  forgetEntries();
}
