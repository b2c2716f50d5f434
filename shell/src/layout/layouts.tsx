import { Outlet } from 'react-router-dom';
import { Toaster } from '@matka/shared';
import { ScrollToTop } from './ScrollToTop';

/** Pages without the top bar (auth screens). Toasts: top-right, 5 s by default (bid screens pass 3 s). */
export function BareLayout() {
  return (
    <>
      <ScrollToTop />
      <main className="page page-bare">
        <Outlet />
      </main>
      <Toaster />
    </>
  );
}
