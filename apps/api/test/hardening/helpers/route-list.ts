import type { FastifyInstance } from 'fastify';

export type ListedRoute = { method: string; path: string };

const LINE = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route the server has, as (method, full path) pairs, read from Fastify's own route tree so that
 * a route added later is swept too. HEAD routes that Fastify adds for each GET are left out.
 */
export function routesOf(app: FastifyInstance): ListedRoute[] {
  const routes: ListedRoute[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth > 0 ? (prefixes[depth - 1] ?? '') : '') + (match[2] ?? '');
    prefixes[depth] = path;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== '' && method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes;
}
