import type { FastifyPluginAsync } from 'fastify';
import { pendingMigrations } from '../../db/migrate.ts';

/** For load balancers: no authentication and no data in the answer. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/live', { config: { public: true } }, async () => ({ status: 'ok' }));

  app.get('/ready', { config: { public: true } }, async (_request, reply) => {
    try {
      const pending = await pendingMigrations(app.db);
      if (pending.length > 0) return reply.code(503).send({ status: 'migrations pending' });
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
};
