import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@maaler/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIdsOf, HEAT_METER, meterOf, snapshotData, userIdOf } from '../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp, testClock } from '../helpers/test-app.ts';
import { anyValue, NASTY_STRINGS } from './helpers/bad-values.ts';
import { corruptedBody } from './helpers/corrupted-body.ts';
import { forgeTokens } from './helpers/forged-tokens.ts';
import { propertyOptions } from './helpers/property-runs.ts';
import { type ListedRoute, routesOf } from './helpers/route-list.ts';
import {
  type BodyModel,
  pathParameters,
  postRouteModels,
  type Refusal,
  type RouteModel,
  type SweepIds,
} from './helpers/sweep-models.ts';

const PUBLIC_ROUTES = [
  /^\/api\/health\//,
  /^\/api\/authenticate\/userauthenticate\/v2$/,
  /^\/api\/authenticate\/exchangedevicecredential$/,
  /^\/api\/authenticate\/(forgotpassword|setpassword)$/,
  /^\/api\/about$/,
  /^\/api\/selfreading\/(link|reading)$/,
  /^\/api\/docs/,
  /^\/api\/openapi\.json$/,
];
const STATE_CHANGING_GETS = new Set(['/api/user/delete/:id', '/api/user/resetpassword/:id']);
const IDEMPOTENT_WRITES = new Set([
  '/api/gateway/manualregisterdeviceitemdata/:accountId',
  '/api/gateway/skipreading/:accountId',
]);
const RUNS = { parameters: 25, fields: 40, anyJson: 20, tokens: 12, query: 5 };
const LEAKS = /\bat \w|\/work\/|node_modules|select |insert |sqlite|postgres|stack|Error:/i;

type Sent = { route: ListedRoute; url: string; payload?: string; headers?: Record<string, string> };

