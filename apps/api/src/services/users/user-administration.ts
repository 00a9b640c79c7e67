import {
  ADMIN_ROLE,
  ADMIN_USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUserPage,
  type CreateUserRequest,
  type EditUserRequest,
  METER_READER_ROLE,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { customerIdsOf } from '../../db/repositories/access.ts';
import {
  type AdminUserRow,
  selectAccountsOfCustomers,
  selectAdminUserById,
  selectUserPageOfCustomers,
} from '../../db/repositories/user-lists.ts';
import { disableUser, enableUser, updateUserAdministration } from '../../db/repositories/users.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';
import { ConflictError, ForbiddenError, InvalidRequestError, NotFoundError } from '../../domain/errors.ts';
import { messages } from '../../messages.ts';
import { lockedEmails, unlockEmail } from '../auth/login-throttle.ts';
import { generateTemporaryPassword } from '../auth/temporary-password.ts';
import { createUser } from './user-updates.ts';
import { toWireUsers, userManageableBy } from './users.ts';

// The administration's own user calls (issue 18, ADR 016), beyond the spec's /api/user/ ones. Who may
// change whom is `userManageableBy`, as for the spec's delete and reset calls.

/** One page of the users of the administrator's customers matching `search`, with their state. */
export async function adminUserPage(
  db: Kysely<Database>,
  admin: AuthUser,
  query: { search: string; page: number },
  now: Date,
): Promise<AdminUserPage> {
  const customerIds = await customerIdsOf(db, admin);
  const empty = { users: [], total: 0, page: query.page, pageSize: ADMIN_USERS_PAGE_SIZE };
  if (customerIds.length === 0) return empty;
  const { rows, total } = await selectUserPageOfCustomers(db, customerIds, {
    search: query.search,
    limit: ADMIN_USERS_PAGE_SIZE,
    offset: (query.page - 1) * ADMIN_USERS_PAGE_SIZE,
  });
  return { ...empty, users: await toAdminUsers(db, rows, customerIds, now), total };
}

/** The user as the administrator sees them now (after a change). */
async function adminUserView(db: Kysely<Database>, admin: AuthUser, userId: string, now: Date) {
  const row = await selectAdminUserById(db, userId);
  if (!row) throw new NotFoundError();
  const [user] = await toAdminUsers(db, [row], await customerIdsOf(db, admin), now);
  if (!user) throw new NotFoundError();
  return user;
}

async function toAdminUsers(
  db: Kysely<Database>,
  rows: AdminUserRow[],
  customerIds: string[],
  now: Date,
): Promise<AdminUser[]> {
  const [wire, locked] = await Promise.all([
    toWireUsers(db, rows, { kind: 'customers', customerIds }),
    lockedEmails(
      db,
      rows.map((row) => row.email),
      now,
    ),
  ]);
  return wire.map((user, i) => ({
    ...user,
    disabled: rows[i]?.disabled === 1,
    locked: locked.has(user.email),
  }));
}

/**
 * The customers of the chosen accounts, all of which must belong to the administrator's customers
 * (else 404, as for an unknown id). A meter reader works for exactly one customer, as in the CLI.
 */
async function membershipsFor(
  db: Kysely<Database>,
  adminCustomers: string[],
  change: { role: number; accountIds: string[] },
): Promise<{ customerIds: string[]; accountIds: string[] }> {
  const accountIds = [...new Set(change.accountIds.map((id) => id.toLowerCase()))];
  const accounts =
    adminCustomers.length === 0 ? [] : await selectAccountsOfCustomers(db, accountIds, adminCustomers);
  if (accounts.length !== accountIds.length) throw new NotFoundError();
  const customerIds = [...new Set(accounts.map((a) => a.customer_id))];
  if (change.role === METER_READER_ROLE && customerIds.length > 1)
    throw new InvalidRequestError(messages.meterReaderOneCustomer);
  return { customerIds, accountIds };
}

/** Creates a user with a temporary password they must replace at first sign-in; 409 for a used e-mail. */
export async function createUserByAdmin(
  db: Kysely<Database>,
  admin: AuthUser,
  request: CreateUserRequest,
  now: Date,
): Promise<{ user: AdminUser; temporaryPassword: string }> {
  const memberships = await membershipsFor(db, await customerIdsOf(db, admin), request);
  const temporaryPassword = generateTemporaryPassword();
  const created = await createUser(
    db,
    { ...request, ...memberships, password: temporaryPassword, resetPassword: true },
    now,
  );
  // Says nothing of who has the address: it may belong to another customer's user.
  if (created === 'email-taken') throw new ConflictError(messages.emailUnavailable);
  return { user: await adminUserView(db, admin, created.id, now), temporaryPassword };
}

/** A user the administrator may change, and never themselves (no self-demotion or self-lockout). */
async function otherManageableUser(db: Kysely<Database>, admin: AuthUser, userId: string) {
  const target = await userManageableBy(db, admin, userId);
  if (target.guid === admin.id) throw new ForbiddenError(messages.cannotChangeSelf);
  return target;
}

export type UserEdit = { userId: string; role: number; promoted: boolean };

/**
 * Name, role and accounts (within the administrator's customers) of a user they manage; `promoted`
 * when the change made them an administrator. `record` runs in the change's transaction (the Log's
 * events, ADR 041), so a failed change records nothing.
 */
export async function editUserByAdmin(
  db: Kysely<Database>,
  admin: AuthUser,
  userId: string,
  request: EditUserRequest,
  now: Date,
  record: (trx: Kysely<Database>, edit: UserEdit) => Promise<void> = async () => {},
): Promise<{ user: AdminUser; promoted: boolean }> {
  const target = await otherManageableUser(db, admin, userId);
  const adminCustomers = await customerIdsOf(db, admin);
  const memberships = await membershipsFor(db, adminCustomers, request);
  const promoted = target.role !== ADMIN_ROLE && request.role === ADMIN_ROLE;
  await db.transaction().execute(async (trx) => {
    await updateUserAdministration(trx, {
      userId: target.guid,
      name: request.name,
      role: request.role,
      withinCustomers: adminCustomers,
      ...memberships,
      updatedAt: now.toISOString(),
    });
    await record(trx, { userId: target.guid, role: request.role, promoted });
  });
  const user = await adminUserView(db, admin, target.guid, now);
  return { user, promoted };
}

/** Disables (ending every session: the token version is bumped) or enables a user the admin manages. */
export async function setUserDisabled(
  db: Kysely<Database>,
  admin: AuthUser,
  userId: string,
  disabled: boolean,
  now: Date,
): Promise<AdminUser> {
  const target = await otherManageableUser(db, admin, userId);
  if (disabled) await disableUser(db, target.guid, now.toISOString());
  else await enableUser(db, target.guid, now.toISOString());
  return adminUserView(db, admin, target.guid, now);
}

/** Lifts a lockout after failed sign-ins (the security rules' `unlockEmail`); oneself included. */
export async function unlockUserByAdmin(
  db: Kysely<Database>,
  admin: AuthUser,
  userId: string,
  now: Date,
): Promise<AdminUser> {
  const target = await userManageableBy(db, admin, userId);
  await unlockEmail(db, target.email);
  return adminUserView(db, admin, target.guid, now);
}
