import { AdminLogPage, AdminLogQuery, LOG_PAGE_SIZE } from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogPage } from '../../services/administration/audit-log.ts';

/** The office's `Log` (issue 39, ADR 041): security and bulk events of the administrator's customers. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/log',
    {
      config: { adminOnly: true },
      schema: {
        description: `Sikkerheds- og massehændelser hos administratorens kunder (logins, spærringer, brugerændringer, import, eksport, godkendelser, rettelser, estimater, målerskift, indstillinger), ${LOG_PAGE_SIZE} pr. side, nyeste først. user viser hændelser udført af eller om brugeren, event én hændelse, from og to danske kalenderdage (begge med). Med brugerne til filteret.`,
        tags: ['Log'],
        querystring: AdminLogQuery,
        response: { 200: AdminLogPage },
      },
    },
    async (request) =>
      auditLogPage(app.db, request.user, { ...request.query, page: request.query.page ?? 1 }),
  );
};
