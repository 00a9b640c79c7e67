import { AboutResponse } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * Who runs this installation, for the accessibility statement and the privacy page (ADR 038): public,
 * as both pages are, and nothing but what the operator chose to publish in the configuration.
 */
export const aboutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/about',
    {
      config: { public: true },
      schema: {
        description:
          'Operatørens navn og kontakt og kontakten for tilgængelighed, som operatøren har sat dem i konfigurationen (null, hvor intet er sat), og hvor længe data gemmes. Kræver ikke login.',
        tags: ['Om tjenesten'],
        response: { 200: AboutResponse },
      },
    },
    async () => ({ ...app.config.about, retention: app.config.retention }),
  );
};
