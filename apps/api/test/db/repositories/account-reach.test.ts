import { ADMIN_ROLE } from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdsOf } from '../../../src/db/repositories/access.ts';
import { selectAuthUserAndAccount } from '../../../src/db/repositories/auth-users.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

// The guard's one-statement read for writes (ADR 027) states the access rule in its own SQL beside
// `accessibleAccounts`: the two must reach the same accounts, for every user and account.
describe('the guard reaches the accounts accessibleAccounts reaches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function compare() {
    const db = t.database.db;
    // Users with a role: the guard refuses one without before it looks at an account.
    const users = (await db.selectFrom('users').select(['id', 'role']).execute()).flatMap(({ id, role }) =>
      role === null ? [] : [{ id, role }],
    );
    const accounts = await db.selectFrom('accounts').select('id').execute();
    const disagreements: string[] = [];
    const reached: string[] = [];
    for (const user of users) {
      const expected = new Set(await accountIdsOf(db, user));
      for (const account of accounts) {
        const row = await selectAuthUserAndAccount(db, { userId: user.id, tokenId: 'unknown' }, account.id);
        const reaches = row?.account?.id === account.id;
        if (reaches) reached.push(`${user.id}/${account.id}`);
        if (reaches !== expected.has(account.id)) disagreements.push(`${user.id}/${account.id}`);
      }
    }
    return { disagreements, reached, users, accounts };
  }

  it('agrees for every demo user and account: administrators, members and users of other customers', async () => {
    const { disagreements, reached, users, accounts } = await compare();
    expect(disagreements).toEqual([]);
    expect(users.some((user) => user.role === ADMIN_ROLE)).toBe(true);
    expect(users.some((user) => user.role !== ADMIN_ROLE)).toBe(true);
    // Some pairs reach, some do not: the comparison is not of two empty answers.
    expect(reached.length).toBeGreaterThan(0);
    expect(reached.length).toBeLessThan(users.length * accounts.length);
  });

  it('agrees once a member has left the account’s customer but kept the membership row', async () => {
    const db = t.database.db;
    const membership = await db
      .selectFrom('user_accounts as ua')
      .innerJoin('users as u', 'u.id', 'ua.user_id')
      .innerJoin('accounts as a', 'a.id', 'ua.account_id')
      .select(['ua.user_id as userId', 'ua.account_id as accountId', 'a.customer_id as customerId'])
      .where('u.role', '!=', ADMIN_ROLE)
      .executeTakeFirstOrThrow();
    const before = await compare();
    expect(before.reached).toContain(`${membership.userId}/${membership.accountId}`);

    await db
      .deleteFrom('user_customers')
      .where('user_id', '=', membership.userId)
      .where('customer_id', '=', membership.customerId)
      .execute();
    const after = await compare();
    expect(after.disagreements).toEqual([]);
    expect(after.reached).not.toContain(`${membership.userId}/${membership.accountId}`);
  });

  it('answers nothing for a user that does not exist', async () => {
    const [account] = await t.database.db.selectFrom('accounts').select('id').execute();
    expect(
      await selectAuthUserAndAccount(
        t.database.db,
        { userId: 'no-such-user', tokenId: 'x' },
        account?.id ?? '',
      ),
    ).toBeUndefined();
  });
});
