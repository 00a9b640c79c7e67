import { AccountIdParams, ErrorResponse, HistoryList, HistoryRequest } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceExistsInAccount } from '../../db/repositories/measurement-points.ts';
import { requireAccount } from '../../services/access.ts';
import { notFound } from '../../services/http-errors.ts';
import { readingHistoryOfDevice } from '../../services/reading-history.ts';

export const historyRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/loaddeviceitemhistorylist/:accountId',
    {
      schema: {
        description:
          'Henter en målers målinger, nyeste dato først, med hvem der registrerede dem og tidligere værdier.',
        tags: ['Målinger'],
        params: AccountIdParams,
        body: HistoryRequest,
        response: { 200: HistoryList, 404: ErrorResponse },
      },
    },
    async (request) => {
      const account = await requireAccount(app.db, request.user, request.params.accountId);
      const { gatewayId, deviceId } = request.body;
      if (!(await deviceExistsInAccount(app.db, account.id, gatewayId, deviceId))) throw notFound();
      return readingHistoryOfDevice(app.db, deviceId);
    },
  );
};
