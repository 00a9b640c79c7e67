import { CreatedApiKey } from '@maaler/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  CUSTOMER_NAMES,
  customerIdOf,
  HEAT_METER,
  HOT_WATER_METER,
  meterOf,
  userIdOf,
} from '../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp, testClock } from '../helpers/test-app.ts';
import {
  fetchDocument,
  jsonSchemaOf,
  type OpenApiDocument,
  type Operation,
  operationKey,
  operationsOf,
  schemaValidator,
} from './openapi-schemas.ts';

type DemoIds = Record<string, string | number>;
type Case = {
  method: 'GET' | 'POST' | 'PUT';
  /** The documented path, placeholders in braces. */
  path: string;
  params?: (ids: DemoIds) => Record<string, string | number>;
  body?: (ids: DemoIds) => unknown;
  /** Demo user (by the part before @) whose token the call carries; none for public calls. */
  as?: string;
  /** The answer must hold at least one element, so the check is not made on an empty list. */
  nonEmpty?: true;
  /** The query string, without `?`. */
  query?: string;
  /** The 200 answer is a file of this documented media type, not JSON. */
  file?: string;
  /** The body is an image's bytes (a photo upload), not JSON. */
  image?: true;
  /** The success status when not 200 (a new photo answers 201). */
  status?: 201;
  /** Request headers beyond the token's (the self-reading link's token). */
  headers?: (ids: DemoIds) => Record<string, string>;
};

