/**
 * The monolith build's stand-in for shell/src/federation/remotes.ts (bench:monolith only): each family's
 * routes come from a dynamic import of the remote's own source, code-split by webpack, instead of
 * Module Federation at run time. Same exports, same lazy loading on first use.
 */
import type { RemoteFamily } from '@matka/shared';
import type { RouteObject } from 'react-router-dom';

export interface RemoteRoutesModule {
  routes: RouteObject[];
}

// '@monolith/<family>' is an alias of remote-<family>/src/routes.tsx (build/monolith/webpack.config.js)
const IMPORTS: Record<RemoteFamily, () => Promise<RemoteRoutesModule>> = {
  regular: () => import('@monolith/regular') as Promise<RemoteRoutesModule>,
  starline: () => import('@monolith/starline') as Promise<RemoteRoutesModule>,
  gali: () => import('@monolith/gali') as Promise<RemoteRoutesModule>,
  wallet: () => import('@monolith/wallet') as Promise<RemoteRoutesModule>,
};

const loads = new Map<RemoteFamily, Promise<RemoteRoutesModule>>();

export function loadFamily(family: RemoteFamily): Promise<RemoteRoutesModule> {
  let p = loads.get(family);
  if (!p) loads.set(family, (p = IMPORTS[family]()));
  return p;
}

export function forgetFamily(family: RemoteFamily): void {
  loads.delete(family);
}

/** A family's code is part of the one app: it never fails to load on its own. */
export const loadFailed = (_family: RemoteFamily): boolean => false;
