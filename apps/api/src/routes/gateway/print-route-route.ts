import { AccountIdParams, ErrorResponse } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../http/file-reply.ts';
import { printRoute } from '../../services/route-print/print-route.ts';
import { routePrintTexts } from '../../services/route-print/route-print-texts.ts';

const PDF = 'application/pdf';

/** `Udskriv rute` (issue 37): the account's route as a PDF, for the users who reach the account. */
export const printRouteRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/routeprint/:accountId',
    {
      config: { account: 'params.accountId' },
      schema: {
        description:
          'Udskriv rute: kontoens rute som PDF (A4 på tværs) i ruterækkefølge med nr., lokation, måler, serienummer, placering, adgang, sidste værdi pr. målepunkt og en tom kolonne til den aflæste værdi, til brug på papir.',
        tags: ['Aflæsningsrute'],
        params: AccountIdParams,
        response: {
          200: {
            description: 'PDF som vedhæftning (Content-Disposition).',
            content: { [PDF]: { schema: z.string() } },
          },
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const bytes = await printRoute(app.db, request.account, app.clock.now());
      request.log.info({ event: 'route.printed', accountId: request.account.id }, 'route printed');
      return sendFile(reply, { bytes, mediaType: PDF, name: routePrintTexts.fileName });
    },
  );
};
