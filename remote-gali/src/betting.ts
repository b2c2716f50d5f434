import { selectBettingOn, selectIsLoggedIn, useAppSelector } from '@matka/shared';
import { useHomeInfoQuery } from '@matka/shared/api';

/** betting_status === '1' from the home info (fetched once and shared with the top bar's subscription). */
export function useBettingOn(): boolean {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  useHomeInfoQuery(undefined, { skip: !loggedIn });
  return useAppSelector(selectBettingOn);
}
