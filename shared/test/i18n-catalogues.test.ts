/**
 * The catalogues: every text of the code is in its part's en.json as written (a changed English
 * text fails until `node build/i18n.js` is run and the translations follow), every translation exists in
 * Hindi and Marathi with the same {placeholders}, none is left in English, and the spec's messages that
 * are translated are the spec's texts to the letter.
 */
import {
  BET_TYPES,
  HALF_SANGAM_FIELDS,
  LIMIT_KIND_LABELS,
  LIMIT_PERIOD_LABELS,
  LIMIT_PERIOD_UNITS,
  MSG,
  PERIOD_LABELS,
  RATE_ROWS,
  SERVER_TEXTS,
  TEMPLATES,
  TEXTS,
  biddingClosed,
  minAddAmount,
  minWithdraw,
  numberNotValid,
  fillTemplate,
} from '@matka/shared/domain';
const i18n = require('../../build/i18n.js') as {
  PARTS: { name: string; src: string }[];
  LIVE: { name: string; src: string };
  LANGS: string[];
  extract: (part: { name: string; src: string }) => { messages: Record<string, string>; problems: string[] };
  localesOf: (part: { name: string; src: string }) => string;
  readJson: (file: string) => Record<string, string> | null;
  placeholders: (text: string) => string[];
};
import path from 'node:path';

/** Words a translation may keep as they are (the game's own, and the app's names). */
// (WhatsApp, and the English labels of the UPI apps and image types a player is told to look for, stay as they are)
const KEPT = new Set([
  'English',
  'WebP',
  'Starline',
  'Gali',
  'OK',
  'OTP',
  'UPI',
  'UTR',
  'WhatsApp',
  'PNG',
  'JPEG',
  'Ref',
  'Transaction',
  'Chrome',
  'Edge',
  'Firefox',
]);

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
    if (id.startsWith('word.') || id.startsWith('live.') || id.startsWith('tpl.')) continue;
    expect(id).toMatch(/^msg\./);
    const key = id.replace(/^msg\./, '');
    expect([id, text]).toEqual([id, ({ ...MSG, ...TEXTS, ...SERVER_TEXTS } as Record<string, string>)[key]]);
  }
  checkTranslations('messages', english, dir);
});

test("the live events' texts (the server fills them too) are the code's, every one, with simple placeholders only", () => {
  const english = i18n.readJson(path.join(__dirname, '..', 'src', 'i18n', 'locales', 'en.json'))!;
  const { messages, problems } = i18n.extract(i18n.LIVE);
  expect(problems).toEqual([]);
  expect(Object.keys(messages).length).toBeGreaterThan(10);
  expect(Object.fromEntries(Object.entries(english).filter(([id]) => id.startsWith('live.')))).toEqual(messages);
  for (const lang of i18n.LANGS) {
    const catalog = i18n.readJson(path.join(__dirname, '..', 'src', 'i18n', 'locales', `${lang}.json`))!;
    for (const id of Object.keys(messages))
      expect([lang, id, /\{\w+,/.test(catalog[id] ?? '')]).toEqual([lang, id, false]);
  }
});

test("the domain's composed texts: each template is in the catalogue as written, and the functions write them", () => {
  const english = i18n.readJson(path.join(__dirname, '..', 'src', 'i18n', 'locales', 'en.json'))!;
  const inCatalog = Object.fromEntries(
    Object.entries(english)
      .filter(([id]) => id.startsWith('tpl.'))
      .map(([id, text]) => [id.slice(4), text]),
  );
  expect(inCatalog).toEqual(TEMPLATES);
  // the spec's messages module writes four of them itself (the login page's code): they agree
  expect(biddingClosed('Jodi Digit')).toBe(fillTemplate(TEMPLATES.biddingClosed, { betType: 'Jodi Digit' }));
  expect(numberNotValid('12')).toBe(fillTemplate(TEMPLATES.numberNotValid, { n: '12' }));
  expect(minAddAmount(500)).toBe(fillTemplate(TEMPLATES.minAddAmount, { min: 500 }));
  expect(minWithdraw(1000)).toBe(fillTemplate(TEMPLATES.minWithdraw, { min: 1000 }));
});

test("the game's words (bet types, fields, sessions) are the domain's, every one of them, in both languages", () => {
  const dir = path.join(__dirname, '..', 'src', 'i18n', 'locales');
  const english = i18n.readJson(path.join(dir, 'en.json'))!;
  const words = new Set<string>(['Open', 'Close']);
  for (const def of Object.values(BET_TYPES)) {
    words.add(def.title);
    for (const f of def.fields) words.add(f.label);
  }
  for (const fields of Object.values(HALF_SANGAM_FIELDS)) for (const f of fields) words.add(f.label);
  for (const rows of Object.values(RATE_ROWS)) for (const r of rows) words.add(r.label);
  for (const labels of [PERIOD_LABELS, LIMIT_KIND_LABELS, LIMIT_PERIOD_LABELS, LIMIT_PERIOD_UNITS])
    for (const label of Object.values(labels)) words.add(label);
  const inCatalog = Object.entries(english).filter(([id]) => id.startsWith('word.'));
  for (const [id, text] of inCatalog) expect([id, text]).toEqual([`word.${text}`, text]);
  expect(inCatalog.map(([, text]) => text).sort()).toEqual([...words].sort());
});

test('no id is in two parts (the catalogues of one language share one table)', () => {
  const seen = new Map<string, string>();
  const dir = path.join(__dirname, '..', 'src', 'i18n', 'locales');
  const all: [string, string[]][] = [
    ...i18n.PARTS.map((p): [string, string[]] => [p.name, Object.keys(i18n.extract(p).messages)]),
    ['messages', Object.keys(i18n.readJson(path.join(dir, 'en.json'))!)],
  ];
  const twice: string[] = [];
  for (const [name, ids] of all)
    for (const id of ids) {
      if (seen.has(id)) twice.push(`${id}: ${seen.get(id)} and ${name}`);
      seen.set(id, name);
    }
  expect(twice).toEqual([]);
});
