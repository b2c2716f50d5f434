/**
 * The service worker from the page's side (workbox-window, loaded after the page has loaded): registers
 * /sw.js, looks for a new version when the app comes back to the foreground and every 30 minutes, and
 * tells the UpdatePrompt when one is waiting. The new version takes over only when the player taps
 * Reload: never a silent reload mid-bid.
 */
import type { Workbox } from 'workbox-window';

const CHECK_EVERY_MS = 30 * 60 * 1000;

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting = false;
let workbox: Workbox | undefined;
let reloadAsked = false;

function setWaiting(value: boolean) {
  waiting = value;
  listeners.forEach((l) => l());
}

/** For useSyncExternalStore: whether a new version waits for the player's Reload. */
export const updateWaiting = () => waiting;
export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Registers the service worker (production builds, browsers that have them). */
export async function startServiceWorker(): Promise<void> {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return;
  }
  const { Workbox } = await import(/* webpackChunkName: "workbox-window" */ 'workbox-window');
  const wb = new Workbox('/sw.js');
  workbox = wb;
  wb.addEventListener('waiting', () => setWaiting(true));
  // This tab asked for the new version: load the page it serves. (Another tab's Reload does not reload this one.)
  wb.addEventListener('controlling', () => {
    if (reloadAsked) window.location.reload();
  });
  await wb.register();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
  });
  setInterval(() => void wb.update().catch(() => undefined), CHECK_EVERY_MS);
}

/** The player tapped Reload: the waiting version takes over, then the page reloads. */
export function applyUpdate(): void {
  if (!workbox) return window.location.reload();
  reloadAsked = true;
  workbox.messageSkipWaiting();
}

/** Starts the service worker once the page has loaded, so it never competes with the first screen. */
export function startServiceWorkerAfterLoad(): void {
  const start = () => void startServiceWorker().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
