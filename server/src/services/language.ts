/**
 * The app's catalogues of Hindi and Marathi as the server uses them (issue E): the spec's messages for
 * refusals (http/language.ts) and the live events' texts for a push in the account's language. The same
 * files the player app loads (shared/src/i18n/locales).
 */
import type { Translate } from '@matka/shared/contract';
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
