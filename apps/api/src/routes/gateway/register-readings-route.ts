import {
  AccountIdParams,
  ErrorResponse,
  ReadingBatch,
  RegisterReadingsResponse,
  ValidationErrorResponse,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ReadingsDatabase, saveReadings } from '../../services/readings/save-readings.ts';
import { IdempotencyHeaders, idempotentRequests } from './idempotent-write.ts';

/** Stores a batch of manual readings, all or nothing, answering only after the commit. */
export const registerReadingsRoute: FastifyPluginAsyncZod = async (app) => {
  const idempotencyOf = idempotentRequests(app);
  const database: ReadingsDatabase = {
    db: app.db,
    writeTransaction: app.writeTransaction,
    callWritingFunction: app.callWritingFunction,
  };
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
      const now = app.clock.now();
      const answer = await saveReadings(database, {
        accountId: request.account.id,
        userId: request.user.id,
        senderRole: request.user.role,
        batch: request.body,
        now,
        idempotency: await idempotencyOf(request, now),
        log: request.log,
        onTaskOpened: (trx, task) =>
          request.securityEvent('task.opened', { accountId: request.account.id, ...task }, trx),
      });
      // Only successful answers are remembered (a refused batch rolls its key back), so a replay is a 200 too.
      return reply.code(200).send(RegisterReadingsResponse.parse(answer.body));
    },
  );
};
