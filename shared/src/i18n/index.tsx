/**
 * The player app's languages: English (the default, the spec's texts to the letter),
 * Hindi and Marathi. One Lingui instance (`@lingui/core`, 2.3 KB gzip; docs/product.md: why Lingui), in this
 * entry (`@matka/shared/i18n`), a Module Federation singleton the shell owns and the remotes share. Lingui
 * and the catalogues' compiler come with the first catalogue: English downloads neither.
 *
 *   - Every text is written in the code in English with an id: t('login.title', 'Login'). In English
 *     the text is shown as written (Lingui is not asked, no catalogue is loaded).
 *   - Each part of the app (the shell, each remote) registers its catalogues: registerCatalog('shell',
 *     (lang) => import(`./locales/${lang}.json`)). A catalogue is fetched only when its language is chosen,
 *     once; its ICU messages are compiled then (the compiler is a chunk of its own, fetched with the first
 *     catalogue) and handed to Lingui.
 *   - The choice is kept on the device (localStorage) and, once logged in, on the account.
 */
import type { I18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'हिन्दी' },
  { code: 'mr', name: 'मराठी' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
export const isLanguage = (v: unknown): v is Language => LANGUAGES.some((l) => l.code === v);

const STORAGE_KEY = 'matka.lang';

/** A part's catalogue of one language: message id -> ICU message. */
export type Catalog = Record<string, string>;
type Loader = (lang: Exclude<Language, 'en'>) => Promise<Catalog | { default: Catalog }>;

const loaders = new Map<string, Loader>();
const loaded = new Set<string>();
const listeners = new Set<() => void>();
let current: Language = 'en';

/** The language kept on this device ('en' when none or unreadable). */
export function deviceLanguage(): Language {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return isLanguage(v) ? v : 'en';
  } catch {
    return 'en';
  }
}

/**
 * Lingui itself and the catalogues' compiler: fetched with the first catalogue (English needs neither,
 * so the login page in English does not download them).
 */
let lingui: I18n | null = null;
let dates: ((text: string, lang: string) => string) | null = null;
const runtime = () =>
  import(/* webpackChunkName: "i18n-runtime" */ './runtime').then((r) => {
    lingui = r.i18n;
    dates = r.localizeDates;
    return r;
  });

async function load(ns: string, lang: Exclude<Language, 'en'>): Promise<void> {
  const key = `${ns}:${lang}`;
  if (loaded.has(key)) return;
  const loader = loaders.get(ns);
  if (!loader) return;
  const [mod, { compileMessage, i18n }] = await Promise.all([loader(lang), runtime()]);
  const catalog: Catalog =
    'default' in mod && typeof mod.default === 'object' ? (mod.default as Catalog) : (mod as Catalog);
  const compiled: Record<string, ReturnType<typeof compileMessage>> = {};
  for (const [id, text] of Object.entries(catalog)) compiled[id] = compileMessage(text);
  i18n.load(lang, compiled as never);
  loaded.add(key);
}

// bumped on every change (a language, a catalogue arriving): what useLanguage's components compare
let version = 0;

function announce() {
  version++;
  if (typeof document !== 'undefined') document.documentElement.lang = current;
  for (const l of listeners) l();
}

/**
 * A part of the app registers its catalogues; when a language other than English is in use, this part's
 * catalogue of it is fetched now (and the texts change when it arrives).
 */
export function registerCatalog(ns: string, loader: Loader): Promise<void> {
  loaders.set(ns, loader);
  if (current === 'en') return Promise.resolve();
  const lang = current;
  return load(ns, lang).then(() => {
    if (current === lang) announce();
  });
}

/** Switches the app's language: every registered catalogue of it is fetched first (once), then the texts change. */
export async function setLanguage(lang: Language, opts: { remember?: boolean } = {}): Promise<void> {
  if (lang !== 'en') {
    await Promise.all([...loaders.keys()].map((ns) => load(ns, lang)));
    (await runtime()).i18n.activate(lang);
  }
  current = lang;
  if (opts.remember !== false) {
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch {
      // private mode: the choice lasts for this page
    }
  }
  announce();
}

