import type { FastifyContextConfig } from 'fastify';
import fp from 'fastify-plugin';

/** One route as it was declared: its method, its full path and its `config` (public, account, roles…). */
export type CataloguedRoute = { method: string; path: string; config: FastifyContextConfig };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route with its declared config, read when asked, so that what a plugin adds to a route's
     * config while registering it (the docs are made public that way) is there too. HEAD routes that
     * Fastify adds for each GET are left out. The hardening tests derive their route lists from it.
     */
    routeCatalogue(): CataloguedRoute[];
  }
}

/** Register before every route: it sees the routes as they are added. */
export const routeCataloguePlugin = fp(
  async (app) => {
    const declared: { method: string | string[]; url: string; config?: FastifyContextConfig }[] = [];
    app.addHook('onRoute', (route) => {
      declared.push(route);
    });
    app.decorate('routeCatalogue', () =>
      declared.flatMap((route) =>
        [route.method]
          .flat()
          .filter((method) => method !== 'HEAD')
          .map((method) => ({ method, path: route.url, config: route.config ?? {} })),
      ),
    );
  },
  { name: 'route-catalogue' },
);
