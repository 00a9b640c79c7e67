import { randomUUID } from 'node:crypto';
import {
  AccountDetail,
  AccountList,
  AdminLogPage,
  AdminUser,
  AdminUserPage,
  ApiKeyList,
  ControlReviewList,
  CreatedApiKey,
  Customer,
  CustomerList,
  Device,
  DeviceItemList,
  DeviceList,
  EstimatesResponse,
  FoundMeter,
  GatewayTree,
  HistoryList,
  ImportResult,
  MeterAdminPage,
  MeterAdminWriteResponse,
  MyData,
  OutboxPage,
  PeriodStatus,
  ReadingStatus,
  ReviewList,
  RouteAssignments,
  SelfReadingOverview,
  SentInvitations,
  TaskList,
  User,
  UserList,
} from '@maaler/contract';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey } from '../../src/db/repositories/api-keys.ts';
import { missingMetersNow } from '../../src/services/selfreading/self-reading-office.ts';
import { ACCOUNT_NAMES, accountIdOf, CUSTOMER_NAMES, customerIdOf } from '../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp, testClock } from '../helpers/test-app.ts';
import { insertTestUser } from '../helpers/test-users.ts';
import { propertyOptions } from './helpers/property-runs.ts';
import { routesOf } from './helpers/route-list.ts';
import {
  accountOfDevice,
  accountOfItem,
  isAdministrator,
  loadTenantWorld,
  manages,
  reachableAccounts,
  sharesCustomer,
  type TenantWorld,
} from './helpers/tenant-world.ts';

const RUNS = 400;
const AREAS = [
  '/api/account/',
  '/api/admin/',
  '/api/customer/',
  '/api/gateway/',
  '/api/user/',
  '/api/photos/',
];
/** Routes about the caller's own password: they end the caller's token, and take no ids of a tenant. */
const NOT_PROBED = new Set(['POST /api/user/changepassword', 'POST /api/user/namepasswordsave']);
/** Routes that change a user: only calls the rules refuse are sent, so the world stays as it is. */
const DESTRUCTIVE = new Set([
  'GET /api/user/delete/:id',
  'GET /api/user/resetpassword/:id',
  'POST /api/admin/users',
  'POST /api/admin/users/:id',
  'POST /api/admin/users/:id/disable',
  'POST /api/admin/users/:id/enable',
]);
/** What a user whose reset flag is set may still call; everything else answers 403. */
const OPEN_DURING_PASSWORD_RESET = new Set(['GET /api/user/loadcurrent', 'POST /api/user/changepassword']);
const NOT_FOUND = { Message: 'Det efterspurgte findes ikke.' };
/** A readings file for the import probe (base64): one row of a serial number no account has. */
const IMPORT_PROBE_FILE = Buffer.from(
  'Serienummer;Målepunkt;Dato;Værdi\r\nUKENDT;Energi;01-11-2026;1\r\n',
).toString('base64');

type Actor = { name: string; id: string; email: string; token: string };
/** The ids a probe puts into a route; which ones depends on the route. */
type Target = {
  accountId: string;
  customerId: string;
  customerList: string[];
  gatewayId: number;
  deviceId: number;
  itemId: number;
  userId: string;
  type: string;
  manual: '0' | '1';
  photoId: string;
};
type Expectation = { status: number; check?: (body: unknown) => void };
/** Locations with their meters, as the tree and the route list them. */
type GatewayList = { GatewayId: number; DeviceList: { DeviceId: number }[] }[];
type Probe = {
  adminOnly: boolean;
  /** The roles the route is for, when not every role (others get 403). */
  roles?: readonly number[];
  request(target: Target, actor: Actor): { url: string; body?: unknown };
  /** What the access rules say for an actor allowed past the role check. */
  expect(world: TenantWorld, actor: Actor, target: Target): Expectation;
  /** Takes back what an allowed write made or changed, so the world stays as the model has it. */
  undo?(body: unknown, status: number): Promise<void>;
};

