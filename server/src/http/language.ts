/**
 * Server refusals in the player's language: a request that asks for Hindi or Marathi
 * (`Accept-Language: hi`, as our app sends when the player chose it) gets the spec's messages (MSG) in it,
 * from the same catalogues the app uses (shared/src/i18n/locales). A request that asks for neither (every
 * deployed app of the contract) keeps the English texts exactly as they are.
 */
import type { FastifyRequest } from 'fastify';
import { MSG, SERVER_TEXTS, TEXTS, type Message } from '@matka/shared/domain';
import { CATALOGS, localizeComposed, type Lang } from '../services/language';

export type { Lang } from '../services/language';

/** An English text of the spec -> its ids ('msg.<key>'; a few texts have two keys). */
const IDS = new Map<string, string[]>();
for (const [key, text] of Object.entries({ ...MSG, ...TEXTS, ...SERVER_TEXTS }))
  if (typeof text === 'string') IDS.set(text, [...(IDS.get(text) ?? []), `msg.${key}`]);

/** Hindi or Marathi when the request's Accept-Language puts one before English (q-values honoured); else null. */
export function requestLanguage(req: FastifyRequest): Lang | null {
  const header = req.headers['accept-language'];
  if (typeof header !== 'string' || !header) return null;
  let best: { lang: Lang | 'en'; q: number } | null = null;
  for (const part of header.split(',').slice(0, 10)) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const base = tag.split('-')[0];
    if (base !== 'hi' && base !== 'mr' && base !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: base, q };
  }
  return best && best.lang !== 'en' ? best.lang : null;
}

/**
 * A refusal's text in `lang`: a composed one from its template and values ('tpl.<key>'), one of the
 * spec's messages by its id, any other text as it is.
 */
export function localize(message: Message, lang: Lang | null): string {
  if (typeof message !== 'string') return lang ? localizeComposed(message, lang) : message.text;
  if (!lang) return message;
  const catalog = CATALOGS[lang];
  const id = IDS.get(message)?.find((i) => i in catalog);
  return id ? catalog[id] : message;
}
