import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/startup/demo/demo-data.ts';
import { demoIdsOf, HEAT_METER, meterOf, sortedList, userIdOf } from '../../helpers/demo-fixtures.ts';
import { postSkip } from '../../helpers/route-requests.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertTestUser } from '../../helpers/test-users.ts';

const NOT_FOUND = { Message: 'Det efterspurgte findes ikke.' };
const FORBIDDEN = { Message: 'Du har ikke adgang til denne funktion.' };
const OUTSIDE_ADMINISTRATION = {
  Message: 'Du kan ikke ændre denne bruger: brugeren hører også til kunder, som du ikke administrerer.',
};

describe('user administration calls', () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin@eksempel.dk');
    const db = t.database.db;
    for (const email of ['admin', 'tekniker', 'kunde', 'ny', 'klover']) {
      ids[email] = await userIdOf(db, `${email}@eksempel.dk`);
    }
    const { accounts, customers } = await demoIdsOf(db);
    for (const [key, id] of Object.entries(accounts)) ids[`account:${key}`] = id;
    for (const [key, id] of Object.entries(customers)) ids[`customer:${key}`] = id;
  });
  afterAll(async () => t.close());

  const get = (url: string, token = admin) => t.inject({ method: 'GET', url, token });
  const id = (key: string): string => {
    const value = ids[key];
    if (!value) throw new Error(`no demo id for ${key}`);
    return value;
  };

  const adminCalls = () => [
    '/api/user/loadlist/',
    `/api/user/load/${id('kunde')}`,
    `/api/user/delete/${id('ny')}`,
    `/api/user/resetpassword/${id('ny')}`,
    `/api/user/loadlistbyaccount/${id('account:soparken1')}`,
  ];

  it.each(['tekniker@eksempel.dk', 'kunde@eksempel.dk'])(
    'answers every administrator call from %s with 403',
    async (email) => {
      const token = await t.login(email);
      for (const url of adminCalls()) {
        const res = await get(url, token);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
      const ny = await t.database.db
        .selectFrom('users')
        .select(['reset_password', 'token_version'])
        .where('email', '=', 'ny@eksempel.dk')
        .executeTakeFirstOrThrow();
      expect(ny).toEqual({ reset_password: 1, token_version: 0 });
    },
  );

  it('lists the users who share a customer with the administrator, nobody else', async () => {
    const res = await get('/api/user/loadlist/');
    expect(res.statusCode).toBe(200);
    const users = res.json();
    expect(users.map((u: { email: string }) => u.email).sort()).toEqual([
      'admin@eksempel.dk',
      'kunde@eksempel.dk',
      'ny@eksempel.dk',
      'tekniker@eksempel.dk',
    ]);
    const kunde = users.find((u: { email: string }) => u.email === 'kunde@eksempel.dk');
    expect(kunde).toEqual({
      guid: id('kunde'),
      name: 'Karen Kunde',
      email: 'kunde@eksempel.dk',
      role: 2,
      accountList: expect.any(String),
      customerList: id('customer:soparken'),
      resetPassword: false,
    });
    expect(sortedList(kunde.accountList)).toEqual([id('account:soparken1'), id('account:soparken2')].sort());
    const ny = users.find((u: { email: string }) => u.email === 'ny@eksempel.dk');
    expect(ny.resetPassword).toBe(true);
  });

  it('loads one user of its customers, and answers 404 for another tenant or an unknown id', async () => {
    const res = await get(`/api/user/load/${id('tekniker')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      guid: id('tekniker'),
      role: 0,
      accountList: id('account:norrevang'),
      customerList: id('customer:norrevang'),
    });

    for (const url of [`/api/user/load/${id('klover')}`, `/api/user/load/${randomUUID()}`]) {
      const other = await get(url);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual(NOT_FOUND);
    }
    const invalid = await get('/api/user/load/ikke-et-id');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ Message: 'Ugyldig bruger' });
  });

  it("shows only the administrator's own customers in another user's lists", async () => {
    const userId = await createUser('delt@eksempel.dk', 2, {
      customers: [id('customer:soparken'), id('customer:klover')],
      accounts: [id('account:soparken2'), id('account:klover')],
    });

    const seenByAdmin = (await get(`/api/user/load/${userId}`)).json();
    expect(seenByAdmin.customerList).toBe(id('customer:soparken'));
    expect(seenByAdmin.accountList).toBe(id('account:soparken2'));

    const own = (await get('/api/user/loadcurrent', await t.login('delt@eksempel.dk'))).json();
    expect(sortedList(own.customerList)).toEqual([id('customer:soparken'), id('customer:klover')].sort());
    expect(sortedList(own.accountList)).toEqual([id('account:soparken2'), id('account:klover')].sort());
  });

  it('lists the users who reach an account, after checking the account is the administrator’s', async () => {
    const soparken = await get(`/api/user/loadlistbyaccount/${id('account:soparken1')}`);
    expect(soparken.statusCode).toBe(200);
    expect(soparken.json().map((u: { email: string }) => u.email)).toEqual([
      'admin@eksempel.dk',
      'kunde@eksempel.dk',
      'ny@eksempel.dk',
    ]);
    const norrevang = await get(`/api/user/loadlistbyaccount/${id('account:norrevang')}`);
    expect(norrevang.json().map((u: { email: string }) => u.email)).toEqual([
      'admin@eksempel.dk',
      'tekniker@eksempel.dk',
    ]);
    const klover = await get(`/api/user/loadlistbyaccount/${id('account:klover')}`);
    expect(klover.statusCode).toBe(404);
    expect(klover.json()).toEqual(NOT_FOUND);
  });

  it('gives a temporary password once, sets the reset flag and ends the old sessions', async () => {
    const oldSession = await t.login('kunde@eksempel.dk');
    const res = await get(`/api/user/resetpassword/${id('kunde')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { Success, Message: temporary } = res.json();
    expect(Success).toBe(true);
    expect(temporary).toMatch(/^\w{8,}$/);

    expect((await get('/api/user/loadcurrent', oldSession)).statusCode).toBe(401);
    const login = (password: string) => t.attemptLogin('kunde@eksempel.dk', password);
    expect((await login(DEMO_PASSWORD)).json().Success).toBe(false);
    expect((await login(temporary)).json()).toMatchObject({ Success: true, ResetPassword: true });

    const again = (await get(`/api/user/resetpassword/${id('kunde')}`)).json().Message;
    expect(again).not.toBe(temporary);

    const foreign = await get(`/api/user/resetpassword/${id('klover')}`);
    expect(foreign.statusCode).toBe(404);
    expect((await login(again)).json().Success).toBe(true);
  });

  it('refuses to delete the administrator themselves', async () => {
    const res = await get(`/api/user/delete/${id('admin')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: false, Message: 'Du kan ikke slette dig selv.' });
    expect((await get('/api/user/loadcurrent')).statusCode).toBe(200);
  });

  it('answers 404 when deleting a user of another tenant, and leaves them alone', async () => {
    const res = await get(`/api/user/delete/${id('klover')}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect(await t.login('klover@eksempel.dk')).toEqual(expect.any(String));
  });

  it('deletes a user who has registered nothing', async () => {
    const session = await t.login('ny@eksempel.dk');
    const res = await get(`/api/user/delete/${id('ny')}`);
    expect(res.json()).toEqual({ Success: true, Message: '' });
    const row = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', id('ny'))
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await get('/api/user/loadcurrent', session)).statusCode).toBe(401);
    expect((await get(`/api/user/load/${id('ny')}`)).statusCode).toBe(404);
  });

  it('disables, rather than deletes, a user whom the reading history names', async () => {
    const session = await t.login('tekniker@eksempel.dk');
    const res = await get(`/api/user/delete/${id('tekniker')}`);
    expect(res.json()).toEqual({ Success: true, Message: '' });
    const row = await t.database.db
      .selectFrom('users')
      .select(['disabled', 'name'])
      .where('id', '=', id('tekniker'))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ disabled: 1, name: 'Torben Tekniker' });
    expect((await get('/api/user/loadcurrent', session)).statusCode).toBe(401);
    expect((await get(`/api/user/load/${id('tekniker')}`)).statusCode).toBe(404);
  });

  it('disables, rather than deletes, a user who has only skipped a meter (the skip keeps saying who)', async () => {
    const userId = await createUser('springer@eksempel.dk', 0, {
      customers: [id('customer:soparken')],
      accounts: [id('account:soparken1')],
    });
    const meter = await meterOf(t.database.db, ...HEAT_METER);
    const skip = await postSkip(t, {
      token: await t.login('springer@eksempel.dk'),
      accountId: meter.accountId,
      payload: { gatewayId: meter.gatewayId, deviceId: meter.deviceId, reason: 'Ingen adgang' },
    });
    expect(skip.statusCode).toBe(200);

    const res = await get(`/api/user/delete/${userId}`);
    expect(res.json()).toEqual({ Success: true, Message: '' });
    const row = await t.database.db
      .selectFrom('users')
      .select('disabled')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.disabled).toBe(1);
  });

  it('refuses to reset, or delete, a user who also belongs to another customer, and changes nothing', async () => {
    const userId = await createUser('to-kunder@eksempel.dk', 2, {
      customers: [id('customer:soparken'), id('customer:klover')],
      accounts: [id('account:soparken1'), id('account:klover')],
    });
    const session = await t.login('to-kunder@eksempel.dk');

    for (const url of [`/api/user/resetpassword/${userId}`, `/api/user/delete/${userId}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(OUTSIDE_ADMINISTRATION);
    }
    const own = (await get('/api/user/loadcurrent', session)).json();
    expect(sortedList(own.customerList)).toEqual([id('customer:soparken'), id('customer:klover')].sort());
    expect(own.resetPassword).toBe(false);
    expect(await t.login('to-kunder@eksempel.dk')).toEqual(expect.any(String));
  });

  it('resets another administrator only when all their customers are its own (else 403)', async () => {
    const covered = await createUser('admin2@eksempel.dk', 1, {
      customers: [id('customer:soparken')],
      accounts: [],
    });
    const wider = await createUser('admin3@eksempel.dk', 1, {
      customers: [id('customer:soparken'), id('customer:klover')],
      accounts: [],
    });
    for (const url of [`/api/user/resetpassword/${wider}`, `/api/user/delete/${wider}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(OUTSIDE_ADMINISTRATION);
    }
    expect(await t.login('admin3@eksempel.dk')).toEqual(expect.any(String));
    const reset = await get(`/api/user/resetpassword/${covered}`);
    expect(reset.statusCode).toBe(200);
    expect((await t.attemptLogin('admin2@eksempel.dk', reset.json().Message)).json()).toMatchObject({
      Success: true,
      ResetPassword: true,
    });
  });

  it('never sends a password hash', async () => {
    const bodies = [
      (await get('/api/user/loadlist/')).body,
      (await get(`/api/user/load/${id('kunde')}`)).body,
      (await get(`/api/user/loadlistbyaccount/${id('account:soparken1')}`)).body,
      (await get('/api/user/loadcurrent')).body,
    ];
    for (const body of bodies) {
      expect(body).not.toMatch(/password_hash|passwordHash|\$argon2/i);
    }
  });

  /** A user with the demo password and, optionally, memberships of customers and accounts. */
  function createUser(
    email: string,
    role: number,
    memberships: { customers: string[]; accounts: string[] } = { customers: [], accounts: [] },
  ): Promise<string> {
    return insertTestUser(t.database.db, {
      email,
      role,
      customerIds: memberships.customers,
      accountIds: memberships.accounts,
    });
  }
});
