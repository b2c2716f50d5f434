import { selectBettingOn, selectIsLoggedIn, useAppSelector } from '@matka/shared';
import { useHomeInfoQuery } from './api';

/**
 * betting_status === '1' from the home info, fetched when a page needs it (a remote's page may be
 * the first one opened) and shared with the top bar's subscription.
 */
export function useBettingOn(): boolean {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  useHomeInfoQuery(undefined, { skip: !loggedIn });
  return useAppSelector(selectBettingOn);
}
