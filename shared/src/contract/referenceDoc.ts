/**
 * docs/clients.md's list of the original backend's routes, made from their declaration (reference.ts,
 * referenceOther.ts): `npm run docs:clients` writes it between its markers, and a test fails when the
 * file drifts from the declaration.
 */
import { REFERENCE_BUILD_ROUTES, REFERENCE_PLAYER_ROUTES, type RefRoute, type RefShape } from './reference';
import { REFERENCE_OTHER_ROUTES } from './referenceOther';

export const DOC_START = '<!-- original-routes:start (npm run docs:clients writes this part) -->';
export const DOC_END = '<!-- original-routes:end -->';

/** An answer's fields as the table names them: 'result[] (game_id, …)'. */
function fields(shape: RefShape): string {
  return Object.entries(shape)
    .map(([k, v]) => (Array.isArray(v) ? `${k}[]` : typeof v === 'object' ? `${k}{}` : k))
    .join(', ');
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function what(r: RefRoute): string {
  if (r.status === 'served') return `its fields: ${fields(r.answer!)}`;
  if (r.status === 'secure') return `${r.how}; its fields: ${fields(r.answer!)}`;
  return r.reply ? `${r.how}; answered status false, "${r.reply.msg}"` : r.how!;
}

/** The markdown between the markers. */
export function referenceMarkdown(): string {
  const count = (s: RefRoute['status']) => REFERENCE_PLAYER_ROUTES.filter((r) => r.status === s).length;
  const others = REFERENCE_OTHER_ROUTES.reduce((n, g) => n + g.routes.length, 0);
  const lines = [
    DOC_START,
    '',
    `The original's player API has ${REFERENCE_PLAYER_ROUTES.length} routes: ${count('served')} served as it serves them, ` +
      `${count('secure')} served the secure way, ${count('refused')} refused on purpose. Its other ${others} routes ` +
      '(public pages, admin panel, admin app) follow the table.',
    '',
    '| Route | Status | What an app gets |',
    '| --- | --- | --- |',
    ...REFERENCE_PLAYER_ROUTES.map((r) => `| \`${r.route}\` | ${r.status} | ${cell(what(r))} |`),
    '',
    'Calls some builds of the apps make though the original does not route them:',
    '',
    '| Route | Status | What an app gets |',
    '| --- | --- | --- |',
    ...REFERENCE_BUILD_ROUTES.map((r) => `| \`${r.route}\` | ${r.status} | ${cell(what(r))} |`),
    '',
    '| Routes | Status | Instead |',
    '| --- | --- | --- |',
    ...REFERENCE_OTHER_ROUTES.map(
      (g) =>
        `| ${cell(g.area)} (${g.routes.length}): ${g.routes.map((r) => `\`${r}\``).join(', ')} | ${g.status} | ${cell(g.how)} |`,
    ),
    '',
    DOC_END,
  ];
  return lines.join('\n');
}

/** The document with its part between the markers made again (the markers appended when missing). */
export function withReference(doc: string): string {
  const a = doc.indexOf(DOC_START);
  const b = doc.indexOf(DOC_END);
  if (a < 0 || b < a) return `${doc.trimEnd()}\n\n${referenceMarkdown()}\n`;
  return doc.slice(0, a) + referenceMarkdown() + doc.slice(b + DOC_END.length);
}
