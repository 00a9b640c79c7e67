import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListedRoute, routesOf } from '../../hardening/helpers/route-list.ts';
import { ACCOUNT_NAMES, accountIdOf, userIdOf } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

const RESET_REQUIRED = { Message: 'Du skal vælge en ny adgangskode, før du kan fortsætte.' };
const OPEN = new Set([
  'GET /api/user/loadcurrent',
  'POST /api/user/changepassword',
  'POST /api/authenticate/logout',
]);
const PUBLIC =
  /^\/api\/(health\/|docs|openapi\.json|authenticate\/userauthenticate|authenticate\/exchangedevicecredential|authenticate\/(forgotpassword|setpassword)$|about$|selfreading\/)/;

describe('the reset flag is enforced by the API, not only by the app', () => {
  let t: TestApp;
  let token: string;
  let routes: ListedRoute[];
  const values: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('ny@eksempel.dk');
    routes = routesOf(t.app).filter((r) => r.path.startsWith('/api/') && !PUBLIC.test(r.path));
    values.accountId = await accountIdOf(t.database.db, ACCOUNT_NAMES.soparken1);
    values.id = await userIdOf(t.database.db, 'kunde@eksempel.dk');
    values.photoId = '4f0b3c52-9d7e-4a61-8c2f-1e5d6a7b8c9d';
  });
  afterAll(async () => t.close());

  const urlOf = (route: ListedRoute) =>
    route.path.replace(
      /:(\w+)/g,
      (_, name: string) => values[name] ?? (name === 'customerId' ? (values.accountId ?? '') : '1'),
    );

  it('answers 403 to every call but the password change, the current user and logout', async () => {
    const refused = routes.filter((r) => !OPEN.has(`${r.method} ${r.path}`));
    expect(refused.length).toBeGreaterThan(20);
    for (const route of refused) {
      const res = await t.inject({
        method: route.method as 'GET' | 'POST',
        url: urlOf(route),
        token,
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(res.json()).toEqual(RESET_REQUIRED);
    }
  });

  it('lets the user read themselves and choose a new password without the old one, and then everything opens', async () => {
    expect(
      (await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token })).json().resetPassword,
    ).toBe(true);
    const change = await t.inject({
      method: 'POST',
      url: '/api/user/changepassword',
      token,
      payload: { password: 'Nina_vaelger_2026', passwordrepeat: 'Nina_vaelger_2026' },
    });
    expect(change.json()).toMatchObject({ Success: true, Message: '' });
    const fresh = change.json().Token;
    const accounts = await t.inject({
      method: 'GET',
      url: '/api/account/loadlistbycurrentuser/v2/9',
      token: fresh,
    });
    expect(accounts.statusCode).toBe(200);
  });

  it('lets a user under reset sign out', async () => {
    await t.database.db
      .updateTable('users')
      .set({ reset_password: 1 })
      .where('email', '=', 'kunde@eksempel.dk')
      .execute();
    const kunde = await t.login('kunde@eksempel.dk');
    expect(
      (await t.inject({ method: 'POST', url: '/api/authenticate/logout', token: kunde })).statusCode,
    ).toBe(200);
  });
});
