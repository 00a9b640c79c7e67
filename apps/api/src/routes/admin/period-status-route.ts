import { AccountIdParams, ErrorResponse, PeriodQuery, PeriodStatus } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { periodStatusOf } from '../../services/administration/period-status.ts';

export const periodStatusRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/periodstatus/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Status for perioden (kun for administratorer): perioden, der indeholder date (ÅÅÅÅ-MM-DD, fra 01-02-2022 til i dag; uden date den aktuelle), de perioder, der kan vælges (den aktuelle og tidligere tilbage til kontoens første måling, højst 24), antal målepunkter Aflæst, Mangler og Sprunget over i alt, pr. årsag og pr. lokation, og de manglende målepunkter med seneste måling til og med periodens sidste dag. Samme regel som ruten: en måling dateret i perioden giver Aflæst, ellers en overspringning i perioden Sprunget over, ellers Mangler.',
        tags: ['Administration'],
        params: AccountIdParams,
        querystring: PeriodQuery,
        response: { 200: PeriodStatus, 404: ErrorResponse },
      },
    },
    async (request) => periodStatusOf(app.db, request.account.id, app.clock.now(), request.query.date),
  );
};
