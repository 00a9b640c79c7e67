import type { Kysely } from 'kysely';
import type { AuthUser } from '../../domain/auth-user.ts';
import type { Database } from '../schema.ts';
import { accessibleAccounts } from './access.ts';

export type AccountRow = { id: string; name: string };

/** Accounts the user reaches, optionally only those of one customer. */
export function selectAccessibleAccounts(
  db: Kysely<Database>,
  user: AuthUser,
  customerId?: string,
): Promise<AccountRow[]> {
  let query = accessibleAccounts(db, user).select(['accounts.id', 'accounts.name']);
  if (customerId !== undefined) query = query.where('accounts.customer_id', '=', customerId);
  return query.execute();
}

export type AccountWithCustomerRow = {
  id: string;
  customer_id: string;
  customer_name: string;
  customer_address: string;
  customer_postal: string;
  customer_town: string;
};

export function selectAccountWithCustomer(
  db: Kysely<Database>,
  accountId: string,
): Promise<AccountWithCustomerRow | undefined> {
  return db
    .selectFrom('accounts')
    .innerJoin('customers', 'customers.id', 'accounts.customer_id')
    .select([
      'accounts.id',
      'accounts.customer_id',
      'customers.name as customer_name',
      'customers.address as customer_address',
      'customers.postal as customer_postal',
      'customers.town as customer_town',
    ])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
}
