/**
 * The player app's texts. Each part (the shell, each remote) writes its texts in English in the
 * code, t('login.title', 'Login To Play'), and keeps its catalogues in src/locales: en.json (the English
 * of every id, extracted from the code by this module), hi.json and mr.json (the translations). The spec's
 * messages (MSG) are translated in shared/src/i18n/locales, by 'msg.<key>'.
 *
 *   node build/i18n.js   writes each part's en.json from its code (run it after changing a text; the test
 *                        suite fails until it is run, and until every translation follows)
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
/** The parts with catalogues of their own: where their code and their locales are. */
const PARTS = [
  { name: 'shell', src: 'shell/src' },
  { name: 'ui', src: 'shared/src/ui' },
  { name: 'regular', src: 'remote-regular/src' },
  { name: 'wallet', src: 'remote-wallet/src' },
  { name: 'starline', src: 'remote-starline/src' },
  { name: 'gali', src: 'remote-gali/src' },
];
const LANGS = ['hi', 'mr'];

function files(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

const CALL = /\bt\(\s*'([\w.]+)',\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g;
/** Every t('<id>', ...) call: one whose English is not a plain string is reported (it could not be extracted). */
const ANY_CALL = /\bt\(\s*'([\w.]+)',\s*([^\s])/g;

/** id -> English of a part's code; a second, different English for one id is an error. */
function extract(part) {
  const found = {};
  const problems = [];
  for (const file of files(path.join(ROOT, part.src))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(ANY_CALL))
      if (m[2] !== "'" && m[2] !== '"')
        problems.push(`${m[1]}: its English must be a string written in the call (${path.relative(ROOT, file)})`);
    for (const m of text.matchAll(CALL)) {
      const english = m[2] !== undefined ? m[2].replace(/\\'/g, "'") : m[3].replace(/\\"/g, '"');
      if (found[m[1]] !== undefined && found[m[1]] !== english)
        problems.push(`${m[1]}: '${found[m[1]]}' and '${english}' (${path.relative(ROOT, file)})`);
      found[m[1]] = english;
    }
  }
  return { messages: Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b))), problems };
}

const localesOf = (part) => path.join(ROOT, part.src, 'locales');
const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);

/** The {placeholders} of an ICU message (names only). */
const placeholders = (text) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

/**
 * The live events' texts (shared/src/contract/live.ts): the server fills them too (a push in the
 * account's language), so they live in the messages catalogue it reads, as 'live.*'.
 */
const LIVE = { name: 'live', src: 'shared/src/contract' };
const MESSAGES_DIR = path.join(ROOT, 'shared/src/i18n/locales');

module.exports = { PARTS, LANGS, LIVE, MESSAGES_DIR, extract, localesOf, readJson, placeholders };

if (require.main === module) {
  for (const part of PARTS) {
    const { messages, problems } = extract(part);
    if (problems.length) {
      console.error(`${part.name}: one id, two texts:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
      continue;
    }
    fs.writeFileSync(path.join(localesOf(part), 'en.json'), `${JSON.stringify(messages, null, 2)}\n`);
    console.log(`${part.name}: ${Object.keys(messages).length} texts`);
  }
  const live = extract(LIVE);
  if (live.problems.length) {
    console.error(`live: ${live.problems.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    const file = path.join(MESSAGES_DIR, 'en.json');
    const kept = Object.entries(readJson(file)).filter(([id]) => !id.startsWith('live.'));
    fs.writeFileSync(
      file,
      `${JSON.stringify(Object.fromEntries([...kept, ...Object.entries(live.messages)]), null, 2)}\n`,
    );
    console.log(`live: ${Object.keys(live.messages).length} texts (in the messages catalogue)`);
  }
}
