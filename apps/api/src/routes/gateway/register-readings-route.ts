import {
  AccountIdParams,
  ErrorResponse,
  ReadingBatch,
  RegisterReadingsResponse,
  ValidationErrorResponse,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerReadings } from '../../services/readings/readings.ts';
import { registerReadingsAlone } from '../../services/readings/register-in-one-statement.ts';
import { IdempotencyHeaders, idempotentAccountWrites, type WriteAlone } from './idempotent-write.ts';

/** Stores a batch of manual readings, all or nothing, answering only after the commit. */
export const registerReadingsRoute: FastifyPluginAsyncZod = async (app) => {
  const write = idempotentAccountWrites(app);
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
      const answered = (count: number) => ({
        statusCode: 200,
        body: { Success: true, Message: '', Count: count },
      });
      const readings = (now: Date) => ({
        accountId: request.account.id,
        userId: request.user.id,
        batch: request.body,
        now,
      });
      const expected = answered(request.body.length);
      // PostgreSQL: one statement without a transaction when it can (ADR 027); SQLite has no round trips to save.
      const alone: WriteAlone | undefined =
        app.dbKind === 'postgres'
          ? (idempotency, now) => registerReadingsAlone(app.db, readings(now), idempotency, expected)
          : undefined;
      const answer = await write(
        request,
        async (trx, now) => answered(await registerReadings(trx, readings(now))),
        expected,
        alone,
      );
      // Only successful answers are remembered (a refused batch rolls its key back), so a replay is a 200 too.
      return reply.code(200).send(RegisterReadingsResponse.parse(answer.body));
    },
  );
};
