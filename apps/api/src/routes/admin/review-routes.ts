import {
  AccountIdParams,
  ApproveRequest,
  ApproveResponse,
  ErrorResponse,
  ReviewList,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approveReadings, readingsToReview } from '../../services/reading-review.ts';

const tags = ['Administration'];

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/review/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Til kontrol (kun for administratorer): kontoens målinger sendt med Send alligevel, som endnu ikke er godkendt, ældste dato først, med lokation, måler, målepunkt, værdi, dato, hvem og advarslerne (plausibilitetsreglen genberegnet ud fra målepunktets målinger dateret før målingen).',
        tags,
        params: AccountIdParams,
        response: { 200: ReviewList, 404: ErrorResponse },
      },
    },
    async (request) => readingsToReview(app.db, request.account.id),
  );

  app.post(
    '/review/approve/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Markerer målinger sendt med Send alligevel som Godkendt (hvem og hvornår). Alle id’er skal være sådanne målinger på kontoen, ellers 404, og intet ændres. En allerede godkendt måling beholder sin første godkendelse (Count tæller kun nye). Rettes værdien senere, skal målingen godkendes igen.',
        tags,
        params: AccountIdParams,
        body: ApproveRequest,
        response: { 200: ApproveResponse, 404: ErrorResponse },
      },
    },
    async (request) =>
      app.writeTransaction((trx) =>
        approveReadings(trx, {
          accountId: request.account.id,
          userId: request.user.id,
          readingIds: request.body.readingIds,
          now: app.clock.now(),
        }),
      ),
  );
};
