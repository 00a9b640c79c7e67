import {
  AccountIdParams,
  CreateEstimatesRequest,
  CreateEstimatesResponse,
  ErrorResponse,
  EstimatesResponse,
  PeriodQuery,
  ValidationErrorResponse,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createEstimates, estimateProposals } from '../../services/administration/estimates.ts';
import { IdempotencyHeaders, idempotentAccountWrites } from '../gateway/idempotent-write.ts';

const tags = ['Administration'];

/** Estimates (`Estimeret`, ADR 021) for points without a real reading at the end of a period. */
export const estimateRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = idempotentAccountWrites(app);

  app.get(
    '/estimates/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Forslag til estimater (kun for administratorer) for perioden, der indeholder date (ÅÅÅÅ-MM-DD, fra 01-02-2022 til i dag; uden date den aktuelle): pr. målepunkt i ruten (målere i brug, aflæst manuelt) uden en rigtig måling i perioden og uden estimat i forvejen lokation, måler, målepunkt, enhed, seneste rigtige måling, det foreslåede tal på periodens sidste dag og reglen (last-year: gennemsnitligt forbrug pr. dag i de samme dage sidste år, når målingerne dækker dem; ellers linear: forbruget pr. dag mellem de to seneste rigtige målinger), eller på dansk hvorfor der ikke kan estimeres. Ended er false, så længe perioden ikke er slut.',
        tags,
        params: AccountIdParams,
        querystring: PeriodQuery,
        response: { 200: EstimatesResponse, 404: ErrorResponse },
      },
    },
    async (request) => estimateProposals(app.db, request.account.id, app.clock.now(), request.query.date),
  );

  app.post(
    '/estimates/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Opretter estimater (kilde Estimeret) for målepunkterne på periodens sidste dag, alt eller intet, gemt og logget som enhver måling af administratoren. 406 (på dansk), mens perioden ikke er slut, for et målepunkt, der ikke er i kontoens rute, som i mellemtiden har fået en rigtig måling i perioden, eller som ikke kan estimeres. En rigtig måling i perioden erstatter senere estimatet. Idempotency-Key som ved målinger.',
        tags,
        params: AccountIdParams,
        headers: IdempotencyHeaders,
        body: CreateEstimatesRequest,
        response: {
          200: CreateEstimatesResponse,
          404: ErrorResponse,
          406: ValidationErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request) => {
      // The event is stored with the estimates, so a replayed request (same key) records nothing again.
      const answer = await write(request, async (trx, now) => {
        const created = await createEstimates(trx, {
          accountId: request.account.id,
          userId: request.user.id,
          date: request.body.date,
          deviceItemIds: request.body.deviceItemIds,
          now,
        });
        await request.securityEvent(
          'estimates.created',
          { accountId: request.account.id, date: request.body.date, count: created.Count },
          trx,
        );
        return { statusCode: 200, body: created };
      });
      return CreateEstimatesResponse.parse(answer.body);
    },
  );
};
