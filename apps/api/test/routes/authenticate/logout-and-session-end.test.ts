import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';

const UNAUTHORIZED = { Message: 'Du er ikke logget ind, eller din session er udløbet. Log ind igen.' };
const HOUR_MS = 60 * 60 * 1000;

describe('sessions that end on the server: logout, refresh and the absolute lifetime', () => {
  const clock = testClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { TOKEN_TTL_SECONDS: String(2 * 3600), SESSION_MAX_SECONDS: String(5 * 3600) },
    });
  });
  afterAll(async () => t.close());

  const loadCurrent = (token: string) => t.inject({ method: 'GET', url: '/api/user/loadcurrent', token });
  const post = (url: string, token: string) => t.inject({ method: 'POST', url, token });

  it('logout revokes the presented token and only that one', async () => {
    const ending = await t.login('kunde@eksempel.dk');
    const other = await t.login('kunde@eksempel.dk');

    const res = await post('/api/authenticate/logout', ending);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true });
    expect(res.headers['cache-control']).toBe('no-store');

    const after = await loadCurrent(ending);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(UNAUTHORIZED);
    expect((await post('/api/authenticate/logout', ending)).statusCode).toBe(401);
    expect((await loadCurrent(other)).statusCode).toBe(200);
  });

  it('refresh revokes the token it replaces and hands out one that works', async () => {
    const first = await t.login('kunde@eksempel.dk');
    const res = await post('/api/authenticate/refreshtoken', first);
    expect(res.statusCode).toBe(200);
    const { Token } = res.json();
    expect(decodeJwt(Token).jti).not.toBe(decodeJwt(first).jti);
    expect((await loadCurrent(first)).statusCode).toBe(401);
    expect((await loadCurrent(Token)).statusCode).toBe(200);
  });

  it('never carries a session past its absolute lifetime, however often it is refreshed', async () => {
    const start = clock.now().getTime();
    let token = await t.login('tekniker@eksempel.dk');
    for (let hour = 1; hour <= 4; hour++) {
      clock.set(new Date(start + hour * HOUR_MS));
      const res = await post('/api/authenticate/refreshtoken', token);
      expect(res.statusCode, `refresh after ${hour} h`).toBe(200);
      token = res.json().Token;
      expect(Date.parse(res.json().expires)).toBeLessThanOrEqual(start + 5 * HOUR_MS);
    }
    expect((await loadCurrent(token)).statusCode).toBe(200);
    clock.set(new Date(start + 5 * HOUR_MS));
    expect((await loadCurrent(token)).statusCode).toBe(401);
    expect((await post('/api/authenticate/refreshtoken', token)).statusCode).toBe(401);
    clock.set(new Date(start));
  });

  it('answers a token without jti, issuer or audience (as issued before this version) with 401', async () => {
    const legacy = await t.app.tokens.issue({ userId: 'x', tokenVersion: 0 });
    const [header, , signature] = legacy.token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'x', tv: 0, exp: 4_000_000_000 })).toString(
      'base64url',
    );
    expect((await loadCurrent(`${header}.${payload}.${signature}`)).statusCode).toBe(401);
  });
});
