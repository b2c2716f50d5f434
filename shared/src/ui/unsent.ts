/**
 * Whether a bid screen on the page holds rows not yet sent: the shell offers a new
 * version of the app or of a family only when none does, so a reload never interrupts a slip being
 * made. One copy for the whole page: `@matka/shared` is a Module Federation singleton, so BidEntry (in
 * a remote) and the shell's prompt read the same set.
 */
const holders = new Set<object>();
const listeners = new Set<() => void>();

/** A bid screen says whether it holds unsent rows now (and false when it goes away). */
export function holdUnsentRows(screen: object, holds: boolean): void {
  const had = holders.size > 0;
  if (holds) holders.add(screen);
  else holders.delete(screen);
  if (had !== holders.size > 0) listeners.forEach((l) => l());
}

/** For useSyncExternalStore: whether any bid screen holds unsent rows. */
export const hasUnsentRows = (): boolean => holders.size > 0;
export function onUnsentRows(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
