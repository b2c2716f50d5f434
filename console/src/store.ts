import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { consoleApi, sessionSlice } from './api';

/** The console's own store: its session and the operator API's cache. Nothing of the player's app. */
export function createConsoleStore() {
  return configureStore({
    reducer: { session: sessionSlice.reducer, [consoleApi.reducerPath]: consoleApi.reducer },
    middleware: (getDefault) => getDefault().concat(consoleApi.middleware),
  });
}

export type ConsoleStore = ReturnType<typeof createConsoleStore>;
export type ConsoleState = ReturnType<ConsoleStore['getState']>;
export const useConsoleDispatch = useDispatch.withTypes<ConsoleStore['dispatch']>();
export const useConsoleSelector = useSelector.withTypes<ConsoleState>();
