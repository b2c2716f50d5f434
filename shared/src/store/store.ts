import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { homeSlice, readStoredHome, writeStoredHome } from './home';
import { followBrowserConnection, networkSlice } from './network';
import { liveSlice } from './live';
import { readStoredSession, sessionSlice, writeStoredSession } from './session';

/** Slices a remote injects later declare themselves here (module augmentation). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/**
 * A store's root reducer. The RTK Query api (`@matka/shared/api`) is not in it at first, so the login
 * page does not download RTK Query: `attachApi(store)` injects it into that store when a page that
 * needs it loads. A package adds a slice of its own with `store.rootReducer.inject(slice)` and
 * endpoints with `api.injectEndpoints`.
 */
function createRootReducer() {
  return combineSlices(sessionSlice, homeSlice, networkSlice, liveSlice).withLazyLoadedSlices<LazyLoadedSlices>();
}

export type RootState = ReturnType<ReturnType<typeof createRootReducer>>;

function defaultStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

/** The stored session and, with it, the betting status and balance it last had (see home.ts). */
function preloaded(storage: Storage | undefined): Partial<RootState> {
  const session = readStoredSession(storage);
  if (!session.unique_token) return { session } as Partial<RootState>;
  return {
    session,
    home: { ...homeSlice.getInitialState(), ...readStoredHome(storage) },
  } as Partial<RootState>;
}

function buildStore(storage: Storage | undefined) {
  // Middleware added to this store once it exists (the RTK Query middleware, by attachApi).
  const dynamic = createDynamicMiddleware();
  const rootReducer = createRootReducer();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloaded(storage),
    middleware: (getDefault) => getDefault().concat(dynamic.middleware),
  });
  return Object.assign(store, { rootReducer, addMiddleware: dynamic.addMiddleware });
}

export type AppStore = ReturnType<typeof buildStore>;

/** Creates the store with the stored session restored and kept in storage on every change. */
export function createAppStore(options: { storage?: Storage } = {}): AppStore {
  const storage = options.storage ?? defaultStorage();
  const store = buildStore(storage);
  let last = store.getState().session;
  let lastHome = store.getState().home;
  store.subscribe(() => {
    const next = store.getState().session;
    if (next !== last) {
      last = next;
      writeStoredSession(storage, next);
    }
    const home = store.getState().home;
    if (home.betting_status !== lastHome.betting_status || home.wallet_amt !== lastHome.wallet_amt) {
      writeStoredHome(storage, home);
    }
    lastHome = home;
  });
  followBrowserConnection(store.dispatch);
  return store;
}

export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
