/**
 * HTTP hygiene, one hook: the CORS of everything but the operator API, and helmet's headers
 * (X-Content-Type-Options, Referrer-Policy, HSTS, frame-ancestors ...) with a Content-Security-Policy
 * that the shell, its federated remotes (this server's copies and the configured REMOTE_*_URL origins)
 * and the inline runtime config pass. The configuration is fixed for the life of the process, so helmet
 * computes the headers once and every answer gets the same set (@fastify/helmet rebuilt helmet's
 * middleware for every request: 12 % of the polled list's time).
 */
import { createHash } from 'node:crypto';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { runtimeConfigScript } from './static';
import { refusedBody } from '../errors';

/** The origins the shell may load remote code and manifests from (besides this server). */
function remoteOrigins(config: AppConfig): string[] {
  const out = new Set<string>();
  for (const url of Object.values(config.remoteUrls)) {
    try {
      const u = new URL(url);
      if (u.protocol === 'https:' || u.protocol === 'http:') out.add(u.origin);
    } catch {
      /* not a URL: ignored */
    }
  }
  if (config.publicUrl) out.add(new URL(config.publicUrl).origin);
  return [...out];
}

function cspDirectives(config: AppConfig): Record<string, string[]> {
  const inline = createHash('sha256').update(runtimeConfigScript(config)).digest('base64');
  const remotes = remoteOrigins(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", `'sha256-${inline}'`, ...remotes],
    connectSrc: ["'self'", ...remotes],
    // chart pages and React set style attributes; no style sheet comes from elsewhere
    styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
    // blob: the console's deposit screenshots, fetched with the operator's session and shown from memory
    imgSrc: ["'self'", 'data:', 'blob:', ...remotes],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
  };
}

/** The headers helmet sets with these options, read off its middleware once. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown = null;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed;
  return headers;
}

/** The header sets of this configuration's answers, computed once per configuration. */
interface HeaderSets {
  /** helmet's full set: pages, files and the operator API */
  headers: Record<string, string>;
  /** a JSON answer of the player API, with its CORS */
  apiSet: Record<string, string>;
  /** pages and files, with the same CORS */
  pageSet: Record<string, string>;
}
const headerSetsOf = new WeakMap<AppConfig, HeaderSets>();

export function headerSets(config: AppConfig): HeaderSets {
  const known = headerSetsOf.get(config);
  if (known) return known;
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // the remotes' code is loaded by shells on other origins (CDN deployments)
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: { maxAge: 15552000, includeSubDomains: false },
  });
  // A JSON answer of the player API is no document: OWASP's set for REST answers (no script, no frame),
  // a third of the bytes, on the most frequent answers (the polled lists).
  const apiHeaders = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': headers['cross-origin-resource-policy'],
    'referrer-policy': headers['referrer-policy'],
    'strict-transport-security': headers['strict-transport-security'],
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  // and the CORS of every route but the operator API's, in the same sets (one static set, one hook: the
  // @fastify/cors hook it replaces cost a polled list 4 % of its time, bench:api's profile)
  const sets = { headers, apiSet: { ...apiHeaders, ...OPEN_CORS }, pageSet: { ...headers, ...OPEN_CORS } };
  headerSetsOf.set(config, sets);
  return sets;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  const { headers, apiSet, pageSet } = headerSets(config);
  app.addHook('onRequest', (req, reply, done) => {
    // the id of the request's log line (http/operations.ts)
    reply.header('x-request-id', req.id);
    // the operator API answers only the console's origins, with credentials: its own CORS (operator/index.ts)
    if (isOperatorRoute(req.routeOptions.url)) {
      reply.headers(headers);
      return done();
    }
    reply.headers(req.url.startsWith('/api/') ? apiSet : pageSet);
    if (req.method !== 'OPTIONS') return done();
    // a preflight, answered here whatever the path (as @fastify/cors did, strict: a browser's preflight
    // carries both headers)
    if (!req.headers.origin || !req.headers['access-control-request-method']) {
      reply.code(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    reply.headers(OPEN_PREFLIGHT).code(204).header('content-length', '0').send();
  });
}

/**
 * CORS of the player API, its pages and files: any origin (deployed apps call the API from their own,
 * shells on other origins load the remotes), no credentials.
 */
const OPEN_CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, X-Request-Id',
};
const OPEN_PREFLIGHT = {
  'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Authorization, Idempotency-Key, If-None-Match',
  'access-control-max-age': '86400',
};

/**
 * A route of the operator API: its pattern starts with the operator scope's prefix ('/operator/…', and
 * '/operator*' for its preflights). A request no route matched has no pattern.
 */
const isOperatorRoute = (pattern: string | undefined) => pattern !== undefined && pattern.startsWith('/operator');

/**
 * What a request Node cannot even parse gets (a malformed request line, headers too large, a request
 * that took longer than REQUEST_TIMEOUT_MS): the API's own JSON answer, {status:false,msg}, with the
 * status that says why, and the connection closed (Fastify's clientErrorHandler).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, msg] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive. Please try again.']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
        : [400, 'Bad Request', 'Invalid request'];
  const body = JSON.stringify(refusedBody(status, msg));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}
