import { createSlice } from '@reduxjs/toolkit';

/**
 * Whether the app can reach its server. Offline when the browser says so (the `offline` event) or
 * when a request could not reach the server; online again at the `online` event or the first answer.
 * Screens keep the last data they have and disable bids and money requests meanwhile.
 */
export interface NetworkState {
  offline: boolean;
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export const networkSlice = createSlice({
  name: 'network',
  initialState: (): NetworkState => ({ offline: browserOffline() }),
  reducers: {
    /** The browser went offline, or a request could not reach the server. */
    connectionLost: (state) => {
      state.offline = true;
    },
    /** The browser is back online, or the server answered. */
    connectionBack: (state) => {
      state.offline = false;
    },
  },
  selectors: {
    selectOffline: (s) => s.offline,
  },
});

export const { connectionLost, connectionBack } = networkSlice.actions;
export const { selectOffline } = networkSlice.selectors;

/** Follows the browser's online / offline events; returns the function that stops following them. */
export function followBrowserConnection(dispatch: (action: unknown) => unknown): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const lost = () => dispatch(connectionLost());
  const back = () => dispatch(connectionBack());
  window.addEventListener('offline', lost);
  window.addEventListener('online', back);
  return () => {
    window.removeEventListener('offline', lost);
    window.removeEventListener('online', back);
  };
}
