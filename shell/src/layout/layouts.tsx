import { Outlet } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { ScrollToTop } from './ScrollToTop';
import { TopBar } from './TopBar';

/** Pages without the top bar (auth screens). */
export function BareLayout() {
  return (
    <>
      <ScrollToTop />
      <main className="page page-bare">
        <Outlet />
      </main>
      <ToastContainer position="top-right" autoClose={5000} />
    </>
  );
}

/** Pages with the top bar. */
export function MainLayout() {
  return (
    <>
      <ScrollToTop />
      <TopBar />
      <main className="page">
        <Outlet />
      </main>
      <ToastContainer position="top-right" autoClose={5000} />
    </>
  );
}
