import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userAdministrationRoutes } from './administration-routes.ts';
import { myDataRoute } from './my-data-route.ts';
import { ownUserRoutes } from './own-user-routes.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(ownUserRoutes);
  await app.register(myDataRoute);
  await app.register(userAdministrationRoutes);
};
