/**
 * Bid writes in flight, per market. A declaration commits its result and then waits for the writes that
 * were already under way (their statements may have started before the commit, so they could not see
 * the result), before it settles the market a second time: no bid of a declared session stays pending.
 * Writes that start after the commit see the result and are refused by the bid statement itself.
 */
export class BidTracker {
  private running = new Map<number, Set<Promise<unknown>>>();

  /** Runs `write` as an in-flight bid write of the market. */
  async track<T>(marketId: number, write: () => Promise<T>): Promise<T> {
    const p = write();
    let set = this.running.get(marketId);
    if (!set) this.running.set(marketId, (set = new Set()));
    set.add(p);
    try {
      return await p;
    } finally {
      set.delete(p);
      if (set.size === 0 && this.running.get(marketId) === set) this.running.delete(marketId);
    }
  }

  /** Resolves when every write of the market under way now has finished (whatever its outcome). */
  async settled(marketId: number): Promise<void> {
    const set = this.running.get(marketId);
    if (set && set.size) await Promise.allSettled([...set]);
  }

  count(marketId: number): number {
    return this.running.get(marketId)?.size ?? 0;
  }
}
