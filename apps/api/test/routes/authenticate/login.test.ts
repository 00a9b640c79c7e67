import { hash } from '@node-rs/argon2';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { LOW_HASH_COST_VARIABLE } from '../../../src/services/auth/passwords.ts';
import { DEMO_PASSWORD } from '../../../src/startup/demo/demo-data.ts';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  CUSTOMER_NAMES,
  customerIdOf,
  sortedList,
  userIdOf,
} from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';

const LOGIN_URL = '/api/authenticate/userauthenticate/v2';
const FAILED = {
  Success: false,
  Message: 'Forkert e-mail eller adgangskode',
  ResetPassword: false,
  Token: null,
  Claims: null,
};

describe('POST /api/authenticate/userauthenticate/v2', () => {
  const clock = testClock();
  let t: TestApp;
  // Each case logs in from its own address, so the per-address failure limit never interferes.
  let nextAddress = 1;
  const login = (payload: InjectOptions['payload'], headers: Record<string, string> = {}) =>
    t.inject({
      method: 'POST',
      url: LOGIN_URL,
      payload,
      headers,
      remoteAddress: `10.0.0.${nextAddress++}`,
    });
  const credentials = (email: string, password = DEMO_PASSWORD) => ({
    email,
    password,
    rememberme: false,
    area: 9,
  });

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  const demoUsers = [
    {
      email: 'tekniker@eksempel.dk',
      name: 'Torben Tekniker',
      role: 0,
      accounts: [ACCOUNT_NAMES.norrevang],
      customers: [CUSTOMER_NAMES.norrevang],
      reset: false,
    },
    {
      email: 'kunde@eksempel.dk',
      name: 'Karen Kunde',
      role: 2,
      accounts: [ACCOUNT_NAMES.soparken1, ACCOUNT_NAMES.soparken2],
      customers: [CUSTOMER_NAMES.soparken],
      reset: false,
    },
    {
      email: 'admin@eksempel.dk',
      name: 'Anders Administrator',
      role: 1,
      accounts: [ACCOUNT_NAMES.soparken1, ACCOUNT_NAMES.soparken2, ACCOUNT_NAMES.norrevang],
      customers: [CUSTOMER_NAMES.soparken, CUSTOMER_NAMES.norrevang],
      reset: false,
    },
    {
      email: 'ny@eksempel.dk',
      name: 'Nina Ny',
      role: 2,
      accounts: [ACCOUNT_NAMES.soparken1],
      customers: [CUSTOMER_NAMES.soparken],
      reset: true,
    },
    {
      email: 'klover@eksempel.dk',
      name: 'Kim Kløver',
      role: 2,
      accounts: [ACCOUNT_NAMES.klover],
      customers: [CUSTOMER_NAMES.klover],
      reset: false,
    },
  ];

  it.each(demoUsers)('logs $email in with the claims the app reads', async (user) => {
    const db = t.database.db;
    const res = await login(credentials(user.email));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ Success: true, Message: '', ResetPassword: user.reset });
    expect(body.Token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.Claims).toEqual({
      expires: new Date(clock.now().getTime() + 12 * 60 * 60 * 1000).toISOString(),
      nameIdentifier: await userIdOf(db, user.email),
      name: user.name,
      role: user.role,
      accountList: expect.any(String),
      customerList: expect.any(String),
      email: user.email,
    });
    const accountIds = await Promise.all(user.accounts.map((name) => accountIdOf(db, name)));
    const customerIds = await Promise.all(user.customers.map((name) => customerIdOf(db, name)));
    expect(sortedList(body.Claims.accountList)).toEqual(accountIds.sort());
    expect(sortedList(body.Claims.customerList)).toEqual(customerIds.sort());

    const current = await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token: body.Token });
    expect(current.statusCode).toBe(200);
    expect(current.json().email).toBe(user.email);
  });

  it('compares e-mails without regard to case or surrounding spaces', async () => {
    const res = await login(credentials('  Admin@Eksempel.DK '));
    expect(res.json()).toMatchObject({ Success: true, Claims: { email: 'admin@eksempel.dk' } });
  });

  it('answers every kind of failure with one identical generic body', async () => {
    const db = t.database.db;
    await db.updateTable('users').set({ disabled: 1 }).where('email', '=', 'klover@eksempel.dk').execute();
    await db.updateTable('users').set({ role: null }).where('email', '=', 'ny@eksempel.dk').execute();
    try {
      const unknownEmail = await login(credentials('ingen@eksempel.dk'));
      const wrongPassword = await login(credentials('kunde@eksempel.dk', 'forkert1234'));
      const disabled = await login(credentials('klover@eksempel.dk'));
      const withoutRole = await login(credentials('ny@eksempel.dk'));
      for (const res of [unknownEmail, wrongPassword, disabled, withoutRole]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(FAILED);
      }
      expect(unknownEmail.body).toBe(wrongPassword.body);
      expect(unknownEmail.headers['content-length']).toBe(wrongPassword.headers['content-length']);
    } finally {
      await db.updateTable('users').set({ disabled: 0 }).where('email', '=', 'klover@eksempel.dk').execute();
      await db.updateTable('users').set({ role: 2 }).where('email', '=', 'ny@eksempel.dk').execute();
    }
  });

  it('refuses an area other than 9 as an invalid body', async () => {
    const res = await login({ ...credentials('admin@eksempel.dk'), area: 8 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Message: 'Ugyldigt område' });
  });

  it('answers a body that breaks the schema with 400 and the Danish field message', async () => {
    const res = await login({ email: 'ikke-en-mail', password: 'x', rememberme: false, area: 9 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Message: 'Ugyldig e-mailadresse' });
    const empty = await login({ email: 'admin@eksempel.dk', password: '', rememberme: false, area: 9 });
    expect(empty.json()).toEqual({ Message: 'Adgangskode skal udfyldes' });
  });

  it('answers malformed JSON with 400 in Danish', async () => {
    const res = await login('{"email": "admin@eksempel.dk", ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Message: 'Anmodningen er ugyldig.' });
  });

  it('answers a body over BODY_LIMIT_BYTES with 413 in Danish', async () => {
    const padding = 'x'.repeat(t.config.bodyLimitBytes);
    const res = await login({ ...credentials('admin@eksempel.dk'), padding });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ Message: 'Anmodningen er for stor.' });
  });

  it('refuses a login without the XSRF header, or with one that does not match the cookie', async () => {
    const missing = await t.inject({
      method: 'POST',
      url: LOGIN_URL,
      payload: credentials('admin@eksempel.dk'),
      xsrf: false,
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().Message).toMatch(/sikkerhedstoken/);
    const mismatched = await login(credentials('admin@eksempel.dk'), { 'x-xsrf-token': 'noget-andet' });
    expect(mismatched.statusCode).toBe(403);
  });

  it('rehashes a password stored with weaker parameters than today', async () => {
    // Production's parameters, not the test run's least cost (vitest.config.ts).
    vi.stubEnv(LOW_HASH_COST_VARIABLE, '');
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const db = t.database.db;
    const weak = await hash(DEMO_PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await db
      .updateTable('users')
      .set({ password_hash: weak })
      .where('email', '=', 'kunde@eksempel.dk')
      .execute();
    expect((await login(credentials('kunde@eksempel.dk'))).json().Success).toBe(true);
    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'kunde@eksempel.dk')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(credentials('kunde@eksempel.dk'))).json().Success).toBe(true);
  });
});
