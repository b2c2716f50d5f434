/// <reference lib="webworker" />
/**
 * The player app's service worker, built by Workbox's InjectManifest (build/webpack.js):
 * - the shell's own files are precached (the build lists them in `self.__WB_MANIFEST`), so the app
 *   starts on a patchy network;
 * - a remote's content-hashed chunks are kept once fetched (cache-first: a hashed name never changes);
 * - what names the remotes' builds (remotes.json, remoteEntry.js, mf-manifest.json) comes from the
 *   network first; its last copy answers only when the network does not, so a family visited before
 *   opens offline (and a remote deployed alone is still picked up at the next load online);
 * - config.json and every API call go to the network only: wallets and results are never served stale
 *   as if fresh;
 * - a page navigation goes to the network and falls back to the last page the server sent (it carries
 *   the runtime config), so the app opens offline with the last data;
 * - a new version waits until the player taps Reload ('SKIP_WAITING' from the page): no silent reload
 *   mid-bid.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { NETWORK_ONLY, NOT_THE_APP, REMOTE_CHUNK, REMOTE_ENTRY } from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so the remotes it loads next are kept too. (A new
// version activates only on the player's Reload, and that reloads the page.)
clientsClaim();

registerRoute(({ url }) => NETWORK_ONLY.test(url.pathname), new NetworkOnly());

registerRoute(
  ({ url }) => REMOTE_ENTRY.test(url.pathname),
  new NetworkFirst({
    cacheName: 'matka-remote-entries',
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 20, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url }) => REMOTE_CHUNK.test(url.pathname),
  new CacheFirst({
    cacheName: 'matka-remote-chunks',
    plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

/** Every route of the app is the same page: one cache entry, whatever the path. */
const APP_PAGE = '/__app-page';
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: 'matka-app-page',
      networkTimeoutSeconds: 5,
      plugins: [{ cacheKeyWillBeUsed: async () => APP_PAGE }],
    }),
    { denylist: [NOT_THE_APP] },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/**
 * Web push: a result, a win, a money decision or a notice while the app is closed. The server
 * sends a PushMessage (@matka/shared/contract): shown as a notification; a tap opens its page in the
 * app's window (or a new one).
 */
interface Shown {
  title: string;
  body: string;
  url: string;
  tag: string;
}

function readPush(data: PushMessageData | null): Shown | null {
  try {
    const m = data?.json() as Partial<Shown> | undefined;
    if (!m || typeof m.title !== 'string' || typeof m.body !== 'string') return null;
    return {
      title: m.title,
      body: m.body,
      url: typeof m.url === 'string' ? m.url : '/notifications',
      tag: typeof m.tag === 'string' ? m.tag : '',
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const m = readPush(event.data);
  if (!m) return;
  event.waitUntil(
    self.registration.showNotification(m.title, {
      body: m.body,
      tag: m.tag || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: m.url },
    }),
  );
});

/** The page a notification opens: a path of the app, or an https address (a notice's link). */
function targetOf(url: unknown): string {
  if (typeof url === 'string' && /^https:\/\//.test(url)) return url;
  const path = typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/notifications';
  return new URL(path, self.location.origin).href;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetOf((event.notification.data as { url?: unknown } | null)?.url);
  const sameApp = target.startsWith(self.location.origin);
  event.waitUntil(
    (async () => {
      if (sameApp) {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((w) => w.url.startsWith(self.location.origin));
        if (open) {
          await open.focus();
          await open.navigate(target);
          return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
