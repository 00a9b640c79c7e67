import { describe, expect, it } from 'vitest';
import { usersOfAccount } from '../../../src/services/users/users.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { demoIdsOf, userIdOf } from '../../helpers/demo-fixtures.ts';
import type { TestApp } from '../../helpers/test-app.ts';

describe('usersOfAccount', () => {
  const t = useDemoApp();

  it("lists the account's users with lists limited to the account's customer, never a hash", async () => {
    const db = t.database.db;
    const { customers, accounts } = await demoIdsOf(db);
    const users = await usersOfAccount(db, await soparken2(db));
    expect(users.map((u) => u.email)).toEqual(['admin@eksempel.dk', 'kunde@eksempel.dk']);
    const admin = users[0];
    expect(admin).toEqual({
      guid: await userIdOf(db, 'admin@eksempel.dk'),
      name: 'Anders Administrator',
      email: 'admin@eksempel.dk',
      role: 1,
      accountList: expect.any(String),
      customerList: customers.soparken,
      resetPassword: false,
    });
    expect(admin?.accountList.split(',').sort()).toEqual([accounts.soparken1, accounts.soparken2].sort());
    expect(JSON.stringify(users)).not.toMatch(/password_?hash|\$argon2/i);
  });

  it('leaves out a member who no longer belongs to the account’s customer', async () => {
    const db = t.database.db;
    const kunde = await userIdOf(db, 'kunde@eksempel.dk');
    await db
      .deleteFrom('user_customers')
      .where('user_id', '=', kunde)
      .where('customer_id', '=', (await demoIdsOf(db)).customers.soparken)
      .execute();
    const users = await usersOfAccount(db, await soparken2(db));
    expect(users.map((u) => u.email)).toEqual(['admin@eksempel.dk']);
  });

  it('answers an empty list for an account nobody reaches', async () => {
    const nobodys = {
      id: '00000000-0000-4000-8000-000000000000',
      customer_id: '00000000-0000-4000-8000-000000000001',
    };
    expect(await usersOfAccount(t.database.db, nobodys)).toEqual([]);
  });
});

/** The account as the routes pass it after their account check: its id and its customer. */
async function soparken2(db: TestApp['database']['db']) {
  const { accounts, customers } = await demoIdsOf(db);
  return { id: accounts.soparken2, customer_id: customers.soparken };
}
