import { ADMIN_ROLE, UNAUTHENTICATED_ROLE, type User } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { customerIdsOf } from '../../db/repositories/access.ts';
import {
  selectUserInCustomers,
  selectUsersOfAccount,
  selectUsersOfCustomers,
} from '../../db/repositories/user-lists.ts';
import { selectCustomerMemberships, selectReachedAccounts } from '../../db/repositories/user-memberships.ts';
import { selectUserById, type UserRow } from '../../db/repositories/users.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';
import { ForbiddenError, NotFoundError } from '../../domain/errors.ts';
import { messages } from '../../messages.ts';

/**
 * Which memberships a wire record may show: `all` for the user themselves; otherwise only the
 * customers (and their accounts) the viewer shares, so one tenant never learns another's ids.
 */
export type ListScope = { kind: 'all' } | { kind: 'customers'; customerIds: string[] };

/** The signed-in user's own record, with every customer and account they reach. */
export async function currentUser(db: Kysely<Database>, user: AuthUser): Promise<User> {
  const row = await selectUserById(db, user.id);
  const [wire] = row ? await toWireUsers(db, [row], { kind: 'all' }) : [];
  if (!wire) throw new Error(`user ${user.id} vanished while being read`);
  return wire;
}

/** Every user who shares at least one customer with the viewer (the viewer included), by name. */
export async function usersSharingCustomers(db: Kysely<Database>, viewer: AuthUser): Promise<User[]> {
  const customerIds = await customerIdsOf(db, viewer);
  if (customerIds.length === 0) return [];
  const rows = await selectUsersOfCustomers(db, customerIds);
  return toWireUsers(db, rows, { kind: 'customers', customerIds });
}

/** One user who shares a customer with the viewer; 404 otherwise, exactly as for an unknown id. */
export async function userVisibleTo(db: Kysely<Database>, viewer: AuthUser, userId: string): Promise<User> {
  const customerIds = await customerIdsOf(db, viewer);
  const row =
    customerIds.length === 0 ? undefined : await selectUserInCustomers(db, userId.toLowerCase(), customerIds);
  if (!row) throw new NotFoundError();
  const [wire] = await toWireUsers(db, [row], { kind: 'customers', customerIds });
  if (!wire) throw new NotFoundError();
  return wire;
}

/**
 * A user the administrator may change (reset, edit, disable, enable, unlock, delete): visible to them
 * (else 404) and belonging to no customer outside the administrator's own (else 403). Another
 * administrator is no exception: whoever's customers cover all of theirs can demote, disable or
 * remove them (issue 32), so an administrator made by mistake can be undone without the CLI. A user
 * who also opens another customer's data is managed with the CLI.
 */
export async function userManageableBy(db: Kysely<Database>, admin: AuthUser, userId: string): Promise<User> {
  const target = await userVisibleTo(db, admin, userId);
  if (target.guid === admin.id) return target;
  const [adminCustomers, targetCustomers] = await Promise.all([
    customerIdsOf(db, admin),
    customerIdsOf(db, { id: target.guid }),
  ]);
  const ownCustomers = new Set(adminCustomers);
  if (targetCustomers.some((id) => !ownCustomers.has(id))) {
    throw new ForbiddenError(messages.userOutsideAdministration);
  }
  return target;
}

/**
 * Users who reach the account (checked by the caller): administrators of its customer, and members
 * of the account who still belong to that customer. Their account and customer lists show only the
 * viewer's customers when a viewer is given, else only the account's own customer.
 */
export async function usersOfAccount(
  db: Kysely<Database>,
  account: { id: string; customer_id: string },
  viewer?: AuthUser,
): Promise<User[]> {
  const rows = await selectUsersOfAccount(db, { id: account.id, customerId: account.customer_id });
  const customerIds = viewer ? await customerIdsOf(db, viewer) : [account.customer_id];
  return toWireUsers(db, rows, { kind: 'customers', customerIds });
}

/** Maps rows to wire records with two queries for all of them, never one per user. */
export async function toWireUsers(db: Kysely<Database>, rows: UserRow[], scope: ListScope): Promise<User[]> {
  if (rows.length === 0) return [];
  const userIds = rows.map((r) => r.id);
  const inScope = scope.kind === 'all' ? null : scope.customerIds;
  if (inScope?.length === 0) return rows.map((row) => toWireUser(row, [], []));

  const adminIds = rows.filter((r) => r.role === ADMIN_ROLE).map((r) => r.id);
  const [customerRows, accountRows] = await Promise.all([
    selectCustomerMemberships(db, userIds, inScope),
    selectReachedAccounts(db, { userIds, adminIds }, inScope),
  ]);

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
