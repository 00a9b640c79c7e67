import type { FastifyInstance } from 'fastify';

export type ListedRoute = { method: string; path: string };

/**
 * Every route the server has, as (method, full path) pairs, read from the routes as they were
 * declared (the app's route catalogue) so that a route added later is swept too. HEAD routes that
 * Fastify adds for each GET are left out, and so is the twin without a trailing slash that Fastify
 * adds for a prefix's own route (`/api/docs` beside `/api/docs/`).
 */
export function routesOf(app: FastifyInstance): ListedRoute[] {
  return app.routeCatalogue().map(({ method, path }) => ({ method, path }));
}

const keyOf = (route: ListedRoute) => `${route.method} ${route.path}`;

/**
 * Whether a route is declared public (`config.public`: no token asked), read from the routes' own
 * config, so that a public route added later is known here without editing a list.
 */
export function publicRouteTest(app: FastifyInstance): (route: ListedRoute) => boolean {
  const declared = new Set(
    app
      .routeCatalogue()
      .filter((route) => route.config.public === true)
      .map(keyOf),
  );
  return (route) => declared.has(keyOf(route));
}

/** Path parameters that name a row of some tenant's data: `id`, `accountId`, `deviceId`… */
const ID_PARAMETER = /:(id|\w+Id)\b/;

/**
 * Routes that take no id of a tenant's data: no account declared (`config.account`, in the path or
 * the body) and no path parameter naming a row. They can only answer with the caller's own data.
 */
export function routesWithoutIds(app: FastifyInstance): ListedRoute[] {
  return app
    .routeCatalogue()
    .filter((route) => route.config.account === undefined && !ID_PARAMETER.test(route.path))
    .map(({ method, path }) => ({ method, path }));
}
