import { type Kysely, sql } from 'kysely';
import type { Database, UsersTable } from '../schema.ts';
import { revokeUserCredentials } from './device-credentials.ts';
import { deleteMemberships } from './user-memberships.ts';

export type UserRow = Pick<UsersTable, 'id' | 'email' | 'name' | 'role' | 'reset_password'>;

export const USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.name',
  'users.role',
  'users.reset_password',
] as const;

export function selectUserById(db: Kysely<Database>, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', userId).executeTakeFirst();
}

export function selectUserIdByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

export type NewUserRow = Omit<UsersTable, 'token_version' | 'disabled' | 'disabled_at' | 'anonymised_at'>;

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

/**
 * Whether a reading, an audit entry, a route skip, a control reading (ADR 049) or a replaced estimate names the user (their history must keep saying
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
              .selectFrom('control_readings')
              .select('id')
              .where((w) => w.or([w('registered_by', '=', userId), w('reviewed_by', '=', userId)])),
          ),
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
    .set({
      disabled: 1,
      // A second disabling keeps the first time: retention counts from when the user stopped.
      disabled_at: sql<string>`coalesce(disabled_at, ${updatedAt})`,
      token_version: sql<number>`token_version + 1`,
      updated_at: updatedAt,
    })
    .where('id', '=', userId)
    .execute();
  await revokeUserCredentials(db, userId, updatedAt);
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
    .set({ disabled: 0, disabled_at: null, updated_at: updatedAt })
    .where('id', '=', userId)
    .execute();
}

/** Sets the user's role; access follows at once, since every request reads the role from here. */
export async function updateUserRole(
  db: Kysely<Database>,
  change: { userId: string; role: number; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: change.role, updated_at: change.updatedAt })
    .where('id', '=', change.userId)
    .execute();
}