describe('cross-tenant property: random (user, object, route) triples over every tenant', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  let t: TestApp;
  let world: TenantWorld;
  let actors: Actor[];
  let probes: Record<string, Probe>;
  let routeKeys: string[];
  /** Ids in an order that does not depend on the random uuids, so that FC_SEED replays the same probes. */
  let pools: { accounts: string[]; customers: string[]; users: string[] };
  let readingNo = 0;
  /** Photos uploaded before the probes: by whom, to which account (issue 36). */
  const photos = new Map<string, { accountId: string; uploadedBy: string }>();
  /** What a probe's photo upload sends: an image, so that only the access rules decide. */
  let probeImage: Buffer;
  /** One API key (issue 38) per customer, by customer id, so a probe's customer names a key too. */
  const apiKeys = new Map<string, string>();
  /** Accounts with a meter `Mangler` now whose resident has no e-mail: `Udskriv breve` has pages (else 409). */
  const accountsWithLetters = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.database.db;
    // Beyond the demo users: an administrator of the third tenant, a user whose account membership
    // outlived their customer membership, a user disabled after logging in, and a user of two
    // tenants (whom neither tenant's administrator may change).
    const extra = [
      { email: 'klover-admin@eksempel.dk', role: 1, customers: [CUSTOMER_NAMES.klover], accounts: [] },
      {
        email: 'to-kunder@eksempel.dk',
        role: 2,
        customers: [CUSTOMER_NAMES.soparken, CUSTOMER_NAMES.klover],
        accounts: [ACCOUNT_NAMES.soparken1, ACCOUNT_NAMES.klover],
      },
      {
        email: 'stale@eksempel.dk',
        role: 2,
        customers: [CUSTOMER_NAMES.norrevang],
        accounts: [ACCOUNT_NAMES.soparken1],
      },
      {
        email: 'disabled@eksempel.dk',
        role: 2,
        customers: [CUSTOMER_NAMES.soparken],
        accounts: [ACCOUNT_NAMES.soparken1],
      },
    ];
    for (const user of extra) {
      await insertTestUser(db, {
        email: user.email,
        role: user.role,
        customerIds: await Promise.all(user.customers.map((name) => customerIdOf(db, name))),
        accountIds: await Promise.all(user.accounts.map((name) => accountIdOf(db, name))),
      });
    }
    const users = await db.selectFrom('users').select(['id', 'email']).orderBy('email').execute();
    actors = [];
    for (const user of users) {
      actors.push({ name: user.email, id: user.id, email: user.email, token: await t.login(user.email) });
    }
    await db.updateTable('users').set({ disabled: 1 }).where('email', '=', 'disabled@eksempel.dk').execute();
    // After the actors: a key's own user never signs in.
    for (const customer of await db.selectFrom('customers').select('id').execute()) {
      const id = randomUUID();
      await insertApiKey(
        db,
        {
          id,
          customer_id: customer.id,
          name: 'Probe',
          key_hash: id,
          prefix: 'mk_probe',
          source_user_id: randomUUID(),
          created_by: null,
          created_at: '2026-11-22T10:00:00.000Z',
        },
        { email: `api-key-${id}@api-key.invalid`, name: 'API-nøgle: Probe', passwordHash: '!api-key' },
      );
      apiKeys.set(customer.id, id);
    }
    world = await loadTenantWorld(db);
    probeImage = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    // Every user who may upload puts one photo in each account they reach.
    for (const actor of actors) {
      for (const accountId of [...reachableAccounts(world, actor.id)].sort()) {
        const photoId = randomUUID();
        const res = await t.inject({
          method: 'PUT',
          url: `/api/photos/${accountId}/${photoId}`,
          token: actor.token,
          payload: probeImage,
          headers: { 'content-type': 'image/png' },
        });
        if (res.statusCode === 201) photos.set(photoId, { accountId, uploadedBy: actor.id });
      }
    }
    expect(photos.size).toBeGreaterThanOrEqual(5);
    // One open task (`Opgave`, issue 37) per meter, its id the meter's, so a probe's meter id names a task too.
    const customerOfAccount = new Map(
      (await db.selectFrom('accounts').select(['id', 'customer_id']).execute()).map((a) => [
        a.id,
        a.customer_id,
      ]),
    );
    for (const [deviceId, gatewayId] of world.devices) {
      const accountId = world.gateways.get(gatewayId) ?? '';
      await db
        .insertInto('tasks')
        .values({
          id: deviceId,
          customer_id: customerOfAccount.get(accountId) ?? '',
          account_id: accountId,
          device_id: deviceId,
          reason: 'Måler defekt',
          note: null,
          status: 'open',
          created_by: actors[0]?.id ?? '',
          created_at: '2026-11-22T10:00:00.000Z',
        })
        .execute();
    }
    for (const accountId of world.accounts.keys()) {
      const missing = await missingMetersNow(db, accountId, clock.now());
      if (missing.some((meter) => meter.email === '')) accountsWithLetters.add(accountId);
    }
    probes = buildProbes();
    pools = {
      accounts: (await db.selectFrom('accounts').select('id').orderBy('name').execute()).map((r) => r.id),
      customers: (await db.selectFrom('customers').select('id').orderBy('name').execute()).map((r) => r.id),
      users: actors.map((actor) => actor.id),
    };
    routeKeys = routesOf(t.app)
      .filter((route) => AREAS.some((area) => route.path.startsWith(area)))
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !NOT_PROBED.has(key));
  });
  afterAll(async () => t.close());

  it('has a model for every route of the account, administration, customer, gateway and user areas', () => {
    const missing = routeKeys.filter((key) => !probes[key]);
    expect(missing, 'routes without a cross-tenant model').toEqual([]);
    expect(routeKeys.length).toBeGreaterThanOrEqual(28);
  });

  it('answers 2xx exactly when the rules allow it, else 404 (403 for non-administrators on administrator routes)', async () => {
    const accountIds = [...pools.accounts, randomUUID()];
    const customerIds = [...pools.customers, randomUUID()];
    const gatewayIds = [...world.gateways.keys(), 999_999];
    const deviceIds = [...world.devices.keys(), 999_999];
    const itemIds = [...world.items.keys(), 999_999];
    const userIds = [...pools.users, randomUUID()];
    const photoIds = [...[...photos.keys()].sort(), randomUUID()];
    // The account in a path is often the object's own, so that the owner check is reached, and
    // otherwise any account, so that mismatches are probed too.
    const accountFor = (owner: string | undefined) =>
      fc.oneof(fc.constant(owner ?? accountIds[0] ?? ''), fc.constantFrom(...accountIds));
    const target: fc.Arbitrary<Target> = fc
      .record({
        customerId: fc.constantFrom(...customerIds),
        customerList: fc.subarray(customerIds),
        gatewayId: fc.constantFrom(...gatewayIds),
        deviceId: fc.constantFrom(...deviceIds),
        itemId: fc.constantFrom(...itemIds),
        userId: fc.constantFrom(...userIds),
        type: fc.constantFrom('heat', 'water', 'electricity', 'gas', 'other'),
        manual: fc.constantFrom('0' as const, '1' as const),
        photoId: fc.constantFrom(...photoIds),
        owner: fc.constantFrom('gateway', 'device', 'item', 'photo', 'none'),
      })
      .chain(({ owner, ...ids }) => {
        const account =
          owner === 'gateway'
            ? world.gateways.get(ids.gatewayId)
            : owner === 'device'
              ? accountOfDevice(world, ids.deviceId)
              : owner === 'item'
                ? accountOfItem(world, ids.itemId)
                : owner === 'photo'
                  ? photos.get(ids.photoId)?.accountId
                  : undefined;
        return accountFor(account).map((accountId) => ({ ...ids, accountId }));
      });
    const triple = fc.record({
      actor: fc.constantFrom(...actors),
      route: fc.constantFrom(...routeKeys),
      target,
    });

    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(triple, async ({ actor, route, target }) => {
        const probe = probes[route];
        if (!probe) throw new Error(`no model for ${route}`);
        const expected = expectationFor(route, probe, actor, target);
        if (DESTRUCTIVE.has(route)) fc.pre(expected.status !== 200);
        const [method = 'GET'] = route.split(' ');
        const { url, body } = probe.request(target, actor);
        const res = await t.inject({
          method: method as 'GET' | 'POST' | 'PUT',
          url,
          token: actor.token,
          ...(body === undefined
            ? {}
            : Buffer.isBuffer(body)
              ? { payload: body, headers: { 'content-type': 'image/png' } }
              : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
        });
        const context = `${actor.name} ${method} ${url} ${JSON.stringify(body ?? '')} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, context).toBe(expected.status);
        if (expected.status === 404) expect(res.json(), context).toEqual(NOT_FOUND);
        const json = String(res.headers['content-type']).startsWith('application/json');
        if (expected.status === 200) expected.check?.(json ? res.json() : res.rawPayload);
        if (res.statusCode === 200 || res.statusCode === 201)
          await probe.undo?.(json ? res.json() : undefined, res.statusCode);
        const outcome = `${res.statusCode}`;
        seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
      }),
      propertyOptions('cross-tenant triples', RUNS),
    );
    console.log(`cross-tenant triples answered: ${[...seen].map(([s, n]) => `${s}×${n}`).join(' ')}`);
    for (const status of ['200', '401', '403', '404', '406'])
      expect(seen.get(status) ?? 0, status).toBeGreaterThan(0);
    // Nobody's membership changed along the way, so the model held for every run.
    expect(await loadTenantWorld(t.database.db)).toEqual(world);
  });

  function expectationFor(route: string, probe: Probe, actor: Actor, target: Target): Expectation {
    const user = world.users.get(actor.id);
    if (!user || user.disabled || user.role === null) return { status: 401 };
    if (probe.adminOnly && !isAdministrator(world, actor.id)) return { status: 403 };
    if (probe.roles && !probe.roles.includes(user.role)) return { status: 403 };
    if (user.resetPassword && !OPEN_DURING_PASSWORD_RESET.has(route)) return { status: 403 };
    return probe.expect(world, actor, target);
  }

  /** What an administrator's change of a user (reset, delete) answers: 404 unseen, 403 not theirs to change. */
  function changeExpectation(actor: Actor, target: Target): Expectation {
    if (!sharesCustomer(world, actor.id, target.userId)) return { status: 404 };
    return manages(world, actor.id, target.userId) ? { status: 200 } : { status: 403 };
  }

  /** The administration's user changes (edit, disable, enable): as above, and never oneself (403). */
  function otherUserExpectation(actor: Actor, target: Target): Expectation {
    const change = changeExpectation(actor, target);
    return change.status === 200 && actor.id === target.userId ? { status: 403 } : change;
  }

  /** Accounts given to a user must belong to the administrator's customers, else 404. */
  function accountsExpectation(actor: Actor, target: Target): Expectation {
    const customer = world.accounts.get(target.accountId);
    const own = world.users.get(actor.id)?.customers;
    return customer !== undefined && own?.has(customer) ? { status: 200 } : { status: 404 };
  }

  function buildProbes(): Record<string, Probe> {
    const reach = (actor: Actor) => reachableAccounts(world, actor.id);
    const reaches = (actor: Actor, accountId: string) => reach(actor).has(accountId);
    const gatewaysOf = (accountIds: Set<string>) =>
      new Set([...world.gateways].filter(([, account]) => accountIds.has(account)).map(([id]) => id));
    const devicesOf = (gatewayIds: Set<number>) =>
      new Set([...world.devices].filter(([, gateway]) => gatewayIds.has(gateway)).map(([id]) => id));
    const itemsOf = (deviceIds: Set<number>) =>
      new Set([...world.items].filter(([, device]) => deviceIds.has(device)).map(([id]) => id));
    const subset = <T>(values: Iterable<T>, allowed: Set<T>, what: string) => {
      for (const value of values) expect(allowed.has(value), `${what} ${String(value)} leaked`).toBe(true);
    };
    const customersOf = (actor: Actor) => world.users.get(actor.id)?.customers ?? new Set<string>();
    /** Accounts an administrator's customers own: what any user record shown to them may mention. */
    const accountsOfCustomers = (customers: Set<string>) =>
      new Set([...world.accounts].filter(([, customer]) => customers.has(customer)).map(([id]) => id));
    const checkUsers = (actor: Actor, users: User[]) => {
      for (const user of users) {
        expect(sharesCustomer(world, actor.id, user.guid), `user ${user.email} leaked`).toBe(true);
        subset(user.customerList.split(',').filter(Boolean), customersOf(actor), 'customer');
        subset(
          user.accountList.split(',').filter(Boolean),
          accountsOfCustomers(customersOf(actor)),
          'account',
        );
      }
    };
    const treeCheck =
      (accountIds: Set<string>, parse: (body: unknown) => GatewayList = GatewayTree.parse) =>
      (body: unknown) => {
        const gateways = gatewaysOf(accountIds);
        for (const gateway of parse(body)) {
          expect(gateways.has(gateway.GatewayId), `gateway ${gateway.GatewayId} leaked`).toBe(true);
          const devices = devicesOf(new Set([gateway.GatewayId]));
          for (const device of gateway.DeviceList) expect(devices.has(device.DeviceId)).toBe(true);
        }
      };
    const byAccount =
      (check: (target: Target) => (body: unknown) => void): Probe['expect'] =>
      (_, actor, target) =>
        reaches(actor, target.accountId) ? { status: 200, check: check(target) } : { status: 404 };
    /** A location or meter in a path together with an account: both must match. */
    const inAccount =
      (
        owner: (target: Target) => string | undefined,
        check: (target: Target) => (body: unknown) => void,
      ): Probe['expect'] =>
      (_, actor, target) =>
        reaches(actor, target.accountId) && owner(target) === target.accountId
          ? { status: 200, check: check(target) }
          : { status: 404 };
    const ok = () => () => {};
    /** A task call naming the meter's task (its id is the meter's): 200 only within the actor's own account. */
    const taskProbe = (method: 'GET' | 'POST', call: string, body?: object): Probe => ({
      adminOnly: true,
      request: (target) => ({
        url: `/api/admin/tasks/${call}/${target.deviceId}/${target.accountId}`,
        ...(method === 'POST' ? { body } : {}),
      }),
      expect: (_, actor, target) =>
        reaches(actor, target.accountId) && accountOfDevice(world, target.deviceId) === target.accountId
          ? { status: 200 }
          : { status: 404, check: (answer) => expect(answer).toEqual(NOT_FOUND) },
    });
    const gatewayOwner = (target: Target) => world.gateways.get(target.gatewayId);
    const deviceOwner = (target: Target) => accountOfDevice(world, target.deviceId);
    const itemOwner = (target: Target) => accountOfItem(world, target.itemId);
    /** The location, meter or point that a `Målere` write names in its path, and the account owning it. */
    const inPath = {
      gateway: { id: (target: Target) => target.gatewayId, owner: gatewayOwner },
      device: { id: (target: Target) => target.deviceId, owner: deviceOwner },
      item: { id: (target: Target) => target.itemId, owner: itemOwner },
    };
    /** `POST /api/admin/meters/{action}/{id}/{accountId}`: allowed when the object is the account's. */
    const meterWrite = (
      action: string,
      object: keyof typeof inPath,
      body?: unknown,
      undo?: Probe['undo'],
    ): Probe => ({
      adminOnly: true,
      request: (target) => ({
        url: `/api/admin/meters/${action}/${inPath[object].id(target)}/${target.accountId}`,
        body,
      }),
      expect: inAccount(inPath[object].owner, ok),
      ...(undo && { undo }),
    });
    /** A CSV file of one account: every row's first column names one of the account's locations. */
    const csvOfAccount = (target: Target) => (body: unknown) => {
      const names = new Set(
        [...world.gatewayNames]
          .filter(([id]) => world.gateways.get(id) === target.accountId)
          .map(([, name]) => name),
      );
      const rows = String(body).split('\r\n').slice(1).filter(Boolean);
      for (const row of rows) expect(names.has(row.split(';')[0] ?? ''), `row ${row} leaked`).toBe(true);
    };
    /** The users of one account: each must share a customer with the administrator asking. */
    const usersOfAccount: Probe['expect'] = (w, actor, target) =>
      byAccount(() => (body) => checkUsers(actor, UserList.parse(body)))(w, actor, target);
    const deleteRow = async (table: 'gateways' | 'devices' | 'device_items', body: unknown) => {
      await t.database.db
        .deleteFrom(table)
        .where('id', '=', MeterAdminWriteResponse.parse(body).Id)
        .execute();
    };

    return {
      'GET /api/account/loadlistbycurrentuser/v2/9': {
        adminOnly: false,
        request: () => ({ url: '/api/account/loadlistbycurrentuser/v2/9' }),
        expect: (_, actor) => ({
          status: 200,
          check: (body) => expect(new Set(AccountList.parse(body).map((a) => a.guid))).toEqual(reach(actor)),
        }),
      },
      'GET /api/account/loadlistbycustomer/:customerId': {
        adminOnly: false,
        request: (target) => ({ url: `/api/account/loadlistbycustomer/${target.customerId}` }),
        expect: (_, actor, target) =>
          customersOf(actor).has(target.customerId)
            ? {
                status: 200,
                check: (body) =>
                  expect(new Set(AccountList.parse(body).map((a) => a.guid))).toEqual(
                    new Set([...reach(actor)].filter((id) => world.accounts.get(id) === target.customerId)),
                  ),
              }
            : { status: 404 },
      },
      'GET /api/account/loadsimple/:accountId': {
        adminOnly: false,
        request: (target) => ({ url: `/api/account/loadsimple/${target.accountId}` }),
        expect: byAccount((target) => (body) => {
          const detail = AccountDetail.parse(body);
          expect([detail.Guid, detail.CustomerId]).toEqual([
            target.accountId,
            world.accounts.get(target.accountId),
          ]);
        }),
      },
      'GET /api/account/loaduserlistbyaccount/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/account/loaduserlistbyaccount/${target.accountId}` }),
        expect: usersOfAccount,
      },
      'POST /api/account/settingsave': {
        adminOnly: false,
        request: (target) => ({
          url: '/api/account/settingsave',
          body: { accountid: target.accountId, key: 'probe', value: 'x' },
        }),
        expect: byAccount(ok),
      },
      'POST /api/account/settingdelete': {
        adminOnly: false,
        request: (target) => ({
          url: '/api/account/settingdelete',
          body: { accountid: target.accountId, key: 'probe' },
        }),
        expect: byAccount(ok),
      },
      'GET /api/admin/periodstatus/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/periodstatus/${target.accountId}` }),
        expect: byAccount((target) => (body) => {
          const status = PeriodStatus.parse(body);
          const gateways = gatewaysOf(new Set([target.accountId]));
          subset(
            status.gateways.map((g) => g.GatewayId),
            gateways,
            'gateway',
          );
          subset(
            status.missing.map((p) => p.DeviceItemId),
            itemsOf(devicesOf(gateways)),
            'point',
          );
        }),
      },
      'GET /api/admin/export/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/export/${target.accountId}?date=2026-10-01` }),
        expect: byAccount(csvOfAccount),
      },
      'GET /api/admin/monthlyconsumption/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/monthlyconsumption/${target.accountId}?date=2026-10-01` }),
        expect: byAccount(csvOfAccount),
      },
      'GET /api/admin/review/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/review/${target.accountId}` }),
        expect: byAccount(
          (target) => (body) =>
            subset(
              ReviewList.parse(body).map((r) => r.GatewayId),
              gatewaysOf(new Set([target.accountId])),
              'gateway',
            ),
        ),
      },
      'GET /api/admin/review/controls/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/review/controls/${target.accountId}` }),
        expect: byAccount(
          (target) => (body) =>
            subset(
              ControlReviewList.parse(body).map((r) => r.GatewayId),
              gatewaysOf(new Set([target.accountId])),
              'gateway',
            ),
        ),
      },
      // No control of the world deviates, so even the account's own administrator gets 404.
      'POST /api/admin/review/controls/approve/:accountId': {
        adminOnly: true,
        request: (target) => ({
          url: `/api/admin/review/controls/approve/${target.accountId}`,
          body: { controlReadingIds: [target.itemId] },
        }),
        expect: () => ({ status: 404 }),
      },
      // No reading of the world was sent anyway, so even the account's own administrator gets 404.
      'POST /api/admin/review/approve/:accountId': {
        adminOnly: true,
        request: (target) => ({
          url: `/api/admin/review/approve/${target.accountId}`,
          body: { readingIds: [target.itemId] },
        }),
        expect: () => ({ status: 404 }),
      },
      'POST /api/admin/review/correct/:accountId': {
        adminOnly: true,
        request: (target) => ({
          url: `/api/admin/review/correct/${target.accountId}`,
          body: { readingId: target.itemId, value: '1' },
        }),
        expect: () => ({ status: 404 }),
      },
      'GET /api/admin/estimates/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/estimates/${target.accountId}?date=2026-10-15` }),
        expect: byAccount((target) => (body) => {
          const points = EstimatesResponse.parse(body).Points;
          subset(
            points.map((p) => p.GatewayId),
            gatewaysOf(new Set([target.accountId])),
            'gateway',
          );
          subset(
            points.map((p) => p.DeviceItemId),
            itemsOf(devicesOf(gatewaysOf(new Set([target.accountId])))),
            'point',
          );
        }),
      },
      // The current period has not ended: the account's own administrator gets 406, and nothing changes.
      'POST /api/admin/estimates/:accountId': {
        adminOnly: true,
        request: (target) => ({
          url: `/api/admin/estimates/${target.accountId}`,
          body: { date: '2026-11-22', deviceItemIds: [target.itemId] },
        }),
        expect: (_, actor, target) => (reaches(actor, target.accountId) ? { status: 406 } : { status: 404 }),
      },
      // A link row is all it writes (no meter, point or reading of the world changes).
      'POST /api/admin/selfreading/link/:deviceId/:accountId': {
        adminOnly: true,
        request: (target) => ({
          url: `/api/admin/selfreading/link/${target.deviceId}/${target.accountId}`,
          body: { recipientEmail: null },
        }),
        expect: (_, actor, target) =>
          reaches(actor, target.accountId) && accountOfDevice(world, target.deviceId) === target.accountId
            ? { status: 200 }
            : { status: 404 },
      },
      // Invitations, letters and cards write links and outbox rows only (no meter, point or reading).
      'GET /api/admin/selfreading/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/selfreading/${target.accountId}` }),
        expect: byAccount(() => (body) => expect(SelfReadingOverview.parse(body).current).toBe(true)),
      },
      'POST /api/admin/selfreading/invitations/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/selfreading/invitations/${target.accountId}` }),
        expect: byAccount(() => (body) => SentInvitations.parse(body)),
      },
      'POST /api/admin/selfreading/letters/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/selfreading/letters/${target.accountId}` }),
        expect: (_, actor, target) => {
          if (!reaches(actor, target.accountId)) return { status: 404 };
          return { status: accountsWithLetters.has(target.accountId) ? 200 : 409 };
        },
      },
      'POST /api/admin/selfreading/card/:deviceId/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/selfreading/card/${target.deviceId}/${target.accountId}` }),
        expect: inAccount(deviceOwner, ok),
      },
      // A dry run: it reads the account's meters and changes nothing, so the world stays as it is.
      'POST /api/admin/import/:accountId/:kind': {
        adminOnly: true,
        request: (target) => ({
          url: `/api/admin/import/${target.accountId}/readings?mode=dry-run`,
          body: { format: 'csv', data: IMPORT_PROBE_FILE },
        }),
        expect: byAccount(() => (body) => expect(ImportResult.parse(body).applied).toBe(false)),
      },
      'GET /api/admin/import/template/:kind': {
        adminOnly: true,
        request: () => ({ url: '/api/admin/import/template/readings' }),
        expect: () => ({ status: 200 }),
      },
      'GET /api/admin/meters/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/meters/${target.accountId}` }),
        expect: byAccount((target) => (body) => {
          const gateways = gatewaysOf(new Set([target.accountId]));
          for (const location of MeterAdminPage.parse(body).Locations) {
            expect(gateways.has(location.GatewayId), `gateway ${location.GatewayId} leaked`).toBe(true);
            const devices = devicesOf(new Set([location.GatewayId]));
            for (const meter of location.Meters) {
              expect(devices.has(meter.DeviceId)).toBe(true);
              subset(
                meter.Points.map((p) => p.DeviceItemId),
                itemsOf(new Set([meter.DeviceId])),
                'point',
              );
            }
          }
        }),
      },
      // The writes: what an allowed one makes or retires is taken back (undo), renames touch only what
      // the model does not hold (addresses, meter and point names, places in the route).
      'POST /api/admin/meters/addlocation/:accountId': {
        adminOnly: true,
        request: (target) => ({
          url: `/api/admin/meters/addlocation/${target.accountId}`,
          body: { Name: 'Probe' },
        }),
        expect: byAccount(ok),
        undo: (body) => deleteRow('gateways', body),
      },
      'POST /api/admin/meters/updatelocation/:gatewayId/:accountId': meterWrite('updatelocation', 'gateway', {
        Address: 'Probevej 1',
      }),
      'POST /api/admin/meters/movelocation/:gatewayId/:accountId': meterWrite('movelocation', 'gateway', {
        Direction: 'up',
      }),
      'POST /api/admin/meters/addmeter/:gatewayId/:accountId': meterWrite(
        'addmeter',
        'gateway',
        { Name: 'Probe', Type: 'water' },
        (body) => deleteRow('devices', body),
      ),
      'POST /api/admin/meters/updatemeter/:deviceId/:accountId': meterWrite('updatemeter', 'device', {
        Name: 'Probe',
      }),
      'POST /api/admin/meters/movemeter/:deviceId/:accountId': meterWrite('movemeter', 'device', {
        Direction: 'down',
      }),
      'POST /api/admin/meters/retiremeter/:deviceId/:accountId': meterWrite(
        'retiremeter',
        'device',
        undefined,
        async (body) => {
          const { Id } = MeterAdminWriteResponse.parse(body);
          await t.database.db.updateTable('devices').set({ retired_at: null }).where('id', '=', Id).execute();
        },
      ),
      'POST /api/admin/meters/addpoint/:deviceId/:accountId': meterWrite(
        'addpoint',
        'device',
        { Name: 'Probe', Unit: 'm³' },
        (body) => deleteRow('device_items', body),
      ),
      'POST /api/admin/meters/updatepoint/:deviceItemId/:accountId': meterWrite('updatepoint', 'item', {
        Name: 'Probe',
      }),
      'POST /api/customer/loadlistbyid': {
        adminOnly: false,
        request: (target) => ({ url: '/api/customer/loadlistbyid', body: target.customerList.join(',') }),
        expect: (_, actor, target) => ({
          status: 200,
          check: (body) =>
            expect(new Set(CustomerList.parse(body).map((c) => c.guid))).toEqual(
              new Set(target.customerList.filter((id) => customersOf(actor).has(id))),
            ),
        }),
      },
      'GET /api/customer/loadbyaccount/:accountId': {
        adminOnly: false,
        request: (target) => ({ url: `/api/customer/loadbyaccount/${target.accountId}` }),
        expect: byAccount(
          (target) => (body) => expect(Customer.parse(body).guid).toBe(world.accounts.get(target.accountId)),
        ),
      },
      'POST /api/customer/savebyaccount/:accountId': {
        adminOnly: true,
        request: (target) => ({
          url: `/api/customer/savebyaccount/${target.accountId}`,
          body: { name: 'Kunde', address: 'Vej 1', postal: '1000', town: 'By' },
        }),
        expect: byAccount(ok),
      },
      'GET /api/gateway/loadlistsimple/:accountId': {
        adminOnly: false,
        request: (target) => ({ url: `/api/gateway/loadlistsimple/${target.accountId}` }),
        expect: byAccount((target) => treeCheck(new Set([target.accountId]))),
      },
      'GET /api/gateway/readingstatus/:accountId': {
        adminOnly: false,
        request: (target) => ({ url: `/api/gateway/readingstatus/${target.accountId}` }),
        expect: byAccount((target) =>
          treeCheck(new Set([target.accountId]), (body) => ReadingStatus.parse(body).gateways),
        ),
      },
      'GET /api/gateway/routeprint/:accountId': {
        adminOnly: false,
        request: (target) => ({ url: `/api/gateway/routeprint/${target.accountId}` }),
        expect: byAccount(ok),
      },
      'POST /api/gateway/skipreading/:accountId': {
        adminOnly: false,
        request: (target) => ({
          url: `/api/gateway/skipreading/${target.accountId}`,
          body: {
            gatewayId: world.devices.get(target.deviceId) ?? target.gatewayId,
            deviceId: target.deviceId,
            reason: 'Ingen adgang',
          },
        }),
        expect: inAccount(deviceOwner, ok),
        // `Ingen adgang` on a meter whose resident has an e-mail sends them the link (ADR 043): this
        // world keeps its outbox empty for the e-mail routes' models.
        undo: async () => {
          await t.database.db.deleteFrom('mail_outbox').execute();
        },
      },
      // A date that is no date, so a change the rules allow answers 406 and the world stays as it is.
      'POST /api/gateway/meterchange/:deviceId/:accountId': {
        adminOnly: false,
        roles: [0, 1],
        request: (target) => ({
          url: `/api/gateway/meterchange/${target.deviceId}/${target.accountId}`,
          body: {
            dateRecord: '13/45/2026',
            serialNumber: 'PROBE-1',
            points: [{ deviceItemId: target.itemId, finalValue: '1', startValue: '0' }],
          },
        }),
        expect: (_, actor, target) =>
          reaches(actor, target.accountId) && accountOfDevice(world, target.deviceId) === target.accountId
            ? { status: 406 }
            : { status: 404 },
      },
      'GET /api/gateway/findbyserial/:accountId/:serial': {
        adminOnly: false,
        request: (target) => ({
          url: `/api/gateway/findbyserial/${target.accountId}/${encodeURIComponent(world.serials.get(target.deviceId) || 'UKENDT-1')}`,
        }),
        expect: inAccount(
          (target) =>
            world.serials.get(target.deviceId) ? accountOfDevice(world, target.deviceId) : undefined,
          (target) => (body) => expect(FoundMeter.parse(body).DeviceId).toBe(target.deviceId),
        ),
      },
      'GET /api/gateway/loadlistbymanual/:value': {
        adminOnly: false,
        request: (target) => ({ url: `/api/gateway/loadlistbymanual/${target.manual}` }),
        expect: (_, actor) => ({ status: 200, check: treeCheck(reach(actor)) }),
      },
      'GET /api/gateway/loaditemlist/:gatewayId/:accountId': {
        adminOnly: false,
        request: (target) => ({ url: `/api/gateway/loaditemlist/${target.gatewayId}/${target.accountId}` }),
        expect: inAccount(
          gatewayOwner,
          (target) => (body) =>
            subset(
              DeviceItemList.parse(body).map((i) => i.DeviceItemId),
              itemsOf(devicesOf(new Set([target.gatewayId]))),
              'point',
            ),
        ),
      },
      'GET /api/gateway/loaddevicelist/:gatewayId/:accountId': {
        adminOnly: false,
        request: (target) => ({ url: `/api/gateway/loaddevicelist/${target.gatewayId}/${target.accountId}` }),
        expect: inAccount(
          gatewayOwner,
          (target) => (body) =>
            subset(
              DeviceList.parse(body).map((d) => d.DeviceId),
              devicesOf(new Set([target.gatewayId])),
              'meter',
            ),
        ),
      },
      'GET /api/gateway/loaddevicelistbytype/:type/:accountId': {
        adminOnly: false,
        request: (target) => ({
          url: `/api/gateway/loaddevicelistbytype/${target.type}/${target.accountId}`,
        }),
        expect: byAccount(
          (target) => (body) =>
            subset(
              DeviceList.parse(body).map((d) => d.DeviceId),
              devicesOf(gatewaysOf(new Set([target.accountId]))),
              'meter',
            ),
        ),
      },
      'GET /api/gateway/loaddevice/:deviceId/:accountId': {
        adminOnly: false,
        request: (target) => ({ url: `/api/gateway/loaddevice/${target.deviceId}/${target.accountId}` }),
        expect: inAccount(
          deviceOwner,
          (target) => (body) => expect(Device.parse(body).DeviceId).toBe(target.deviceId),
        ),
      },
      'GET /api/gateway/loaddeviceitemlist/:deviceId/:accountId': {
        adminOnly: false,
        request: (target) => ({
          url: `/api/gateway/loaddeviceitemlist/${target.deviceId}/${target.accountId}`,
        }),
        expect: inAccount(
          deviceOwner,
          (target) => (body) =>
            subset(
              DeviceItemList.parse(body).map((i) => i.DeviceItemId),
              itemsOf(new Set([target.deviceId])),
              'point',
            ),
        ),
      },
      'POST /api/gateway/loaddeviceitemhistorylist/:accountId': {
        adminOnly: false,
        request: (target) => ({
          url: `/api/gateway/loaddeviceitemhistorylist/${target.accountId}`,
          body: {
            gatewayId: world.devices.get(target.deviceId) ?? target.gatewayId,
            deviceId: target.deviceId,
          },
        }),
        expect: inAccount(
          deviceOwner,
          (target) => (body) =>
            subset(
              HistoryList.parse(body).map((h) => h.DeviceItemId),
              itemsOf(new Set([target.deviceId])),
              'point',
            ),
        ),
      },
      'POST /api/gateway/manualregisterdeviceitemdata/:accountId': {
        adminOnly: false,
        request: (target) => {
          const deviceId = world.items.get(target.itemId) ?? target.deviceId;
          const gatewayId = world.devices.get(deviceId) ?? target.gatewayId;
          return {
            url: `/api/gateway/manualregisterdeviceitemdata/${target.accountId}`,
            body: [
              {
                gatewayId,
                deviceId,
                deviceItemId: target.itemId,
                dateRecord: '11/01/2026',
                value: `${++readingNo},5`,
              },
            ],
          };
        },
        expect: (_, actor, target) => {
          if (!reaches(actor, target.accountId)) return { status: 404 };
          if (accountOfItem(world, target.itemId) !== target.accountId) return { status: 406 };
          return { status: 200 };
        },
      },
      'GET /api/user/loadcurrent': {
        adminOnly: false,
        request: () => ({ url: '/api/user/loadcurrent' }),
        expect: (_, actor) => ({
          status: 200,
          check: (body) => expect(User.parse(body).guid).toBe(actor.id),
        }),
      },
      'GET /api/user/mydata': {
        adminOnly: false,
        request: () => ({ url: '/api/user/mydata' }),
        expect: (_, actor) => ({
          status: 200,
          check: (body) => {
            const { profile } = MyData.parse(body);
            expect(profile.id).toBe(actor.id);
            for (const account of profile.accounts) expect(reaches(actor, account.id)).toBe(true);
          },
        }),
      },
      'POST /api/user/savecurrent': {
        adminOnly: false,
        request: (target, actor) => ({
          url: '/api/user/savecurrent',
          body: { name: actor.name, email: actor.email, accountId: target.accountId },
        }),
        expect: byAccount(ok),
      },
      'GET /api/user/loadlist/': {
        adminOnly: true,
        request: () => ({ url: '/api/user/loadlist/' }),
        expect: (_, actor) => ({ status: 200, check: (body) => checkUsers(actor, UserList.parse(body)) }),
      },
      'GET /api/user/load/:id': {
        adminOnly: true,
        request: (target) => ({ url: `/api/user/load/${target.userId}` }),
        expect: (_, actor, target) =>
          sharesCustomer(world, actor.id, target.userId)
            ? { status: 200, check: (body) => checkUsers(actor, [User.parse(body)]) }
            : { status: 404 },
      },
      'GET /api/user/loadlistbyaccount/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/user/loadlistbyaccount/${target.accountId}` }),
        expect: usersOfAccount,
      },
      // Deleting oneself answers 200 with Success false; anyone else visible but not managed, 403.
      'GET /api/user/delete/:id': {
        adminOnly: true,
        request: (target) => ({ url: `/api/user/delete/${target.userId}` }),
        expect: (_, actor, target) => changeExpectation(actor, target),
      },
      'GET /api/user/resetpassword/:id': {
        adminOnly: true,
        request: (target) => ({ url: `/api/user/resetpassword/${target.userId}` }),
        expect: (_, actor, target) => changeExpectation(actor, target),
      },
      'GET /api/admin/users': {
        adminOnly: true,
        request: () => ({ url: '/api/admin/users?q=eksempel' }),
        expect: (_, actor) => ({
          status: 200,
          check: (body) => {
            const page = AdminUserPage.parse(body);
            checkUsers(actor, page.users);
            const shared = [...world.users.keys()].filter((id) => sharesCustomer(world, actor.id, id));
            expect(page.total).toBe(shared.length);
          },
        }),
      },
      'POST /api/admin/users': {
        adminOnly: true,
        request: (target) => ({
          url: '/api/admin/users',
          body: { name: 'Prøve', email: 'proeve@eksempel.dk', role: 2, accountIds: [target.accountId] },
        }),
        expect: (_, actor, target) => accountsExpectation(actor, target),
      },
      'POST /api/admin/users/:id': {
        adminOnly: true,
        request: (target) => ({
          url: `/api/admin/users/${target.userId}`,
          body: { name: 'Prøve', role: 2, accountIds: [target.accountId] },
        }),
        expect: (_, actor, target) => {
          const change = otherUserExpectation(actor, target);
          return change.status === 200 ? accountsExpectation(actor, target) : change;
        },
      },
      'POST /api/admin/users/:id/disable': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/users/${target.userId}/disable` }),
        expect: (_, actor, target) => otherUserExpectation(actor, target),
      },
      'POST /api/admin/users/:id/enable': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/users/${target.userId}/enable` }),
        expect: (_, actor, target) => otherUserExpectation(actor, target),
      },
      // This world sends no e-mail: the list is empty and no message id is anyone's
      // (password-link.test.ts reads another tenant's message).
      'GET /api/admin/emails': {
        adminOnly: true,
        request: () => ({ url: '/api/admin/emails' }),
        expect: () => ({ status: 200, check: (body) => expect(OutboxPage.parse(body).total).toBe(0) }),
      },
      'GET /api/admin/emails/:id': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/emails/${target.accountId}` }),
        expect: () => ({ status: 404, check: (body) => expect(body).toEqual(NOT_FOUND) }),
      },
      // The Log's user filter takes any id; its list of users to filter by is the actor's customers' only.
      'GET /api/admin/log': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/log?user=${target.userId}` }),
        expect: (_, actor) => ({
          status: 200,
          check: (body) => {
            for (const user of AdminLogPage.parse(body).users) {
              expect(sharesCustomer(world, actor.id, user.id), `user ${user.id} leaked`).toBe(true);
            }
          },
        }),
      },
      // A photo (issue 36): the account's users see it; anyone else gets 404, as for an unknown id.
      'GET /api/photos/:accountId/:photoId': {
        adminOnly: false,
        request: (target) => ({ url: `/api/photos/${target.accountId}/${target.photoId}` }),
        expect: (_, actor, target) =>
          reaches(actor, target.accountId) && photos.get(target.photoId)?.accountId === target.accountId
            ? { status: 200, check: (body) => expect(Buffer.isBuffer(body) && body.length > 0).toBe(true) }
            : { status: 404 },
      },
      // An upload under an id: new → 201 (taken back), the uploader's own again → 200, anyone else's → 404.
      'PUT /api/photos/:accountId/:photoId': {
        adminOnly: false,
        request: (target) => ({ url: `/api/photos/${target.accountId}/${target.photoId}`, body: probeImage }),
        expect: (_, actor, target) => {
          if (!reaches(actor, target.accountId)) return { status: 404 };
          const photo = photos.get(target.photoId);
          if (!photo) return { status: 201 };
          return photo.accountId === target.accountId && photo.uploadedBy === actor.id
            ? {
                status: 200,
                check: (body) => expect(body).toEqual({ Success: true, PhotoId: target.photoId }),
              }
            : { status: 404 };
        },
        undo: async (body, status) => {
          if (status !== 201) return;
          const { PhotoId } = body as { PhotoId: string };
          await t.database.db.deleteFrom('photos').where('id', '=', PhotoId).execute();
        },
      },
      // Tasks (issue 37): the world has one per meter with the meter's id; the task's account must match.
      'GET /api/admin/tasks/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/tasks/${target.accountId}` }),
        expect: (_, actor, target) =>
          reaches(actor, target.accountId)
            ? {
                status: 200,
                check: (body) => {
                  const list = TaskList.parse(body);
                  subset(
                    list.Tasks.map((task) => task.DeviceId),
                    devicesOf(gatewaysOf(new Set([target.accountId]))),
                    'task meter',
                  );
                  for (const user of list.Assignees) {
                    expect(sharesCustomer(world, actor.id, user.Id), `assignee ${user.Id} leaked`).toBe(true);
                  }
                },
              }
            : { status: 404 },
      },
      'GET /api/admin/tasks/meter/:deviceId/:accountId': taskProbe('GET', 'meter'),
      'POST /api/admin/tasks/assign/:taskId/:accountId': taskProbe('POST', 'assign', { UserId: null }),
      'POST /api/admin/tasks/comment/:taskId/:accountId': taskProbe('POST', 'comment', { Text: 'Probe' }),
      'POST /api/admin/tasks/close/:taskId/:accountId': {
        ...taskProbe('POST', 'close', { Note: 'Probe' }),
        undo: async () => {
          await t.database.db
            .updateTable('tasks')
            .set({ status: 'open', closed_at: null, closed_by: null, close_note: null })
            .execute();
        },
      },
      // `Tildel aflæser` (issue 37, ADR 048): the list shows only the account's locations and meters and
      // readers who share a customer; an assignment to nobody names the meter and its location, both the account's.
      'GET /api/admin/routeassignments/:accountId': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/routeassignments/${target.accountId}` }),
        expect: byAccount((target) => (body) => {
          const view = RouteAssignments.parse(body);
          const gateways = gatewaysOf(new Set([target.accountId]));
          subset(
            view.Gateways.map((gateway) => gateway.GatewayId),
            gateways,
            'assignment location',
          );
          subset(
            view.Gateways.flatMap((gateway) => gateway.Meters.map((meter) => meter.DeviceId)),
            devicesOf(gateways),
            'assignment meter',
          );
          for (const reader of view.Readers)
            expect(
              reachableAccounts(world, reader.Id).has(target.accountId),
              `reader ${reader.Id} leaked`,
            ).toBe(true);
        }),
      },
      'POST /api/admin/routeassignments/:accountId': {
        adminOnly: true,
        request: (target) => ({
          url: `/api/admin/routeassignments/${target.accountId}`,
          body: {
            GatewayId: world.devices.get(target.deviceId) ?? target.gatewayId,
            DeviceId: target.deviceId,
            ReaderId: null,
          },
        }),
        expect: inAccount(deviceOwner, ok),
      },
      // API keys (issue 38): an administrator lists, creates and revokes the keys of their own customers only.
      'GET /api/admin/apikeys': {
        adminOnly: true,
        request: () => ({ url: '/api/admin/apikeys' }),
        expect: (_, actor) => ({
          status: 200,
          check: (body) => {
            const list = ApiKeyList.parse(body);
            subset(
              list.keys.map((key) => key.customerId),
              customersOf(actor),
              'key of customer',
            );
            subset(
              list.customers.map((customer) => customer.id),
              customersOf(actor),
              'customer',
            );
          },
        }),
      },
      'POST /api/admin/apikeys': {
        adminOnly: true,
        request: (target) => ({
          url: '/api/admin/apikeys',
          body: { customerId: target.customerId, name: 'Prøve' },
        }),
        expect: (_, actor, target) =>
          customersOf(actor).has(target.customerId) ? { status: 200 } : { status: 404 },
        undo: async (body, status) => {
          if (status !== 200) return;
          const { key } = CreatedApiKey.parse(body);
          const row = await t.database.db
            .selectFrom('api_keys')
            .select('source_user_id')
            .where('id', '=', key.id)
            .executeTakeFirstOrThrow();
          await t.database.db.deleteFrom('api_keys').where('id', '=', key.id).execute();
          await t.database.db.deleteFrom('users').where('id', '=', row.source_user_id).execute();
        },
      },
      'POST /api/admin/apikeys/revoke/:keyId': {
        adminOnly: true,
        request: (target) => ({
          url: `/api/admin/apikeys/revoke/${apiKeys.get(target.customerId) ?? randomUUID()}`,
        }),
        expect: (_, actor, target) =>
          customersOf(actor).has(target.customerId) ? { status: 200 } : { status: 404 },
        undo: async (_, status) => {
          if (status !== 200) return;
          await t.database.db.updateTable('api_keys').set({ revoked_at: null, revoked_by: null }).execute();
        },
      },
      // Nobody is locked in this world, so unlocking changes nothing and may answer 200.
      'POST /api/admin/users/:id/unlock': {
        adminOnly: true,
        request: (target) => ({ url: `/api/admin/users/${target.userId}/unlock` }),
        expect: (_, actor, target) => {
          const change = changeExpectation(actor, target);
          return change.status === 200
            ? { status: 200, check: (body) => checkUsers(actor, [AdminUser.parse(body)]) }
            : change;
        },
      },
    };
  }
});