// One real, successful call per documented operation, on the demo data. Calls that change a user's
// password or memberships come last, on users no later call needs.
const CASES: Case[] = [
  { method: 'GET', path: '/api/health/live' },
  { method: 'GET', path: '/api/health/ready' },
  { method: 'GET', path: '/api/about' },
  {
    method: 'POST',
    path: '/api/authenticate/userauthenticate/v2',
    body: () => ({ email: 'admin@eksempel.dk', password: 'demo1234', rememberme: true, area: 9 }),
  },
  // Both end the token they are called with: each has a session of its own.
  { method: 'POST', path: '/api/authenticate/refreshtoken', as: 'tekniker' },
  { method: 'POST', path: '/api/authenticate/logout', as: 'session-to-end' },
  { method: 'POST', path: '/api/authenticate/devicecredential', as: 'admin' },
  {
    method: 'POST',
    path: '/api/authenticate/exchangedevicecredential',
    body: (ids) => ({ credential: ids.deviceCredential }),
  },
  {
    method: 'POST',
    path: '/api/authenticate/forgotpassword',
    body: () => ({ email: 'findes.ikke@eksempel.dk' }),
  },
  {
    method: 'POST',
    path: '/api/authenticate/setpassword',
    body: (ids) => ({
      token: ids.resetToken,
      password: 'Nyt_kodeord_123',
      passwordrepeat: 'Nyt_kodeord_123',
    }),
  },
  {
    method: 'GET',
    path: '/api/selfreading/link',
    headers: (ids) => ({ 'x-self-reading-token': String(ids.selfReadingToken) }),
  },
  {
    method: 'POST',
    path: '/api/selfreading/reading',
    body: (ids) => ({
      token: ids.selfReadingToken,
      values: [{ deviceItemId: ids.norrevangItem, value: '1' }],
    }),
  },
  {
    method: 'PUT',
    path: '/api/selfreading/photo/{photoId}',
    params: (ids) => ({ photoId: ids.linkPhoto as string }),
    headers: (ids) => ({ 'x-self-reading-token': String(ids.selfReadingToken) }),
    image: true,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/admin/selfreading/link/{deviceId}/{accountId}',
    params: (ids) => ({ deviceId: ids.norrevangDevice as number, accountId: ids.norrevangAccount as string }),
    body: () => ({ recipientEmail: 'beboer@eksempel.dk' }),
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/selfreading/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/selfreading/invitations/{accountId}',
    params: (ids) => ({ accountId: ids.norrevangAccount as string }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/selfreading/letters/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    as: 'admin',
    file: 'application/pdf',
  },
  {
    method: 'POST',
    path: '/api/admin/selfreading/card/{deviceId}/{accountId}',
    params: (ids) => ({ deviceId: ids.norrevangDevice as number, accountId: ids.norrevangAccount as string }),
    as: 'admin',
    file: 'application/pdf',
  },
  { method: 'GET', path: '/api/account/loadlistbycurrentuser/v2/9', as: 'admin', nonEmpty: true },
  {
    method: 'GET',
    path: '/api/account/loadlistbycustomer/{customerId}',
    params: (ids) => ({ customerId: ids.soparken as string }),
    as: 'admin',
    nonEmpty: true,
  },
  {
    method: 'GET',
    path: '/api/account/loadsimple/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    as: 'kunde',
  },
  {
    method: 'POST',
    path: '/api/account/settingsave',
    body: (ids) => ({ accountid: ids.soparken1, key: 'visning', value: 'kompakt' }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/account/settingdelete',
    body: (ids) => ({ accountid: ids.soparken1, key: 'visning' }),
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/account/loaduserlistbyaccount/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    as: 'admin',
    nonEmpty: true,
  },
  {
    method: 'POST',
    path: '/api/customer/loadlistbyid',
    body: (ids) => `${ids.soparken},${ids.norrevang}`,
    as: 'admin',
    nonEmpty: true,
  },
  {
    method: 'GET',
    path: '/api/customer/loadbyaccount/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    as: 'kunde',
  },
  {
    method: 'POST',
    path: '/api/customer/savebyaccount/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    body: () => ({ name: 'Boligforeningen Søparken', address: 'Søvej 1', postal: '8000', town: 'Aarhus C' }),
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/gateway/loadlistsimple/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    as: 'kunde',
    nonEmpty: true,
  },
  {
    method: 'GET',
    path: '/api/gateway/loaditemlist/{gatewayId}/{accountId}',
    params: (ids) => ({ gatewayId: ids.heatGateway as number, accountId: ids.soparken1 as string }),
    as: 'kunde',
    nonEmpty: true,
  },
  {
    method: 'GET',
    path: '/api/gateway/loaddevicelist/{gatewayId}/{accountId}',
    params: (ids) => ({ gatewayId: ids.heatGateway as number, accountId: ids.soparken1 as string }),
    as: 'kunde',
    nonEmpty: true,
  },
  {
    method: 'GET',
    path: '/api/gateway/loaddevicelistbytype/{type}/{accountId}',
    params: (ids) => ({ type: 'heat', accountId: ids.soparken1 as string }),
    as: 'kunde',
    nonEmpty: true,
  },
  {
    method: 'GET',
    path: '/api/gateway/loaddevice/{deviceId}/{accountId}',
    params: (ids) => ({ deviceId: ids.heatDevice as number, accountId: ids.soparken1 as string }),
    as: 'kunde',
  },
  {
    method: 'GET',
    path: '/api/gateway/loaddeviceitemlist/{deviceId}/{accountId}',
    params: (ids) => ({ deviceId: ids.heatDevice as number, accountId: ids.soparken1 as string }),
    as: 'kunde',
    nonEmpty: true,
  },
  {
    method: 'GET',
    path: '/api/gateway/loadlistbymanual/{value}',
    params: () => ({ value: '1' }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/gateway/manualregisterdeviceitemdata/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    body: (ids) => [
      {
        gatewayId: ids.hotWaterGateway,
        deviceId: ids.hotWaterDevice,
        deviceItemId: ids.hotWaterItem,
        dateRecord: '11/20/2026',
        value: '12,5',
      },
    ],
    as: 'kunde',
  },
  {
    method: 'POST',
    path: '/api/gateway/loaddeviceitemhistorylist/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    body: (ids) => ({ gatewayId: ids.heatGateway, deviceId: ids.heatDevice }),
    as: 'kunde',
    nonEmpty: true,
  },
  {
    method: 'GET',
    path: '/api/gateway/readingstatus/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    as: 'kunde',
  },
  {
    method: 'POST',
    path: '/api/gateway/skipreading/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    body: (ids) => ({
      gatewayId: ids.heatGateway,
      deviceId: ids.heatDevice,
      reason: 'Andet',
      note: 'Låst',
      followUp: true,
    }),
    as: 'kunde',
  },
  {
    method: 'POST',
    path: '/api/gateway/meterchange/{deviceId}/{accountId}',
    // A meter of its own (Hybenvej 50), which no other call here uses after it is replaced.
    params: (ids) => ({ deviceId: String(ids.hybenvejDevice), accountId: ids.norrevangAccount as string }),
    body: (ids) => ({
      dateRecord: '11/22/2026',
      serialNumber: 'DOK-1',
      points: [{ deviceItemId: ids.hybenvejItem, finalValue: '999999', startValue: '0' }],
    }),
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/gateway/routeprint/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    as: 'kunde',
    file: 'application/pdf',
  },
  {
    method: 'GET',
    path: '/api/gateway/findbyserial/{accountId}/{serial}',
    params: (ids) => ({ accountId: ids.soparken1 as string, serial: 'KAM-603-112233' }),
    as: 'kunde',
  },
  {
    method: 'GET',
    path: '/api/admin/periodstatus/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    query: 'date=2026-10-15',
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/export/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    query: 'date=2026-10-15&format=csv',
    as: 'admin',
    file: 'text/csv; charset=utf-8',
  },
  {
    method: 'GET',
    path: '/api/admin/monthlyconsumption/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    query: 'date=2026-10-15&format=xlsx',
    as: 'admin',
    file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  {
    method: 'GET',
    path: '/api/admin/review/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/review/correct/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    // The value stored (466,15): the reading stays on the review list, so the approval below still finds it.
    body: (ids) => ({ readingId: ids.overriddenReading, value: '466,15' }),
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/estimates/{accountId}',
    params: (ids) => ({ accountId: ids.norrevangAccount as string }),
    query: 'date=2026-10-15',
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/estimates/{accountId}',
    params: (ids) => ({ accountId: ids.norrevangAccount as string }),
    // October is over on 22 November, and Hybenvej 1 has no reading in it (removed below).
    body: (ids) => ({ date: '2026-10-15', deviceItemIds: [ids.estimatedItem] }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/review/approve/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    body: (ids) => ({ readingIds: [ids.overriddenReading] }),
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/review/controls/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    as: 'admin',
    nonEmpty: true,
  },
  {
    method: 'POST',
    path: '/api/admin/review/controls/approve/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    body: (ids) => ({ controlReadingIds: [ids.deviatingControl] }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/import/{accountId}/{kind}',
    params: (ids) => ({ accountId: ids.soparken1 as string, kind: 'readings' }),
    query: 'mode=dry-run',
    body: () => ({
      format: 'csv',
      data: Buffer.from(
        'Serienummer;Målepunkt;Dato;Værdi\r\nKAM-603-112233;Energi;01-11-2026;1\r\n',
      ).toString('base64'),
    }),
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/import/template/{kind}',
    params: () => ({ kind: 'meters' }),
    query: 'format=csv',
    as: 'admin',
    file: 'text/csv; charset=utf-8',
  },
  { method: 'GET', path: '/api/admin/users', query: 'q=eksempel&page=1', as: 'admin' },
  { method: 'GET', path: '/api/admin/emails', query: 'page=1', as: 'admin' },
  {
    method: 'GET',
    path: '/api/admin/log',
    query: 'page=1&event=login.succeeded&from=2026-01-01',
    as: 'admin',
  },
  // Tasks (issue 37): the task opened in beforeAll, listed, assigned, commented, closed, then in the history.
  {
    method: 'GET',
    path: '/api/admin/tasks/{accountId}',
    params: (ids) => ({ accountId: ids.norrevangAccount as string }),
    query: 'status=open',
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/tasks/assign/{taskId}/{accountId}',
    params: (ids) => ({ taskId: ids.task as number, accountId: ids.norrevangAccount as string }),
    body: (ids) => ({ UserId: ids.adminUser }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/tasks/comment/{taskId}/{accountId}',
    params: (ids) => ({ taskId: ids.task as number, accountId: ids.norrevangAccount as string }),
    body: () => ({ Text: 'Ny måler bestilt' }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/tasks/close/{taskId}/{accountId}',
    params: (ids) => ({ taskId: ids.task as number, accountId: ids.norrevangAccount as string }),
    body: () => ({ Note: 'Måler skiftet' }),
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/tasks/meter/{deviceId}/{accountId}',
    params: (ids) => ({ deviceId: ids.taskDevice as number, accountId: ids.norrevangAccount as string }),
    as: 'admin',
  },
  // `Tildel aflæser` (issue 37): Hybenvej 50 to the meter reader, then the period's assignments.
  {
    method: 'POST',
    path: '/api/admin/routeassignments/{accountId}',
    params: (ids) => ({ accountId: ids.norrevangAccount as string }),
    body: (ids) => ({
      GatewayId: ids.hybenvejGateway,
      DeviceId: ids.hybenvejDevice,
      ReaderId: ids.teknikerUser,
    }),
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/routeassignments/{accountId}',
    params: (ids) => ({ accountId: ids.norrevangAccount as string }),
    query: 'date=2026-11-01',
    as: 'admin',
  },
  { method: 'GET', path: '/api/admin/apikeys', as: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/apikeys',
    body: (ids) => ({ customerId: ids.soparken, name: 'Gateway i fyrrummet' }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/apikeys/revoke/{keyId}',
    params: (ids) => ({ keyId: ids.apiKey as string }),
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/emails/{id}',
    params: (ids) => ({ id: ids.mail as string }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/users',
    body: (ids) => ({ name: 'Nina Ny', email: 'nina@eksempel.dk', role: 2, accountIds: [ids.soparken1] }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}',
    params: (ids) => ({ id: ids.kundeUser as string }),
    body: (ids) => ({ name: 'Karen Kunde', role: 2, accountIds: [ids.soparken1] }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/unlock',
    params: (ids) => ({ id: ids.kundeUser as string }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/disable',
    params: (ids) => ({ id: ids.nyUser as string }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/enable',
    params: (ids) => ({ id: ids.nyUser as string }),
    as: 'admin',
  },
  // Meter administration on Nørrevang 4 (no other case here uses it); the location comes first.
  {
    method: 'GET',
    path: '/api/admin/meters/{accountId}',
    params: (ids) => ({ accountId: ids.norrevangAccount as string }),
    query: 'q=n%C3%B8rrevang&page=1',
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/meters/addlocation/{accountId}',
    params: (ids) => ({ accountId: ids.norrevangAccount as string }),
    body: () => ({ Name: 'Ny lokation', Address: 'Nørrevang 6' }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/meters/updatelocation/{gatewayId}/{accountId}',
    params: (ids) => ({
      gatewayId: ids.norrevangGateway as number,
      accountId: ids.norrevangAccount as string,
    }),
    body: () => ({ Address: 'Nørrevang 4, 8000 Aarhus C' }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/meters/movelocation/{gatewayId}/{accountId}',
    params: (ids) => ({
      gatewayId: ids.norrevangGateway as number,
      accountId: ids.norrevangAccount as string,
    }),
    body: () => ({ Direction: 'down' }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/meters/addmeter/{gatewayId}/{accountId}',
    params: (ids) => ({
      gatewayId: ids.norrevangGateway as number,
      accountId: ids.norrevangAccount as string,
    }),
    body: () => ({ Name: 'Bimåler', Type: 'water', Manual: true, SerialNumber: 'DOK-BI-1' }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/meters/updatemeter/{deviceId}/{accountId}',
    params: (ids) => ({ deviceId: ids.norrevangDevice as number, accountId: ids.norrevangAccount as string }),
    body: () => ({ Name: 'Vandmåler kælder', SerialNumber: 'DIE-HYD-556678' }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/meters/movemeter/{deviceId}/{accountId}',
    params: (ids) => ({ deviceId: ids.norrevangDevice as number, accountId: ids.norrevangAccount as string }),
    body: () => ({ Direction: 'up' }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/meters/addpoint/{deviceId}/{accountId}',
    params: (ids) => ({ deviceId: ids.norrevangDevice as number, accountId: ids.norrevangAccount as string }),
    body: () => ({ Name: 'Volumen 2', Unit: 'm³' }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/meters/updatepoint/{deviceItemId}/{accountId}',
    params: (ids) => ({
      deviceItemId: ids.norrevangItem as number,
      accountId: ids.norrevangAccount as string,
    }),
    body: () => ({ Name: 'Volumen' }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/meters/retiremeter/{deviceId}/{accountId}',
    params: (ids) => ({ deviceId: ids.norrevangDevice as number, accountId: ids.norrevangAccount as string }),
    as: 'admin',
  },
  { method: 'GET', path: '/api/user/loadcurrent', as: 'admin' },
  { method: 'GET', path: '/api/user/mydata', as: 'kunde' },
  {
    method: 'PUT',
    path: '/api/photos/{accountId}/{photoId}',
    params: (ids) => ({ accountId: ids.soparken1 as string, photoId: ids.photo as string }),
    as: 'kunde',
    image: true,
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/photos/{accountId}/{photoId}',
    params: (ids) => ({ accountId: ids.soparken1 as string, photoId: ids.photo as string }),
    as: 'kunde',
    file: 'image/jpeg',
  },
  {
    method: 'POST',
    path: '/api/user/savecurrent',
    body: (ids) => ({ name: 'Anders Administrator', email: 'admin@eksempel.dk', accountId: ids.soparken1 }),
    as: 'admin',
  },
  { method: 'GET', path: '/api/user/loadlist/', as: 'admin', nonEmpty: true },
  {
    method: 'GET',
    path: '/api/user/load/{id}',
    params: (ids) => ({ id: ids.kundeUser as string }),
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/user/loadlistbyaccount/{accountId}',
    params: (ids) => ({ accountId: ids.soparken1 as string }),
    as: 'admin',
    nonEmpty: true,
  },
  {
    method: 'GET',
    path: '/api/user/resetpassword/{id}',
    params: (ids) => ({ id: ids.teknikerUser as string }),
    as: 'admin',
  },
  {
    method: 'GET',
    path: '/api/user/delete/{id}',
    params: (ids) => ({ id: ids.nyUser as string }),
    as: 'admin',
  },
  {
    method: 'POST',
    path: '/api/user/changepassword',
    body: () => ({ password: 'nyt_kodeord_1', passwordrepeat: 'nyt_kodeord_1', currentpassword: 'demo1234' }),
    as: 'kunde',
  },
  {
    method: 'POST',
    path: '/api/user/namepasswordsave',
    body: () => ({
      name: 'Karen Kløver',
      password: 'andet_kodeord_2',
      passwordrepeat: 'andet_kodeord_2',
      currentpassword: 'demo1234',
    }),
    as: 'klover',
  },
];

describe('OpenAPI document: documented schemas match what the server really sends', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let operations: Map<string, Operation>;
  const ids: DemoIds = {};
  const tokens = new Map<string, string>();
  const validatorFor = schemaValidator();
  let image: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(new Date('2026-11-22T10:00:00Z')) });
    doc = await fetchDocument(t);
    operations = operationsOf(doc);
    const db = t.database.db;
    ids.soparken = await customerIdOf(db, CUSTOMER_NAMES.soparken);
    ids.norrevang = await customerIdOf(db, CUSTOMER_NAMES.norrevang);
    ids.soparken1 = await accountIdOf(db, ACCOUNT_NAMES.soparken1);
    ids.photo = '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    ids.linkPhoto = '7b2e3d4c-5f60-4b7c-9d8e-0f1a2b3c4d5e';
    image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    for (const user of ['kunde', 'tekniker', 'ny'])
      ids[`${user}User`] = await userIdOf(db, `${user}@eksempel.dk`);
    const heat = await meterOf(db, ...HEAT_METER);
    Object.assign(ids, { heatGateway: heat.gatewayId, heatDevice: heat.deviceId });
    const hotWater = await meterOf(db, ...HOT_WATER_METER);
    Object.assign(ids, {
      hotWaterGateway: hotWater.gatewayId,
      hotWaterDevice: hotWater.deviceId,
      hotWaterItem: hotWater.items.Volumen ?? 0,
    });
    const hybenvej = await meterOf(db, 'Rækkehusene, Hybenvej', 'Hybenvej 50');
    Object.assign(ids, {
      norrevangAccount: await accountIdOf(db, ACCOUNT_NAMES.norrevang),
      hybenvejGateway: hybenvej.gatewayId,
      hybenvejDevice: hybenvej.deviceId,
      hybenvejItem: Object.values(hybenvej.items)[0] ?? 0,
    });
    const norrevang = await meterOf(db, 'Nørrevang 4, kælder', 'Vandmåler');
    Object.assign(ids, {
      norrevangGateway: norrevang.gatewayId,
      norrevangDevice: norrevang.deviceId,
      norrevangItem: norrevang.items.Volumen ?? 0,
    });
    const estimated = await meterOf(db, 'Rækkehusene, Hybenvej', 'Hybenvej 1');
    ids.estimatedItem = estimated.items.Volumen ?? 0;
    await db
      .deleteFrom('readings')
      .where('device_item_id', '=', ids.estimatedItem)
      .where('date_record', '=', '2026-10-01')
      .execute();
    // A reading on `Til kontrol`, for the correction and approval calls.
    const overridden = await t.database.db
      .updateTable('readings')
      .set({ needs_review: 1 })
      .where('device_item_id', '=', heat.items.Energi ?? 0)
      .where('date_record', '=', '2026-10-01')
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.overriddenReading = overridden.id;
    // A control found deviating from a remote value (ADR 050), for the control review calls.
    const deviating = await db
      .insertInto('control_readings')
      .values({
        device_item_id: heat.items.Energi ?? 0,
        date_record: '2026-11-02',
        value: '470',
        registered_at: '2026-11-02T08:00:00.000Z',
        registered_by: await userIdOf(db, 'admin@eksempel.dk'),
        source: 'web',
        needs_review: 1,
        remote_value: '466.5',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.deviatingControl = deviating.id;
    for (const user of ['admin', 'kunde', 'klover', 'tekniker']) {
      tokens.set(user, await t.login(`${user}@eksempel.dk`));
    }
    tokens.set('session-to-end', await t.login('kunde@eksempel.dk'));
    const issued = await t.inject({
      method: 'POST',
      url: '/api/authenticate/devicecredential',
      token: tokens.get('admin'),
    });
    ids.deviceCredential = issued.json().Credential;
    await t.inject({
      method: 'POST',
      url: '/api/authenticate/forgotpassword',
      payload: { email: 'ny@eksempel.dk' },
    });
    const mail = await db.selectFrom('mail_outbox').select(['id', 'text_body']).executeTakeFirstOrThrow();
    ids.mail = mail.id;
    ids.resetToken = /#([\w-]+)/.exec(mail.text_body)?.[1] ?? '';
    const link = await t.inject({
      method: 'POST',
      url: `/api/admin/selfreading/link/${ids.norrevangDevice}/${ids.norrevangAccount}`,
      token: tokens.get('admin'),
      payload: { recipientEmail: null },
    });
    ids.selfReadingToken = /#([\w-]+)/.exec(link.json().url)?.[1] ?? '';
    // A defect skip by the administrator on a Hybenvej meter no other call uses: the task the task calls use.
    const defective = await meterOf(db, 'Rækkehusene, Hybenvej', 'Hybenvej 49');
    await t.inject({
      method: 'POST',
      url: `/api/gateway/skipreading/${ids.norrevangAccount}`,
      token: tokens.get('admin'),
      payload: { gatewayId: defective.gatewayId, deviceId: defective.deviceId, reason: 'Måler defekt' },
    });
    const task = await db
      .selectFrom('tasks')
      .select('id')
      .where('device_id', '=', defective.deviceId)
      .executeTakeFirstOrThrow();
    ids.task = Number(task.id);
    ids.taskDevice = defective.deviceId;
    ids.adminUser = await userIdOf(db, 'admin@eksempel.dk');
    const key = await t.inject({
      method: 'POST',
      url: '/api/admin/apikeys',
      token: tokens.get('admin'),
      payload: { customerId: ids.soparken, name: 'Nøgle til tilbagekaldelse' },
    });
    ids.apiKey = CreatedApiKey.parse(key.json()).key.id;
  });
  afterAll(async () => t.close());

  it('has one case below for every documented operation', () => {
    expect(CASES.map((c) => operationKey(c.method, c.path)).sort()).toEqual([...operations.keys()].sort());
  });

  it.each(CASES.map((c) => [`${c.method} ${c.path}`, c] as const))(
    '%s: the request fits the documented request schema, the 200 answer the documented 200 schema',
    async (_name, testCase) => {
      const operation = operations.get(operationKey(testCase.method, testCase.path));
      if (!operation) throw new Error('not documented');
      const params = testCase.params?.(ids) ?? {};
      const body = testCase.body?.(ids);

      for (const parameter of operation.parameters?.filter((p) => p.in === 'path') ?? []) {
        const validate = validatorFor(parameter.schema);
        expect(validate(String(params[parameter.name])), `path parameter ${parameter.name}`).toBe(true);
      }
      if (body !== undefined) {
        const requestSchema = operation.requestBody?.content['application/json']?.schema;
        if (!requestSchema) throw new Error('no documented request body');
        const validate = validatorFor(requestSchema);
        expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
      }

      const path = testCase.path.replace(/\{(\w+)\}/g, (_m, name: string) => String(params[name]));
      const url = testCase.query === undefined ? path : `${path}?${testCase.query}`;
      const res = await t.inject({
        method: testCase.method,
        url,
        token: testCase.as ? tokens.get(testCase.as) : undefined,
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        ...(testCase.image ? { payload: image } : {}),
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(testCase.image ? { 'content-type': 'image/png' } : {}),
          ...testCase.headers?.(ids),
        },
      });
      const status = testCase.status ?? 200;
      expect(res.statusCode, res.body).toBe(status);
      if (testCase.file) {
        expect(res.headers['content-type']).toBe(testCase.file);
        expect(operation.responses['200']?.content?.[testCase.file]?.schema).toBeTypeOf('object');
        return;
      }
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const answer = res.json();
      if (testCase.nonEmpty) expect(answer).not.toHaveLength(0);
      if ('Success' in answer && testCase.path !== '/api/user/delete/{id}') expect(answer.Success).toBe(true);

      const validate = validatorFor(jsonSchemaOf(operation, String(status)));
      expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it('would notice a difference: an answer missing a field or carrying an extra one fails the check', async () => {
    const operation = operations.get(operationKey('get', '/api/account/loadsimple/{accountId}'));
    if (!operation) throw new Error('not documented');
    const validate = validatorFor(jsonSchemaOf(operation, '200'));
    const res = await t.inject({
      method: 'GET',
      url: `/api/account/loadsimple/${ids.soparken1}`,
      token: tokens.get('admin'),
    });
    const { CompanyName: _left, ...missing } = res.json();
    expect(validate(res.json())).toBe(true);
    expect(validate(missing)).toBe(false);
    expect(validate({ ...res.json(), Extra: 1 })).toBe(false);
    expect(validate({ ...res.json(), Guid: 'not-a-guid' })).toBe(false);
  });

  it('documents the error bodies the server sends: 401, 403, 404, 400, 406 and 409', async () => {
    const admin = tokens.get('admin');
    const history = operations.get(
      operationKey('post', '/api/gateway/loaddeviceitemhistorylist/{accountId}'),
    );
    const addMeter = operations.get(
      operationKey('post', '/api/admin/meters/addmeter/{gatewayId}/{accountId}'),
    );
    if (!addMeter) throw new Error('not documented');
    const register = operations.get(
      operationKey('post', '/api/gateway/manualregisterdeviceitemdata/{accountId}'),
    );
    if (!history || !register) throw new Error('not documented');
    const unknownAccount = '3f0c2a1e-8b7d-4c5e-9a6f-1b2c3d4e5f60';
    const answers: Array<[Operation, string, Awaited<ReturnType<TestApp['inject']>>]> = [
      [
        history,
        '401',
        await t.inject({ method: 'POST', url: `/api/gateway/loaddeviceitemhistorylist/${ids.soparken1}` }),
      ],
      [
        history,
        '403',
        await t.inject({
          method: 'POST',
          url: `/api/gateway/loaddeviceitemhistorylist/${ids.soparken1}`,
          token: admin,
          xsrf: false,
          payload: {},
        }),
      ],
      [
        history,
        '404',
        await t.inject({
          method: 'POST',
          url: `/api/gateway/loaddeviceitemhistorylist/${unknownAccount}`,
          token: admin,
          payload: { gatewayId: ids.heatGateway, deviceId: ids.heatDevice },
        }),
      ],
      [
        history,
        '400',
        await t.inject({
          method: 'POST',
          url: `/api/gateway/loaddeviceitemhistorylist/${ids.soparken1}`,
          token: admin,
          payload: { gatewayId: 'x' },
        }),
      ],
      [
        register,
        '406',
        await t.inject({
          method: 'POST',
          url: `/api/gateway/manualregisterdeviceitemdata/${ids.soparken1}`,
          token: admin,
          payload: [
            {
              gatewayId: ids.hotWaterGateway,
              deviceId: ids.hotWaterDevice,
              deviceItemId: ids.hotWaterItem,
              dateRecord: '13/45/2026',
              value: '1',
            },
          ],
        }),
      ],
      [
        addMeter,
        '409',
        await t.inject({
          method: 'POST',
          url: `/api/admin/meters/addmeter/${ids.heatGateway}/${ids.soparken1}`,
          token: admin,
          payload: { Name: 'Dublet', Type: 'heat', SerialNumber: 'kam-603-112233' },
        }),
      ],
    ];
    for (const [operation, status, res] of answers) {
      expect(res.statusCode).toBe(Number(status));
      const validate = validatorFor(jsonSchemaOf(operation, status));
      expect(validate(res.json()), `${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
