import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { PageLoading, ROUTES, type AppStore, type RemoteFamily } from '@matka/shared';
import { RemotePage } from './federation/RemotePage';
import { BareLayout } from './layout/layouts';
import { RequireBetting } from './layout/RequireBetting';
import { RequireSession } from './layout/RequireSession';
import { TopBarFrame } from './layout/TopBarFrame';
import { LoginPage } from './pages/LoginPage';
import { RootPage } from './pages/RootPage';
import { UpdatePrompt } from './pwa/UpdatePrompt';

type PageModule = Promise<{ default: ComponentType }>;

/** Loaders of the lazy pages, by path (also used to start the first page's download early). */
const LOADERS: Record<string, () => PageModule> = {
  '/r': () => import('./pages/RegisterPage'),
  '/otpregister': () => import('./pages/OtpRegisterPage'),
  '/forgotpass': () => import('./pages/ForgotPage'),
  '/otpforgotpass': () => import('./pages/OtpForgotPage'),
  '/change-password': () => import('./pages/ResetPasswordPage'),
  '/imp': () => import('./pages/HomePage'),
  '/imp2': () => import('./pages/HomePage'),
  '/htp': () => import('./pages/HowToPlayPage'),
  '/gameRates': () => import('./pages/GameRatesPage'),
  '/charts': () => import('./pages/ChartsPage'),
  '/change': () => import('./pages/ChangePasswordPage'),
  '/profile': () => import('./pages/ProfilePage'),
  '/privacy': () => import('./pages/PrivacyPage'),
  '/privacypolicy': () => import('./pages/PrivacyPage'),
  '/about': () => import('./pages/AboutPage'),
  '/delete': () => import('./pages/AboutPage'),
};
const loadMainLayout = () => import('./layout/MainLayout');
const MainLayout = lazy(loadMainLayout);

/** The shell's own pages. The login / landing page is eager (the first screen); the rest load on demand. */
export const SHELL_PAGES: Record<string, ComponentType | LazyExoticComponent<ComponentType>> = {
  '/': RootPage,
  '/login': LoginPage,
  ...Object.fromEntries(Object.entries(LOADERS).map(([path, load]) => [path, lazy(load)])),
};

/**
 * Starts downloading the first page's code and its layout together, instead of one after the other
 * as React would discover them (the layout renders, then the page inside it).
 */
export function preloadRoute(pathname: string): void {
  const route = ROUTES.find((r) => r.path.toLowerCase() === pathname.toLowerCase().replace(/(.)\/+$/, '$1'));
  if (!route) return;
  if (route.topBar && route.path !== '/') void loadMainLayout();
  void LOADERS[route.path]?.();
}

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

/**
 * Builds the router from the shared route table: layout by top bar, session guard by the public flag,
 * betting guard (spec section 6) by the betting flag.
 */
export function buildRoutes(): RouteObject[] {
  const wrap = (r: (typeof ROUTES)[number]): RouteObject => {
    const page = elementFor(r.path, r.family);
    const gated = r.betting ? <RequireBetting>{page}</RequireBetting> : page;
    return { path: r.path, element: r.public ? gated : <RequireSession>{gated}</RequireSession> };
  };
  return [
    { element: <BareLayout />, children: ROUTES.filter((r) => !r.topBar || r.path === '/').map(wrap) },
    {
      element: (
        <Suspense fallback={<TopBarFrame />}>
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
      {/*
        No transitions: a navigation to a page whose code is still loading shows its loading state at
        once. With them React keeps the previous page on screen and interactive meanwhile, although the
        address has changed (typing into /login's Phone Number after following 'Forgot Password?' was lost).
      */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
        <UpdatePrompt />
      </BrowserRouter>
    </Provider>
  );
}
