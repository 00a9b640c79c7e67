import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { type ListedRoute, publicRouteTest, routesOf } from './helpers/route-list.ts';

/**
 * The sweeps leave out the routes declared `config.public`, read from the routes themselves: this
 * shows that what is declared public really is, so that a route marked public by mistake for the
 * sweeps, or a public route the guard still closes, fails here instead of slipping through.
 */
describe('routes declared public', () => {
  let t: TestApp;
  let publicRoutes: ListedRoute[];

  beforeAll(async () => {
    t = await createTestApp();
    const isPublic = publicRouteTest(t.app);
    publicRoutes = routesOf(t.app).filter(isPublic);
  });
  afterAll(async () => t.close());

  it('are read from the routes’ config: sign-in and health are among them, a signed-in call is not', () => {
    const keys = publicRoutes.map((route) => `${route.method} ${route.path}`);
    expect(keys).toContain('POST /api/authenticate/userauthenticate/v2');
    expect(keys).toContain('GET /api/health/ready');
    expect(keys).not.toContain('GET /api/user/loadcurrent');
  });

  it('answer without a token: never 401', async () => {
    const concrete = (path: string) => path.replace(/:\w+|\*/g, 'x');
    for (const route of publicRoutes) {
      const res = await t.inject({
        method: route.method as 'GET' | 'POST',
        url: concrete(route.path),
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      expect.soft(res.statusCode, `${route.method} ${route.path}`).not.toBe(401);
      expect.soft(res.statusCode, `${route.method} ${route.path}`).toBeLessThan(500);
    }
    expect(publicRoutes.length).toBeGreaterThanOrEqual(10);
  });
});
