import { formatHistoryDate, MARKET_TIME_ZONE, zonedDateParts } from '@matka/shared/domain';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Today as an <input type="date"> value (YYYY-MM-DD), in the markets' zone like the server's 'today'. */
export function todayInput(now: Date = new Date()): string {
  const { year, month, day } = zonedDateParts(now, MARKET_TIME_ZONE);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** '2026-11-22' -> '11/22/2026' (the history calls' month/day/year); '' when not a date. */
export function inputToHistoryDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return '';
  return formatHistoryDate(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)), 'UTC');
}
