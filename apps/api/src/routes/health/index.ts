import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pendingMigrations } from '../../db/engine/migrate.ts';

const tags = ['Drift'];
const Healthy = z.object({ status: z.literal('ok') });
const Unready = z.object({ status: z.enum(['migrations pending', 'database unavailable']) });

/** For load balancers: no authentication and no data in the answer. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/live',
    {
      config: { public: true },
      schema: {
        description: 'Svarer, så længe processen kører (liveness); rører ikke databasen.',
        tags,
        response: { 200: Healthy },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        description: 'Svarer 200, når databasen kan nås og alle migreringer er kørt (readiness), ellers 503.',
        tags,
        response: { 200: Healthy, 503: Unready },
      },
    },
    async (_request, reply) => {
      try {
        const pending = await pendingMigrations(app.db);
        if (pending.length > 0) return reply.code(503).send({ status: 'migrations pending' });
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'database unavailable' });
      }
    },
  );
};
