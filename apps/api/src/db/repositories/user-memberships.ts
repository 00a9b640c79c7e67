import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Which customers and accounts users belong to (`user_customers`, `user_accounts`). */
/** The customer memberships of the users, optionally only within the given customers. */
export function selectCustomerMemberships(
  db: Kysely<Database>,
  userIds: string[],
  withinCustomers: string[] | null,
) {
  let query = db
    .selectFrom('user_customers')
    .select(['user_id', 'customer_id'])
    .where('user_id', 'in', userIds);
  if (withinCustomers) query = query.where('customer_id', 'in', withinCustomers);
  return query.orderBy('customer_id').execute();
}

/**
 * The accounts each user reaches: an administrator every account of their customers, anyone else
 * only the accounts they are members of, while they still belong to the account's customer.
 */
export function selectReachedAccounts(
  db: Kysely<Database>,
  users: { userIds: string[]; adminIds: string[] },
  withinCustomers: string[] | null,
) {
  let query = db
    .selectFrom('accounts')
    .innerJoin('user_customers', 'user_customers.customer_id', 'accounts.customer_id')
    .leftJoin('user_accounts', (j) =>
      j
        .onRef('user_accounts.account_id', '=', 'accounts.id')
        .onRef('user_accounts.user_id', '=', 'user_customers.user_id'),
    )
    .select(['user_customers.user_id as user_id', 'accounts.id as account_id'])
    .where('user_customers.user_id', 'in', users.userIds)
    .where((eb) => {
      const member = eb('user_accounts.user_id', 'is not', null);
      return users.adminIds.length > 0
        ? eb.or([member, eb('user_customers.user_id', 'in', users.adminIds)])
        : member;
    });
  if (withinCustomers) query = query.where('accounts.customer_id', 'in', withinCustomers);
  return query.orderBy('accounts.name').orderBy('accounts.id').execute();
}

/** Takes the user out of the customers and out of those customers' accounts. */
export async function deleteMemberships(
  trx: Kysely<Database>,
  userId: string,
  customerIds: string[],
): Promise<void> {
  await trx
    .deleteFrom('user_accounts')
    .where('user_id', '=', userId)
    .where('account_id', 'in', (eb) =>
      eb.selectFrom('accounts').select('id').where('customer_id', 'in', customerIds),
    )
    .execute();
  await trx
    .deleteFrom('user_customers')
    .where('user_id', '=', userId)
    .where('customer_id', 'in', customerIds)
    .execute();
}

export async function hasAnyCustomer(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the user from every customer and account they belong to. */
export async function deleteAllMemberships(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.deleteFrom('user_accounts').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_customers').where('user_id', '=', userId).execute();
}

/** How many customers and accounts the user is a member of (the operator's checks on a role change). */
export async function countMemberships(
  db: Kysely<Database>,
  userId: string,
): Promise<{ customers: number; accounts: number }> {
  const [customers, accounts] = await Promise.all([
    db
      .selectFrom('user_customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { customers: Number(customers.n), accounts: Number(accounts.n) };
}
