/**
 * The app's catalogues of Hindi and Marathi as the server uses them: the spec's messages for
 * refusals (http/language.ts) and the live events' texts for a push in the account's language. The same
 * files the player app loads (shared/src/i18n/locales).
 */
import type { Translate } from '@matka/shared/contract';
import { localizeMonths, type Composed } from '@matka/shared/domain';
import hi from '@matka/shared/i18n/locales/hi.json';
import mr from '@matka/shared/i18n/locales/mr.json';

export type Lang = 'hi' | 'mr';
export const CATALOGS: Record<Lang, Record<string, string>> = { hi, mr };
export const isServedLanguage = (v: unknown): v is Lang => v === 'hi' || v === 'mr';

const fill = (text: string, values?: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (m, name: string) => (values && name in values ? String(values[name]) : m));

/** The texts of `lang` (an account's language; the English for none, for 'en' and for any other). */
export function translatorFor(lang: string | null | undefined): Translate | undefined {
  if (!isServedLanguage(lang)) return undefined;
  const catalog = CATALOGS[lang];
  return (id, english, values) => fill(catalog[id] ?? english, values);
}

/** The game's words of a catalogue by their English, lower case ('single digit' -> 'सिंगल अंक'). */
const wordsOf = new Map<Lang, Map<string, string>>();
function words(lang: Lang): Map<string, string> {
  let w = wordsOf.get(lang);
  if (!w) {
    w = new Map();
    for (const [id, text] of Object.entries(CATALOGS[lang]))
      if (id.startsWith('word.')) w.set(id.slice(5).toLowerCase(), text);
    wordsOf.set(lang, w);
  }
  return w;
}

/** A value of a composed text in `lang`: a game's word translated, a date's month named in it. */
function value(v: string, lang: Lang): string {
  const word = words(lang).get(v.toLowerCase());
  if (word) return word;
  return localizeMonths(v, lang);
}

/** A composed text of the domain (a limit's refusal with its figures and time) in `lang`: its template and values. */
export function localizeComposed(c: Composed, lang: Lang): string {
  const template = CATALOGS[lang][`tpl.${c.key}`];
  if (!template) return c.text;
  const values = Object.fromEntries(Object.entries(c.values).map(([k, v]) => [k, value(String(v), lang)]));
  return fill(template, values);
}
