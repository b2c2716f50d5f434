/**
 * The code of the shell's lazy pages and of the main layout, by route. It has no React and no shared
 * singleton, so the entry (index.ts) can start the first page's download while the app's own code is
 * still on its way, instead of after it has run. App.tsx makes the lazy components from it.
 */
import type { ComponentType } from 'react';
import { findRoute } from '@matka/shared/routes';

export type PageModule = { default: ComponentType };

/** Code that loads once: `preload()` starts it (again after a failure), `loaded` holds it once there. */
export interface PageCode {
  preload(): Promise<PageModule>;
  readonly loaded: PageModule | undefined;
}

function pageCode(load: () => Promise<PageModule>): PageCode {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  return {
    preload: () =>
      (pending ??= load().then(
        (module) => (loaded = module),
        (error: unknown) => {
          pending = undefined; // a later render tries again
          throw error;
        },
      )),
    get loaded() {
      return loaded;
    },
  };
}

export const PAGE_CODE: Record<string, PageCode> = Object.fromEntries(
  Object.entries({
    '/': () => import('./RootPage'),
    '/r': () => import('./RegisterPage'),
    '/otpregister': () => import('./OtpRegisterPage'),
    '/forgotpass': () => import('./ForgotPage'),
    '/otpforgotpass': () => import('./OtpForgotPage'),
    '/change-password': () => import('./ForgotNewPasswordPage'),
    '/imp': () => import('./HomePage'),
    '/imp2': () => import('./HomePage'),
    '/htp': () => import('./HowToPlayPage'),
    '/gameRates': () => import('./GameRatesPage'),
    '/charts': () => import('./ChartsPage'),
    '/change': () => import('./ChangePasswordPage'),
    '/profile': () => import('./ProfilePage'),
    '/privacy': () => import('./PrivacyPage'),
    '/privacypolicy': () => import('./PrivacyPage'),
    '/about': () => import('./AboutPage'),
    '/delete': () => import('./AboutPage'),
    '/notifications': () => import('./NotificationsPage'),
    '/notifysettings': () => import('./PushSettingsPage'),
    '/responsible': () => import('./ResponsiblePage'),
    '/verify': () => import('./VerifyPage'),
  } satisfies Record<string, () => Promise<PageModule>>).map(([path, load]) => [path, pageCode(load)]),
);

export const MAIN_LAYOUT_CODE = pageCode(() => import('../layout/MainLayout'));

/**
 * The code that loads a remote family's pages (federation/RemotePage and the remotes' loader): not the
 * login page's to download; fetched beside the app's code when the first page is a remote's.
 */
export const REMOTE_PAGE_CODE = pageCode(() =>
  import('../federation/RemotePage').then((m) => ({ default: m.RemotePage as ComponentType })),
);

/**
 * The runtime the families run on is a file of its own (build/webpack.js: FAMILIES_RUNTIME), which the
 * family loader asks for once it has run: on a family's first page it is fetched now, beside the loader.
 */
function preloadFamiliesRuntime(): void {
  const href = process.env.MATKA_FAMILIES_RUNTIME;
  if (!href || typeof document === 'undefined' || document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.appendChild(link);
}

/**
 * Starts downloading a route's page code and its layout together, instead of one after the other
 * as React would discover them (the layout renders, then the page inside it); for a family's page, the
 * family's release too. Settles when both are
 * there or failed (the page's own loading then shows the failure).
 */
export function preloadRoute(pathname: string): Promise<void> {
  const route = findRoute(pathname);
  if (!route) return Promise.resolve();
  const layout = route.topBar && route.path !== '/' ? MAIN_LAYOUT_CODE.preload() : null;
  const { family } = route;
  if (family !== 'shell') preloadFamiliesRuntime();
  const page =
    family === 'shell'
      ? PAGE_CODE[route.path]?.preload()
      : // the family's own code starts as soon as the loader is there, not once the layout has rendered
        REMOTE_PAGE_CODE.preload()
          .then(() => import('../federation/remotes'))
          .then((m) => m.loadFamily(family));
  return Promise.allSettled([layout, page]).then(() => undefined);
}
