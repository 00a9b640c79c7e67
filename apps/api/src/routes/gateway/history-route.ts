import {
  AccountIdParams,
  ErrorResponse,
  HISTORY_PAGE_DATES,
  HistoryList,
  HistoryRequest,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readingHistoryInAccount } from '../../services/readings/reading-history.ts';

export const historyRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/loaddeviceitemhistorylist/:accountId',
    {
      config: { account: 'params.accountId' },
      schema: {
        description: `Henter en målers målinger, nyeste dato først, med hvem der registrerede dem og tidligere værdier: målerens nyeste ${HISTORY_PAGE_DATES} aflæsningsdatoer, med before (ÅÅÅÅ-MM-DD) de nyeste før den dato (ADR 053). Et målepunkts ældste måling i svaret bærer Earliest, punktets første måling, når punktet har ældre målinger end svaret rummer. En kundebruger (rolle 2) ser Personale i stedet for navnet på en medarbejder.`,
        tags: ['Målinger'],
        params: AccountIdParams,
        body: HistoryRequest,
        response: { 200: HistoryList, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { gatewayId, deviceId, before } = request.body;
      const meter = { accountId: request.account.id, gatewayId, deviceId, before };
      return readingHistoryInAccount(app.db, meter, request.user.role);
    },
  );
};
