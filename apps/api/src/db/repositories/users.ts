import { ADMIN_ROLE } from '@maaler/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, UsersTable } from '../schema.ts';
import { revokeUserCredentials } from './device-credentials.ts';

export type UserRow = Pick<UsersTable, 'id' | 'email' | 'name' | 'role' | 'reset_password'>;

const USER_COLUMNS = ['users.id', 'users.email', 'users.name', 'users.role', 'users.reset_password'] as const;

export function selectUserById(db: Kysely<Database>, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', userId).executeTakeFirst();
}

export function selectUserIdByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

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

export type NewUserRow = Omit<UsersTable, 'token_version' | 'disabled'>;

/** Inserts a user with their customer and account memberships; run it in a transaction. */
export async function insertUser(
  trx: Kysely<Database>,
  user: NewUserRow,
  memberships: { customerIds: string[]; accountIds: string[] },
): Promise<void> {
  await trx
    .insertInto('users')
    .values({ ...user, disabled: 0, token_version: 0 })
    .execute();
  for (const customerId of new Set(memberships.customerIds)) {
    await trx.insertInto('user_customers').values({ user_id: user.id, customer_id: customerId }).execute();
  }
  for (const accountId of new Set(memberships.accountIds)) {
    await trx.insertInto('user_accounts').values({ user_id: user.id, account_id: accountId }).execute();
  }
}

/**
 * Stores a new password hash and bumps the token version (older tokens stop working) and revokes the
 * user's device credentials; returns the new version.
 */
export async function updatePassword(
  db: Kysely<Database>,
  change: { userId: string; passwordHash: string; resetPassword: boolean; name?: string; updatedAt: string },
): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({
      password_hash: change.passwordHash,
      reset_password: change.resetPassword ? 1 : 0,
      token_version: sql<number>`token_version + 1`,
      updated_at: change.updatedAt,
      ...(change.name === undefined ? {} : { name: change.name }),
    })
    .where('id', '=', change.userId)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  await revokeUserCredentials(db, change.userId, change.updatedAt);
  return row.token_version;
}

/** Whether another user than `userId` has the e-mail. */
export async function emailTakenByOther(
  db: Kysely<Database>,
  email: string,
  userId: string,
): Promise<boolean> {
  const clash = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return clash !== undefined;
}

export async function updateProfile(
  db: Kysely<Database>,
  change: { userId: string; name: string; email: string; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ name: change.name, email: change.email, updated_at: change.updatedAt })
    .where('id', '=', change.userId)
    .execute();
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

/**
 * Whether a reading, an audit entry, a route skip or a replaced estimate names the user (their history must keep saying
 * who).
 */
export async function isNamedInReadings(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('readings')
              .select('id')
              .where((w) => w.or([w('registered_by', '=', userId), w('approved_by', '=', userId)])),
          ),
          eb.exists(eb.selectFrom('reading_audit').select('id').where('changed_by', '=', userId)),
          eb.exists(eb.selectFrom('reading_skips').select('id').where('created_by', '=', userId)),
          eb.exists(
            eb
              .selectFrom('replaced_estimates')
              .select('id')
              .where((w) => w.or([w('estimated_by', '=', userId), w('replaced_by', '=', userId)])),
          ),
        ])
        .as('named'),
    )
    .executeTakeFirstOrThrow();
  // SQLite answers 0 or 1, PostgreSQL a boolean.
  return Boolean(row.named);
}

export async function deleteUser(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** Disables the user and ends their sessions (token version bumped) and device credentials. */
export async function disableUser(db: Kysely<Database>, userId: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ disabled: 1, token_version: sql<number>`token_version + 1`, updated_at: updatedAt })
    .where('id', '=', userId)
    .execute();
  await revokeUserCredentials(db, userId, updatedAt);
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

/**
 * Gives the user exactly these customers and accounts within `withinCustomers` (an administrator's
 * own), their name and role; memberships elsewhere stay. Run it in a transaction.
 */
export async function updateUserAdministration(
  trx: Kysely<Database>,
  change: {
    userId: string;
    name: string;
    role: number;
    withinCustomers: string[];
    customerIds: string[];
    accountIds: string[];
    updatedAt: string;
  },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ name: change.name, role: change.role, updated_at: change.updatedAt })
    .where('id', '=', change.userId)
    .execute();
  await deleteMemberships(trx, change.userId, change.withinCustomers);
  for (const customerId of new Set(change.customerIds)) {
    await trx
      .insertInto('user_customers')
      .values({ user_id: change.userId, customer_id: customerId })
      .execute();
  }
  for (const accountId of new Set(change.accountIds)) {
    await trx.insertInto('user_accounts').values({ user_id: change.userId, account_id: accountId }).execute();
  }
}

/** Lets a disabled user sign in again (their old tokens stay void: the version was bumped on disabling). */
export async function enableUser(db: Kysely<Database>, userId: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ disabled: 0, updated_at: updatedAt })
    .where('id', '=', userId)
    .execute();
}
