import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig, Remote } from '../config';
import { REMOTES } from '../config';
import { RELEASE_VERSION } from '@matka/shared/contract/schemas';
import { refusedBody } from '../errors';

/** Files the browser must always revalidate (they name the current build). */
const NO_CACHE = new Set([
  'remoteEntry.js',
  'mf-manifest.json',
  'index.html',
  'remotes.json',
  'release.json',
  'config.json',
  'sw.js',
  'manifest.webmanifest',
  'manifest.hi.webmanifest',
  'manifest.mr.webmanifest',
]);
/** A webpack content hash in the file name: main.3f9a1c2b.js, 123.a1b2c3d4e5f6.chunk.css, ... */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

function cacheControlFor(file: string): string {
  const base = path.basename(file);
  if (NO_CACHE.has(base)) return 'no-cache';
  if (HASHED.test(base)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

/**
 * Resolves a URL path inside root; undefined when it escapes root or is not a regular file, and for a
 * source map unless `maps` (SOURCE_MAPS=on).
 */
function resolveFile(root: string, urlPath: string, maps = false): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (full !== root && !full.startsWith(root + path.sep)) return undefined;
  if (!maps && full.toLowerCase().endsWith('.map')) return undefined;
  try {
    return fs.statSync(full).isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.apk': 'application/vnd.android.package-archive',
};

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);

type Encoding = 'br' | 'gzip';
interface Encoded {
  mtimeMs: number;
  size: number;
  br?: Buffer;
  gzip?: Buffer;
}
/** Compressed copies of the build's files, made on first request and kept while the file is unchanged. */
const encodedCache = new Map<string, Encoded>();

function pickEncoding(req: FastifyRequest): Encoding | undefined {
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

function compressed(file: string, st: fs.Stats, encoding: Encoding): Buffer {
  let entry = encodedCache.get(file);
  if (!entry || entry.mtimeMs !== st.mtimeMs || entry.size !== st.size) {
    entry = { mtimeMs: st.mtimeMs, size: st.size };
    encodedCache.set(file, entry);
  }
  if (!entry[encoding]) {
    const raw = fs.readFileSync(file);
    entry[encoding] =
      encoding === 'br'
        ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
        : zlib.gzipSync(raw, { level: 9 });
  }
  return entry[encoding]!;
}

/**
 * Sends a file with Content-Type, Cache-Control, ETag / Last-Modified and 304 on a matching
 * If-None-Match; text assets go brotli- or gzip-compressed when the client accepts it.
 * (Own implementation: @fastify/static pulls an ESM-only dependency jest cannot load.)
 */
function sendFrom(req: FastifyRequest, reply: FastifyReply, file: string) {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return notFound(reply);
  }
  const ext = path.extname(file).toLowerCase();
  const encoding = COMPRESSIBLE.has(ext) && st.size > 1024 ? pickEncoding(req) : undefined;
  const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
  reply.header('Cache-Control', cacheControlFor(file));
  reply.header('ETag', etag);
  reply.header('Last-Modified', st.mtime.toUTCString());
  reply.header('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  if (COMPRESSIBLE.has(ext)) reply.header('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  if (encoding) {
    const body = compressed(file, st, encoding);
    reply.header('Content-Encoding', encoding);
    reply.header('Content-Length', body.length);
    return req.method === 'HEAD' ? reply.send() : reply.send(body);
  }
  reply.header('Content-Length', st.size);
  if (req.method === 'HEAD') return reply.send();
  return reply.send(fs.createReadStream(file));
}

/**
 * A remote's index.html with a <base href="/remotes/<family>/"> so that its relative script and
 * style links resolve from any route depth; no-cache, with an ETag of the content.
 */
function sendRemoteIndex(req: FastifyRequest, reply: FastifyReply, root: string, family: string) {
  const index = resolveFile(root, 'index.html');
  if (!index) {
    return reply
      .code(404)
      .type('text/plain')
      .send(`The ${family} remote is not built yet (remote-${family}/dist is missing). Run npm run build.`);
  }
  let html = fs.readFileSync(index, 'utf8');
  if (!/<base\s/i.test(html)) html = html.replace(/<head([^>]*)>/i, `<head$1><base href="/remotes/${family}/">`);
  const etag = `W/"${createHash('sha1').update(html).digest('hex').slice(0, 20)}"`;
  reply.header('Cache-Control', 'no-cache');
  reply.header('ETag', etag);
  reply.header('Content-Type', 'text/html; charset=utf-8');
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  if (req.method === 'HEAD') return reply.send();
  return reply.send(html);
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('application/json').send(refusedBody(404, 'Not found'));
}

/** Paths that are never the SPA: API, operator API and console, dev tools, remotes. */
function isReserved(url: string): boolean {
  // '/charts' itself is the app's Charts screen; the server's chart pages live below it (/charts/...).
  return /^\/(api|operator|console|dev|remotes)(\/|$)|^\/charts\/[^/?]/i.test(url);
}

/** What the client reads at start (config.json, and inlined into the shell's index.html). */
function runtimeConfigOf(config: AppConfig) {
  return { apiBase: '/api', appKey: config.appKey, appDownloadUrl: config.appDownloadUrl, otpLength: config.otpLength };
}

/** The body of the inline script that hands the runtime config to the shell (its CSP hash is allowed). */
export function runtimeConfigScript(config: AppConfig): string {
  return `window.__MATKA_CONFIG__=${JSON.stringify(runtimeConfigOf(config)).replace(/</g, '\\u003c')}`;
}

export async function registerStatic(app: FastifyInstance, config: AppConfig) {
  const shellRoot = path.join(config.staticRoot, 'shell', 'dist');
  const remoteRoots = new Map<Remote, string>(
    REMOTES.map((f) => [f, path.join(config.staticRoot, `remote-${f}`, 'dist')]),
  );

  /**
   * A remote's files; its index.html for the bare folder and, as an SPA fallback, for any path that
   * is not a file (a standalone page reloaded at /remotes/<family>/<route>). A missing asset (a
   * path whose last part has an extension) stays 404.
   */
  const remoteHandler = async (
    req: FastifyRequest<{ Params: { family: string; '*'?: string } }>,
    reply: FastifyReply,
  ) => {
    const family = req.params.family.toLowerCase() as Remote;
    const root = remoteRoots.get(family);
    if (!root) return notFound(reply);
    reply.header('Access-Control-Allow-Origin', '*');
    const rest = req.params['*'] ?? '';
    const file = rest ? resolveFile(root, rest, config.sourceMaps) : undefined;
    if (file && file !== path.join(root, 'index.html')) return sendFrom(req, reply, file);
    const last = rest.split('/').pop() ?? '';
    if (last.includes('.') && last !== 'index.html') return notFound(reply);
    return sendRemoteIndex(req, reply, root, family);
  };
  // A release's files, kept side by side (services/releases.ts): immutable, so any of them may be cached.
  app.get(
    '/remotes/:family/v/:version/*',
    async (req: FastifyRequest<{ Params: { family: string; version: string; '*'?: string } }>, reply) => {
      const family = req.params.family.toLowerCase();
      if (!(REMOTES as readonly string[]).includes(family) || !RELEASE_VERSION.test(req.params.version))
        return notFound(reply);
      reply.header('Access-Control-Allow-Origin', '*');
      const root = path.join(config.releasesDir, family, req.params.version);
      const file = resolveFile(root, req.params['*'] || 'index.html', config.sourceMaps);
      return file ? sendFrom(req, reply, file) : notFound(reply);
    },
  );
  app.get('/remotes/:family', remoteHandler);
  app.get('/remotes/:family/*', remoteHandler);

  // The operator console (CONSOLE=off: none): its files, and its index.html for any screen's path.
  if (config.console) {
    const consoleRoot = path.join(config.staticRoot, 'console', 'dist');
    const consoleHandler = async (req: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
      const rest = req.params['*'] ?? '';
      const file = rest ? resolveFile(consoleRoot, rest, config.sourceMaps) : undefined;
      if (file) return sendFrom(req, reply, file);
      if ((rest.split('/').pop() ?? '').includes('.')) return notFound(reply);
      const index = resolveFile(consoleRoot, 'index.html');
      if (!index)
        return reply
          .code(404)
          .type('text/plain')
          .send('The operator console is not built yet (console/dist is missing). Run npm run build.');
      return sendFrom(req, reply, index);
    };
    // (the router ignores a trailing slash: '/console' is also '/console/')
    app.get('/console', consoleHandler);
    app.get('/console/*', consoleHandler);
  }

  const runtimeConfig = runtimeConfigOf(config);
  app.get('/config.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfig;
  });

  /**
   * The shell's index.html with the runtime config inlined (window.__MATKA_CONFIG__), which saves the
   * page a round trip before its first render; /config.json stays for other hosts and the remotes.
   */
  const inlineConfig = `<script>${runtimeConfigScript(config)}</script>`;
  const sendShellIndex = (req: FastifyRequest, reply: FastifyReply, index: string) => {
    const page = fs.readFileSync(index, 'utf8');
    const html = /<head[^>]*>/i.test(page)
      ? page.replace(/<head([^>]*)>/i, `<head$1>${inlineConfig}`)
      : page.replace(/^(\s*<!doctype[^>]*>)?/i, `$1${inlineConfig}`);
    const etag = `W/"${createHash('sha1').update(html).digest('hex').slice(0, 20)}"`;
    reply.header('Cache-Control', 'no-cache');
    reply.header('ETag', etag);
    reply.header('Content-Type', 'text/html; charset=utf-8');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return req.method === 'HEAD' ? reply.send() : reply.send(html);
  };

  // The shell: its files, then the SPA fallback for client routes.
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isReserved(url)) return notFound(reply);
    const file = resolveFile(shellRoot, url === '/' ? 'index.html' : url, config.sourceMaps);
    if (file)
      return file === path.join(shellRoot, 'index.html')
        ? sendShellIndex(req, reply, file)
        : sendFrom(req, reply, file);
    const last = url.split('/').pop() ?? '';
    if (last.includes('.')) return notFound(reply); // a missing asset, not a route
    const index = resolveFile(shellRoot, 'index.html');
    if (!index)
      return reply
        .code(404)
        .type('text/plain')
        .send('The app is not built yet (shell/dist is missing). Run npm run build.');
    return sendShellIndex(req, reply, index);
  });
}
