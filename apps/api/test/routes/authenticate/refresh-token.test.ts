import { TokenRefreshResponse } from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';

const HOUR_MS = 60 * 60 * 1000;

describe('POST /api/authenticate/refreshtoken', () => {
  const clock = testClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  const refresh = (token?: string) =>
    t.inject({ method: 'POST', url: '/api/authenticate/refreshtoken', token });

  it('gives a signed-in user a new token that outlives the old one', async () => {
    const old = await t.login('kunde@eksempel.dk');
    clock.advance(11 * HOUR_MS);

    const res = await refresh(old);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = TokenRefreshResponse.parse(res.json());
    expect(Date.parse(body.expires)).toBe(clock.now().getTime() + 12 * HOUR_MS);

    // Past the old token's expiry only the new one works.
    clock.advance(2 * HOUR_MS);
    const current = (token: string) => t.inject({ method: 'GET', url: '/api/user/loadcurrent', token });
    expect((await current(old)).statusCode).toBe(401);
    expect((await current(body.Token)).statusCode).toBe(200);
  });

  it('gives exactly one of ten parallel refreshes with one token a new token; the rest answer 401', async () => {
    const old = await t.login('admin@eksempel.dk');
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(old)));
    const issued = answers.filter((res) => res.statusCode === 200);
    expect(issued).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(9);
    const current = (token: string) => t.inject({ method: 'GET', url: '/api/user/loadcurrent', token });
    const successor = TokenRefreshResponse.parse(issued[0]?.json()).Token;
    expect((await current(successor)).statusCode).toBe(200);
    expect((await current(old)).statusCode).toBe(401);
  });

  it('refuses without a valid token', async () => {
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh('a.b.c')).statusCode).toBe(401);
  });

  it('refuses without the anti-forgery header', async () => {
    const token = await t.login('tekniker@eksempel.dk');
    const res = await t.inject({ method: 'POST', url: '/api/authenticate/refreshtoken', token, xsrf: false });
    expect(res.statusCode).toBe(403);
  });
});
