import { ADMIN_ROLE, METER_READER_ROLE } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../db/prepared-query.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from './http-errors.ts';

/** The signed-in user as the database says now (not as an old token claimed). */
export type AuthUser = {
  id: string;
  email: string;
  name: string;
  role: number;
  resetPassword: boolean;
};

export const isAdmin = (user: Pick<AuthUser, 'role'>) => user.role === ADMIN_ROLE;

export async function customerIdsOf(db: Kysely<Database>, user: AuthUser): Promise<string[]> {
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

export async function accountIdsOf(db: Kysely<Database>, user: AuthUser): Promise<string[]> {
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

/** The account if the user reaches it; otherwise 404, exactly as for an id that does not exist. */
export async function requireAccount(db: Kysely<Database>, user: AuthUser, accountId: string) {
  const query = isAdmin(user) ? accountOfAdministrator : accountOfMember;
  const [account] = await query(db, { userId: user.id, accountId });
  if (!account) throw notFound();
  return account;
}

export async function requireCustomer(db: Kysely<Database>, user: AuthUser, customerId: string) {
  const customer = await db
    .selectFrom('customers')
    .innerJoin('user_customers', 'user_customers.customer_id', 'customers.id')
    .selectAll('customers')
    .where('user_customers.user_id', '=', user.id)
    .where('customers.id', '=', customerId)
    .executeTakeFirst();
  if (!customer) throw notFound();
  return customer;
}
