import { ADMIN_ROLE, UNAUTHENTICATED_ROLE, type User } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { customerIdsOf } from '../db/repositories/access.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import type { AuthUser } from '../domain/auth-user.ts';
import { messages } from '../messages.ts';
import { HttpError, notFound } from './http-errors.ts';

type UserRow = Pick<UsersTable, 'id' | 'email' | 'name' | 'role' | 'reset_password'>;

const USER_COLUMNS = ['users.id', 'users.email', 'users.name', 'users.role', 'users.reset_password'] as const;

/**
 * Which memberships a wire record may show: `all` for the user themselves; otherwise only the
 * customers (and their accounts) the viewer shares, so one tenant never learns another's ids.
 */
type ListScope = { kind: 'all' } | { kind: 'customers'; customerIds: string[] };

/** The signed-in user's own record, with every customer and account they reach. */
export async function currentUser(db: Kysely<Database>, user: AuthUser): Promise<User> {
  const row = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('users.id', '=', user.id)
    .executeTakeFirstOrThrow();
  const [wire] = await toWireUsers(db, [row], { kind: 'all' });
  if (!wire) throw new Error(`user ${user.id} vanished while being read`);
  return wire;
}

/** Every user who shares at least one customer with the viewer (the viewer included), by name. */
export async function usersSharingCustomers(db: Kysely<Database>, viewer: AuthUser): Promise<User[]> {
  const customerIds = await customerIdsOf(db, viewer);
  if (customerIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_customers')
          .select('user_customers.user_id')
          .whereRef('user_customers.user_id', '=', 'users.id')
          .where('user_customers.customer_id', 'in', customerIds),
      ),
    )
    .orderBy('users.name')
    .orderBy('users.email')
    .execute();
  return toWireUsers(db, rows, { kind: 'customers', customerIds });
}

/** One user who shares a customer with the viewer; 404 otherwise, exactly as for an unknown id. */
export async function userVisibleTo(db: Kysely<Database>, viewer: AuthUser, userId: string): Promise<User> {
  const customerIds = await customerIdsOf(db, viewer);
  const row =
    customerIds.length === 0
      ? undefined
      : await db
          .selectFrom('users')
          .innerJoin('user_customers', 'user_customers.user_id', 'users.id')
          .select(USER_COLUMNS)
          .where('users.id', '=', userId.toLowerCase())
          .where('user_customers.customer_id', 'in', customerIds)
          .executeTakeFirst();
  if (!row) throw notFound();
  const [wire] = await toWireUsers(db, [row], { kind: 'customers', customerIds });
  if (!wire) throw notFound();
  return wire;
}

/**
 * A user the administrator may change (reset, edit, disable, delete): visible to them (else 404), not
 * another administrator, and belonging to no customer outside the administrator's own (else 403).
 * Otherwise an administrator of one customer could take over a user who also opens another
 * customer's data; such users are managed with the CLI.
 */
export async function userManageableBy(db: Kysely<Database>, admin: AuthUser, userId: string): Promise<User> {
  const target = await userVisibleTo(db, admin, userId);
  if (target.guid === admin.id) return target;
  const [adminCustomers, targetCustomers] = await Promise.all([
    customerIdsOf(db, admin),
    customerIdsOf(db, { id: target.guid }),
  ]);
  const ownCustomers = new Set(adminCustomers);
  if (target.role === ADMIN_ROLE || targetCustomers.some((id) => !ownCustomers.has(id))) {
    throw new HttpError(403, { Message: messages.userOutsideAdministration });
  }
  return target;
}

/**
 * Users who reach the account: administrators of its customer, and members of the account who still
 * belong to that customer (the same rule as `accessibleAccounts`). The caller checks the account
 * first (`requireAccount`). Their account and customer lists show only the viewer's customers when a
 * viewer is given, else only the account's own customer.
 */
export async function usersOfAccount(
  db: Kysely<Database>,
  accountId: string,
  viewer?: AuthUser,
): Promise<User[]> {
  const account = await db
    .selectFrom('accounts')
    .select('customer_id')
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account) return [];
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_customers', 'user_customers.user_id', 'users.id')
    .select(USER_COLUMNS)
    .where('user_customers.customer_id', '=', account.customer_id)
    .where((eb) =>
      eb.or([
        eb('users.role', '=', ADMIN_ROLE),
        eb.exists(
          eb
            .selectFrom('user_accounts')
            .select('user_accounts.user_id')
            .whereRef('user_accounts.user_id', '=', 'users.id')
            .where('user_accounts.account_id', '=', accountId),
        ),
      ]),
    )
    .orderBy('users.name')
    .orderBy('users.email')
    .execute();
  const customerIds = viewer ? await customerIdsOf(db, viewer) : [account.customer_id];
  return toWireUsers(db, rows, { kind: 'customers', customerIds });
}

/** Maps rows to wire records with two queries for all of them, never one per user. */
async function toWireUsers(db: Kysely<Database>, rows: UserRow[], scope: ListScope): Promise<User[]> {
  if (rows.length === 0) return [];
  const userIds = rows.map((r) => r.id);
  const inScope = scope.kind === 'all' ? null : scope.customerIds;
  if (inScope?.length === 0) return rows.map((row) => toWireUser(row, [], []));

  let customerQuery = db
    .selectFrom('user_customers')
    .select(['user_id', 'customer_id'])
    .where('user_id', 'in', userIds);
  if (inScope) customerQuery = customerQuery.where('customer_id', 'in', inScope);
  const customerRows = await customerQuery.orderBy('customer_id').execute();

  // An administrator reaches every account of their customers; anyone else only the accounts they are
  // members of, while they still belong to the account's customer.
  const adminIds = rows.filter((r) => r.role === ADMIN_ROLE).map((r) => r.id);
  let accountQuery = db
    .selectFrom('accounts')
    .innerJoin('user_customers', 'user_customers.customer_id', 'accounts.customer_id')
    .leftJoin('user_accounts', (j) =>
      j
        .onRef('user_accounts.account_id', '=', 'accounts.id')
        .onRef('user_accounts.user_id', '=', 'user_customers.user_id'),
    )
    .select(['user_customers.user_id as user_id', 'accounts.id as account_id'])
    .where('user_customers.user_id', 'in', userIds)
    .where((eb) => {
      const member = eb('user_accounts.user_id', 'is not', null);
      return adminIds.length > 0 ? eb.or([member, eb('user_customers.user_id', 'in', adminIds)]) : member;
    });
  if (inScope) accountQuery = accountQuery.where('accounts.customer_id', 'in', inScope);
  const accountRows = await accountQuery.orderBy('accounts.name').orderBy('accounts.id').execute();

  return rows.map((row) =>
    toWireUser(
      row,
      accountRows.filter((a) => a.user_id === row.id).map((a) => a.account_id),
      customerRows.filter((c) => c.user_id === row.id).map((c) => c.customer_id),
    ),
  );
}

function toWireUser(row: UserRow, accountIds: string[], customerIds: string[]): User {
  return {
    guid: row.id,
    name: row.name,
    email: row.email,
    // A user without a role has no access; the wire form needs an integer, so the app's "no role" value.
    role: row.role ?? UNAUTHENTICATED_ROLE,
    accountList: accountIds.join(','),
    customerList: customerIds.join(','),
    resetPassword: row.reset_password === 1,
  };
}
