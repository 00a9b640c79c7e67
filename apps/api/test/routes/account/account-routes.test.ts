import {
  AccountDetail,
  AccountList,
  MAX_SETTINGS_PER_ACCOUNT,
  MESSAGES,
  READING_PERIOD_SETTING,
  SERVER_SETTING_KEYS,
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
      .where('key', 'not in', [...SERVER_SETTING_KEYS])
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
      .where('key', 'not in', [...SERVER_SETTING_KEYS])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_SETTINGS_PER_ACCOUNT);
    expect((await save(`noegle.${MAX_SETTINGS_PER_ACCOUNT - 1}`, 'ny værdi')).json()).toEqual({
      Success: true,
      Message: '',
    });
    expect((await get(`/api/account/loadsimple/${soparken1}`, 'admin')).statusCode).toBe(200);
  });

  describe('the keys the server reads', () => {
    const TOO_MANY = 'Kontoen har allerede det største antal indstillinger.';
    const ADMIN_ONLY = { Message: 'Kun en administrator kan ændre denne indstilling.' };
    const call = (action: 'settingsave' | 'settingdelete', who: string, payload: object) =>
      t.inject({ method: 'POST', url: `/api/account/${action}`, token: tokens[who], payload });
    const storedKeys = async (accountId: string) =>
      (
        await t.database.db
          .selectFrom('account_settings')
          .select(['key', 'value'])
          .where('account_id', '=', accountId)
          .orderBy('key')
          .execute()
      ).map((row) => `${row.key}=${row.value}`);

    it('are written and deleted by administrators only (403 for the others, nothing stored)', async () => {
      const soparken2 = await accountIdOf(t.database.db, ACCOUNT_NAMES.soparken2);
      const period = { accountid: soparken2, key: READING_PERIOD_SETTING, value: 'yearly' };
      const refused = await call('settingsave', 'kunde', period);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(ADMIN_ONLY);
      expect(await storedKeys(soparken2)).toEqual([]);
      expect((await call('settingsave', 'admin', period)).json()).toEqual({ Success: true, Message: '' });
      const del = { accountid: soparken2, key: READING_PERIOD_SETTING };
      expect((await call('settingdelete', 'kunde', del)).statusCode).toBe(403);
      expect(await storedKeys(soparken2)).toEqual(['readingPeriod=yearly']);
      expect((await call('settingdelete', 'admin', del)).json()).toEqual({ Success: true, Message: '' });
      expect(await storedKeys(soparken2)).toEqual([]);
    });

    it('lets a meter reader and a customer user save and delete their own free keys', async () => {
      const norrevang = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
      // The cap test above left this account full.
      await t.database.db.deleteFrom('account_settings').where('account_id', '=', norrevang).execute();
      const key = { accountid: norrevang, key: 'tekniker.visning' };
      expect((await call('settingsave', 'tekniker', { ...key, value: 'kompakt' })).json()).toEqual({
        Success: true,
        Message: '',
      });
      expect(await storedKeys(norrevang)).toContain('tekniker.visning=kompakt');
      expect((await call('settingdelete', 'tekniker', key)).json()).toEqual({ Success: true, Message: '' });
      expect(await storedKeys(norrevang)).not.toContain('tekniker.visning=kompakt');
      // Deleting again changes nothing and still succeeds; another tenant's account is unknown.
      expect((await call('settingdelete', 'tekniker', key)).json()).toEqual({ Success: true, Message: '' });
      expect((await call('settingdelete', 'kunde', key)).statusCode).toBe(404);
      expect((await call('settingdelete', 'tekniker', { accountid: norrevang, key: 'a b' })).statusCode).toBe(
        400,
      );
    });

    it('never count against the cap: a customer user who fills it cannot keep the administrator from them', async () => {
      const filled = soparken1;
      const existing = (await storedKeys(filled)).length;
      for (let i = existing; i < MAX_SETTINGS_PER_ACCOUNT; i++) {
        expect(
          (await call('settingsave', 'kunde', { accountid: filled, key: `fyld.${i}`, value: 'x' })).json(),
        ).toEqual({ Success: true, Message: '' });
      }
      const full = await call('settingsave', 'kunde', { accountid: filled, key: 'en.til', value: 'x' });
      expect(full.json()).toEqual({ Success: false, Message: TOO_MANY });

      const period = { accountid: filled, key: READING_PERIOD_SETTING, value: 'quarterly' };
      expect((await call('settingsave', 'admin', period)).json()).toEqual({ Success: true, Message: '' });
      expect(await storedKeys(filled)).toContain('readingPeriod=quarterly');
      expect(await storedKeys(filled)).toHaveLength(MAX_SETTINGS_PER_ACCOUNT + 1);
      // Deleting a free key makes room for another one.
      await call('settingdelete', 'kunde', {
        accountid: filled,
        key: `fyld.${MAX_SETTINGS_PER_ACCOUNT - 1}`,
      });
      expect(
        (await call('settingsave', 'kunde', { accountid: filled, key: 'en.til', value: 'x' })).json(),
      ).toEqual({ Success: true, Message: '' });
    });
  });
});
