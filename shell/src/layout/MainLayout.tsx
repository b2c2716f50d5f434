import { Outlet } from 'react-router-dom';
import { OfflineBanner, Toaster } from '@matka/shared';
import { PullToRefresh } from '../components/PullToRefresh';
import { ScrollToTop } from './ScrollToTop';
import { TopBar } from './TopBar';
import { LiveStream } from './LiveStream';
import { AgePrompt } from './AgePrompt';
import { RealityCheck } from './RealityCheck';

/**
 * Pages with the top bar; a pull-down at the top of the page reloads it. Loaded on demand, so the
 * login page does not download the top bar, the side menu and pull-to-refresh.
 */
export default function MainLayout() {
  return (
    <>
      <ScrollToTop />
      <LiveStream />
      <AgePrompt />
      <RealityCheck />
      <TopBar />
      <PullToRefresh />
      <main className="page">
        <OfflineBanner />
        <Outlet />
      </main>
      <Toaster />
    </>
  );
}
