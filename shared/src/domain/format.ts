/** Display and wire formats: dates, market results, phone numbers, names, rates. */
import { MARKET_TIME_ZONE, formatMinutes12, zonedDateParts } from './clock';
import { panaDigit, panaKind } from './panas';

import { MONTH_NAMES } from './months';

export { MONTH_NAMES } from './months';

export interface YMD {
  year: number;
  month: number;
  day: number;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

function validYmd(year: number, month: number, day: number): YMD | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  d.setUTCFullYear(year); // years 0..99 would otherwise map to 19xx
  const ok = year >= 1 && d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
  return ok ? { year, month, day } : null;
}

/** Bid date, day-MonthName-year without padding: '22-November-2026', '5-March-2026'. '' for an invalid date. */
export function formatBidDate(d: Date, timeZone: string = MARKET_TIME_ZONE): string {
  const { year, month, day } = zonedDateParts(d, timeZone);
  return Number.isNaN(year) ? '' : `${day}-${MONTH_NAMES[month - 1]}-${year}`;
}

/**
 * A moment as the player reads it everywhere (the spec's bid date and 12-hour time, Asia/Kolkata):
 * '7-December-2026 06:05 AM'. The app's notices, the /verify page and the server's refusals all write
 * it so, in every language. '' for an invalid date.
 */
export function formatMomentText(d: Date | string, timeZone: string = MARKET_TIME_ZONE): string {
  const at = new Date(d);
  const p = zonedDateParts(at, timeZone);
  return Number.isNaN(p.year) ? '' : `${formatBidDate(at, timeZone)} ${formatMinutes12(p.hour * 60 + p.minute)}`;
}

/** History date parameter, month/day/year zero-padded: '11/22/2026'. '' for an invalid date. */
export function formatHistoryDate(d: Date, timeZone: string = MARKET_TIME_ZONE): string {
  const { year, month, day } = zonedDateParts(d, timeZone);
  return Number.isNaN(year) ? '' : `${pad2(month)}/${pad2(day)}/${year}`;
}

/** 'MM/DD/YYYY' or 'M/D/YYYY' -> parts; null unless it is a real calendar date. */
export function parseHistoryDate(s: string): YMD | null {
  const m = typeof s === 'string' ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s.trim()) : null;
  return m ? validYmd(Number(m[3]), Number(m[1]), Number(m[2])) : null;
}

/** 'YYYY-MM-DD' -> parts; null unless it is a real calendar date. */
export function parseIsoDate(s: string): YMD | null {
  const m = typeof s === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.trim()) : null;
  return m ? validYmd(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** Parts -> 'YYYY-MM-DD'. */
export const isoDateText = ({ year, month, day }: YMD): string => `${year}-${pad2(month)}-${pad2(day)}`;

/** 'D-MonthName-YYYY' (day padded or not, month name in any case) -> parts; null unless a real date. */
export function parseBidDate(s: string): YMD | null {
  const m = typeof s === 'string' ? /^(\d{1,2})-([A-Za-z]+)-(\d{4})$/.exec(s.trim()) : null;
  if (!m) return null;
  const month = MONTH_NAMES.findIndex((n) => n.toLowerCase() === m[2].toLowerCase()) + 1;
  return month ? validYmd(Number(m[3]), month, Number(m[1])) : null;
}

/** Parts -> canonical bid date text ('22-November-2026'). */
export const bidDateText = ({ year, month, day }: YMD): string => `${day}-${MONTH_NAMES[month - 1]}-${year}`;

export const NO_RESULT_TEXT = '***-**-***';

/** The declared pana of a result field: accepts '123' or a longer text that starts with it ('123-6'). */
function resultPana(r: string | null | undefined): string | null {
  const m = typeof r === 'string' ? /^\s*(\d{3})/.exec(r) : null;
  return m && panaKind(m[1]) ? m[1] : null;
}

/**
 * Market result in matka notation: open pana, open digit + close digit, close pana.
 * Nothing declared: '***-**-***'; open only: '123-6*-***'; both: '123-68-468'.
 */
export function marketResultText(m: { open_result?: string | null; close_result?: string | null }): string {
  const open = resultPana(m?.open_result);
  if (!open) return NO_RESULT_TEXT;
  const close = resultPana(m?.close_result);
  return close ? `${open}-${panaDigit(open)}${panaDigit(close)}-${close}` : `${open}-${panaDigit(open)}*-***`;
}

/**
 * A result as the operator reads it: regular '128-14-158' (open only '128-1'), Starline '128-1', Gali
 * the jodi '47'; '' while nothing is declared.
 */
export function shortResultText(
  family: 'regular' | 'starline' | 'gali',
  r: { open_pana?: string | null; close_pana?: string | null; jodi?: string | null } | null | undefined,
): string {
  if (!r) return '';
  if (family === 'gali') return r.jodi ?? '';
  const open = resultPana(r.open_pana);
  if (!open) return '';
  const close = family === 'regular' ? resultPana(r.close_pana) : null;
  return close ? marketResultText({ open_result: open, close_result: close }) : `${open}-${panaDigit(open)}`;
}

/**
 * The result a bid was played against, as its family writes it: regular '123-68-468' (open only
 * '123-6*-***'), Starline '128-1', Gali the jodi '45'; '' while nothing is declared.
 */
export function declaredResultText(
  family: 'regular' | 'starline' | 'gali',
  r: { open_pana?: string | null; close_pana?: string | null; jodi?: string | null } | null | undefined,
): string {
  if (family !== 'regular') return shortResultText(family, r);
  const open = resultPana(r?.open_pana);
  return open ? marketResultText({ open_result: open, close_result: r?.close_pana }) : '';
}

/**
 * A count with its noun in English, singular for one: `counted(1, 'bid')` is '1 bid', `counted(13, 'bid')`
 * '13 bids', `counted(2, 'pana', 'panas')`. The number is grouped the Indian way ('1,00,000 bids').
 */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
}
