import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findBySerialRoute } from './find-by-serial-route.ts';
import { historyRoute } from './history-route.ts';
import { meterChangeRoute } from './meter-change-route.ts';
import { printRouteRoute } from './print-route-route.ts';
import { readingStatusRoute } from './reading-status-route.ts';
import { registerReadingsRoute } from './register-readings-route.ts';
import { skipReadingRoute } from './skip-reading-route.ts';
import { treeRoutes } from './tree-routes.ts';

export const gatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(treeRoutes);
  await app.register(registerReadingsRoute);
  await app.register(historyRoute);
  await app.register(readingStatusRoute);
  await app.register(skipReadingRoute);
  await app.register(findBySerialRoute);
  await app.register(meterChangeRoute);
  await app.register(printRouteRoute);
};
