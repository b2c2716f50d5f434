/**
 * The contract as deployed clients speak it: one adapter, in front of the router, that maps the
 * paths and call names existing apps send onto the calls this server defines (no copied endpoints).
 *
 * - Paths: every call is served under `/api/<name>` and at the root, `/<name>` (apps that post to
 *   `https://host/api-user-login`). Only `api-*` names are mapped, so the app's own routes, static
 *   files, `/operator/` and `/charts/` are never shadowed.
 * - Names: other spellings of a call (`api-get-dashboard-data`, the Gali family as `api-galidisswar-*`)
 *   go to the call they mean; the contract (@matka/shared/contract) declares them with the calls.
 *
 * Payload variants (field spellings, sessions, numeric strings) are read by the handlers' schemas and
 * by the rules module (parseSubmission), which still refuse what is wrong or ambiguous.
 */

import { CALL_ALIASES, PREFIX_ALIASES } from '@matka/shared/contract';

/** The call a name sent by a client means (lower case; unknown names are returned as they are). */
function canonicalCall(name: string): string {
  const n = name.toLowerCase();
  if (Object.hasOwn(CALL_ALIASES, n)) return CALL_ALIASES[n];
  for (const [from, to] of PREFIX_ALIASES) if (n.startsWith(from)) return to + n.slice(from.length);
  return n;
}

const CALL_PATH = /^\/(?:api\/)?(api-[a-z0-9-]+)\/?$/i;

/**
 * Fastify's rewriteUrl: '/api-user-login' and '/api/api-get-dashboard-data' become
 * '/api/api-user-login' and '/api/api-dashboard-data'; any other URL is left as it is.
 */
export function rewriteCallUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const m = CALL_PATH.exec(path);
  if (!m) return url;
  return `/api/${canonicalCall(m[1])}${q < 0 ? '' : url.slice(q)}`;
}
