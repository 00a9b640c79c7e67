import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyRoutes } from './api-key-routes.ts';
import { estimateRoutes } from './estimate-routes.ts';
import { exportRoutes } from './export-routes.ts';
import { importRoutes } from './import-routes.ts';
import { logRoutes } from './log-routes.ts';
import { mailRoutes } from './mail-routes.ts';
import { meterRoutes } from './meter-routes.ts';
import { periodStatusRoute } from './period-status-route.ts';
import { reviewRoutes } from './review-routes.ts';
import { routeAssignmentRoutes } from './route-assignment-routes.ts';
import { selfReadingLinkRoute } from './self-reading-link-route.ts';
import { selfReadingOfficeRoutes } from './self-reading-office-routes.ts';
import { taskRoutes } from './task-routes.ts';
import { adminUserRoutes } from './user-routes.ts';

/** Administration (issue 18, ADR 016): role 1 only, on accounts of the administrator's customers. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(periodStatusRoute);
  await app.register(meterRoutes);
  await app.register(exportRoutes);
  await app.register(reviewRoutes);
  await app.register(estimateRoutes);
  await app.register(importRoutes);
  await app.register(adminUserRoutes);
  await app.register(mailRoutes);
  await app.register(logRoutes);
  await app.register(selfReadingLinkRoute);
  await app.register(taskRoutes);
  await app.register(selfReadingOfficeRoutes);
  await app.register(routeAssignmentRoutes);
  await app.register(apiKeyRoutes);
};
