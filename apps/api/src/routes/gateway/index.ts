import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyRoute } from './history-route.ts';
import { registerReadingsRoute } from './register-readings-route.ts';
import { treeRoutes } from './tree-routes.ts';

export const gatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(treeRoutes);
  await app.register(registerReadingsRoute);
  await app.register(historyRoute);
};
