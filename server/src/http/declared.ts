/**
 * Every route the server registers is declared in @matka/shared/contract: a player call (CALLS), an
 * operator call (OPERATOR_CALLS), what anyone checks a receipt against (VERIFY_HTTP), or a served route
 * (SERVED_ROUTES). A route declared nowhere stops the server's start, so /openapi.json, which is built
 * from those declarations, documents everything the server answers.
 */
import type { FastifyInstance } from 'fastify';
import { OPERATOR_PREFIX, VERIFY_HTTP, isCallName, isServedRoute, operatorAccess } from '@matka/shared/contract';

const VERIFY_PATHS = new Set<string>(Object.values(VERIFY_HTTP));

/** Whether `method url` (as the router registers it) is declared in the contract. */
export function isDeclaredRoute(method: string, url: string): boolean {
  if (method === 'HEAD' || method === 'OPTIONS') return true;
  if (method === 'POST' && url.startsWith('/api/') && isCallName(url.slice('/api/'.length))) return true;
  if (url === OPERATOR_PREFIX || url.startsWith(`${OPERATOR_PREFIX}/`))
    return operatorAccess(method, url.slice(OPERATOR_PREFIX.length)) !== undefined;
  if (method === 'GET' && VERIFY_PATHS.has(url)) return true;
  return isServedRoute(method, url);
}

const REGISTERED = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Refuses to register a route the contract does not declare; keeps the list of those registered. */
export function refuseUndeclaredRoutes(app: FastifyInstance) {
  const routes: { method: string; url: string }[] = [];
  REGISTERED.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!isDeclaredRoute(method, route.url))
        throw new Error(`${method} ${route.url} is declared nowhere in @matka/shared/contract: declare it there`);
      routes.push({ method, url: route.url });
    }
  });
}

/** Every route the server registered (with HEAD and OPTIONS), as the router took them. */
export function registeredRoutes(app: FastifyInstance): readonly { method: string; url: string }[] {
  return REGISTERED.get(app) ?? [];
}
