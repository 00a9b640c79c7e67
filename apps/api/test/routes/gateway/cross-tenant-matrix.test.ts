import { randomUUID } from 'node:crypto';
import {
  AccountList,
  AdminUserPage,
  ApiKeyList,
  CustomerList,
  ErrorResponse,
  GatewayTree,
  OutboxPage,
  READING_ERRORS,
} from '@maaler/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf as listRoutes, routesWithoutIds } from '../../hardening/helpers/route-list.ts';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  CUSTOMER_NAMES,
  customerIdOf,
  type DemoMeter,
  HEAT_METER,
  KLOVER_METER,
  meterOf,
  snapshotData,
  userIdOf,
} from '../../helpers/demo-fixtures.ts';
import { readingOf } from '../../helpers/reading-requests.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertTestUser } from '../../helpers/test-users.ts';

const AREAS = ['/api/account/', '/api/admin/', '/api/customer/', '/api/gateway/', '/api/photos/'];

type Route = { method: 'GET' | 'POST' | 'PUT'; path: string };

/** The serial number of the victim's meter (HEAT_METER). */
const VICTIM_SERIAL = 'KAM-603-112233';

/** The server's own route list, so a route added later cannot slip past this matrix. */
function routesOf(t: TestApp): Route[] {
  return listRoutes(t.app)
    .filter((route) => AREAS.some((area) => route.path.startsWith(area)))
    .map(({ method, path }) => {
      if (method !== 'GET' && method !== 'POST' && method !== 'PUT')
        throw new Error(`unexpected method ${method} ${path}`);
      return { method, path };
    });
}

type Victim = {
  account: string;
  /** A user of the victim's customer only (one the victim's administrator manages). */
  user: string;
  customer: string;
  otherCustomer: string;
  meter: DemoMeter;
  /** A photo the victim's user uploaded to the victim's account (issue 36). */
  photo: string;
  /** An open task (`Opgave`, issue 37) of the victim's account. */
  task: number;
  /** An API key (issue 38) of the victim's customer. */
  apiKey: string;
};

/** What a probe's photo upload sends: an image, so that only the access rules decide. */
const PROBE_IMAGE = sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
  .png()
  .toBuffer();

/** How another tenant's ids are put into each route; every route of the four areas must be listed. */
function bodyFor(route: Route, victim: Victim, image: Buffer): object | string | undefined {
  switch (route.path) {
    case '/api/photos/:accountId/:photoId':
      return route.method === 'PUT' ? image : undefined;
    case '/api/account/settingsave':
      return { accountid: victim.account, key: 'probe', value: 'x' };
    case '/api/account/settingdelete':
      return { accountid: victim.account, key: 'probe' };
    case '/api/admin/import/:accountId/:kind':
      return { format: 'csv', data: Buffer.from('Serienummer;Målepunkt;Dato;Værdi\r\n').toString('base64') };
    case '/api/admin/meters/addlocation/:accountId':
    case '/api/admin/meters/updatelocation/:gatewayId/:accountId':
      return { Name: 'Overtaget' };
    case '/api/admin/meters/movelocation/:gatewayId/:accountId':
    case '/api/admin/meters/movemeter/:deviceId/:accountId':
      return { Direction: 'up' };
    case '/api/admin/meters/addmeter/:gatewayId/:accountId':
      return { Name: 'Overtaget', Type: 'water', SerialNumber: 'OVERTAGET-2' };
    case '/api/admin/meters/updatemeter/:deviceId/:accountId':
      return { Name: 'Overtaget', SerialNumber: 'OVERTAGET-3' };
    case '/api/admin/meters/retiremeter/:deviceId/:accountId':
      return undefined;
    case '/api/admin/meters/addpoint/:deviceId/:accountId':
      return { Name: 'Overtaget', Unit: 'm³' };
    case '/api/admin/meters/updatepoint/:deviceItemId/:accountId':
      return { Name: 'Overtaget', Unit: 'kWh' };
    case '/api/admin/review/approve/:accountId':
      return { readingIds: [1] };
    case '/api/admin/review/controls/approve/:accountId':
      return { controlReadingIds: [1] };
    case '/api/admin/selfreading/link/:deviceId/:accountId':
      return { recipientEmail: null };
    case '/api/admin/tasks/assign/:taskId/:accountId':
      return { UserId: null };
    case '/api/admin/tasks/comment/:taskId/:accountId':
      return { Text: 'Overtaget' };
    case '/api/admin/tasks/close/:taskId/:accountId':
      return { Note: 'Overtaget' };
    case '/api/admin/routeassignments/:accountId':
      return route.method === 'POST' ? { GatewayId: victim.meter.gatewayId, ReaderId: null } : undefined;
    case '/api/admin/review/correct/:accountId':
      return { readingId: 1, value: '1' };
    case '/api/admin/estimates/:accountId':
      return route.method === 'POST' ? { date: '2026-10-15', deviceItemIds: [1] } : undefined;
    case '/api/admin/users':
      return route.method === 'POST'
        ? { name: 'Overtaget', email: 'overtaget@eksempel.dk', role: 2, accountIds: [victim.account] }
        : undefined;
    case '/api/admin/users/:id':
      return { name: 'Overtaget', role: 2, accountIds: [victim.account] };
    // A key for the other tenant's customer (its id in the body), and revoking that tenant's key.
    case '/api/admin/apikeys':
      return route.method === 'POST' ? { customerId: victim.customer, name: 'Overtaget' } : undefined;
    case '/api/admin/apikeys/revoke/:keyId':
      return undefined;
    // These take no body: the user id in the path is the other tenant's.
    case '/api/admin/users/:id/disable':
    case '/api/admin/users/:id/enable':
    case '/api/admin/users/:id/unlock':
      return undefined;
    // These take no body: the account (and meter) in the path is the other tenant's.
    case '/api/admin/selfreading/invitations/:accountId':
    case '/api/admin/selfreading/letters/:accountId':
    case '/api/admin/selfreading/card/:deviceId/:accountId':
      return undefined;
    case '/api/customer/loadlistbyid':
      return JSON.stringify(`${victim.customer},${victim.otherCustomer}`);
    case '/api/customer/savebyaccount/:accountId':
      return { name: 'Overtaget', address: 'Vej 1', postal: '1000', town: 'By' };
    case '/api/gateway/loaddeviceitemhistorylist/:accountId':
      return { gatewayId: victim.meter.gatewayId, deviceId: victim.meter.deviceId };
    case '/api/gateway/manualregisterdeviceitemdata/:accountId':
      return [readingOf(victim.meter, 'Energi', '11/01/2026', '1')];
    case '/api/gateway/skipreading/:accountId':
      return { gatewayId: victim.meter.gatewayId, deviceId: victim.meter.deviceId, reason: 'Ingen adgang' };
    case '/api/gateway/meterchange/:deviceId/:accountId':
      return {
        dateRecord: '11/01/2026',
        serialNumber: 'OVERTAGET-1',
        points: Object.values(victim.meter.items).map((deviceItemId) => ({
          deviceItemId,
          finalValue: '1',
          startValue: '0',
        })),
      };
    default:
      if (route.method === 'POST') throw new Error(`no cross-tenant body for ${route.path}`);
      return undefined;
  }
}

