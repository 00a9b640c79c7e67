import {
  AccountIdParams,
  ErrorResponse,
  ReadingBatch,
  RegisterReadingsResponse,
  ValidationErrorResponse,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../messages.ts';
import {
  MAX_IDEMPOTENCY_KEY_LENGTH,
  requestFingerprint,
  throttledIdempotencyPurge,
  withIdempotency,
} from '../../services/idempotency.ts';
import { registerReadings } from '../../services/readings.ts';

const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: messages.idempotencyKeyInvalid })
    .min(1, { error: messages.idempotencyKeyInvalid })
    .max(MAX_IDEMPOTENCY_KEY_LENGTH, { error: messages.idempotencyKeyInvalid })
    .optional(),
});

/** Stores a batch of manual readings, all or nothing, answering only after the commit. */
export const registerReadingsRoute: FastifyPluginAsyncZod = async (app) => {
  const purgeExpiredKeys = throttledIdempotencyPurge(app.db, app.config.idempotencyTtlHours);
  app.post(
    '/manualregisterdeviceitemdata/:accountId',
    {
      config: { account: 'params.accountId' },
      schema: {
        description:
          'Indberetter målinger for kontoens målepunkter, alle eller ingen. En ny værdi for samme målepunkt og dato erstatter den gamle.',
        tags: ['Målinger'],
        params: AccountIdParams,
        headers: IdempotencyHeaders,
        body: ReadingBatch,
        response: {
          200: RegisterReadingsResponse,
          404: ErrorResponse,
          406: ValidationErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { account, user } = request;
      const now = app.clock.now();
      const key = request.headers['idempotency-key'];
      const idempotency =
        key === undefined
          ? undefined
          : {
              userId: user.id,
              key,
              fingerprint: requestFingerprint(account.id, request.body),
              now,
              ttlHours: app.config.idempotencyTtlHours,
            };
      if (idempotency) await purgeExpiredKeys(now);

      const answer = await app.writeTransaction((trx) =>
        withIdempotency(trx, idempotency, async () => {
          const count = await registerReadings(trx, {
            accountId: account.id,
            userId: user.id,
            batch: request.body,
            now,
          });
          return { statusCode: 200, body: { Success: true, Message: '', Count: count } };
        }),
      );
      // Only successful answers are remembered (a refused batch rolls its key back), so a replay is a 200 too.
      return reply.code(200).send(RegisterReadingsResponse.parse(answer.body));
    },
  );
};
