import { Outlet } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { PullToRefresh } from '../components/PullToRefresh';
import { ScrollToTop } from './ScrollToTop';
import { TopBar } from './TopBar';

/** Toasts: top-right, 5 s by default (bid screens pass 3 s). */
function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} newestOnTop limit={3} />;
}

/** Pages without the top bar (auth screens). */
export function BareLayout() {
  return (
    <>
      <ScrollToTop />
      <main className="page page-bare">
        <Outlet />
      </main>
      <Toasts />
    </>
  );
}

/** Pages with the top bar; a pull-down at the top of the page reloads it. */
export function MainLayout() {
  return (
    <>
      <ScrollToTop />
      <TopBar />
      <PullToRefresh />
      <main className="page">
        <Outlet />
      </main>
      <Toasts />
    </>
  );
}
