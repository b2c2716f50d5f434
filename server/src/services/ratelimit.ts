import type { Clock } from './clock';

/**
 * In-memory sliding-window counter (per process). Callers check and count in the same synchronous step
 * (take(), or isLimited() then hit() with no await between), so that concurrent requests cannot all
 * pass the check before any of them is counted.
 */
export class SlidingWindowLimiter {
  private hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = this.hits.get(key);
    if (!list) return [];
    const from = now - this.windowMs;
    let i = 0;
    while (i < list.length && list[i] <= from) i++;
    if (i > 0) list.splice(0, i);
    if (list.length === 0) this.hits.delete(key);
    return list;
  }

  /** True when key has already used `limit` hits inside the window. */
  isLimited(key: string, limit: number): boolean {
    return this.recent(key, this.clock.now().getTime()).length >= limit;
  }

  hit(key: string) {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const list = this.recent(key, now);
    list.push(now);
    this.hits.set(key, list);
  }

  /**
   * Checks every [key, limit] pair and, when none is used up, counts one hit on each — synchronously, so
   * concurrent requests are counted before any of them awaits. False (nothing counted) when limited.
   */
  take(pairs: [string, number][]): boolean {
    for (const [key, limit] of pairs) if (this.isLimited(key, limit)) return false;
    for (const [key] of pairs) this.hit(key);
    return true;
  }

  /** Gives back the latest hit of key (a counted attempt that turned out not to count, e.g. a good login). */
  refund(key: string) {
    const list = this.hits.get(key);
    if (!list || list.length === 0) return;
    list.pop();
    if (list.length === 0) this.hits.delete(key);
  }

  reset(key: string) {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const key of [...this.hits.keys()]) this.recent(key, now);
  }
}

/**
 * At most one event per key per gap (the OTP resend gap), checked and claimed synchronously: of
 * concurrent callers exactly one gets through. Entries older than the gap are swept as it grows.
 */
export class GapGate {
  private last = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  /** 0 when the key was free (now claimed), else the milliseconds left until it is free again. */
  claim(key: string, gapMs: number): number {
    const now = this.clock.now().getTime();
    const prev = this.last.get(key);
    if (prev !== undefined && now - prev < gapMs && now >= prev) return gapMs - (now - prev);
    if (this.last.size > 10_000) {
      for (const [k, t] of this.last) if (now - t >= gapMs || now < t) this.last.delete(k);
    }
    this.last.set(key, now);
    return 0;
  }

  /** Frees a key claimed by a request that did not go through (the code could not be sent). */
  release(key: string): void {
    this.last.delete(key);
  }
}
