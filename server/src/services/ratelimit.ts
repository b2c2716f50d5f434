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

  /** Hits of key inside the window. */
  count(key: string): number {
    return this.recent(key, this.clock.now().getTime()).length;
  }

  /** Time (ms) of key's latest hit inside the window; 0 when none. */
  last(key: string): number {
    const list = this.recent(key, this.clock.now().getTime());
    return list.length ? list[list.length - 1] : 0;
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

/** What a password check may do next: go ahead (then report the outcome), or be refused now. */
export interface PasswordAttempt {
  /** the password was right: the attempt gives its counts back and the pair's failures are forgotten */
  succeeded(): void;
}

/**
 * Password guessing limits of the login and change-password calls. Failures are counted per
 * (mobile, IP): after 3 failures of one pair, each further try waits 1, 2, 4, 8 ... seconds after the
 * last failure, and at `loginPerMobile` failures the pair is refused for the window. So someone else's
 * failures (another IP) never lock the owner out, except past `loginPerMobile` × 10 failures of one
 * mobile from every IP together (a distributed attack). Per IP, only failures count: past `loginPerIp`
 * failures an IP may still try a mobile it has not failed on (a NAT's other players), while any IP
 * is held to `loginPerIp` × 10 attempts in all. Checked and counted synchronously (before any await).
 */
export class PasswordGuard {
  constructor(
    private readonly limiter: SlidingWindowLimiter,
    private readonly clock: Clock,
    private readonly limits: { loginPerMobile: number; loginPerIp: number; windowMs: number },
  ) {}

  begin(scope: string, mobile: string, ip: string): PasswordAttempt | null {
    const { loginPerMobile, loginPerIp, windowMs } = this.limits;
    const pair = `${scope}:pair:${mobile}|${ip}`;
    const perMobile = `${scope}:m:${mobile}`;
    const ipFailures = `${scope}:ipf:${ip}`;
    const ipAll = `${scope}:ipall:${ip}`;
    const l = this.limiter;
    const failures = l.count(pair);
    if (failures >= loginPerMobile) return null;
    if (failures >= 3) {
      const wait = Math.min(1000 * 2 ** (failures - 3), windowMs);
      if (this.clock.now().getTime() - l.last(pair) < wait) return null;
    }
    if (l.count(perMobile) >= loginPerMobile * 10) return null;
    if (failures > 0 && l.count(ipFailures) >= loginPerIp) return null;
    if (l.count(ipAll) >= loginPerIp * 10) return null;
    // counted as a failure until it proves right
    for (const k of [pair, perMobile, ipFailures, ipAll]) l.hit(k);
    return {
      succeeded: () => {
        l.refund(perMobile);
        l.refund(ipFailures);
        l.reset(pair);
      },
    };
  }

  /** Forget a mobile's failures (its password was reset through a code). */
  forget(scope: string, mobile: string) {
    this.limiter.reset(`${scope}:m:${mobile}`);
  }
}
