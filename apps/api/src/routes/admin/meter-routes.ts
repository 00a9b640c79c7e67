import {
  AccountIdParams,
  AddLocationRequest,
  AddMeterRequest,
  AddPointRequest,
  DeviceAccountParams,
  ErrorResponse,
  GatewayAccountParams,
  MeterAdminPage,
  MeterAdminQuery,
  MeterAdminWriteResponse,
  MoveRequest,
  PointAccountParams,
  UpdateLocationRequest,
  UpdateMeterRequest,
  UpdatePointRequest,
} from '@maaler/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addLocation,
  changeLocation,
  moveLocation,
} from '../../services/metering/location-administration.ts';
import { meterAdminPage } from '../../services/metering/meter-admin-page.ts';
import {
  addMeter,
  changeMeter,
  moveMeter,
  retireMeterNow,
} from '../../services/metering/meter-administration.ts';
import { addPoint, changePoint } from '../../services/metering/point-administration.ts';

const tags = ['Administration'];
const config = { adminOnly: true, account: 'params.accountId' } as const;
/** Refusals: 400 for a broken field, 404 for an id outside the account, 409 for a broken rule. */
const writeResponses = {
  200: MeterAdminWriteResponse,
  400: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

export const meterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/meters/:accountId',
    {
      config,
      schema: {
        description: `Målere (kun for administratorer): én side med kontoens lokationer i ruteorden (20 pr. side) med alle deres målere (aktive i ruteorden, derefter dem, der er udskiftet eller taget ud af drift) og målepunkter. q søger i lokationers navn og adresse og i målernes navn og serienummer; matcher en lokation kun gennem målere, vises kun de målere.`,
        tags,
        params: AccountIdParams,
        querystring: MeterAdminQuery,
        response: { 200: MeterAdminPage, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => meterAdminPage(app.db, request.account.id, request.query),
  );

  app.post(
    '/meters/addlocation/:accountId',
    {
      config,
      schema: {
        description: 'Opretter en lokation på kontoen (sidst i ruten, i navneorden blandt dem uden plads).',
        tags,
        params: AccountIdParams,
        body: AddLocationRequest,
        response: writeResponses,
      },
    },
    async (request) => app.writeTransaction((trx) => addLocation(trx, request.account.id, request.body)),
  );

  app.post(
    '/meters/updatelocation/:gatewayId/:accountId',
    {
      config,
      schema: {
        description: 'Omdøber en lokation og/eller ændrer dens adresse.',
        tags,
        params: GatewayAccountParams,
        body: UpdateLocationRequest,
        response: writeResponses,
      },
    },
    async (request) =>
      app.writeTransaction((trx) =>
        changeLocation(trx, request.account.id, request.params.gatewayId, request.body),
      ),
  );

  app.post(
    '/meters/movelocation/:gatewayId/:accountId',
    {
      config,
      schema: {
        description:
          'Flytter en lokation én plads op eller ned i ruten (lokationerne nummereres 1, 2, … i den nuværende orden). Forrest op eller bagerst ned ændrer intet.',
        tags,
        params: GatewayAccountParams,
        body: MoveRequest,
        response: writeResponses,
      },
    },
    async (request) =>
      app.writeTransaction((trx) =>
        moveLocation(trx, request.account.id, request.params.gatewayId, request.body.Direction),
      ),
  );

  app.post(
    '/meters/addmeter/:gatewayId/:accountId',
    {
      config,
      schema: {
        description:
          'Opretter en måler på lokationen. Serienummeret (kan udelades) skal være ledigt hos kunden (på alle kundens konti) uden hensyn til store og små bogstaver, også blandt målere taget ud af drift (ellers 409). `InstalledOn` (kan udelades): opsætningsdatoen; aflæsninger før den afvises (406, ADR 020).',
        tags,
        params: GatewayAccountParams,
        body: AddMeterRequest,
        response: writeResponses,
      },
    },
    async (request) =>
      app.writeTransaction((trx) =>
        addMeter(trx, request.account.id, request.params.gatewayId, request.body, app.clock.now()),
      ),
  );

  app.post(
    '/meters/updatemeter/:deviceId/:accountId',
    {
      config,
      schema: {
        description:
          'Omdøber en måler, giver den et (ledigt) serienummer og/eller en opsætningsdato (`InstalledOn`, null fjerner den; ikke efter målerens første aflæsning, ellers 409), og/eller sætter beboerens kontaktdata (`ResidentName`, `ResidentEmail`, `ResidentPhone`; tom tekst fjerner feltet; kun administratorer ser dem, ADR 039). En måler taget ud af drift ændres ikke (409).',
        tags,
        params: DeviceAccountParams,
        body: UpdateMeterRequest,
        response: writeResponses,
      },
    },
    async (request) =>
      app.writeTransaction((trx) =>
        changeMeter(trx, request.account.id, request.params.deviceId, request.body, app.clock.now()),
      ),
  );

  app.post(
    '/meters/movemeter/:deviceId/:accountId',
    {
      config,
      schema: {
        description: 'Flytter en aktiv måler én plads op eller ned i lokationens rute.',
        tags,
        params: DeviceAccountParams,
        body: MoveRequest,
        response: writeResponses,
      },
    },
    async (request) =>
      app.writeTransaction((trx) =>
        moveMeter(trx, request.account.id, request.params.deviceId, request.body.Direction),
      ),
  );

  app.post(
    '/meters/retiremeter/:deviceId/:accountId',
    {
      config,
      schema: {
        description:
          'Tager en måler ud af drift: den forlader ruten, træet og serienummeropslaget og modtager ingen nye aflæsninger (406); dens historik bevares. Igen på en måler ude af drift ændrer intet.',
        tags,
        params: DeviceAccountParams,
        response: writeResponses,
      },
    },
    async (request) => {
      const { deviceId } = request.params;
      return app.writeTransaction(async (trx) => {
        const retired = await retireMeterNow(trx, request.account.id, deviceId, app.clock.now());
        await request.securityEvent(
          'meter.retired',
          { accountId: request.account.id, deviceId, count: 1 },
          trx,
        );
        return retired;
      });
    },
  );

  app.post(
    '/meters/addpoint/:deviceId/:accountId',
    {
      config,
      schema: {
        description:
          'Opretter et målepunkt (navn og enhed) på en aktiv måler. `RegisterDigits` (antal cifre på tælleværket) og `CountsUpOnly` (tælleværket nulstilles aldrig) kan udelades; er de angivet, afvises aflæsninger, der ikke kan være rigtige (406, ADR 020).',
        tags,
        params: DeviceAccountParams,
        body: AddPointRequest,
        response: writeResponses,
      },
    },
    async (request) =>
      app.writeTransaction((trx) => addPoint(trx, request.account.id, request.params.deviceId, request.body)),
  );

  app.post(
    '/meters/updatepoint/:deviceItemId/:accountId',
    {
      config,
      schema: {
        description:
          'Omdøber et målepunkt, ændrer dets enhed og/eller dets tælleværk (`RegisterDigits`, null: ukendt; `CountsUpOnly`). Enheden kan ikke ændres, når målepunktet har aflæsninger (409).',
        tags,
        params: PointAccountParams,
        body: UpdatePointRequest,
        response: writeResponses,
      },
    },
    async (request) =>
      app.writeTransaction((trx) =>
        changePoint(trx, request.account.id, request.params.deviceItemId, request.body),
      ),
  );
};
