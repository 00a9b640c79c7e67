import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/startup/demo/demo-data.ts';
import { userIdOf } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';

const UNAUTHORIZED = { Message: 'Du er ikke logget ind, eller din session er udløbet. Log ind igen.' };
const TWELVE_HOURS_MS = 12 * 60 * 60 * 1000;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('bearer tokens from login', () => {
  const clock = testClock();
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    token = await t.login('kunde@eksempel.dk');
  });
  afterAll(async () => t.close());

  const loadCurrent = (bearer: string | undefined, headers: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url: '/api/user/loadcurrent', token: bearer, headers });

  it('accepts the token it issued', async () => {
    expect((await loadCurrent(token)).statusCode).toBe(200);
  });

  it('answers a missing or malformed Authorization header with 401', async () => {
    for (const res of [
      await loadCurrent(undefined),
      await loadCurrent(undefined, { authorization: `Basic ${token}` }),
      await loadCurrent(undefined, { authorization: 'Bearer not-a-token' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('answers a tampered token with 401', async () => {
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = `${header}.${base64url({ ...claims, sub: await userIdOf(t.database.db, 'admin@eksempel.dk') })}.${signature}`;
    const res = await loadCurrent(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('answers a token signed with another secret with 401', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const foreign = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(await userIdOf(t.database.db, 'kunde@eksempel.dk'))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('en-helt-anden-hemmelighed-med-mindst-32-tegn'));
    expect((await loadCurrent(foreign)).statusCode).toBe(401);
  });

  it('answers an unsigned alg:none token with 401', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
      sub: await userIdOf(t.database.db, 'kunde@eksempel.dk'),
      tv: 0,
      iat: now,
      exp: now + 3600,
    })}.`;
    expect((await loadCurrent(unsigned)).statusCode).toBe(401);
  });

  it('answers an expired token with 401', async () => {
    const fresh = await t.login('tekniker@eksempel.dk');
    clock.advance(TWELVE_HOURS_MS - 1000);
    expect((await loadCurrent(fresh)).statusCode).toBe(200);
    clock.advance(1000);
    const res = await loadCurrent(fresh);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('ends tokens issued before a password change and hands out a working new one', async () => {
    const before = await t.login('admin@eksempel.dk');
    const second = await t.login('admin@eksempel.dk');
    const change = await t.inject({
      method: 'POST',
      url: '/api/user/changepassword',
      token: before,
      payload: {
        password: 'NytKodeord_2026',
        passwordrepeat: 'NytKodeord_2026',
        currentpassword: DEMO_PASSWORD,
      },
    });
    expect(change.statusCode).toBe(200);
    const { Success, Message, Token } = change.json();
    expect({ Success, Message }).toEqual({ Success: true, Message: '' });

    expect((await loadCurrent(before)).statusCode).toBe(401);
    expect((await loadCurrent(second)).statusCode).toBe(401);
    expect((await loadCurrent(Token)).statusCode).toBe(200);
  });

  it('ends the sessions of a user who is disabled or loses their role', async () => {
    const db = t.database.db;
    const session = await t.login('klover@eksempel.dk');
    await db.updateTable('users').set({ role: null }).where('email', '=', 'klover@eksempel.dk').execute();
    expect((await loadCurrent(session)).statusCode).toBe(401);
    await db
      .updateTable('users')
      .set({ role: 2, disabled: 1 })
      .where('email', '=', 'klover@eksempel.dk')
      .execute();
    expect((await loadCurrent(session)).statusCode).toBe(401);
  });
});
