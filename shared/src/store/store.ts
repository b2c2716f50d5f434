import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { homeSlice } from './home';
import { followBrowserConnection, networkSlice } from './network';
import { readStoredSession, sessionSlice, writeStoredSession } from './session';

/** Slices a remote injects later declare themselves here (module augmentation). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/**
 * The one root reducer. The RTK Query api (`@matka/shared/api`) injects itself when it first loads, so
 * the login page does not download RTK Query; remotes add their slices with `rootReducer.inject(slice)`
 * and their endpoints with `api.injectEndpoints`. @matka/shared is a federation singleton, so every
 * remote injects into the same reducer the shell's store runs.
 */
export const rootReducer = combineSlices(
  sessionSlice,
  homeSlice,
  networkSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware added after the store exists (the RTK Query middleware, when the api module loads). */
export const dynamicMiddleware = createDynamicMiddleware();

type StoreListener = (store: AppStore) => void;
const stores: WeakRef<AppStore>[] = [];
const storeListeners = new Set<StoreListener>();

/** Runs `fn` for every store, now and as they are created (the api module sets up its listeners). */
export function forEachStore(fn: StoreListener): void {
  storeListeners.add(fn);
  for (const ref of stores) {
    const store = ref.deref();
    if (store) fn(store);
  }
}

export type RootState = ReturnType<typeof rootReducer>;

function defaultStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

function buildStore(storage: Storage | undefined) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: { session: readStoredSession(storage) } as Partial<RootState>,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof buildStore>;

/** Creates the store with the stored session restored and kept in storage on every change. */
export function createAppStore(options: { storage?: Storage } = {}): AppStore {
  const storage = options.storage ?? defaultStorage();
  const store = buildStore(storage);
  let last = store.getState().session;
  store.subscribe(() => {
    const next = store.getState().session;
    if (next !== last) {
      last = next;
      writeStoredSession(storage, next);
    }
  });
  followBrowserConnection(store.dispatch);
  stores.push(new WeakRef(store));
  storeListeners.forEach((fn) => fn(store));
  return store;
}

export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
