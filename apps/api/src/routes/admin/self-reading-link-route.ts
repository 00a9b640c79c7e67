import {
  DeviceAccountParams,
  ErrorResponse,
  IssuedSelfReadingLink,
  IssueSelfReadingLinkRequest,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logSecurityEvent } from '../../services/auth/security-events.ts';
import { issueSelfReadingLink } from '../../services/selfreading/self-reading-links.ts';

/** A resident's self-reading link for one meter of the account and the period running now (ADR 039). */
export const selfReadingLinkRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/selfreading/link/:deviceId/:accountId',
    {
      config: { adminOnly: true, account: 'params.accountId' },
      schema: {
        description:
          'Opretter et selvaflæsningslink (kun for administratorer) til måleren og kontoens igangværende periode; svaret viser adressen med tokenet én gang. Med recipientEmail får beboeren en kvittering for hver aflæsning. En måler uden for kontoen eller taget ud af brug: 404.',
        tags: ['Administration'],
        params: DeviceAccountParams,
        body: IssueSelfReadingLinkRequest,
        response: { 200: IssuedSelfReadingLink, 404: ErrorResponse },
      },
    },
    async (request) => {
      const issued = await issueSelfReadingLink(
        {
          db: app.db,
          clock: app.clock,
          publicUrl: app.config.publicUrl,
          deadlineDays: app.config.selfReadingDeadlineDays,
        },
        {
          deviceId: request.params.deviceId,
          accountId: request.account.id,
          recipientEmail: request.body.recipientEmail,
          createdBy: request.user.id,
        },
      );
      logSecurityEvent(request.log, 'selfreading.link-issued', {
        linkId: issued.id,
        deviceId: request.params.deviceId,
        accountId: request.account.id,
      });
      return { url: issued.url, deadline: issued.deadline };
    },
  );
};
