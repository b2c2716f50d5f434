/**
 * HTTP hygiene, one plugin: @fastify/helmet's headers (X-Content-Type-Options, Referrer-Policy, HSTS,
 * frame-ancestors ...) with a Content-Security-Policy that the shell, its federated remotes (this
 * server's copies and the configured REMOTE_*_URL origins) and the inline runtime config pass.
 */
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { runtimeConfigScript } from './static';

/** The origins the shell may load remote code and manifests from (besides this server). */
export function remoteOrigins(config: AppConfig): string[] {
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

export function cspDirectives(config: AppConfig): Record<string, string[]> {
  const inline = createHash('sha256').update(runtimeConfigScript(config)).digest('base64');
  const remotes = remoteOrigins(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", `'sha256-${inline}'`, ...remotes],
    connectSrc: ["'self'", ...remotes],
    // chart pages and React set style attributes; no style sheet comes from elsewhere
    styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
    imgSrc: ["'self'", 'data:', ...remotes],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // the remotes' code is loaded by shells on other origins (CDN deployments)
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: { maxAge: 15552000, includeSubDomains: false },
  });
}
