import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { selectSession, useAppSelector, type AppStore } from '@matka/shared';
import { startLive } from '@matka/shared/api';

/**
 * The app's one live stream, open while a player is logged in and a page with the top bar is
 * shown: results, market changes, the wallet and the player's news update every page by themselves.
 */
export function LiveStream() {
  const store = useStore() as AppStore;
  const token = useAppSelector(selectSession).unique_token;
  useEffect(() => {
    if (!token) return;
    const live = startLive(store, token);
    return () => live.stop();
  }, [store, token]);
  return null;
}
