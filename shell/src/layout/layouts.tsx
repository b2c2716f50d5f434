import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Toaster } from '@matka/shared';
import { ScrollToTop } from './ScrollToTop';

const PullToRefresh = lazy(() =>
  import(/* webpackChunkName: "pull-to-refresh" */ '../components/PullToRefresh').then((m) => ({
    default: m.PullToRefresh,
  })),
);

/**
 * Pull-to-refresh on the bare pages, fetched at the first touch instead of with the first screen (the
 * login page's budget, docs/benchmarks.md): a player's first touch is a tap on a field or a button, and the pull
 * after it works.
 */
function PullToRefreshOnTouch() {
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (touched) return;
    const on = () => setTouched(true);
    window.addEventListener('touchstart', on, { passive: true, once: true });
    return () => window.removeEventListener('touchstart', on);
  }, [touched]);
  return touched ? (
    <Suspense fallback={null}>
      <PullToRefresh />
    </Suspense>
  ) : null;
}

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
      {pullToRefreshOn(pathname) && <PullToRefreshOnTouch />}
      <main className="page page-bare">
        <Outlet />
      </main>
      <Toaster />
    </>
  );
}
