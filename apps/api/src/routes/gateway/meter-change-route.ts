import {
  ADMIN_ROLE,
  ErrorResponse,
  METER_READER_ROLE,
  MeterChangeParams,
  MeterChangeRequest,
  MeterChangeResponse,
  ValidationErrorResponse,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeMeter } from '../../services/readings/meter-change.ts';
import { IdempotencyHeaders, idempotentAccountWrites } from './idempotent-write.ts';

/** Replaces a meter (`Målerskift`, ADR 019), all or nothing; for meter readers and administrators. */
export const meterChangeRoute: FastifyPluginAsyncZod = async (app) => {
  const write = idempotentAccountWrites(app);
  app.post(
    '/meterchange/:deviceId/:accountId',
    {
      config: { account: 'params.accountId', roles: [METER_READER_ROLE, ADMIN_ROLE] },
      schema: {
        description:
          'Målerskift: gemmer den gamle målers slutaflæsning og den nye målers startaflæsning pr. målepunkt på samme dato, alt eller intet. Den nye måler (nyt serienummer, samme navn, type, lokation, plads i ruten og målepunkter) overtager den gamles plads; den gamle tages ud af brug og får ikke flere aflæsninger, men beholder sin historik. Kun rolle 0 og 1.',
        tags: ['Målinger'],
        params: MeterChangeParams,
        headers: IdempotencyHeaders,
        body: MeterChangeRequest,
        response: {
          200: MeterChangeResponse,
          404: ErrorResponse,
          406: ValidationErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request) => {
      const { deviceId } = request.params;
      // The meter is part of what the key stands for: the same body for another meter is another request.
      const keyed = {
        user: request.user,
        account: request.account,
        headers: request.headers,
        body: { deviceId, ...request.body },
      };
      // The event is stored with the change, so a replayed request (same key) records nothing again.
      const answer = await write(keyed, async (trx, now) => {
        const changed = await changeMeter(trx, {
          accountId: request.account.id,
          userId: request.user.id,
          deviceId,
          change: request.body,
          now,
        });
        await request.securityEvent(
          'meter.changed',
          {
            accountId: request.account.id,
            deviceId,
            newDeviceId: changed.DeviceId,
            points: changed.Points.length,
          },
          trx,
        );
        return { statusCode: 200, body: changed };
      });
      return MeterChangeResponse.parse(answer.body);
    },
  );
};
