import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { PageLoading, ROUTES, type AppStore, type RemoteFamily } from '@matka/shared';
import { RemotePage } from './federation/RemotePage';
import { BareLayout } from './layout/layouts';
import { RequireSession } from './layout/RequireSession';
import { LoginPage } from './pages/LoginPage';
import { RootPage } from './pages/RootPage';

const MainLayout = lazy(() => import('./layout/MainLayout'));
const HomePage = lazy(() => import('./pages/HomePage'));
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const OtpRegisterPage = lazy(() => import('./pages/OtpRegisterPage'));
const ForgotPage = lazy(() => import('./pages/ForgotPage'));
const OtpForgotPage = lazy(() => import('./pages/OtpForgotPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));
const ChartsPage = lazy(() => import('./pages/ChartsPage'));
const GameRatesPage = lazy(() => import('./pages/GameRatesPage'));
const HowToPlayPage = lazy(() => import('./pages/HowToPlayPage'));
const ChangePasswordPage = lazy(() => import('./pages/ChangePasswordPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage'));
const AboutPage = lazy(() => import('./pages/AboutPage'));

/** The shell's own pages. The login / landing page is eager (the first screen); the rest load on demand. */
export const SHELL_PAGES: Record<string, ComponentType | LazyExoticComponent<ComponentType>> = {
  '/': RootPage,
  '/login': LoginPage,
  '/r': RegisterPage,
  '/otpregister': OtpRegisterPage,
  '/forgotpass': ForgotPage,
  '/otpforgotpass': OtpForgotPage,
  '/change-password': ResetPasswordPage,
  '/imp': HomePage,
  '/imp2': HomePage,
  '/htp': HowToPlayPage,
  '/gameRates': GameRatesPage,
  '/charts': ChartsPage,
  '/change': ChangePasswordPage,
  '/profile': ProfilePage,
  '/privacy': PrivacyPage,
  '/privacypolicy': PrivacyPage,
  '/about': AboutPage,
  '/delete': AboutPage,
};

function elementFor(path: string, family: string) {
  if (family !== 'shell') return <RemotePage family={family as RemoteFamily} />;
  const Page = SHELL_PAGES[path];
  if (!Page) return <Navigate to="/imp" replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

/** Builds the router from the shared route table: layout by top bar, guard by public flag. */
export function buildRoutes(): RouteObject[] {
  const wrap = (r: (typeof ROUTES)[number]): RouteObject => ({
    path: r.path,
    element: r.public ? elementFor(r.path, r.family) : <RequireSession>{elementFor(r.path, r.family)}</RequireSession>,
  });
  return [
    { element: <BareLayout />, children: ROUTES.filter((r) => !r.topBar || r.path === '/').map(wrap) },
    {
      element: (
        <Suspense fallback={<PageLoading />}>
          <MainLayout />
        </Suspense>
      ),
      children: ROUTES.filter((r) => r.topBar && r.path !== '/').map(wrap),
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}

const ROUTE_TREE = buildRoutes();

function AppRoutes() {
  return useRoutes(ROUTE_TREE);
}

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  );
}
