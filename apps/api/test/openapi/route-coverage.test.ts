import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useDemoApp } from '../helpers/demo-app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  fetchDocument,
  type OpenApiDocument,
  type Operation,
  openapiPath,
  operationKey,
  operationsOf,
} from './openapi-schemas.ts';

/** Every route the app registers, seen through Fastify's own onRoute hook, independent of the swagger plugin. */
const registered = vi.hoisted(() => [] as Array<{ method: string; url: string; hasBody: boolean }>);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const create = actual.default as (...args: unknown[]) => import('fastify').FastifyInstance;
  const withRouteLog = ((...args: unknown[]) => {
    const app = create(...args);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const hasBody = Boolean(route.schema?.body);
      for (const method of methods) registered.push({ method, url: route.url, hasBody });
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: withRouteLog };
});

/** The documentation routes themselves are not part of the API they document. */
const isDocumentationRoute = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');
const PUBLIC_OPERATIONS = [
  'get /api/health/live',
  'get /api/health/ready',
  'get /api/about',
  'post /api/authenticate/userauthenticate/v2',
  'post /api/authenticate/exchangedevicecredential',
  'post /api/authenticate/forgotpassword',
  'post /api/authenticate/setpassword',
  'get /api/selfreading/link',
  'post /api/selfreading/reading',
  'put /api/selfreading/photo/{photoId}',
];
const SOME_UUID = '3f0c2a1e-8b7d-4c5e-9a6f-1b2c3d4e5f60';
/** Operations whose 200 answer is a file, documented per media type instead of as JSON. */
const SPREADSHEETS = [
  'text/csv; charset=utf-8',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
const FILE_OPERATIONS: Record<string, string[]> = {
  'get /api/admin/export/{accountId}': SPREADSHEETS,
  'get /api/admin/monthlyconsumption/{accountId}': SPREADSHEETS,
  'get /api/admin/import/template/{kind}': SPREADSHEETS,
  'get /api/user/mydata': ['application/json', 'text/csv; charset=utf-8'],
  'get /api/photos/{accountId}/{photoId}': ['image/jpeg'],
  'post /api/admin/selfreading/letters/{accountId}': ['application/pdf'],
  'post /api/admin/selfreading/card/{deviceId}/{accountId}': ['application/pdf'],
  'get /api/gateway/routeprint/{accountId}': ['application/pdf'],
};

describe('OpenAPI document: coverage of the registered routes', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let operations: Map<string, Operation>;
  beforeAll(async () => {
    t = await createTestApp();
    doc = await fetchDocument(t);
    operations = operationsOf(doc);
  });
  afterAll(async () => t.close());

  /** The registered /api routes by operation key, with whether each takes a body. */
  const apiRoutes = () =>
    new Map(
      registered
        // HEAD routes are Fastify's automatic twins of the GET routes.
        .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !isDocumentationRoute(r.url))
        .map((r) => [operationKey(r.method, openapiPath(r.url)), r.hasBody]),
    );

  it('is an OpenAPI 3.1 document with an English description, a server and both security schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Måleraflæsning API', version: expect.any(String) });
    expect(doc.info.description).toMatch(/X-XSRF-TOKEN/);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      xsrfToken: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' }),
    });
  });

  it('documents every registered /api route, and nothing else', () => {
    const routes = apiRoutes();
    console.info(`registered /api routes: ${routes.size}, documented operations: ${operations.size}`);
    expect(routes.size).toBeGreaterThanOrEqual(29);
    expect([...operations.keys()].sort()).toEqual([...routes.keys()].sort());
  });

  it('gives every operation a Danish description, a tag and a JSON 200 schema (a schema per media type for files)', () => {
    for (const [key, operation] of operations) {
      expect(operation.description, key).toMatch(/[a-zæøå]{3}/i);
      expect(operation.tags?.length, key).toBeGreaterThan(0);
      const content = operation.responses['200']?.content ?? {};
      for (const mediaType of FILE_OPERATIONS[key] ?? ['application/json'])
        expect(content[mediaType]?.schema, `${key} ${mediaType}`).toBeTypeOf('object');
    }
  });

  it('declares request bodies and path parameters where the routes take them', () => {
    const routes = apiRoutes();
    for (const [key, operation] of operations) {
      const [, path = ''] = key.split(' ');
      const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const pathParameters = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(pathParameters.sort(), key).toEqual(placeholders.sort());
      expect(operation.requestBody !== undefined, key).toBe(routes.get(key));
    }
  });

  it('requires exactly what the server enforces: a bearer token on all but the public calls, XSRF on non-GET', async () => {
    for (const [key, operation] of operations) {
      const [method = '', path = ''] = key.split(' ');
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => (/Id$|^id$/.test(name) ? SOME_UUID : '1'));
      const requirements = Object.keys(operation.security?.[0] ?? {});
      const needsToken = requirements.includes('bearerAuth');
      const needsXsrf = requirements.includes('xsrfToken');
      expect(needsToken, key).toBe(!PUBLIC_OPERATIONS.includes(key));
      expect(needsXsrf, key).toBe(method !== 'get');

      const withoutToken = await t.inject({ method: method.toUpperCase() as 'GET', url, payload: {} });
      expect(withoutToken.statusCode === 401, `${key} without a token`).toBe(needsToken);
      if (method !== 'get') {
        const withoutXsrf = await t.inject({ method: 'POST', url, payload: {}, xsrf: false });
        expect(withoutXsrf.statusCode, `${key} without X-XSRF-TOKEN`).toBe(403);
      }
    }
  });
});

describe('API reference page', () => {
  const t = useDemoApp();

  it('answers 200 HTML at /api/docs without a token, loading only its own files under the strict CSP', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs', xsrf: false });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain('unsafe-inline');

    const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/ src="\/api\/docs\/static\/[\w.-]+\.js"/);
    expect(res.body).not.toMatch(/<style|style="/);

    for (const [, src] of res.body.matchAll(/(?:src|href)="(\/api\/docs\/static\/[\w.-]+)"/g)) {
      const asset = await t.inject({ method: 'GET', url: src ?? '', xsrf: false });
      expect(asset.statusCode, src).toBe(200);
    }
  });

  it('serves the same document to the page as at /api/openapi.json', async () => {
    const page = await t.inject({ method: 'GET', url: '/api/docs/json', xsrf: false });
    const document = await t.inject({ method: 'GET', url: '/api/openapi.json', xsrf: false });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual(document.json());
  });
});
