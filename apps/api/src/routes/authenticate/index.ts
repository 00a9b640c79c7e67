import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const authenticateRoutes: FastifyPluginAsyncZod = async () => {};
