/**
 * Everything the server serves besides the player calls (CALLS), the operator API (OPERATOR_CALLS) and
 * what anyone checks a receipt against (VERIFY_HTTP): the original backend's routes served beside the
 * JSON calls or refused on purpose, the live stream, the families' releases and their health reports,
 * the chart pages, the console, the runtime configuration, the service's probes and figures, and the
 * reference document itself. The server refuses to register a route that is declared nowhere, and
 * /openapi.json documents each of these from here. Paths are written as the server's router takes
 * them: `:name` a segment, a trailing `*` the rest of the path.
 */
import { LIVE_PATH } from './live';
import { REFERENCE_BUILD_ROUTES, REFERENCE_PLAYER_ROUTES } from './reference';
import { RELEASES_HTTP } from './releases';

/** What a route answers. */
export type ServedKind =
  /** JSON, described by a schema of the contract (servedSchemas.ts names it by the route's `schema`) */
  | 'json'
  /** an HTML page */
  | 'html'
  /** a file of a build (JavaScript, CSS, an image, a manifest) */
  | 'file'
  /** plain text (the Prometheus figures) */
  | 'text'
  /** `text/event-stream`: the live stream's events */
  | 'stream';

export interface ServedRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly tag: 'player' | 'original' | 'federation' | 'pages' | 'operations' | 'reference';
  readonly summary: string;
  readonly kind: ServedKind;
  /** the key of its schemas in SERVED_SCHEMAS (servedSchemas.ts): request and answer */
  readonly schema?: ServedSchemaKey;
  /** the request is a multipart form (a file upload) */
  readonly multipart?: true;
}

/** The served routes that have schemas of their own (servedSchemas.ts). */
export type ServedSchemaKey =
  | 'paymentData'
  | 'paymentSlip'
  | 'live'
  | 'remotes'
  | 'familyHealth'
  | 'ready'
  | 'health'
  | 'runtimeConfig'
  | 'refusedOriginal';

/** The original backend's routes answered status false on purpose (with the lists an app reads, empty). */
export const REFUSED_ORIGINAL_ROUTES: readonly string[] = [
  ...new Set(
    [...REFERENCE_PLAYER_ROUTES, ...REFERENCE_BUILD_ROUTES]
      .filter((r) => r.status === 'refused' && r.reply)
      .map((r) => `/api/${r.route}`),
  ),
];

export const SERVED_ROUTES: readonly ServedRoute[] = [
  // the player's, beside the JSON calls
  {
    method: 'POST',
    path: LIVE_PATH,
    tag: 'player',
    summary: "The live stream: results and market changes, the player's wallet, wins and money decisions",
    kind: 'stream',
    schema: 'live',
  },
  {
    method: 'POST',
    path: '/api/api-fund-payment-slip-upload',
    tag: 'original',
    summary: "A deposit request's payment screenshot, as the original's apps upload it (multipart)",
    kind: 'json',
    schema: 'paymentSlip',
    multipart: true,
  },
  ...(['GET', 'POST'] as const).map((method): ServedRoute => ({
    method,
    path: '/api/api-payment-data',
    tag: 'original',
    summary: "The original's online-deposit screen: the steps (money is paid only after a request is accepted)",
    kind: 'json',
    schema: 'paymentData',
  })),
  ...REFUSED_ORIGINAL_ROUTES.map((path): ServedRoute => ({
    method: 'POST',
    path,
    tag: 'original',
    summary: 'Refused on purpose: the product does not offer it (status false, its lists empty)',
    kind: 'json',
    schema: 'refusedOriginal',
  })),
  // the families
  {
    method: 'GET',
    path: RELEASES_HTTP.remotes,
    tag: 'federation',
    summary: "Each family's entry and release for this player (the shell loads them from here)",
    kind: 'json',
    schema: 'remotes',
  },
  {
    method: 'POST',
    path: RELEASES_HTTP.health,
    tag: 'federation',
    summary: 'How the families fare on a signed-in player’s device: pages shown, loads failed, errors',
    kind: 'json',
    schema: 'familyHealth',
  },
  { method: 'GET', path: '/remotes/:family', tag: 'federation', summary: "A family's page", kind: 'html' },
  { method: 'GET', path: '/remotes/:family/*', tag: 'federation', summary: "A family's file", kind: 'file' },
  {
    method: 'GET',
    path: '/remotes/:family/v/:version/*',
    tag: 'federation',
    summary: 'A file of one release of a family (immutable)',
    kind: 'file',
  },
  // the pages
  { method: 'GET', path: '/charts/market/:id', tag: 'pages', summary: "A regular market's chart", kind: 'html' },
  { method: 'GET', path: '/charts/starline', tag: 'pages', summary: 'The Starline chart', kind: 'html' },
  { method: 'GET', path: '/charts/gali', tag: 'pages', summary: 'The Gali Disawar chart', kind: 'html' },
  { method: 'GET', path: '/charts/gali/:id', tag: 'pages', summary: "A Gali market's chart", kind: 'html' },
  { method: 'GET', path: '/console', tag: 'pages', summary: "The operators' console", kind: 'html' },
  { method: 'GET', path: '/console/*', tag: 'pages', summary: "The console's pages and files", kind: 'file' },
  {
    method: 'GET',
    path: '/config.json',
    tag: 'pages',
    summary: "The app's runtime configuration (the API's address and app key)",
    kind: 'json',
    schema: 'runtimeConfig',
  },
  // the service
  { method: 'GET', path: '/healthz', tag: 'operations', summary: 'Alive', kind: 'json', schema: 'health' },
  {
    method: 'GET',
    path: '/readyz',
    tag: 'operations',
    summary: 'Ready to serve: the database answers and the workers run',
    kind: 'json',
    schema: 'ready',
  },
  {
    method: 'GET',
    path: '/metrics',
    tag: 'operations',
    summary: 'Prometheus figures (to this machine, or with the metrics token)',
    kind: 'text',
  },
  // this document and its reference page
  { method: 'GET', path: '/openapi.json', tag: 'reference', summary: 'This document', kind: 'json' },
  { method: 'GET', path: '/docs', tag: 'reference', summary: "The API's reference page", kind: 'html' },
  { method: 'GET', path: '/docs/static/*', tag: 'reference', summary: "The reference page's files", kind: 'file' },
  { method: 'GET', path: '/docs/json', tag: 'reference', summary: 'This document (JSON)', kind: 'json' },
  { method: 'GET', path: '/docs/yaml', tag: 'reference', summary: 'This document (YAML)', kind: 'text' },
  {
    method: 'GET',
    path: '/docs/static/index.html',
    tag: 'reference',
    summary: "The reference page's HTML",
    kind: 'html',
  },
  {
    method: 'GET',
    path: '/docs/static/swagger-initializer.js',
    tag: 'reference',
    summary: "The reference page's start",
    kind: 'file',
  },
];

/** A router's path as OpenAPI writes it: `:id` -> `{id}`, a trailing `*` -> `{path}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '{$1}').replace(/\/\*$/, '/{path}');
}

const SERVED_KEYS = new Set(SERVED_ROUTES.map((r) => `${r.method} ${r.path}`));

/** Whether `method path` (as the router registers it) is a served route declared here. */
export function isServedRoute(method: string, path: string): boolean {
  return SERVED_KEYS.has(`${method} ${path}`);
}
