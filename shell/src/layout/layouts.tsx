import { Outlet, useLocation } from 'react-router-dom';
import { Toaster } from '@matka/shared';
import { PullToRefresh } from '../components/PullToRefresh';
import { ScrollToTop } from './ScrollToTop';

/**
 * Bare pages where a reload would lose what the page holds only in memory (the registration draft,
 * the forgot-password phone and code): no pull-to-refresh there.
 */
export const NO_PULL_TO_REFRESH = ['/otpregister', '/otpforgotpass', '/change-password'];

export const pullToRefreshOn = (pathname: string): boolean =>
  !NO_PULL_TO_REFRESH.includes(pathname.toLowerCase().replace(/(.)\/+$/, '$1'));

/**
 * Pages without the top bar (the landing page and the auth screens); a pull-down at the top of the
 * page reloads it, except where {@link NO_PULL_TO_REFRESH}. Toasts: top-right, 5 s by default (bid
 * screens pass 3 s).
 */
export function BareLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollToTop />
      {pullToRefreshOn(pathname) && <PullToRefresh />}
      <main className="page page-bare">
        <Outlet />
      </main>
      <Toaster />
    </>
  );
}