function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no cross-tenant value for :${name} in ${path}`);
    return String(value);
  });
}

describe('cross-tenant matrix: another customer’s ids answer exactly like unknown ids', () => {
  let t: TestApp;
  let routes: Route[];
  /** `METHOD path` of the routes that take no id of a tenant; the last tests show they list only the user's own data. */
  let withoutIds: Set<string>;
  let victim: Victim;
  let ownAccount: string;
  let ownMeter: DemoMeter;
  const users: { name: string; token: string; admin: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    routes = routesOf(t);
    withoutIds = new Set(
      routesWithoutIds(t.app)
        .filter((route) => AREAS.some((area) => route.path.startsWith(area)))
        .map((route) => `${route.method} ${route.path}`),
    );
    const account = await accountIdOf(db, ACCOUNT_NAMES.soparken1);
    const customer = await customerIdOf(db, CUSTOMER_NAMES.soparken);
    const user = await userIdOf(db, 'kunde@eksempel.dk');
    const meter = await meterOf(db, ...HEAT_METER);
    const task = await db
      .insertInto('tasks')
      .values({
        customer_id: customer,
        account_id: account,
        device_id: meter.deviceId,
        reason: 'Måler defekt',
        note: null,
        status: 'open',
        created_by: user,
        created_at: '2026-11-22T10:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    victim = {
      account,
      user,
      customer,
      otherCustomer: await customerIdOf(db, CUSTOMER_NAMES.norrevang),
      meter,
      photo: '',
      task: Number(task.id),
      apiKey: '',
    };
    const key = await t.inject({
      method: 'POST',
      url: '/api/admin/apikeys',
      token: await t.login('admin@eksempel.dk'),
      payload: { customerId: customer, name: 'Søparkens gateway' },
    });
    expect(key.statusCode).toBe(200);
    victim.apiKey = key.json().key.id;
    const photo = randomUUID();
    const uploaded = await t.inject({
      method: 'PUT',
      url: `/api/photos/${victim.account}/${photo}`,
      token: await t.login('kunde@eksempel.dk'),
      payload: await PROBE_IMAGE,
      headers: { 'content-type': 'image/png' },
    });
    expect(uploaded.statusCode).toBe(201);
    victim.photo = photo;
    ownAccount = await accountIdOf(db, ACCOUNT_NAMES.klover);
    ownMeter = await meterOf(db, ...KLOVER_METER);

    // An administrator of Kløverhuse, so the administrator-only routes are probed past their role check too.
    await insertTestUser(db, {
      email: 'klover-admin@eksempel.dk',
      name: 'Klara Kløver',
      role: 1,
      customerIds: [await customerIdOf(db, CUSTOMER_NAMES.klover)],
      accountIds: [],
    });
    users.push({ name: 'klover@ (role 2)', token: await t.login('klover@eksempel.dk'), admin: false });
    users.push({
      name: 'klover-admin@ (role 1)',
      token: await t.login('klover-admin@eksempel.dk'),
      admin: true,
    });
  });
  afterAll(async () => t.close());

  function send(route: Route, path: string, token: string, body: object | string | undefined) {
    return t.inject({
      method: route.method,
      url: path,
      token,
      ...(body === undefined ? {} : { payload: body }),
      ...(typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
      ...(Buffer.isBuffer(body) ? { headers: { 'content-type': 'image/png' } } : {}),
    });
  }

  it('finds every route of the account, administration, customer and gateway areas', () => {
    expect(routes.length).toBeGreaterThanOrEqual(21);
    expect(withoutIds.size).toBeGreaterThanOrEqual(7);
  });

  it('answers no id of the other tenant on any GET route without ids, for either of its users', async () => {
    // Before the probes below: the Log rightly shows a caller's own refused calls with the ids they named.
    const gets = routes.filter((route) => route.method === 'GET' && withoutIds.has(`GET ${route.path}`));
    expect(gets.length).toBeGreaterThanOrEqual(5);
    const victimIds = [victim.account, victim.customer, victim.otherCustomer, victim.user];
    for (const route of gets) {
      const path = fillPath(route.path, { value: '1', kind: 'meters' });
      for (const user of users) {
        const res = await send(route, path, user.token, undefined);
        const text = res.body;
        for (const id of victimIds) expect.soft(text, `${user.name} ${path}`).not.toContain(id);
      }
    }
  });

  it('answers 404 (403 before that for non-administrators on administrator routes) and changes nothing', async () => {
    const before = await snapshotData(t.database.db);
    const photosBefore = await t.database.db
      .selectFrom('photos')
      .select(['id', 'size'])
      .orderBy('id')
      .execute();
    const image = await PROBE_IMAGE;
    const probed = routes.filter(
      (route) =>
        !withoutIds.has(`${route.method} ${route.path}`) ||
        (route.path === '/api/admin/users' && route.method === 'POST') ||
        (route.path === '/api/admin/apikeys' && route.method === 'POST'),
    );
    for (const route of probed) {
      const body = bodyFor(route, victim, image);
      const path = fillPath(route.path, {
        accountId: victim.account,
        customerId: victim.customer,
        gatewayId: victim.meter.gatewayId,
        deviceId: victim.meter.deviceId,
        deviceItemId: victim.meter.items.Energi ?? 0,
        type: 'heat',
        serial: VICTIM_SERIAL,
        kind: 'meters',
        id: victim.user,
        photoId: victim.photo,
        taskId: victim.task,
        keyId: victim.apiKey,
      });
      for (const user of users) {
        const res = await send(route, path, user.token, body);
        const adminOnly =
          route.path.startsWith('/api/admin/') ||
          route.path.includes('loaduserlistbyaccount') ||
          route.path.includes('savebyaccount');
        // The meter change is for meter readers and administrators (role 2 gets 403 first, ADR 019).
        const staffOnly = route.path.includes('meterchange');
        const expected = (adminOnly || staffOnly) && !user.admin ? 403 : 404;
        expect.soft(res.statusCode, `${user.name} ${route.method} ${path}`).toBe(expected);
        expect.soft(ErrorResponse.safeParse(res.json()).success, `${route.path} body`).toBe(true);
      }
    }
    expect(probed.length).toBeGreaterThanOrEqual(18);
    expect(await snapshotData(t.database.db)).toBe(before);
    expect(await t.database.db.selectFrom('photos').select(['id', 'size']).orderBy('id').execute()).toEqual(
      photosBefore,
    );
  });

  it('answers 404 for another tenant’s location or meter inside the user’s own account', async () => {
    const before = await snapshotData(t.database.db);
    const mixedRoutes = routes.filter((r) => /:(gatewayId|deviceId|deviceItemId)\b/.test(r.path));
    const image = await PROBE_IMAGE;
    expect(mixedRoutes.length).toBe(16);
    for (const route of mixedRoutes) {
      const path = fillPath(route.path, {
        accountId: ownAccount,
        gatewayId: victim.meter.gatewayId,
        deviceId: victim.meter.deviceId,
        deviceItemId: victim.meter.items.Energi ?? 0,
      });
      // The meter change and the administration answer a customer user 403 before they look at ids:
      // probed as an administrator.
      const staffOnly = route.path.includes('meterchange') || route.path.startsWith('/api/admin/');
      const user = staffOnly ? users[1] : users[0];
      const body = route.method === 'POST' ? bodyFor(route, victim, image) : undefined;
      const res = await send(route, path, user?.token ?? '', body);
      expect.soft(res.statusCode, path).toBe(404);
    }
    const klover = users[0]?.token ?? '';
    const history = await t.inject({
      method: 'POST',
      url: `/api/gateway/loaddeviceitemhistorylist/${ownAccount}`,
      token: klover,
      payload: { gatewayId: ownMeter.gatewayId, deviceId: victim.meter.deviceId },
    });
    expect(history.statusCode).toBe(404);
    const reading = await t.inject({
      method: 'POST',
      url: `/api/gateway/manualregisterdeviceitemdata/${ownAccount}`,
      token: klover,
      payload: [
        readingOf(ownMeter, 'Volumen', '11/01/2026', '1'),
        {
          ...readingOf(victim.meter, 'Energi', '11/01/2026', '1'),
          gatewayId: ownMeter.gatewayId,
          deviceId: ownMeter.deviceId,
        },
      ],
    });
    expect(reading.statusCode).toBe(406);
    expect(reading.json()).toEqual({
      validationError: READING_ERRORS.unknownDeviceItem(victim.meter.items.Energi ?? 0),
    });
    for (const meter of [
      { gatewayId: ownMeter.gatewayId, deviceId: victim.meter.deviceId },
      { gatewayId: victim.meter.gatewayId, deviceId: victim.meter.deviceId },
    ]) {
      const skip = await t.inject({
        method: 'POST',
        url: `/api/gateway/skipreading/${ownAccount}`,
        token: klover,
        payload: { ...meter, reason: 'Måler defekt' },
      });
      expect(skip.statusCode, JSON.stringify(meter)).toBe(404);
      expect(skip.json()).toEqual({ Message: 'Det efterspurgte findes ikke.' });
    }
    const found = await t.inject({
      method: 'GET',
      url: `/api/gateway/findbyserial/${ownAccount}/${VICTIM_SERIAL}`,
      token: klover,
    });
    expect(found.statusCode).toBe(404);
    expect(found.json()).toEqual({ Message: 'Det efterspurgte findes ikke.' });
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('lists only the user’s own data on the routes without ids', async () => {
    const klover = users[0]?.token ?? '';
    const accounts = AccountList.parse(
      (
        await t.inject({ method: 'GET', url: '/api/account/loadlistbycurrentuser/v2/9', token: klover })
      ).json(),
    );
    expect(accounts.map((a) => a.guid)).toEqual([ownAccount]);
    for (const value of ['0', '1']) {
      const tree = GatewayTree.parse(
        (
          await t.inject({ method: 'GET', url: `/api/gateway/loadlistbymanual/${value}`, token: klover })
        ).json(),
      );
      expect(tree.map((g) => g.GatewayId)).toEqual(value === '1' ? [ownMeter.gatewayId] : []);
    }
    const customers = await t.inject({
      method: 'POST',
      url: '/api/customer/loadlistbyid',
      token: klover,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(`${victim.customer},${victim.otherCustomer}`),
    });
    expect(CustomerList.parse(customers.json())).toEqual([]);
    const klovers = AdminUserPage.parse(
      (await t.inject({ method: 'GET', url: '/api/admin/users', token: users[1]?.token ?? '' })).json(),
    );
    expect(klovers.users.map((u) => u.email).sort()).toEqual([
      'klover-admin@eksempel.dk',
      'klover@eksempel.dk',
    ]);
    // A message to the victim's user waits in the outbox; Kløverhuse's administrator lists only its own.
    const forgot = await t.inject({
      method: 'POST',
      url: '/api/authenticate/forgotpassword',
      payload: { email: 'kunde@eksempel.dk' },
    });
    expect(forgot.statusCode).toBe(200);
    const outbox = OutboxPage.parse(
      (await t.inject({ method: 'GET', url: '/api/admin/emails', token: users[1]?.token ?? '' })).json(),
    );
    expect(outbox.messages.map((m) => m.to)).not.toContain('kunde@eksempel.dk');
    expect(outbox.total).toBe(outbox.messages.length);
    const keys = ApiKeyList.parse(
      (await t.inject({ method: 'GET', url: '/api/admin/apikeys', token: users[1]?.token ?? '' })).json(),
    );
    expect(keys.keys).toEqual([]);
    expect(keys.customers.map((c) => c.name)).toEqual([CUSTOMER_NAMES.klover]);
  });
});
