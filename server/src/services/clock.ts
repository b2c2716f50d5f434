import { formatMinutes12, formatMomentText, kolkataDateParts } from '@matka/shared/domain';

export { formatMinutes12 };

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system's time moved by `ms` (config CLOCK_OFFSET_MS: a test or staging server only). */
export const offsetClock = (ms: number): Clock => ({ now: () => new Date(Date.now() + ms) });

/** A clock tests can move: setClock(clock, '2026-01-05T10:00:00+05:30'). */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date | string | number = Date.now()) {
    this.t = new Date(start).getTime();
  }
  now() {
    return new Date(this.t);
  }
  set(t: Date | string | number) {
    this.t = new Date(t).getTime();
  }
  advance(ms: number) {
    this.t += ms;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of `now` in Asia/Kolkata. */
export function kolkataIsoDate(now: Date): string {
  const p = kolkataDateParts(now);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

export { parseHHMM } from '@matka/shared/domain';

export function minutesToHHMM(m: number): string {
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** '2026-03-10' -> the instant 00:00 of that day in Asia/Kolkata (UTC+05:30, no daylight saving). */
export function kolkataDayStart(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00+05:30`);
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(isoDate: string, n: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** A moment as the histories show it, Asia/Kolkata: '10-March-2026 02:05 PM'. */
export function formatKolkataDateTime(d: Date | string): string {
  return formatMomentText(d);
}

/** A moment for operator listings, Asia/Kolkata: '2026-03-10 14:05'. */
export function formatKolkataShort(d: Date | string): string {
  const p = kolkataDateParts(new Date(d));
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}
