/**
 * The catalogues (issue E): every text of the code is in its part's en.json as written (a changed English
 * text fails until `node build/i18n.js` is run and the translations follow), every translation exists in
 * Hindi and Marathi with the same {placeholders}, none is left in English, and the spec's messages that
 * are translated are the spec's texts to the letter.
 */
import { MSG } from '@matka/shared/domain';
const i18n = require('../../build/i18n.js') as {
  PARTS: { name: string; src: string }[];
  LANGS: string[];
  extract: (part: { name: string; src: string }) => { messages: Record<string, string>; problems: string[] };
  localesOf: (part: { name: string; src: string }) => string;
  readJson: (file: string) => Record<string, string> | null;
  placeholders: (text: string) => string[];
};
import path from 'node:path';

/** Words a translation may keep as they are (the game's own, and the app's names). */
const KEPT = new Set(['Starline', 'Gali', 'OK', 'OTP', 'UPI']);

function checkTranslations(name: string, english: Record<string, string>, dir: string) {
  for (const lang of i18n.LANGS) {
    const catalog = i18n.readJson(path.join(dir, `${lang}.json`));
    expect([name, lang, catalog === null]).toEqual([name, lang, false]);
    expect([name, lang, Object.keys(catalog!).sort()]).toEqual([name, lang, Object.keys(english).sort()]);
    for (const [id, text] of Object.entries(catalog!)) {
      expect([name, lang, id, text.trim().length > 0]).toEqual([name, lang, id, true]);
      expect([name, lang, id, i18n.placeholders(text)]).toEqual([name, lang, id, i18n.placeholders(english[id])]);
      // a translation still in Latin letters is a leftover (placeholders and kept words aside)
      const words = text.replace(/\{\w+\}/g, '').match(/[A-Za-z]{3,}/g) ?? [];
      expect([name, lang, id, words.filter((w) => !KEPT.has(w))]).toEqual([name, lang, id, []]);
    }
  }
}

test.each(i18n.PARTS)('$name: en.json is the code as written, and Hindi and Marathi translate all of it', (part) => {
  const { messages, problems } = i18n.extract(part);
  expect(problems).toEqual([]);
  expect(Object.keys(messages).length).toBeGreaterThan(0);
  const dir = i18n.localesOf(part);
  expect(i18n.readJson(path.join(dir, 'en.json'))).toEqual(messages);
  checkTranslations(part.name, messages, dir);
});

test("the spec's messages: each translated one is the spec's text to the letter, in both languages", () => {
  const dir = path.join(__dirname, '..', 'src', 'i18n', 'locales');
  const english = i18n.readJson(path.join(dir, 'en.json'))!;
  for (const [id, text] of Object.entries(english)) {
    const key = id.replace(/^msg\./, '') as keyof typeof MSG;
    expect([id, text]).toEqual([id, MSG[key]]);
  }
  checkTranslations('messages', english, dir);
});
