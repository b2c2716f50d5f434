/**
 * Market times and sessions. No hidden clock: every rule takes `now`. Times are compared as
 * minutes of the day (hour and minute; seconds ignored) in `timeZone`, by default the markets' own zone
 * 'Asia/Kolkata': the server and every screen judge market hours there, whatever the phone's zone.
 * An invalid zone falls back to Asia/Kolkata; an invalid time or date never opens anything.
 */
import { BET_TYPES, type BetTypeId, type Session } from './betTypes';

export const MARKET_TIME_ZONE = 'Asia/Kolkata';

/** 570 -> '09:30 AM', 0 -> '12:00 AM', 750 -> '12:30 PM' */
export function formatMinutes12(m: number): string {
  const h = Math.floor(m / 60);
  const min = m % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h12)}:${two(min)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** '03:45 PM' -> 945, '12:05 AM' -> 5, '12:30 PM' -> 750; also 24-hour '15:45' (optional ':ss'). Null when invalid. */
export function parseTime12(t: string): number | null {
  if (typeof t !== 'string') return null;
  const m = /^\s*(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?\s*$/.exec(t);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59) return null;
  if (!m[3]) return h <= 23 ? h * 60 + min : null;
  if (h < 1 || h > 12) return null;
  return ((h % 12) + (m[3].toUpperCase() === 'PM' ? 12 : 0)) * 60 + min;
}

export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        weekday: 'short',
      });
    } catch {
      return formatter(MARKET_TIME_ZONE); // unknown zone name
    }
    formatters.set(timeZone, f);
  }
  return f;
}

const NO_PARTS: DateParts = { year: NaN, month: NaN, day: NaN, hour: NaN, minute: NaN, weekday: NaN };

/** Calendar and wall-clock fields of `now` in a time zone (month 1-12, weekday 0 = Sunday). NaN fields for an invalid date. */
export function zonedDateParts(now: Date, timeZone: string = MARKET_TIME_ZONE): DateParts {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) return { ...NO_PARTS };
  // Every field is the same for a whole minute (zone offsets are whole minutes): Intl is asked once a
  // minute per zone, not for every market of every polled list.
  const minute = Math.floor(now.getTime() / 60_000);
  const hit = lastParts.get(timeZone);
  if (hit && hit.minute === minute) return { ...hit.parts };
  const parts = formatParts(now, timeZone);
  if (lastParts.size > 16) lastParts.clear();
  lastParts.set(timeZone, { minute, parts });
  return { ...parts };
}

const lastParts = new Map<string, { minute: number; parts: DateParts }>();

function formatParts(now: Date, timeZone: string): DateParts {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour) % 24,
    minute: Number(p.minute),
    weekday: WEEKDAYS.indexOf(p.weekday),
  };
}

export function kolkataDateParts(now: Date): DateParts {
  return zonedDateParts(now, MARKET_TIME_ZONE);
}

/** Minutes since midnight (0..1439) of `now` in the zone; NaN for an invalid date. */
export function minutesOfDay(now: Date, timeZone: string = MARKET_TIME_ZONE): number {
  const { hour, minute } = zonedDateParts(now, timeZone);
  return hour * 60 + minute;
}

/** Open session is selectable only while the open time is strictly later than now (hour + minute). */
export function isOpenSessionAllowed(openTime: string, now: Date, timeZone?: string): boolean {
  const open = parseTime12(openTime);
  return open !== null && open > minutesOfDay(now, timeZone);
}

/**
 * Close session: open until the close time (strictly later than now, same rule as Open). The spec
 * does not state it; the server uses it to refuse Close bids after the market's close time.
 */
export function isCloseSessionAllowed(closeTime: string, now: Date, timeZone?: string): boolean {
  return isOpenSessionAllowed(closeTime, now, timeZone);
}

/**
 * Withdraw window, both ends inclusive. A window whose end is before its start ('10:00 PM' to
 * '02:00 AM') wraps past midnight. False when a time is invalid.
 */
export function inWithdrawWindow(openTime: string, closeTime: string, now: Date, timeZone?: string): boolean {
  const from = parseTime12(openTime);
  const to = parseTime12(closeTime);
  const t = minutesOfDay(now, timeZone);
  if (from === null || to === null || Number.isNaN(t)) return false;
  return from <= to ? from <= t && t <= to : t >= from || t <= to;
}

/**
 * Sessions the session radio allows now ([] = bidding closed for this bet type):
 * - regular with a choice: ['Open','Close'] while the open time is later than now, else ['Close'];
 * - timed (Jodi, Half Sangam, Full Sangam) and starline: their sessions while the open time is later, else [];
 * - Gali: ['Open'] (its rows' session) unless closed.
 */
export function allowedSessions(betType: BetTypeId, openTime: string, now: Date, timeZone?: string): Session[] {
  const def = Object.hasOwn(BET_TYPES, betType) ? BET_TYPES[betType] : undefined;
  if (!def) return [];
  const open = isOpenSessionAllowed(openTime, now, timeZone);
  const sessions: Session[] = def.fixedSession ? [def.fixedSession] : ['Open', 'Close'];
  if (def.timed || def.family !== 'regular') return open ? sessions : [];
  return open ? sessions : ['Close'];
}

/** 'HH:MM' (24-hour) -> minutes, null when invalid. */
export function parseHHMM(s: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}
