import {
  ErrorResponse,
  OUTBOX_PAGE_SIZE,
  OutboxMessage,
  OutboxMessageParams,
  OutboxPage,
  OutboxQuery,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxMessage, outboxPage } from '../../services/mail/outbox-view.ts';

const tags = ['E-mails'];

/** `Udsendte e-mails` (ADR 037): the outbox of the administrator's customers, for role 1. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/emails',
    {
      config: { adminOnly: true },
      schema: {
        description: `E-mails til brugerne hos administratorens kunder (nulstilling af adgangskode, invitationer), ${OUTBOX_PAGE_SIZE} pr. side, nyeste først, med status pending (venter), sent eller failed og antal forsøg.`,
        tags,
        querystring: OutboxQuery,
        response: { 200: OutboxPage },
      },
    },
    async (request) => outboxPage(app.db, request.user, request.query.page ?? 1),
  );

  app.get(
    '/emails/:id',
    {
      config: { adminOnly: true },
      schema: {
        description:
          'Én e-mail med dens tekst (links med) og seneste fejl; 404 for e-mails, der ikke hører til administratorens kunder.',
        tags,
        params: OutboxMessageParams,
        response: { 200: OutboxMessage, 404: ErrorResponse },
      },
    },
    async (request) => outboxMessage(app.db, request.user, request.params.id),
  );
};
