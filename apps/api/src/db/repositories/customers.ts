import type { Kysely } from 'kysely';
import type { CustomersTable, Database } from '../schema.ts';

export type CustomerRow = Pick<CustomersTable, 'id' | 'name' | 'address' | 'postal' | 'town'>;
export type CustomerFields = Omit<CustomerRow, 'id'>;

const CUSTOMER_COLUMNS = [
  'customers.id',
  'customers.name',
  'customers.address',
  'customers.postal',
  'customers.town',
] as const;

/** Those of `customerIds` the user belongs to; other ids are simply not found. */
export function selectCustomersOfUser(
  db: Kysely<Database>,
  userId: string,
  customerIds: readonly string[],
): Promise<CustomerRow[]> {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customers')
    .innerJoin('user_customers', 'user_customers.customer_id', 'customers.id')
    .select(CUSTOMER_COLUMNS)
    .where('user_customers.user_id', '=', userId)
    .where('customers.id', 'in', customerIds)
    .execute();
}

export function selectCustomer(db: Kysely<Database>, customerId: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').select(CUSTOMER_COLUMNS).where('id', '=', customerId).executeTakeFirst();
}

export async function updateCustomer(
  db: Kysely<Database>,
  customerId: string,
  fields: CustomerFields,
): Promise<void> {
  await db.updateTable('customers').set(fields).where('id', '=', customerId).execute();
}
