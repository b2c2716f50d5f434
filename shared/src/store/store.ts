import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api } from '../api/api';
import { homeSlice } from './home';
import { readStoredSession, sessionSlice, writeStoredSession } from './session';

/** Slices a remote injects later declare themselves here (module augmentation). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/**
 * The one root reducer. Remotes add their slices with `rootReducer.inject(slice)` and their endpoints
 * with `api.injectEndpoints`; @matka/shared is a federation singleton, so every remote injects into
 * the same reducer the shell's store runs.
 */
export const rootReducer = combineSlices(sessionSlice, homeSlice, api).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

function defaultStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

/** Creates the store with the stored session restored and kept in storage on every change. */
export function createAppStore(options: { storage?: Storage } = {}) {
  const storage = options.storage ?? defaultStorage();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { session: readStoredSession(storage) } as Partial<RootState>,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // Focus/visibility listeners: polled lists pause while the tab is hidden (skipPollingIfUnfocused).
  if (typeof window !== 'undefined') setupListeners(store.dispatch);
  let last = store.getState().session;
  store.subscribe(() => {
    const next = store.getState().session;
    if (next !== last) {
      last = next;
      writeStoredSession(storage, next);
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
