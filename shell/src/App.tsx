import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { ROUTES, type AppStore, type RemoteFamily } from '@matka/shared';
import { RemotePage } from './federation/RemotePage';
import { MainLayout, BareLayout } from './layout/layouts';
import { RequireSession } from './layout/RequireSession';
import { LoginPage } from './pages/LoginPage';
import { RootPage } from './pages/RootPage';

const HomePage = lazy(() => import('./pages/HomePage'));

/** The shell's own pages. The login page is eager (the first screen); the rest load on demand. */
const SHELL_PAGES: Record<string, ComponentType | LazyExoticComponent<ComponentType>> = {
  '/': RootPage,
  '/login': LoginPage,
  '/imp': HomePage,
  '/imp2': HomePage,
};

function elementFor(path: string, family: string) {
  if (family !== 'shell') return <RemotePage family={family as RemoteFamily} />;
  const Page = SHELL_PAGES[path];
  return Page ? <Page /> : <Navigate to="/imp" replace />;
}

/** Builds the router from the shared route table: layout by top bar, guard by public flag. */
export function buildRoutes(): RouteObject[] {
  const wrap = (r: (typeof ROUTES)[number]): RouteObject => ({
    path: r.path,
    element: r.public ? elementFor(r.path, r.family) : <RequireSession>{elementFor(r.path, r.family)}</RequireSession>,
  });
  return [
    { element: <BareLayout />, children: ROUTES.filter((r) => !r.topBar || r.path === '/').map(wrap) },
    { element: <MainLayout />, children: ROUTES.filter((r) => r.topBar && r.path !== '/').map(wrap) },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}

export function App({ store }: { store: AppStore }) {
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
