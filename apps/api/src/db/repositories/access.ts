import { ADMIN_ROLE, METER_READER_ROLE } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { type AuthUser, isAdmin } from '../../domain/auth-user.ts';
import { preparedQuery } from '../engine/prepared-query.ts';
import type { Database } from '../schema.ts';

export async function customerIdsOf(db: Kysely<Database>, user: Pick<AuthUser, 'id'>): Promise<string[]> {
  const rows = await db
    .selectFrom('user_customers')
    .select('customer_id')
    .where('user_id', '=', user.id)
    .orderBy('customer_id')
    .execute();
  return rows.map((r) => r.customer_id);
}

/**
 * Accounts a user reaches: an administrator every account of their customers; anyone else the
 * accounts they are members of, and only while they still belong to that account's customer.
 */
export function accessibleAccounts(db: Kysely<Database>, user: Pick<AuthUser, 'id' | 'role'>) {
  const base = db
    .selectFrom('accounts')
    .innerJoin('user_customers', (j) =>
      j
        .onRef('user_customers.customer_id', '=', 'accounts.customer_id')
        .on('user_customers.user_id', '=', user.id),
    );
  return isAdmin(user)
    ? base
    : base.innerJoin('user_accounts', (j) =>
        j.onRef('user_accounts.account_id', '=', 'accounts.id').on('user_accounts.user_id', '=', user.id),
      );
}

export async function accountIdsOf(
  db: Kysely<Database>,
  user: Pick<AuthUser, 'id' | 'role'>,
): Promise<string[]> {
  const rows = await accessibleAccounts(db, user).select('accounts.id').orderBy('accounts.name').execute();
  return rows.map((r) => r.id);
}

/** One account as a user of `role` reaches it; prepared, since every account route asks it. */
const reachableAccount = (role: number) =>
  preparedQuery((db: Kysely<Database>, values: { userId: string; accountId: string }) =>
    accessibleAccounts(db, { id: values.userId, role })
      .select(['accounts.id', 'accounts.customer_id', 'accounts.name'])
      .where('accounts.id', '=', values.accountId),
  );
const accountOfAdministrator = reachableAccount(ADMIN_ROLE);
const accountOfMember = reachableAccount(METER_READER_ROLE);

export async function selectReachableAccount(db: Kysely<Database>, user: AuthUser, accountId: string) {
  const query = isAdmin(user) ? accountOfAdministrator : accountOfMember;
  const [account] = await query(db, { userId: user.id, accountId });
  return account;
}

export function selectReachableCustomer(db: Kysely<Database>, user: AuthUser, customerId: string) {
  return db
    .selectFrom('customers')
    .innerJoin('user_customers', 'user_customers.customer_id', 'customers.id')
    .selectAll('customers')
    .where('user_customers.user_id', '=', user.id)
    .where('customers.id', '=', customerId)
    .executeTakeFirst();
}
