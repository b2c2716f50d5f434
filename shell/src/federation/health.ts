/**
 * How each family's release fares on this phone, reported to the server (RELEASES_HTTP.health): a page
 * of the family shown, a load that failed, an error thrown inside it: the family, its release and what
 * happened, with the signed-in player's token (only players' reports count; nothing is sent before login). Sent in batches with navigator.sendBeacon, which never delays the page,
 * at most every few seconds and when the page goes to the background; a tab reports at most
 * MAX_EVENTS_PER_MINUTE events a minute (the rest are dropped).
 */
import { readStoredSession, type RemoteFamily } from '@matka/shared';
import { RELEASES_HTTP } from '@matka/shared/contract';

type Kind = 'view' | 'load' | 'error';
interface HealthEvent {
  family: RemoteFamily;
  version: string;
  kind: Kind;
}

export const FLUSH_AFTER_MS = 5_000;
export const MAX_EVENTS_PER_MINUTE = 30;
const MAX_PER_BEACON = 50;

const versions = new Map<RemoteFamily, { version: string; base: string }>();
const queue: HealthEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let sentThisMinute: number[] = [];
let listening = false;

/** The signed-in player's token (reports count only from players), or none. */
function tokenOf(): string | undefined {
  try {
    return readStoredSession(localStorage).unique_token || undefined;
  } catch {
    return undefined;
  }
}

function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  const unique_token = tokenOf();
  // before login nothing counts: the reports are dropped here rather than refused there
  if (!unique_token) queue.length = 0;
  while (queue.length) {
    const events = queue.splice(0, MAX_PER_BEACON);
    try {
      const body = new Blob([JSON.stringify({ unique_token, events })], { type: 'application/json' });
      if (typeof navigator.sendBeacon === 'function') navigator.sendBeacon(RELEASES_HTTP.health, body);
      else void fetch(RELEASES_HTTP.health, { method: 'POST', body, keepalive: true }).catch(() => undefined);
    } catch {
      // a report that cannot be sent is dropped: it must never disturb the page
    }
  }
}

function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  // an error thrown outside a render (a click handler, a timer) in a family's own code
  window.addEventListener('error', (e) => {
    const file = e.filename ?? '';
    for (const [family, v] of versions) if (file.startsWith(v.base)) return report(family, 'error');
  });
}

/** The release a family was loaded from (from /remotes.json), and the URL its files come from. */
export function familyRelease(family: RemoteFamily, version: string | undefined, entry: string): void {
  if (!version) return; // a family given a fixed URL has no release to report under
  versions.set(family, { version, base: entry.replace(/[^/]*$/, '') });
  listen();
}

/** Counts one event of a family's release (nothing for a family whose release is not known). */
export function report(family: RemoteFamily, kind: Kind): void {
  const v = versions.get(family);
  if (!v) return;
  const now = Date.now();
  sentThisMinute = sentThisMinute.filter((t) => now - t < 60_000);
  if (sentThisMinute.length >= MAX_EVENTS_PER_MINUTE) return;
  sentThisMinute.push(now);
  queue.push({ family, version: v.version, kind });
  timer ??= setTimeout(flush, FLUSH_AFTER_MS);
}