export const currentLanguage = (): Language => current;

/** English with its {placeholders} filled. */
function fill(text: string, values?: Record<string, string | number>): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}

/**
 * The text of `id` in the language in use; `english` (with {placeholders}) is the text itself in English
 * and stands in for a message a catalogue lacks.
 */
export function t(id: string, english: string, values?: Record<string, string | number>): string {
  if (current === 'en' || !lingui || !(id in lingui.messages)) return fill(english, values);
  return lingui._(id, values);
}

/** A composed text of the domain (TEMPLATES[key] with its values) in the language in use ('tpl.<key>'). */
export const tTemplate = (key: string, english: string, values: Record<string, string | number>): string =>
  t(`tpl.${key}`, english, values);

/** The query argument of an operator's text: the language, none for English (one cache entry each). */
export const contentLanguage = (lang: Language): Language | undefined => (lang === 'en' ? undefined : lang);

/** A date as written in English ('28-November-2026'), its month named in the language in use. */
export function tDate(text: string): string {
  return current === 'en' || !dates ? text : dates(text, current);
}

/** Calls `fn` with the language after every change (not at once); returns the unsubscribe. */
export function onLanguageChange(fn: (lang: Language) => void): () => void {
  const l = () => fn(current);
  listeners.add(l);
  return () => void listeners.delete(l);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** The language in use; the component renders again when it changes (or a catalogue arrives). */
export function useLanguage(): Language {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return current;
}

/** t, for a component that must render again when the language changes. */
export function useT(): typeof t {
  useLanguage();
  return t;
}

// ------------------------------------------------------------------ the spec's messages

/** A text of the spec -> its ids (a few texts have two keys: 'Phone No is required!'). */
const MSG_IDS = new Map<string, string[]>();

/** The spec's messages (the domain's MSG), given by the shell: tMsg translates them by their text. */
export function registerSpecMessages(msg: Record<string, string>): void {
  MSG_IDS.clear();
  for (const [key, text] of Object.entries(msg)) MSG_IDS.set(text, [...(MSG_IDS.get(text) ?? []), `msg.${key}`]);
}

/**
 * A message of the spec (MSG: validation, refusals) in the language in use, by its English text; any
 * other text is returned as it is (a server's own message, already in the player's language).
 */
export function tMsg(text: string): string {
  if (current === 'en' || !lingui) return text;
  const messages = lingui.messages;
  const id = MSG_IDS.get(text)?.find((i) => i in messages);
  return id ? t(id, text) : text;
}

/**
 * A word of the game that the domain owns (a bet type's name, a field's label, a session: 'Single
 * Digit', 'Pana', 'Open') in the language in use, by its English ('word.<English>' in this module's
 * catalogue; the catalogues' test keeps that list equal to the domain's words).
 */
export function tWord(text: string): string {
  if (current === 'en' || !lingui) return text;
  const id = `word.${text}`;
  return id in lingui.messages ? lingui._(id) : text;
}

// the spec's messages and the game's words are this module's own catalogue; the shared screens'
// texts (the bid screens, the dialogs: src/ui) are another
void registerCatalog('messages', (lang) =>
  lang === 'hi'
    ? import(/* webpackChunkName: "i18n-messages-hi" */ './locales/hi.json')
    : import(/* webpackChunkName: "i18n-messages-mr" */ './locales/mr.json'),
);
void registerCatalog('ui', (lang) =>
  lang === 'hi'
    ? import(/* webpackChunkName: "i18n-ui-hi" */ '../ui/locales/hi.json')
    : import(/* webpackChunkName: "i18n-ui-mr" */ '../ui/locales/mr.json'),
);

/** A message of the spec as a component: it renders again when the language changes. */
export function Msg({ text }: { text: string }) {
  useLanguage();
  return tMsg(text);
}
