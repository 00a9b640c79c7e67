import { AccountList, CustomerList, User } from '@maaler/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoIdsOf, userIdOf } from '../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Every GET route that takes an account id; each must follow the user's memberships at once. */
const accountUrls = (accountId: string) => [
  `/api/account/loadsimple/${accountId}`,
  `/api/customer/loadbyaccount/${accountId}`,
  `/api/gateway/loadlistsimple/${accountId}`,
  `/api/gateway/loaddevicelistbytype/heat/${accountId}`,
];

describe('stale claims: a token carries no access of its own', () => {
  let t: TestApp;
  let ids: {
    soparken: string;
    norrevang: string;
    soparken1: string;
    soparken2: string;
    norrevangAccount: string;
  };

  beforeEach(async () => {
    t = await createTestApp();
    const { customers, accounts } = await demoIdsOf(t.database.db);
    ids = {
      soparken: customers.soparken,
      norrevang: customers.norrevang,
      soparken1: accounts.soparken1,
      soparken2: accounts.soparken2,
      norrevangAccount: accounts.norrevang,
    };
  });
  afterEach(async () => t.close());

  const statusOf = async (token: string, url: string) =>
    (await t.inject({ method: 'GET', url, token })).statusCode;
  const statusesOf = (token: string, urls: string[]) => Promise.all(urls.map((url) => statusOf(token, url)));
  const accountsOf = async (token: string) =>
    AccountList.parse(
      (await t.inject({ method: 'GET', url: '/api/account/loadlistbycurrentuser/v2/9', token })).json(),
    ).map((a) => a.guid);

  it('loses a customer and its accounts as soon as the membership row is gone', async () => {
    const token = await t.login('kunde@eksempel.dk');
    const userId = await userIdOf(t.database.db, 'kunde@eksempel.dk');
    const urls = [...accountUrls(ids.soparken1), ...accountUrls(ids.soparken2)];
    expect(await statusesOf(token, urls)).toEqual(urls.map(() => 200));

    await t.database.db
      .deleteFrom('user_customers')
      .where('user_id', '=', userId)
      .where('customer_id', '=', ids.soparken)
      .execute();

    expect(await statusesOf(token, urls)).toEqual(urls.map(() => 404));
    expect(await statusOf(token, `/api/account/loadlistbycustomer/${ids.soparken}`)).toBe(404);
    expect(await accountsOf(token)).toEqual([]);
    const customers = await t.inject({
      method: 'POST',
      url: '/api/customer/loadlistbyid',
      token,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(ids.soparken),
    });
    expect(CustomerList.parse(customers.json())).toEqual([]);
    const me = User.parse((await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token })).json());
    expect({ accounts: me.accountList, customers: me.customerList }).toEqual({ accounts: '', customers: '' });
  });

  it('loses one account when only that account membership is removed', async () => {
    const token = await t.login('kunde@eksempel.dk');
    const userId = await userIdOf(t.database.db, 'kunde@eksempel.dk');
    await t.database.db
      .deleteFrom('user_accounts')
      .where('user_id', '=', userId)
      .where('account_id', '=', ids.soparken2)
      .execute();

    expect(await statusesOf(token, accountUrls(ids.soparken2))).toEqual([404, 404, 404, 404]);
    expect(await statusesOf(token, accountUrls(ids.soparken1))).toEqual([200, 200, 200, 200]);
    expect(await accountsOf(token)).toEqual([ids.soparken1]);
  });

  it('takes a customer from an administrator at once, users and accounts included', async () => {
    const token = await t.login('admin@eksempel.dk');
    const adminId = await userIdOf(t.database.db, 'admin@eksempel.dk');
    const teknikerId = await userIdOf(t.database.db, 'tekniker@eksempel.dk');
    const adminUrls = [
      ...accountUrls(ids.norrevangAccount),
      `/api/account/loaduserlistbyaccount/${ids.norrevangAccount}`,
      `/api/user/load/${teknikerId}`,
    ];
    expect(await statusesOf(token, adminUrls)).toEqual(adminUrls.map(() => 200));

    await t.database.db
      .deleteFrom('user_customers')
      .where('user_id', '=', adminId)
      .where('customer_id', '=', ids.norrevang)
      .execute();

    expect(await statusesOf(token, adminUrls)).toEqual(adminUrls.map(() => 404));
    expect(await statusesOf(token, accountUrls(ids.soparken1))).toEqual([200, 200, 200, 200]);
    expect((await accountsOf(token)).sort()).toEqual([ids.soparken1, ids.soparken2].sort());
  });

  it('answers 401 to every call as soon as the user is disabled or loses their role', async () => {
    const kunde = await t.login('kunde@eksempel.dk');
    const tekniker = await t.login('tekniker@eksempel.dk');
    const urls = ['/api/user/loadcurrent', ...accountUrls(ids.soparken1)];
    await t.database.db
      .updateTable('users')
      .set({ disabled: 1 })
      .where('email', '=', 'kunde@eksempel.dk')
      .execute();
    await t.database.db
      .updateTable('users')
      .set({ role: null })
      .where('email', '=', 'tekniker@eksempel.dk')
      .execute();

    expect(await statusesOf(kunde, urls)).toEqual(urls.map(() => 401));
    expect(await statusOf(tekniker, '/api/user/loadcurrent')).toBe(401);
    const relogin = await t.attemptLogin('kunde@eksempel.dk');
    expect(relogin.json()).toMatchObject({ Success: false, Token: null });
  });

  it('ends older tokens when an administrator resets the password', async () => {
    const kunde = await t.login('kunde@eksempel.dk');
    const admin = await t.login('admin@eksempel.dk');
    const kundeId = await userIdOf(t.database.db, 'kunde@eksempel.dk');
    expect(await statusOf(admin, `/api/user/resetpassword/${kundeId}`)).toBe(200);
    expect(await statusOf(kunde, '/api/user/loadcurrent')).toBe(401);
  });
});
