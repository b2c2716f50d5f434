import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { consoleApi, sessionSlice } from './api';

/** The console's own store: its session and the operator API's cache. Nothing of the player's app. */
export function createConsoleStore() {
  const store = configureStore({
    reducer: { session: sessionSlice.reducer, [consoleApi.reducerPath]: consoleApi.reducer },
    middleware: (getDefault) => getDefault().concat(consoleApi.middleware),
  });
  // Focus and visibility: the dashboard's polling pauses while the tab is hidden (skipPollingIfUnfocused).
  setupListeners(store.dispatch);
  return store;
}

export type ConsoleStore = ReturnType<typeof createConsoleStore>;
export type ConsoleState = ReturnType<ConsoleStore['getState']>;
export const useConsoleDispatch = useDispatch.withTypes<ConsoleStore['dispatch']>();
export const useConsoleSelector = useSelector.withTypes<ConsoleState>();
