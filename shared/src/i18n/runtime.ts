/** Lingui and the ICU compiler of the catalogues: a chunk fetched only for a language other than English. */
export { i18n } from '@lingui/core';
export { compileMessage } from '@lingui/message-utils/compileMessage';

const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'January' -> its name in `lang` (the browser's own calendar data: Intl), for each month. */
const monthsOf = new Map<string, string[]>();
function monthNames(lang: string): string[] {
  let names = monthsOf.get(lang);
  if (!names) {
    const f = new Intl.DateTimeFormat(`${lang}-IN`, { month: 'long', timeZone: 'UTC' });
    names = ENGLISH_MONTHS.map((_, i) => f.format(Date.UTC(2026, i, 15)));
    monthsOf.set(lang, names);
  }
  return names;
}

const MONTH_RE = new RegExp(`\\b(${ENGLISH_MONTHS.join('|')})\\b`, 'g');

/** A date as the app and the server write it ('28-November-2026') with the month named in `lang`. */
export function localizeDates(text: string, lang: string): string {
  const names = monthNames(lang);
  return text.replace(MONTH_RE, (m) => names[ENGLISH_MONTHS.indexOf(m)] ?? m);
}
