import { AccountIdParams, ErrorResponse, SkipReadingRequest, SkipReadingResponse } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordSkip } from '../../services/readings/reading-skips.ts';
import { IdempotencyHeaders, idempotentAccountWrites } from './idempotent-write.ts';

export const skipReadingRoute: FastifyPluginAsyncZod = async (app) => {
  const write = idempotentAccountWrites(app);
  app.post(
    '/skipreading/:accountId',
    {
      config: { account: 'params.accountId' },
      schema: {
        description:
          'Registrerer, at en måler ikke blev aflæst i denne periode, med årsag (Ingen adgang, Måler defekt, Måler ikke fundet eller Andet; Andet kræver en bemærkning), hvem og hvornår. Måler defekt, Måler ikke fundet og en bemærkning markeret followUp (Kræver opfølgning) åbner en opgave for kontoret. Målerens målepunkter står som Sprunget over, indtil der kommer en måling dateret i perioden.',
        tags: ['Aflæsningsrute'],
        params: AccountIdParams,
        headers: IdempotencyHeaders,
        body: SkipReadingRequest,
        response: { 200: SkipReadingResponse, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => {
      const answer = await write(request, async (trx, now) => {
        const recorded = await recordSkip(trx, {
          accountId: request.account.id,
          userId: request.user.id,
          skip: request.body,
          now,
        });
        if (recorded.task?.opened)
          await request.securityEvent(
            'task.opened',
            { accountId: request.account.id, deviceId: request.body.deviceId, taskId: recorded.task.taskId },
            trx,
          );
        return { statusCode: 200, body: recorded.answer };
      });
      return SkipReadingResponse.parse(answer.body);
    },
  );
};
