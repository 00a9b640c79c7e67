import { AccountIdParams, ErrorResponse, ReadingStatus } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readingStatusOf } from '../../services/readings/reading-status.ts';

export const readingStatusRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/readingstatus/:accountId',
    {
      config: { account: 'params.accountId' },
      schema: {
        description:
          'Henter den aktuelle aflæsningsperiode (kontoindstillingen readingPeriod: monthly, quarterly eller yearly; dansk tid) og kontoens rute: lokationer og manuelt aflæste målere i ruterækkefølge (sekvens, derefter navn). Hvert målepunkt har status Aflæst (en måling dateret i perioden), Sprunget over (måleren er sprunget over i perioden) eller Mangler, den seneste måling, det forventede interval for en måling i dag og årsagen til overspringningen. En måler, kontoret har tildelt en aflæser i perioden, har Assigned: mine (tildelt den, der spørger) eller other.',
        tags: ['Aflæsningsrute'],
        params: AccountIdParams,
        response: { 200: ReadingStatus, 404: ErrorResponse },
      },
    },
    async (request) => readingStatusOf(app.db, request.account.id, app.clock.now(), request.user),
  );
};
