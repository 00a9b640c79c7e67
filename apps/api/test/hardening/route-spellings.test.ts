import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { type ListedRoute, routesOf } from './helpers/route-list.ts';

const PUBLIC = new Set([
  '/api/authenticate/userauthenticate/v2',
  '/api/authenticate/exchangedevicecredential',
  '/api/authenticate/forgotpassword',
  '/api/authenticate/setpassword',
  '/api/about',
  '/api/health/live',
  '/api/health/ready',
]);

/**
 * Other spellings of one path that a router may decode, normalise or refuse: percent-escapes of the
 * `/api` prefix and of a later letter, both cases of the escape, absolute-form request targets,
 * doubled slashes, and another case. None may reach a handler without the guard and the XSRF check.
 */
function spellingsOf(path: string, host: string): string[] {
  const rest = path.slice('/api'.length);
  const escapeLater = rest.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`);
  return [
    `/%61pi${rest}`,
    `/%61%70%69${rest}`,
    `/api${escapeLater}`,
    `/API${rest}`,
    `/Api${rest}`,
    `http://${host}${path}`,
    `http://${host}/%61pi${rest}`,
    `//api${rest}`,
    `/api/${rest}`,
    `${path}/`,
  ];
}

type RawAnswer = { status: number; body: string };

/** One request written byte for byte as given (no client normalises the target), on its own connection. */
function rawRequest(port: number, lines: string[], body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    socket.write(
      `${[...lines, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`].join('\r\n')}\r\n\r\n${body}`,
    );
  });
}

describe('route spellings: guards and the XSRF check decide on the matched route, however the URL is spelled', () => {
  let t: TestApp;
  let port: number;
  let host: string;
  let routes: ListedRoute[];
  let customerUserToken: string;
  let kundeId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    port = address.port;
    host = `127.0.0.1:${port}`;
    routes = routesOf(t.app).filter((r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/docs'));
    customerUserToken = await t.login('kunde@eksempel.dk');
    kundeId = await userIdOf(t.database.db, 'ny@eksempel.dk');
  });
  afterAll(async () => t.close());

  const concretePath = (route: ListedRoute) =>
    route.path.replace(/:(\w+)/g, (_, name: string) =>
      name === 'id' ? kundeId : /Id$/.test(name) ? '00000000-0000-4000-8000-000000000000' : '9',
    );

  it('never answers a guarded route without a token, in any spelling', async () => {
    let sent = 0;
    const seen = new Map<number, number>();
    const guarded = routes.filter((r) => !PUBLIC.has(r.path) && r.path !== '/api/openapi.json');
    for (const route of guarded) {
      for (const target of spellingsOf(concretePath(route), host)) {
        const answer = await rawRequest(port, [`${route.method} ${target} HTTP/1.1`, `Host: ${host}`]);
        sent++;
        seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
        // Refused (401, or 403 from the XSRF check on POST) or not a route at all (404; 400 for
        // a target the router cannot parse): never the handler's answer, never a crash.
        expect([400, 401, 403, 404], `${route.method} ${target} → ${answer.status} ${answer.body}`).toContain(
          answer.status,
        );
      }
    }
    console.log(
      `route spellings without a token: ${sent} requests (${guarded.length} guarded routes × ${spellingsOf('/api/x', host).length} spellings), answers ${[...seen].map(([s, n]) => `${s}×${n}`).join(' ')}`,
    );
    expect(seen.get(401) ?? 0).toBeGreaterThan(0);
  });

  it('refuses every POST and PUT without the anti-forgery pair, in any spelling, login included', async () => {
    let sent = 0;
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const target of spellingsOf(concretePath(route), host)) {
        const answer = await rawRequest(
          port,
          [
            `${route.method} ${target} HTTP/1.1`,
            `Host: ${host}`,
            'Content-Type: application/json',
            `Authorization: Bearer ${customerUserToken}`,
          ],
          JSON.stringify({ email: 'kunde@eksempel.dk', password: 'demo1234', rememberme: false, area: 9 }),
        );
        sent++;
        expect([400, 403, 404], `${route.method} ${target} → ${answer.status} ${answer.body}`).toContain(
          answer.status,
        );
        expect(answer.body).not.toContain('"Token"');
      }
    }
    expect(sent).toBeGreaterThan(50);
  });

  it('answers a customer user 403 on an administrator route in any spelling the router matches', async () => {
    for (const target of spellingsOf(`/api/user/resetpassword/${kundeId}`, host)) {
      const answer = await rawRequest(port, [
        `GET ${target} HTTP/1.1`,
        `Host: ${host}`,
        `Authorization: Bearer ${customerUserToken}`,
      ]);
      expect([403, 404, 400], `${target} → ${answer.status} ${answer.body}`).toContain(answer.status);
    }
    const decoded = await rawRequest(port, [
      `GET /%61pi/user/resetpassword/${kundeId} HTTP/1.1`,
      `Host: ${host}`,
      `Authorization: Bearer ${customerUserToken}`,
    ]);
    expect(decoded.status).toBe(403);
    expect(await t.login('ny@eksempel.dk')).toEqual(expect.any(String));
  });
});