describe('bad input sweep: every route, generated bad params, bodies and headers', () => {
  let t: TestApp;
  let token: string;
  let ids: SweepIds;
  let routes: ListedRoute[];
  let models: Record<string, RouteModel>;
  let parameters: ReturnType<typeof pathParameters>;
  let forgedTokens: string[];
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.database.db;
    token = await t.login('admin@eksempel.dk');
    const meter = await meterOf(db, ...HEAT_METER);
    const adminId = await userIdOf(db, 'admin@eksempel.dk');
    const { accounts, customers } = await demoIdsOf(db);
    ids = {
      accountId: accounts.soparken1,
      customerId: customers.soparken,
      userId: await userIdOf(db, 'kunde@eksempel.dk'),
      gatewayId: meter.gatewayId,
      deviceId: meter.deviceId,
      deviceItemId: meter.items.Energi ?? 0,
      adminName: 'Anders Administrator',
      adminEmail: 'admin@eksempel.dk',
      dateRecord: '11/01/2026',
      serial: 'KAM-603-112233',
    };
    routes = routesOf(t.app).filter((r) => r.path.startsWith('/api/'));
    models = postRouteModels(ids);
    parameters = pathParameters(ids);
    forgedTokens = await forgeTokens(t, token, adminId, clock.now());
  });
  afterAll(async () => t.close());

  const isPublic = (route: ListedRoute) => PUBLIC_ROUTES.some((pattern) => pattern.test(route.path));
  const modelOf = (route: ListedRoute): RouteModel => {
    const model = models[`${route.method} ${route.path}`];
    if (model) return model;
    if (route.method === 'GET') return { refusal: 'message' };
    throw new Error(`no bad-input model for ${route.method} ${route.path}: add one to sweep-models.ts`);
  };
  const paramNames = (route: ListedRoute) => [...route.path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const fillPath = (route: ListedRoute, values: Record<string, string> = {}) =>
    route.path.replace(/:(\w+)|\*/g, (_, name: string | undefined) => {
      const key = name ?? '*';
      const value = values[key] ?? parameters[key]?.valid;
      if (value === undefined)
        throw new Error(`no values for :${key} of ${route.path}: add them to sweep-models.ts`);
      return encodeURIComponent(value);
    });

  const statuses = new Map<number, number>();
  async function send({ route, url, payload, headers }: Sent, auth = true): Promise<LightMyRequestResponse> {
    const res = await t.inject({
      method: route.method as 'GET' | 'POST' | 'PUT',
      url,
      token: auth ? token : undefined,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    });
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    return res;
  }

  /** A refusal in the contract's shape: never a 5xx, never an internal detail. */
  function expectRefused(res: LightMyRequestResponse, refusal: Refusal, what: string) {
    const body: unknown = res.headers['content-type']?.toString().includes('json') ? res.json() : res.body;
    const context = `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    if (refusal === 'password-rule' && res.statusCode === 200) {
      expect(body, context).toEqual({ Success: false, Message: expect.stringMatching(/\S/) });
      return;
    }
    expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, context).toBeLessThan(500);
    if ((refusal === 'readings' || refusal === 'photo') && res.statusCode === 406) {
      expect(body, context).toEqual({ validationError: expect.stringMatching(/\S/) });
    } else {
      expect(body, context).toEqual({ Message: expect.stringMatching(/\S/) });
    }
    expect(res.body, context).not.toMatch(LEAKS);
  }

  /** Sends `payload` as the route's JSON body and expects the refusal the route's model names. */
  async function expectBodyRefused(route: ListedRoute, model: RouteModel, payload: unknown) {
    const url = fillPath(route);
    const res = await send({ route, url, payload: JSON.stringify(payload) });
    expectRefused(res, model.refusal, `${route.method} ${url} ${JSON.stringify(payload)?.slice(0, 200)}`);
  }

  /** Runs `check` on every route it applies to, and shows that none of them changed the database. */
  /** Everything a request could change, login counters included. */
  async function databaseState(): Promise<string> {
    const throttle = await t.database.db.selectFrom('login_throttle').selectAll().orderBy('scope').execute();
    return `${await snapshotData(t.database.db)}${JSON.stringify(throttle)}`;
  }

  /**
   * Runs `check` on every route it applies to, shows that none of them changed the database, and
   * prints how the server answered.
   */
  async function sweep(
    label: string,
    applies: (route: ListedRoute) => boolean,
    check: (route: ListedRoute, model: RouteModel) => Promise<void>,
  ): Promise<number> {
    statuses.clear();
    let swept = 0;
    for (const route of routes.filter(applies)) {
      const before = await databaseState();
      await check(route, modelOf(route));
      expect(await databaseState(), `${route.method} ${route.path} changed the database`).toBe(before);
      swept++;
    }
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.log(`${label}: ${swept} routes, answers ${answers.join(' ')}`);
    return swept;
  }

  function validBody(model: RouteModel): string | undefined {
    return model.body ? JSON.stringify(model.body.template) : undefined;
  }

  it('has a model for every POST route and finds all the areas', () => {
    for (const route of routes) modelOf(route);
    const areas = new Set(routes.map((r) => r.path.split('/')[2]));
    for (const area of ['authenticate', 'account', 'customer', 'gateway', 'user', 'health'])
      expect(areas).toContain(area);
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });

  it('keeps the fixes for what this sweep found', async () => {
    const route = (method: string, path: string): ListedRoute => ({ method, path });
    const tooBig = 2 ** 31;
    // Numeric ids past 32 bits used to reach PostgreSQL's integer columns and answer 500.
    const cases: (Sent & { message: string })[] = [
      {
        route: route('GET', '/api/gateway/loaddevice/:deviceId/:accountId'),
        url: `/api/gateway/loaddevice/${tooBig}/${ids.accountId}`,
        message: MESSAGES.idInvalid,
      },
      {
        route: route('POST', '/api/gateway/loaddeviceitemhistorylist/:accountId'),
        url: `/api/gateway/loaddeviceitemhistorylist/${ids.accountId}`,
        payload: JSON.stringify({ gatewayId: ids.gatewayId, deviceId: tooBig }),
        message: MESSAGES.deviceInvalid,
      },
      {
        route: route('POST', '/api/gateway/manualregisterdeviceitemdata/:accountId'),
        url: `/api/gateway/manualregisterdeviceitemdata/${ids.accountId}`,
        payload: JSON.stringify([
          {
            gatewayId: ids.gatewayId,
            deviceId: ids.deviceId,
            deviceItemId: tooBig,
            dateRecord: ids.dateRecord,
            value: '1',
          },
        ]),
        message: MESSAGES.deviceItemInvalid,
      },
    ];
    for (const { message, ...sent } of cases) {
      const res = await send(sent);
      expect({ status: res.statusCode, body: res.json() }, sent.url).toEqual({
        status: 400,
        body: { Message: message },
      });
    }
    // A path parameter over the router's length limit used to answer in Fastify's own shape, echoing the URL.
    const long = await send({
      route: route('GET', '/api/account/loadsimple/:accountId'),
      url: `/api/account/loadsimple/${'x'.repeat(300)}`,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ Message: 'Anmodningen er ugyldig.' });
    expect(long.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Plain-text bodies used to be parsed and accepted where JSON is required.
    const text = await send({
      route: route('POST', '/api/authenticate/refreshtoken'),
      url: '/api/authenticate/refreshtoken',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ Message: 'Anmodningen skal sendes som JSON.' });
  });

  it('refuses bad path parameters with 400 or 404', async () => {
    const options = propertyOptions('path parameters', RUNS.parameters);
    const swept = await sweep(
      'path parameters',
      (route) => paramNames(route).length > 0,
      async (route, model) => {
        const names = paramNames(route);
        const arbitrary = fc
          .constantFrom(...names)
          .chain((name) => (parameters[name]?.bad ?? fc.constant('')).map((value) => ({ name, value })));
        await fc.assert(
          fc.asyncProperty(arbitrary, async ({ name, value }) => {
            const url = fillPath(route, { [name]: value });
            const res = await send({ route, url, payload: validBody(model) });
            // A photo upload under a well-formed new id reaches its body check: no image is 406.
            expectRefused(res, model.refusal === 'photo' ? 'photo' : 'message', `${route.method} ${url}`);
          }),
          options,
        );
      },
    );
    expect(swept).toBeGreaterThanOrEqual(15);
  });

  it('refuses bodies with one bad or missing field', async () => {
    const options = propertyOptions('body fields', RUNS.fields);
    const swept = await sweep(
      'body fields',
      (route) => modelOf(route).body !== undefined,
      async (route, model) => {
        const body = model.body as BodyModel;
        await fc.assert(
          fc.asyncProperty(corruptedBody(body), (payload) => expectBodyRefused(route, model, payload)),
          options,
        );
      },
    );
    expect(swept).toBeGreaterThanOrEqual(9);
  });

  it('refuses arbitrary JSON that does not fit the body schema', async () => {
    const options = propertyOptions('arbitrary JSON bodies', RUNS.anyJson);
    await sweep(
      'arbitrary JSON bodies',
      (route) => modelOf(route).body !== undefined,
      async (route, model) => {
        const body = model.body as BodyModel;
        const garbage = fc
          .oneof(anyValue, fc.jsonValue({ maxDepth: 4 }))
          .filter((v) => !body.schema.safeParse(v).success);
        await fc.assert(
          fc.asyncProperty(garbage, (payload) => expectBodyRefused(route, model, payload)),
          options,
        );
      },
    );
  });

  it('refuses malformed, oversized, polluting and wrongly typed request bodies', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const deepObject = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const malformed: { payload: string; contentType?: string; forBodies?: boolean }[] = [
      { payload: '{' },
      { payload: '{"a":1e309' },
      { payload: '[{"value":NaN}]' },
      { payload: "{'single':'quotes'}" },
      { payload: 'undefined' },
      { payload: '' },
      { payload: '{"__proto__":{"role":1}}' },
      { payload: '{"constructor":{"prototype":{"role":1}}}' },
      { payload: `[${'{"__proto__":{"isAdmin":true}},'.repeat(3)}1]` },
      { payload: JSON.stringify('x'.repeat(2 * 1024 * 1024)) },
      { payload: 'email=admin%40eksempel.dk', contentType: 'application/x-www-form-urlencoded' },
      { payload: '{"email":"admin@eksempel.dk"}', contentType: 'text/plain' },
      { payload: '<a/>', contentType: 'application/xml' },
      { payload: '--b\r\n\r\nx\r\n--b--', contentType: 'multipart/form-data; boundary=b' },
      { payload: '{}', contentType: 'application/json; charset=utf-16', forBodies: true },
      { payload: deep, forBodies: true },
      { payload: deepObject, forBodies: true },
      { payload: JSON.stringify(Array.from({ length: 10_000 }, (_, i) => i)), forBodies: true },
      { payload: JSON.stringify(Array.from({ length: 10_000 }, () => ({ value: '1' }))), forBodies: true },
      { payload: '{"gatewayId":1e309,"deviceId":-1e309}', forBodies: true },
      { payload: 'null', forBodies: true },
      { payload: '[]', forBodies: true },
    ];
    const swept = await sweep(
      'malformed bodies',
      (route) => route.method !== 'GET',
      async (route, model) => {
        for (const { payload, contentType, forBodies } of malformed) {
          if (forBodies && !model.body) continue;
          const url = fillPath(route);
          const res = await send({
            route,
            url,
            payload,
            headers: { 'content-type': contentType ?? 'application/json' },
          });
          expectRefused(res, model.refusal, `${route.path} ${payload.slice(0, 60)}`);
        }
      },
    );
    expect(swept).toBeGreaterThanOrEqual(10);
  });

  it('answers 401 to missing, malformed, forged, expired and foreign tokens on every guarded route', async () => {
    const options = propertyOptions('tokens', RUNS.tokens);
    const badHeader = fc.oneof(
      fc.constantFrom(...forgedTokens.map((forged) => `Bearer ${forged}`)),
      fc.constantFrom(
        '',
        'Bearer',
        'Bearer ',
        'bearer x.y.z',
        `Basic ${Buffer.from('admin:demo1234').toString('base64')}`,
      ),
      fc.stringMatching(/^[\x20-\x7e]{0,300}$/).map((s) => `Bearer ${s}`),
    );
    const swept = await sweep(
      'tokens',
      (route) => !isPublic(route),
      async (route, model) => {
        await fc.assert(
          fc.asyncProperty(badHeader, async (authorization) => {
            const url = fillPath(route);
            const res = await send(
              { route, url, payload: validBody(model), headers: { authorization } },
              false,
            );
            expect(res.statusCode, `${route.method} ${url} with ${authorization.slice(0, 80)}`).toBe(401);
            expectRefused(res, 'message', url);
          }),
          options,
        );
      },
    );
    expect(swept).toBeGreaterThanOrEqual(25);
  });

  it('answers 403 to unsafe requests without the matching anti-forgery header', async () => {
    await sweep(
      'anti-forgery header',
      (route) => route.method !== 'GET',
      async (route, model) => {
        for (const headers of [
          { 'x-xsrf-token': '' },
          { 'x-xsrf-token': 'other' },
          { 'x-xsrf-token': 'x'.repeat(5000) },
        ]) {
          const res = await send({ route, url: fillPath(route), payload: validBody(model), headers });
          expect(res.statusCode, route.path).toBe(403);
          expectRefused(res, 'message', route.path);
        }
      },
    );
  });

  it('refuses a bad Idempotency-Key and ignores unknown query parameters without a 5xx', async () => {
    const idempotentWrites = routes.filter((r) => IDEMPOTENT_WRITES.has(r.path));
    expect(idempotentWrites).toHaveLength(IDEMPOTENT_WRITES.size);
    await sweep(
      'idempotency keys',
      (route) => idempotentWrites.includes(route),
      async (route, model) => {
        for (const key of ['', 'k'.repeat(201), 'k'.repeat(5000)]) {
          const res = await send({
            route,
            url: fillPath(route),
            payload: validBody(model),
            headers: { 'idempotency-key': key },
          });
          expect(res.statusCode, `key of ${key.length} characters`).toBe(400);
          expectRefused(res, 'message', 'idempotency key');
        }
      },
    );
    const options = propertyOptions('query strings', RUNS.query);
    const query = fc.dictionary(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'accountId', 'id'), fc.string({ maxLength: 10 })),
      fc.oneof(fc.constantFrom(...NASTY_STRINGS.slice(0, -1)), fc.string({ maxLength: 20 })),
      { maxKeys: 4 },
    );
    await sweep(
      'query strings',
      (route) => route.method === 'GET',
      async (route) => {
        // The GET routes that change data get an unknown id, so the sweep itself changes nothing.
        const path = fillPath(route, STATE_CHANGING_GETS.has(route.path) ? { id: randomUUID() } : {});
        await fc.assert(
          fc.asyncProperty(query, async (params) => {
            const search = new URLSearchParams(params).toString();
            const res = await send({ route, url: `${path}?${search}` });
            expect(res.statusCode, `${route.path}?${search}`).toBeLessThan(500);
          }),
          options,
        );
      },
    );
  });
});
