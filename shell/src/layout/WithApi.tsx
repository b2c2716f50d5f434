import { use, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import type { AppStore } from '@matka/shared';

/** The api's attachment to one store: `done` once it is attached (a render then need not wait). */
type Attaching = Promise<void> & { done?: boolean };

const attaching = new WeakMap<AppStore, Attaching>();

/**
 * Loads the RTK Query api (its own chunk: the login page does without it) and attaches it to the
 * store, once per store. A failed download is forgotten, so a later page tries again.
 */
export function attachApiTo(store: AppStore): Attaching {
  let pending = attaching.get(store);
  if (!pending) {
    const started: Attaching = import('@matka/shared/api').then(
      ({ attachApi }) => {
        attachApi(store);
        started.done = true;
      },
      (error: unknown) => {
        attaching.delete(store);
        throw error;
      },
    );
    attaching.set(store, started);
    pending = started;
  }
  return pending;
}

/** The shell's own pages that never use the api (the first screen stays without RTK Query). */
const PAGES_WITHOUT_API = new Set(['/', '/login']);

export function needsApi(routePath: string): boolean {
  return !PAGES_WITHOUT_API.has(routePath);
}

/**
 * Renders its children once the api is attached to the store (at once when it already is), so a page
 * or a remote never queries a store the api has not joined. Suspends meanwhile: the nearest Suspense
 * shows its loading state.
 */
export function WithApi({ children }: { children: ReactNode }) {
  const store = useStore() as AppStore;
  const attached = attachApiTo(store);
  if (!attached.done) use(attached);
  return <>{children}</>;
}
