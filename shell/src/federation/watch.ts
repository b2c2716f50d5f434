/**
 * Notices that a family this tab has loaded was deployed again. A family deploys alone
 * (docs/development.md: Deploying one family alone) and the shell reads `/remotes.json` at each page load, but an open
 * tab keeps the build it loaded. So, when the app comes back to the foreground and every 5 minutes, the
 * shell asks again where each loaded family lives and for its `remoteEntry.js`'s validator (ETag, else
 * Last-Modified, else a digest of the file): another URL or another validator than at load is a new build,
 * and the UpdatePrompt offers a reload at a safe moment. Loaded only once a family has loaded: the login
 * page never downloads it. Offline or a failed request changes nothing; the next check asks again.
 */
import type { RemoteFamily } from '@matka/shared';
import { markFamilyUpdated } from './familyUpdates';
import { remotesRequest } from './remotesRequest';

export const CHECK_EVERY_MS = 5 * 60 * 1000;

interface Loaded {
  src: string;
  /** the validator at load time (null: not known yet, or the request failed) */
  baseline: Promise<string | null>;
}
const loaded = new Map<RemoteFamily, Loaded>();
let started = false;

async function digest(res: Response): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', await res.arrayBuffer());
  return `sha256:${Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** What identifies the file at `src` now: its ETag or Last-Modified (a HEAD request), else its digest. */
export async function validatorOf(src: string): Promise<string | null> {
  try {
    const head = await fetch(src, { method: 'HEAD', cache: 'no-store' });
    // a host that does not answer HEAD (405, 501) is asked for the file itself
    if (!head.ok && head.status !== 405 && head.status !== 501) return null;
    const v = head.ok ? (head.headers.get('etag') ?? head.headers.get('last-modified')) : null;
    if (v) return v;
    const res = await fetch(src, { cache: 'no-store' });
    return res.ok ? await digest(res) : null;
  } catch {
    return null;
  }
}

async function currentUrls(): Promise<Partial<Record<RemoteFamily, string>> | null> {
  try {
    const { url, init } = remotesRequest();
    const r = await fetch(url, init);
    return r.ok ? ((await r.json()) as Partial<Record<RemoteFamily, string>>) : null;
  } catch {
    return null;
  }
}

/** Asks once whether any loaded family has a new build; marks those that have. */
export async function checkFamilies(): Promise<void> {
  if (!loaded.size) return;
  const urls = await currentUrls();
  if (!urls) return;
  await Promise.all(
    [...loaded].map(async ([family, was]) => {
      const url = urls[family];
      if (!url) return;
      if (url !== was.src) return markFamilyUpdated(family);
      const [before, now] = await Promise.all([was.baseline, validatorOf(was.src)]);
      if (before === null) {
        // the first reading failed (offline at load): this one becomes the baseline
        if (now !== null) was.baseline = Promise.resolve(now);
        return;
      }
      if (now !== null && now !== before) markFamilyUpdated(family);
    }),
  );
}

/** A family has just loaded from `src`: remember its validator and start watching (once per tab). */
export function watchFamily(family: RemoteFamily, src: string): void {
  loaded.set(family, { src, baseline: validatorOf(src) });
  if (started) return;
  started = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkFamilies();
  });
  setInterval(() => void checkFamilies(), CHECK_EVERY_MS);
}
