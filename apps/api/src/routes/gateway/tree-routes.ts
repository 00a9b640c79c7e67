import {
  AccountIdParams,
  Device,
  DeviceAccountParams,
  DeviceItemList,
  DeviceList,
  DeviceTypeAccountParams,
  ErrorResponse,
  GatewayAccountParams,
  GatewayTree,
  isoDateInCopenhagen,
  ManualFlagParams,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../domain/errors.ts';
import { jsonBody, sendJsonBody } from '../../http/json-body.ts';
import {
  itemsInTreeOrder,
  metersOfAccountByType,
  requireAccountTreeRows,
  toDeviceItemList,
  toDeviceList,
  treeOfManualFlag,
  treeOfReachableAccount,
} from '../../services/metering/gateway-tree.ts';

const tags = ['Lokationer og målere'];

/** Read-only views of an account's locations, meters and measurement points with their latest readings. */
export const treeRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The Danish today: what each point's expected range is for. */
  const today = () => isoDateInCopenhagen(app.clock.now());

  app.get(
    '/loadlistsimple/:accountId',
    {
      schema: {
        description:
          'Henter kontoens lokationer med målere og målepunkter og den seneste måling for hvert målepunkt.',
        tags,
        params: AccountIdParams,
        response: { 200: GatewayTree, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { user, params } = request;
      const day = today();
      // The answer as sent, kept per user, account and day (the expected ranges move with the date)
      // while the database is unchanged (the home screen's hottest read); a 404 is thrown, never kept.
      const body = await app.readCache.read(
        `tree:${user.id}:${params.accountId}:${day}`,
        async () =>
          jsonBody(GatewayTree, await treeOfReachableAccount(app.db, user, params.accountId, day), request),
        request,
      );
      return sendJsonBody(reply, body);
    },
  );

  app.get(
    '/loaditemlist/:gatewayId/:accountId',
    {
      schema: {
        description: 'Henter alle målepunkter på en lokation.',
        tags,
        params: GatewayAccountParams,
        response: { 200: DeviceItemList, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { user, params } = request;
      const day = today();
      const rows = await requireAccountTreeRows(app.db, user, params.accountId, day, {
        gatewayId: params.gatewayId,
      });
      return itemsInTreeOrder(rows, day);
    },
  );

  app.get(
    '/loaddevicelist/:gatewayId/:accountId',
    {
      schema: {
        description: 'Henter målerne på en lokation med deres målepunkter.',
        tags,
        params: GatewayAccountParams,
        response: { 200: DeviceList, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { user, params } = request;
      const day = today();
      const rows = await requireAccountTreeRows(app.db, user, params.accountId, day, {
        gatewayId: params.gatewayId,
      });
      return toDeviceList(rows, day);
    },
  );

  app.get(
    '/loaddevicelistbytype/:type/:accountId',
    {
      config: { account: 'params.accountId' },
      schema: {
        description: 'Henter kontoens målere af én type (heat, water, electricity, gas eller other).',
        tags,
        params: DeviceTypeAccountParams,
        response: { 200: DeviceList, 404: ErrorResponse },
      },
    },
    async (request) => metersOfAccountByType(app.db, request.account.id, request.params.type, today()),
  );

  app.get(
    '/loaddevice/:deviceId/:accountId',
    {
      schema: {
        description: 'Henter én måler med dens målepunkter.',
        tags,
        params: DeviceAccountParams,
        response: { 200: Device, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { user, params } = request;
      const day = today();
      const rows = await requireAccountTreeRows(app.db, user, params.accountId, day, {
        deviceId: params.deviceId,
      });
      const [device] = toDeviceList(rows, day);
      if (!device) throw new NotFoundError();
      return device;
    },
  );

  app.get(
    '/loaddeviceitemlist/:deviceId/:accountId',
    {
      schema: {
        description: 'Henter en målers målepunkter.',
        tags,
        params: DeviceAccountParams,
        response: { 200: DeviceItemList, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { user, params } = request;
      const day = today();
      const rows = await requireAccountTreeRows(app.db, user, params.accountId, day, {
        deviceId: params.deviceId,
      });
      return toDeviceItemList(rows, day);
    },
  );

  app.get(
    '/loadlistbymanual/:value',
    {
      schema: {
        description:
          'Henter lokationerne på alle brugerens konti med kun de målere, der aflæses manuelt (1) eller automatisk (0).',
        tags,
        params: ManualFlagParams,
        response: { 200: GatewayTree },
      },
    },
    async (request) => treeOfManualFlag(app.db, request.user, request.params.value === '1', today()),
  );
};
