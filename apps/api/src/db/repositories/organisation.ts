import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

// Customers and accounts as the operator's CLI creates and finds them.

export type Named = { id: string; name: string };

export async function insertCustomer(
  db: Kysely<Database>,
  customer: { id: string; name: string; address: string; postal: string; town: string; createdAt: string },
): Promise<void> {
  const { createdAt, ...fields } = customer;
  await db
    .insertInto('customers')
    .values({ ...fields, created_at: createdAt })
    .execute();
}

export async function insertAccount(
  db: Kysely<Database>,
  account: { id: string; customerId: string; name: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      id: account.id,
      customer_id: account.customerId,
      name: account.name,
      created_at: account.createdAt,
    })
    .execute();
}

/** Customers whose id or exact name is `idOrName`. */
export function selectCustomersByIdOrName(db: Kysely<Database>, idOrName: string): Promise<Named[]> {
  return db
    .selectFrom('customers')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('id', '=', idOrName.toLowerCase()), eb('name', '=', idOrName)]))
    .execute();
}

/** Accounts whose id or exact name is `idOrName`, among the given customers' accounts (all when null). */
export function selectAccountsByIdOrName(
  db: Kysely<Database>,
  idOrName: string,
  customerIds: string[] | null,
): Promise<Named[]> {
  let query = db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('id', '=', idOrName.toLowerCase()), eb('name', '=', idOrName)]));
  if (customerIds) query = query.where('customer_id', 'in', customerIds);
  return query.execute();
}
