import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoading, selectHome, useAppSelector } from '@matka/shared';
import type { BettingOffState } from '@matka/shared/ui';

/*
 * Loaded only while the betting status is unknown: it asks for the home info (RTK Query, which the
 * login page does not load). Once the status is in the store the gate decides without it.
 */
const HomeInfoPending = lazy(() => import('./HomeInfoPending'));

/**
 * Spec section 6: paths that need betting on (the route table's `betting` flag). Once the home info has
 * loaded, a player whose betting_status is not '1' goes to /imp, where the notice says why; until
 * then the page waits (loading).
 */
export function RequireBetting({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectHome).betting_status;
  const { pathname } = useLocation();
  const why: BettingOffState = { bettingOffFrom: pathname };
  if (status === null) {
    return (
      <Suspense fallback={<PageLoading />}>
        <HomeInfoPending />
      </Suspense>
    );
  }
  return status === '1' ? <>{children}</> : <Navigate to="/imp" replace state={why} />;
}
