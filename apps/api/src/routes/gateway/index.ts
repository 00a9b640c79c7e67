import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const gatewayRoutes: FastifyPluginAsyncZod = async () => {};
