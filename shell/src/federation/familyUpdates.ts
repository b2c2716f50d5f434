/**
 * Which loaded families have a newer build deployed than the one this tab runs: set by
 * the watcher (watch.ts, loaded once a family has loaded), read by the UpdatePrompt, which offers a
 * reload. Kept tiny: the login page carries it.
 */
import type { RemoteFamily } from '@matka/shared';

const updated = new Set<RemoteFamily>();
const listeners = new Set<() => void>();

export function markFamilyUpdated(family: RemoteFamily): void {
  if (updated.has(family)) return;
  updated.add(family);
  listeners.forEach((l) => l());
}

/** For useSyncExternalStore: whether a loaded family has a new build waiting for a reload. */
export const familyUpdateWaiting = (): boolean => updated.size > 0;
export function onFamilyUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
