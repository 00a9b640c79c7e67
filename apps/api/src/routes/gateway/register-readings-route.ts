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
import { requireAccount } from '../../services/access.ts';
import {
  beginIdempotentRequest,
  type IdempotentAnswer,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  rememberAnswer,
  requestFingerprint,
  throttledIdempotencyPurge,
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
      const account = await requireAccount(app.db, request.user, request.params.accountId);
      const now = app.clock.now();
      const ttlHours = app.config.idempotencyTtlHours;
      const key = request.headers['idempotency-key'];
      const idempotency =
        key === undefined
          ? undefined
          : { userId: request.user.id, key, fingerprint: requestFingerprint(account.id, request.body) };
      if (idempotency) await purgeExpiredKeys(now);

      const answer = await app.writeTransaction(async (trx): Promise<IdempotentAnswer> => {
        if (idempotency) {
          const first = await beginIdempotentRequest(trx, { ...idempotency, now, ttlHours });
          if (first) return first;
        }
        const count = await registerReadings(trx, {
          accountId: account.id,
          userId: request.user.id,
          batch: request.body,
          now,
        });
        const fresh = { statusCode: 200, body: { Success: true, Message: '', Count: count } };
        if (idempotency) await rememberAnswer(trx, idempotency, fresh);
        return fresh;
      });
      // Only successful answers are remembered (a refused batch rolls its key back), so a replay is a 200 too.
      return reply.code(200).send(RegisterReadingsResponse.parse(answer.body));
    },
  );
};
