import { ADMIN_ROLE } from '@maaler/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, UsersTable } from '../schema.ts';
import { USER_COLUMNS, type UserRow } from './users.ts';

/** Users as Administration's `Brugere` and the operator's list show them: pages, searches, one user with their state. */
/** Users who belong to at least one of the customers, by name. */
export function selectUsersOfCustomers(db: Kysely<Database>, customerIds: string[]): Promise<UserRow[]> {
  return usersOfCustomersMatching(db, customerIds, '')
    .select(USER_COLUMNS)
    .orderBy('users.name')
    .orderBy('users.email')
    .execute();
}

/** One user, if they belong to one of the customers. */
export function selectUserInCustomers(
  db: Kysely<Database>,
  userId: string,
  customerIds: string[],
): Promise<UserRow | undefined> {
  return usersOfCustomersMatching(db, customerIds, '')
    .select(USER_COLUMNS)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/**
 * Users who reach the account: administrators of its customer, and members of the account who still
 * belong to that customer (the same rule as `accessibleAccounts`).
 */
export function selectUsersOfAccount(
  db: Kysely<Database>,
  account: { id: string; customerId: string },
): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .innerJoin('user_customers', 'user_customers.user_id', 'users.id')
    .select(USER_COLUMNS)
    .where('user_customers.customer_id', '=', account.customerId)
    .where((eb) =>
      eb.or([
        eb('users.role', '=', ADMIN_ROLE),
        eb.exists(
          eb
            .selectFrom('user_accounts')
            .select('user_accounts.user_id')
            .whereRef('user_accounts.user_id', '=', 'users.id')
            .where('user_accounts.account_id', '=', account.id),
        ),
      ]),
    )
    .orderBy('users.name')
    .orderBy('users.email')
    .execute();
}

/** Every user with their state, and every customer membership by customer name (the operator's list). */
export async function selectUserOverview(db: Kysely<Database>) {
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'disabled', 'reset_password'])
    .orderBy('email')
    .execute();
  const memberships = await db
    .selectFrom('user_customers')
    .innerJoin('customers', 'customers.id', 'user_customers.customer_id')
    .select(['user_customers.user_id', 'customers.name'])
    .orderBy('customers.name')
    .execute();
  return { users, memberships };
}

export type AdminUserRow = UserRow & Pick<UsersTable, 'disabled'>;

/** Users of the customers whose name or e-mail contains `search` (any case); `search` '' matches all. */
function usersOfCustomersMatching(db: Kysely<Database>, customerIds: string[], search: string) {
  let query = db
    .selectFrom('users')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_customers')
          .select('user_customers.user_id')
          .whereRef('user_customers.user_id', '=', 'users.id')
          .where('user_customers.customer_id', 'in', customerIds),
      ),
    );
  if (search !== '') {
    // LIKE with its wildcards escaped, so `%` and `_` in a search match themselves.
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(users.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(users.email)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** One page of the users of the customers matching the search, by name then e-mail, and how many match. */
export async function selectUserPageOfCustomers(
  db: Kysely<Database>,
  customerIds: string[],
  page: { search: string; limit: number; offset: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    usersOfCustomersMatching(db, customerIds, page.search)
      .select([...USER_COLUMNS, 'users.disabled'])
      .orderBy('users.name')
      .orderBy('users.email')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    usersOfCustomersMatching(db, customerIds, page.search)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function selectAdminUserById(db: Kysely<Database>, userId: string): Promise<AdminUserRow | undefined> {
  return db
    .selectFrom('users')
    .select([...USER_COLUMNS, 'users.disabled'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** The accounts among `accountIds` that belong to one of the customers, with their customer. */
export function selectAccountsOfCustomers(db: Kysely<Database>, accountIds: string[], customerIds: string[]) {
  return db
    .selectFrom('accounts')
    .select(['id', 'customer_id'])
    .where('id', 'in', accountIds)
    .where('customer_id', 'in', customerIds)
    .execute();
}
