/** The months' English names as the app and the server write dates ('28-November-2026'), and the same in a language. */
export const MONTH_NAMES: readonly string[] = [
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

const MONTH_RE = new RegExp(`\\b(${MONTH_NAMES.join('|')})\\b`, 'g');
const named = new Map<string, string[]>();

/** A text with each English month name written in `lang` (the runtime's own calendar data: Intl). */
export function localizeMonths(text: string, lang: string): string {
  let names = named.get(lang);
  if (!names) {
    const f = new Intl.DateTimeFormat(`${lang}-IN`, { month: 'long', timeZone: 'UTC' });
    names = MONTH_NAMES.map((_, i) => f.format(Date.UTC(2026, i, 15)));
    named.set(lang, names);
  }
  return text.replace(MONTH_RE, (m) => names[MONTH_NAMES.indexOf(m)] ?? m);
}
