import {
  AccountDetail,
  AccountList,
  MAX_SETTINGS_PER_ACCOUNT,
  MESSAGES,
  SuccessResponse,
  UserList,
} from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_NAMES, accountIdOf, CUSTOMER_NAMES, customerIdOf } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';

describe('account routes', () => {
  const clock = testClock();
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let soparken1: string;
  let soparkenCustomer: string;
  let norrevangCustomer: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    // ny@ is here for their single account membership; while the reset flag is set every list call
    // answers 403 (test/routes/authenticate/password-reset-gate.test.ts).
    await t.database.db
      .updateTable('users')
      .set({ reset_password: 0 })
      .where('email', '=', 'ny@eksempel.dk')
      .execute();
    for (const who of ['tekniker', 'kunde', 'admin', 'ny']) tokens[who] = await t.login(`${who}@eksempel.dk`);
    soparken1 = await accountIdOf(t.database.db, ACCOUNT_NAMES.soparken1);
    soparkenCustomer = await customerIdOf(t.database.db, CUSTOMER_NAMES.soparken);
    norrevangCustomer = await customerIdOf(t.database.db, CUSTOMER_NAMES.norrevang);
  });
  afterAll(async () => t.close());

  const get = (url: string, who: string) => t.inject({ method: 'GET', url, token: tokens[who] });
  const names = (body: unknown) => AccountList.parse(body).map((account) => account.name);

  it('loadlistbycurrentuser/v2/9 lists each user’s accounts in Danish name order', async () => {
    const url = '/api/account/loadlistbycurrentuser/v2/9';
    expect(names((await get(url, 'tekniker')).json())).toEqual([ACCOUNT_NAMES.norrevang]);
    expect(names((await get(url, 'kunde')).json())).toEqual([
      ACCOUNT_NAMES.soparken1,
      ACCOUNT_NAMES.soparken2,
    ]);
    expect(names((await get(url, 'admin')).json())).toEqual([
      ACCOUNT_NAMES.norrevang,
      ACCOUNT_NAMES.soparken1,
      ACCOUNT_NAMES.soparken2,
    ]);
    expect(names((await get(url, 'ny')).json())).toEqual([ACCOUNT_NAMES.soparken1]);
    const list = AccountList.parse((await get(url, 'kunde')).json());
    expect(list[0]?.guid).toBe(soparken1);
  });

  it('has the fixed version segment 9 only', async () => {
    expect((await get('/api/account/loadlistbycurrentuser/v2/8', 'kunde')).statusCode).toBe(404);
  });

  it('loadlistbycustomer lists only the accounts of that customer the user reaches', async () => {
    expect(names((await get(`/api/account/loadlistbycustomer/${soparkenCustomer}`, 'kunde')).json())).toEqual(
      [ACCOUNT_NAMES.soparken1, ACCOUNT_NAMES.soparken2],
    );
    expect(names((await get(`/api/account/loadlistbycustomer/${soparkenCustomer}`, 'ny')).json())).toEqual([
      ACCOUNT_NAMES.soparken1,
    ]);
    expect(
      names((await get(`/api/account/loadlistbycustomer/${norrevangCustomer}`, 'admin')).json()),
    ).toEqual([ACCOUNT_NAMES.norrevang]);
    const foreign = await get(`/api/account/loadlistbycustomer/${norrevangCustomer}`, 'kunde');
    expect(foreign.statusCode).toBe(404);
    const malformed = await get('/api/account/loadlistbycustomer/not-a-guid', 'kunde');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ Message: MESSAGES.customerInvalid });
  });

  it('loadsimple returns the account with its customer’s company data', async () => {
    const res = await get(`/api/account/loadsimple/${soparken1}`, 'kunde');
    expect(AccountDetail.parse(res.json())).toEqual({
      Guid: soparken1,
      CustomerId: soparkenCustomer,
      CompanyName: 'Boligforeningen Søparken',
      CompanyAddress: 'Søparken 12',
      CompanyPostal: '8260',
      CompanyTown: 'Viby J',
    });
  });

  it('settingsave stores one value per account and key, overwriting on a second save', async () => {
    const save = (value: string, key = 'lastGateway') =>
      t.inject({
        method: 'POST',
        url: '/api/account/settingsave',
        token: tokens.kunde,
        payload: { accountid: soparken1, key, value },
      });
    expect(SuccessResponse.parse((await save('1')).json())).toEqual({ Success: true, Message: '' });
    clock.advance(1000);
    expect((await save('2')).json()).toEqual({ Success: true, Message: '' });
    const rows = await t.database.db.selectFrom('account_settings').selectAll().execute();
    expect(rows).toEqual([
      { account_id: soparken1, key: 'lastGateway', value: '2', updated_at: clock.now().toISOString() },
    ]);

    const badKey = await save('x', 'has space');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toEqual({ Message: MESSAGES.settingKeyInvalid });
    expect((await save('x', '')).json()).toEqual({ Message: MESSAGES.settingKeyRequired });
  });

  it('loaduserlistbyaccount lists the account’s users for administrators and refuses others', async () => {
    const res = await get(`/api/account/loaduserlistbyaccount/${soparken1}`, 'admin');
    expect(res.statusCode).toBe(200);
    const emails = UserList.parse(res.json()).map((user) => user.email);
    expect(emails.sort()).toEqual(['admin@eksempel.dk', 'kunde@eksempel.dk', 'ny@eksempel.dk']);
    expect((await get(`/api/account/loaduserlistbyaccount/${soparken1}`, 'kunde')).statusCode).toBe(403);
  });

  it('settingsave keeps at most MAX_SETTINGS_PER_ACCOUNT keys per account, and still overwrites a known key', async () => {
    const norrevang = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
    const save = (key: string, value: string) =>
      t.inject({
        method: 'POST',
        url: '/api/account/settingsave',
        token: tokens.admin,
        payload: { accountid: norrevang, key, value },
      });
    const existing = await t.database.db
      .selectFrom('account_settings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', norrevang)
      .executeTakeFirstOrThrow();
    for (let i = Number(existing.n); i < MAX_SETTINGS_PER_ACCOUNT; i++) {
      expect((await save(`noegle.${i}`, 'x')).json()).toEqual({ Success: true, Message: '' });
    }
    expect((await save('en.for.meget', 'x')).json()).toEqual({
      Success: false,
      Message: 'Kontoen har allerede det største antal indstillinger.',
    });
    const count = await t.database.db
      .selectFrom('account_settings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', norrevang)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_SETTINGS_PER_ACCOUNT);
    expect((await save(`noegle.${MAX_SETTINGS_PER_ACCOUNT - 1}`, 'ny værdi')).json()).toEqual({
      Success: true,
      Message: '',
    });
    expect((await get(`/api/account/loadsimple/${soparken1}`, 'admin')).statusCode).toBe(200);
  });
});
