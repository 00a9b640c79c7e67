import {
  AccountIdParams,
  AssignReaderRequest,
  AssignReaderResponse,
  ErrorResponse,
  PeriodQuery,
  RouteAssignments,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignReader, routeAssignmentsOf } from '../../services/administration/route-assignments.ts';

const tags = ['Administration'];
const config = { adminOnly: true, account: 'params.accountId' } as const;

/** `Tildel aflæser` (issue 37, ADR 048): parts of the route given to meter readers for a period. */
export const routeAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/routeassignments/:accountId',
    {
      config,
      schema: {
        description:
          'Tildel aflæser (kun for administratorer): perioden, der indeholder date (uden date den aktuelle), kontoens aflæsere (rolle 0), fremdriften pr. aflæser (målepunkter tildelt, aflæst, sprunget over, mangler) og rutens lokationer og målere med den aflæser, hver er tildelt.',
        tags,
        params: AccountIdParams,
        querystring: PeriodQuery,
        response: { 200: RouteAssignments, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => routeAssignmentsOf(app.db, request.account.id, app.clock.now(), request.query.date),
  );

  app.post(
    '/routeassignments/:accountId',
    {
      config,
      schema: {
        description:
          'Tildeler en lokation (GatewayId) eller en enkelt måler (DeviceId) til en aflæser (ReaderId, rolle 0 med adgang til kontoen) eller til ingen (null) for perioden, der indeholder date. En måler, en anden aflæser har, flyttes kun, mens den stadig mangler; det aflæste bliver hos den første (Kept). Lokation, måler eller aflæser uden for kontoen giver 404.',
        tags,
        params: AccountIdParams,
        body: AssignReaderRequest,
        response: { 200: AssignReaderResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) =>
      app.writeTransaction(async (trx) => {
        const { Moved, Kept, period } = await assignReader(trx, {
          accountId: request.account.id,
          userId: request.user.id,
          now: app.clock.now(),
          request: request.body,
        });
        await request.securityEvent(
          'route.assigned',
          {
            accountId: request.account.id,
            gatewayId: request.body.GatewayId,
            ...(request.body.DeviceId ? { deviceId: request.body.DeviceId } : {}),
            ...(request.body.ReaderId ? { targetUserId: request.body.ReaderId } : {}),
            periodStart: period.start,
            moved: Moved,
            kept: Kept,
          },
          trx,
        );
        return { Success: true, Message: '', Moved, Kept };
      }),
  );
};
