import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  deleteAllMemberships,
  deleteMemberships,
  hasAnyCustomer,
} from '../../db/repositories/user-memberships.ts';
import {
  deleteUser,
  disableUser,
  emailTakenByOther,
  insertUser,
  isNamedInReadings,
  updateProfile as storeProfile,
  updatePassword,
} from '../../db/repositories/users.ts';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';

export type NewUser = {
  email: string;
  name: string;
  role: number;
  password: string;
  resetPassword: boolean;
  customerIds: string[];
  accountIds: string[];
};

/** Creates a user with their customers and accounts; `email-taken` when the address is in use. */
export async function createUser(
  db: Kysely<Database>,
  user: NewUser,
  now: Date,
): Promise<{ id: string } | 'email-taken'> {
  const id = randomUUID();
  const stamp = now.toISOString();
  const passwordHash = await hashPassword(user.password);
  try {
    await db.transaction().execute((trx) =>
      insertUser(
        trx,
        {
          id,
          email: user.email.toLowerCase(),
          name: user.name,
          password_hash: passwordHash,
          role: user.role,
          reset_password: user.resetPassword ? 1 : 0,
          created_at: stamp,
          updated_at: stamp,
        },
        { customerIds: user.customerIds, accountIds: user.accountIds },
      ),
    );
  } catch (error) {
    if (isUniqueViolation(error)) return 'email-taken';
    throw error;
  }
  return { id };
}

/**
 * Stores a new password (and optionally a new name). Bumps the token version, so every token issued
 * before the change stops working; returns the new version for a fresh token.
 */
export async function setPassword(
  db: Kysely<Database>,
  change: { userId: string; password: string; resetPassword: boolean; name?: string; now: Date },
): Promise<number> {
  return updatePassword(db, {
    userId: change.userId,
    passwordHash: await hashPassword(change.password),
    resetPassword: change.resetPassword,
    name: change.name,
    updatedAt: change.now.toISOString(),
  });
}

/** Updates the user's own name and e-mail; `email-taken` when another user already has the address. */
export async function updateProfile(
  db: Kysely<Database>,
  change: { userId: string; name: string; email: string; now: Date },
): Promise<'saved' | 'email-taken'> {
  const email = change.email.toLowerCase();
  if (await emailTakenByOther(db, email, change.userId)) return 'email-taken';
  try {
    await storeProfile(db, {
      userId: change.userId,
      name: change.name,
      email,
      updatedAt: change.now.toISOString(),
    });
  } catch (error) {
    // Another request took the address between the check and the update.
    if (isUniqueViolation(error)) return 'email-taken';
    throw error;
  }
  return 'saved';
}

export type RemovalOutcome = 'detached' | 'deleted' | 'disabled';

/**
 * Removes a user from the given customers (an administrator's own) and from their accounts. Only a
 * user left without any customer goes away: deleted, or disabled when readings or their audit trail
 * name them, so that history keeps saying who registered what. A user who also belongs to another
 * tenant stays there untouched.
 */
export async function removeUserFromCustomers(
  db: Kysely<Database>,
  removal: { userId: string; customerIds: string[]; now: Date },
): Promise<RemovalOutcome> {
  if (removal.customerIds.length === 0) return 'detached';
  return db.transaction().execute(async (trx) => {
    await deleteMemberships(trx, removal.userId, removal.customerIds);
    if (await hasAnyCustomer(trx, removal.userId)) return 'detached';
    if (!(await isNamedInReadings(trx, removal.userId))) {
      await deleteUser(trx, removal.userId);
      return 'deleted';
    }
    await disableUser(trx, removal.userId, removal.now.toISOString());
    return 'disabled';
  });
}

/**
 * Removes a user altogether (the operator's `user:delete`): from every customer and account, then
 * deleted, or disabled when readings or their audit trail name them, exactly as the administration's
 * delete does for a user left without customers. Readings are never deleted with their user.
 */
export async function deleteUserEverywhere(
  db: Kysely<Database>,
  removal: { userId: string; now: Date },
): Promise<Exclude<RemovalOutcome, 'detached'>> {
  return db.transaction().execute(async (trx) => {
    await deleteAllMemberships(trx, removal.userId);
    if (await isNamedInReadings(trx, removal.userId)) {
      await disableUser(trx, removal.userId, removal.now.toISOString());
      return 'disabled';
    }
    await deleteUser(trx, removal.userId);
    return 'deleted';
  });
}

/** A unique-constraint violation on SQLite (better-sqlite3) or PostgreSQL (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}
