import { AccountIdParams, ErrorResponse, SkipReadingRequest, SkipReadingResponse } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseSkipOfOthersMeter } from '../../services/readings/assigned-skip.ts';
import { recordSkip } from '../../services/readings/reading-skips.ts';
import { inviteResidentAfterSkip } from '../../services/selfreading/invite-after-skip.ts';
import { IdempotencyHeaders, idempotentAccountWrites } from './idempotent-write.ts';

export const skipReadingRoute: FastifyPluginAsyncZod = async (app) => {
  const write = idempotentAccountWrites(app);
  const invitations = {
    db: app.db,
    kind: app.dbKind,
    clock: app.clock,
    publicUrl: app.config.publicUrl,
    deadlineDays: app.config.selfReadingDeadlineDays,
  };
  app.post(
    '/skipreading/:accountId',
    {
      config: { account: 'params.accountId' },
      schema: {
        description:
          'Registrerer, at en måler ikke blev aflæst i denne periode, med årsag (Ingen adgang, Måler defekt, Måler ikke fundet eller Andet; Andet kræver en bemærkning), hvem og hvornår. Målerens målepunkter står som Sprunget over, indtil der kommer en måling dateret i perioden. Ved Ingen adgang får beboeren linket til selvaflæsning, når måleren har en beboer-e-mail (ResidentLinkSent). En måler, kontoret har tildelt en anden aflæser i perioden, kan en aflæser ikke springe over (409); en administrator kan.',
        tags: ['Aflæsningsrute'],
        params: AccountIdParams,
        headers: IdempotencyHeaders,
        body: SkipReadingRequest,
        response: { 200: SkipReadingResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => {
      const answer = await write(request, async (trx, now) => {
        await refuseSkipOfOthersMeter(trx, {
          accountId: request.account.id,
          deviceId: request.body.deviceId,
          user: request.user,
          now,
        });
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
        const residentLinkSent = await inviteResidentAfterSkip(trx, invitations, {
          accountId: request.account.id,
          deviceId: request.body.deviceId,
          reason: request.body.reason,
          userId: request.user.id,
        });
        if (residentLinkSent)
          request.log.info({ deviceId: request.body.deviceId }, 'resident invited after skip');
        return { statusCode: 200, body: { ...recorded.answer, ResidentLinkSent: residentLinkSent } };
      });
      return SkipReadingResponse.parse(answer.body);
    },
  );
};
