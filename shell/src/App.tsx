import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { findRoute, PageLoading, ROUTES, type AppStore, type RemoteFamily } from '@matka/shared';
import { BareLayout } from './layout/layouts';
import { RequireBetting } from './layout/RequireBetting';
import { RequireSession } from './layout/RequireSession';
import { TopBarFrame } from './layout/TopBarFrame';
import { attachApiTo, needsApi, WithApi } from './layout/WithApi';
import { LoginForm, LoginPage } from './pages/LoginPage';
import { MAIN_LAYOUT_CODE, PAGE_CODE, REMOTE_PAGE_CODE, type PageCode, type PageModule } from './pages/loaders';
import { UpdatePrompt } from './pwa/UpdatePrompt';

/**
 * A lazy page that, once its code has loaded, renders at once: React.lazy would suspend on the first
 * render even then (import() answers a microtask later), and React holds the content of a Suspense
 * boundary back for up to 300 ms after its fallback showed.
 */
function lazyPage(code: PageCode) {
  // A thenable that answers synchronously when the code is there, so lazy() resolves without suspending.
  const ready = (module: PageModule) => ({ then: (resolve: (m: PageModule) => void) => resolve(module) });
  return lazy(() => (code.loaded ? (ready(code.loaded) as unknown as Promise<PageModule>) : code.preload()));
}

const MainLayout = lazyPage(MAIN_LAYOUT_CODE);
const RemotePage = lazyPage(REMOTE_PAGE_CODE) as LazyExoticComponent<ComponentType<{ family: RemoteFamily }>>;

const RootPage = lazyPage(PAGE_CODE['/']) as LazyExoticComponent<ComponentType<{ loginForm?: ReactNode }>>;
/** '/': the landing page's own code, with the login form of the login page's (already loaded). */
function Landing() {
  return <RootPage loginForm={<LoginForm />} />;
}

/**
 * The shell's own pages. The login page is eager (the first screen); the rest load on demand, the
 * landing page ('/') too: its top bar, menu and tiles are not the login page's to download (index.ts
 * starts the first page's code beside the app's, so '/' waits for no extra round trip).
 */
export const SHELL_PAGES: Record<string, ComponentType | LazyExoticComponent<ComponentType>> = {
  ...Object.fromEntries(Object.entries(PAGE_CODE).map(([path, code]) => [path, lazyPage(code)])),
  '/': Landing,
  '/login': LoginPage,
};

/**
 * Pages whose largest content comes from one public call: the call starts as soon as the store exists,
 * beside the page's code, instead of after the page has rendered (How To Play's LCP is its text).
 * The page's own query then finds the request under way. The subscription ends once it has answered;
 * RTK Query keeps the data for the page, which subscribes meanwhile.
 */
const ROUTE_DATA: Record<string, (store: AppStore) => Promise<void>> = {
  '/htp': (store) =>
    Promise.all([import('./api'), attachApiTo(store)]).then(async ([{ shellApi }]) => {
      const request = store.dispatch(shellApi.endpoints.shellHowToPlay.initiate());
      await request;
      request.unsubscribe();
    }),
};

/** Starts the first page's data (see ROUTE_DATA); a failure is left to the page, which shows it. */
export function prefetchRouteData(pathname: string, store: AppStore): void {
  const route = findRoute(pathname);
  if (route) ROUTE_DATA[route.path]?.(store).catch(() => undefined);
}

function elementFor(path: string, family: string) {
  if (family !== 'shell')
    return (
      <Suspense fallback={<PageLoading />}>
        <RemotePage family={family as RemoteFamily} />
      </Suspense>
    );
  const Page = SHELL_PAGES[path];
  if (!Page) return <Navigate to="/imp" replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      {needsApi(path) ? (
        <WithApi>
          <Page />
        </WithApi>
      ) : (
        <Page />
      )}
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
          <WithApi>
            <MainLayout />
          </WithApi>
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
