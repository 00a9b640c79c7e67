import { createHash, randomUUID } from 'node:crypto';
import { DeviceCredentialResponse, LoginResponse } from '@maaler/contract';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/startup/demo/demo-data.ts';
import { ACCOUNT_NAMES, accountIdOf, CUSTOMER_NAMES, customerIdOf } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';
import { insertTestUser } from '../../helpers/test-users.ts';

const REFUSED = { Message: 'Log ind igen, når du har forbindelse' };
const SECOND_MS = 1000;
const HOUR_MS = 60 * 60 * SECOND_MS;
const SESSION_HOURS = 5;

describe('device credentials: offline sign-in, server half (ADR 034)', () => {
  const clock = testClock();
  let t: TestApp;
  let soparken: { customerId: string; accountId: string };

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { TOKEN_TTL_SECONDS: String(2 * 3600), SESSION_MAX_SECONDS: String(SESSION_HOURS * 3600) },
    });
    soparken = {
      customerId: await customerIdOf(t.database.db, CUSTOMER_NAMES.soparken),
      accountId: await accountIdOf(t.database.db, ACCOUNT_NAMES.soparken1),
    };
  });
  afterAll(async () => t.close());

  const issue = (token: string) =>
    t.inject({ method: 'POST', url: '/api/authenticate/devicecredential', token });
  const issueCredential = async (token: string) => {
    const res = await issue(token);
    expect(res.statusCode, res.body).toBe(200);
    return DeviceCredentialResponse.parse(res.json()).Credential;
  };
  const exchange = (credential: string, remoteAddress?: string) =>
    t.inject({
      method: 'POST',
      url: '/api/authenticate/exchangedevicecredential',
      payload: { credential },
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
    });
  const expectRefused = async (credential: string, why: string) => {
    const res = await exchange(credential);
    expect(res.statusCode, why).toBe(401);
    expect(res.json(), why).toEqual(REFUSED);
  };
  const loadCurrent = (token: string) => t.inject({ method: 'GET', url: '/api/user/loadcurrent', token });
  /** A user of their own in Søparken 1 (demo password, no reset flag), signed in. */
  const freshUser = async () => {
    const email = `enhed-${randomUUID().slice(0, 8)}@eksempel.dk`;
    const id = await insertTestUser(t.database.db, {
      email,
      role: 2,
      customerIds: [soparken.customerId],
      accountIds: [soparken.accountId],
    });
    return { id, email, token: await t.login(email) };
  };
  const credentialRows = (userId: string) =>
    t.database.db
      .selectFrom('device_credentials')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();

  it('exchanges an issued credential for a working token of the same session, as often as needed', async () => {
    const sessionStart = clock.now().getTime();
    const login = LoginResponse.parse((await t.attemptLogin('kunde@eksempel.dk')).json());
    const loginToken = login.Token ?? '';
    clock.advance(HOUR_MS);

    const issued = await issue(loginToken);
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const body = DeviceCredentialResponse.parse(issued.json());
    expect(body.Success).toBe(true);
    expect(body.Credential).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.Expires)).toBe(sessionStart + SESSION_HOURS * HOUR_MS);

    clock.advance(HOUR_MS);
    for (let round = 1; round <= 2; round++) {
      const res = await exchange(body.Credential);
      expect(res.statusCode, `exchange ${round}`).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const answer = LoginResponse.parse(res.json());
      expect(answer).toMatchObject({ Success: true, Message: '', ResetPassword: false });
      expect({ ...answer.Claims, expires: '' }).toEqual({ ...login.Claims, expires: '' });
      const token = decodeJwt(answer.Token ?? '');
      expect(token.auth_time).toBe(decodeJwt(loginToken).auth_time);
      expect(token.auth_time).toBe(sessionStart / 1000);
      expect((token.exp ?? 0) * 1000).toBeLessThanOrEqual(sessionStart + SESSION_HOURS * HOUR_MS);
      expect(Date.parse(answer.Claims?.expires ?? '')).toBe((token.exp ?? 0) * 1000);
      expect((await loadCurrent(answer.Token ?? '')).statusCode).toBe(200);
    }
  });

  it('keeps only the SHA-256 of the secret, with the session it belongs to', async () => {
    const { id, token } = await freshUser();
    const credential = await issueCredential(token);
    const [credentialId, secret = ''] = credential.split('.');
    const [row] = await credentialRows(id);
    expect(row).toMatchObject({
      id: credentialId,
      secret_hash: createHash('sha256').update(secret).digest('hex'),
      token_version: 0,
      session_started_at: new Date(Number(decodeJwt(token).auth_time) * 1000).toISOString(),
      revoked_at: null,
    });
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('refuses a wrong secret, an unknown id and anything malformed with one 401 and one message', async () => {
    const { token } = await freshUser();
    const credential = await issueCredential(token);
    const [credentialId, secret = ''] = credential.split('.');
    const otherSecret = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    await expectRefused(`${credentialId}.${otherSecret}`, 'wrong secret');
    await expectRefused(`${randomUUID()}.${secret}`, 'unknown id');
    for (const malformed of [
      '',
      'x',
      `${credentialId}.`,
      `.${secret}`,
      `${credential}x`,
      `${credential}.x`,
    ]) {
      await expectRefused(malformed, `malformed ${JSON.stringify(malformed)}`);
    }
    expect((await exchange(credential)).statusCode).toBe(200);
  });

  it('ends with logout of its session, and only that session', async () => {
    const { token } = await freshUser();
    const ending = await issueCredential(token);
    // Another session of the same user (sessions are told apart by their start, in whole seconds).
    clock.advance(SECOND_MS);
    const other = await issueCredential(await t.login((await loadCurrent(token)).json().email));
    expect((await exchange(ending)).statusCode).toBe(200);

    const logout = await t.inject({ method: 'POST', url: '/api/authenticate/logout', token });
    expect(logout.statusCode).toBe(200);
    await expectRefused(ending, 'after logout');
    expect((await exchange(other)).statusCode).toBe(200);
  });

  it('ends with a change of the own password', async () => {
    const { id, token } = await freshUser();
    const credential = await issueCredential(token);
    const change = await t.inject({
      method: 'POST',
      url: '/api/user/changepassword',
      token,
      payload: { password: 'nyt_kodeord_7', passwordrepeat: 'nyt_kodeord_7', currentpassword: DEMO_PASSWORD },
    });
    expect(change.json()).toMatchObject({ Success: true });
    await expectRefused(credential, 'after a password change');
    expect((await credentialRows(id)).every((row) => row.revoked_at !== null)).toBe(true);
  });

  it("ends with an administrator's password reset", async () => {
    const { id, token } = await freshUser();
    const credential = await issueCredential(token);
    const reset = await t.inject({
      method: 'GET',
      url: `/api/user/resetpassword/${id}`,
      token: await t.login('admin@eksempel.dk'),
    });
    expect(reset.statusCode).toBe(200);
    await expectRefused(credential, 'after a reset');
    expect((await credentialRows(id)).every((row) => row.revoked_at !== null)).toBe(true);
  });

  it('ends when an administrator disables the user, and stays ended when they are enabled again', async () => {
    const { id, token } = await freshUser();
    const credential = await issueCredential(token);
    const disable = await t.inject({
      method: 'POST',
      url: `/api/admin/users/${id}/disable`,
      token: await t.login('admin@eksempel.dk'),
    });
    expect(disable.statusCode).toBe(200);
    await expectRefused(credential, 'while disabled');
    const enable = await t.inject({
      method: 'POST',
      url: `/api/admin/users/${id}/enable`,
      token: await t.login('admin@eksempel.dk'),
    });
    expect(enable.statusCode).toBe(200);
    await expectRefused(credential, 'after enabling again');
  });

  it('is refused once the token version moved on, even if its revocation were missed', async () => {
    const { id, token } = await freshUser();
    const credential = await issueCredential(token);
    await t.database.db
      .updateTable('users')
      .set({ token_version: sql<number>`token_version + 1` })
      .where('id', '=', id)
      .execute();
    expect((await credentialRows(id))[0]?.revoked_at).toBeNull();
    await expectRefused(credential, 'token version bumped');
  });

  it('goes with its user when the user is deleted', async () => {
    const { id, token } = await freshUser();
    const credential = await issueCredential(token);
    const removal = await t.inject({
      method: 'GET',
      url: `/api/user/delete/${id}`,
      token: await t.login('admin@eksempel.dk'),
    });
    expect(removal.statusCode).toBe(200);
    expect(await credentialRows(id)).toEqual([]);
    await expectRefused(credential, 'user deleted');
  });

  it("never outlives its session's absolute end", async () => {
    const start = clock.now().getTime();
    const { token } = await freshUser();
    const credential = await issueCredential(token);
    const end = start + SESSION_HOURS * HOUR_MS;

    clock.set(new Date(end - SECOND_MS));
    const last = await exchange(credential);
    expect(last.statusCode).toBe(200);
    expect((decodeJwt(last.json().Token).exp ?? 0) * 1000).toBe(end);

    clock.set(new Date(end));
    await expectRefused(credential, 'at the session end');
    clock.set(new Date(start));
  });

  it('keeps at most five live credentials per user: the sixth revokes the oldest', async () => {
    const { id, token } = await freshUser();
    const credentials: string[] = [];
    for (let i = 0; i < 6; i++) {
      credentials.push(await issueCredential(token));
      clock.advance(SECOND_MS);
    }
    await expectRefused(credentials[0] ?? '', 'the oldest');
    for (const credential of credentials.slice(1)) expect((await exchange(credential)).statusCode).toBe(200);
    const rows = await credentialRows(id);
    expect(rows.filter((row) => row.revoked_at === null)).toHaveLength(5);
  });

  it('answers parallel exchanges of one credential each with a working token', async () => {
    const { token } = await freshUser();
    const credential = await issueCredential(token);
    const answers = await Promise.all(Array.from({ length: 10 }, () => exchange(credential)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const tokens = answers.map((res) => res.json().Token as string);
    expect(new Set(tokens.map((value) => decodeJwt(value).jti)).size).toBe(10);
    for (const value of tokens) expect((await loadCurrent(value)).statusCode).toBe(200);
  });

  it('is not issued while the reset flag is set, nor without a token or the anti-forgery header', async () => {
    const ny = await t.login('ny@eksempel.dk');
    const underReset = await issue(ny);
    expect(underReset.statusCode).toBe(403);
    expect(underReset.json()).toEqual({ Message: 'Du skal vælge en ny adgangskode, før du kan fortsætte.' });
    expect(
      await t.database.db
        .selectFrom('device_credentials')
        .select('id')
        .where('user_id', '=', decodeJwt(ny).sub ?? '')
        .execute(),
    ).toEqual([]);

    expect((await t.inject({ method: 'POST', url: '/api/authenticate/devicecredential' })).statusCode).toBe(
      401,
    );
    const { token } = await freshUser();
    const withoutXsrf = await t.inject({
      method: 'POST',
      url: '/api/authenticate/devicecredential',
      token,
      xsrf: false,
    });
    expect(withoutXsrf.statusCode).toBe(403);
    const credential = await issueCredential(token);
    const exchangeWithoutXsrf = await t.inject({
      method: 'POST',
      url: '/api/authenticate/exchangedevicecredential',
      payload: { credential },
      xsrf: false,
    });
    expect(exchangeWithoutXsrf.statusCode).toBe(403);
  });
});

describe('device credentials: exchanges count in the login throttle of the client address', () => {
  const clock = testClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { LOGIN_MAX_FAILURES_PER_IP: '3', LOGIN_LOCKOUT_SECONDS: '300', LOGIN_WINDOW_SECONDS: '600' },
    });
  });
  afterAll(async () => t.close());

  const exchange = (credential: string, remoteAddress: string) =>
    t.inject({
      method: 'POST',
      url: '/api/authenticate/exchangedevicecredential',
      payload: { credential },
      remoteAddress,
    });

  it('locks an address after failed exchanges, for logins too, and leaves other addresses alone', async () => {
    const token = await t.login('kunde@eksempel.dk');
    const issued = await t.inject({ method: 'POST', url: '/api/authenticate/devicecredential', token });
    const credential: string = issued.json().Credential;

    // Successful exchanges take their attempt back: they never lock an address.
    for (let i = 0; i < 5; i++) expect((await exchange(credential, '10.9.0.1')).statusCode).toBe(200);

    for (let i = 0; i < 3; i++)
      expect((await exchange(`${randomUUID()}.${'A'.repeat(43)}`, '10.9.0.2')).statusCode).toBe(401);
    const locked = await exchange(credential, '10.9.0.2');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('300');
    expect((await t.attemptLogin('admin@eksempel.dk', DEMO_PASSWORD, '10.9.0.2')).statusCode).toBe(429);

    expect((await exchange(credential, '10.9.0.3')).statusCode).toBe(200);
  });
});
