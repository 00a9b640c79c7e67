import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';

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
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id,
          email: user.email.toLowerCase(),
          name: user.name,
          password_hash: passwordHash,
          role: user.role,
          reset_password: user.resetPassword ? 1 : 0,
          disabled: 0,
          token_version: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      for (const customerId of new Set(user.customerIds)) {
        await trx.insertInto('user_customers').values({ user_id: id, customer_id: customerId }).execute();
      }
      for (const accountId of new Set(user.accountIds)) {
        await trx.insertInto('user_accounts').values({ user_id: id, account_id: accountId }).execute();
      }
    });
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
  const passwordHash = await hashPassword(change.password);
  const row = await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      reset_password: change.resetPassword ? 1 : 0,
      token_version: sql<number>`token_version + 1`,
      updated_at: change.now.toISOString(),
      ...(change.name === undefined ? {} : { name: change.name }),
    })
    .where('id', '=', change.userId)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return row.token_version;
}

/** Updates the user's own name and e-mail; `email-taken` when another user already has the address. */
export async function updateProfile(
  db: Kysely<Database>,
  change: { userId: string; name: string; email: string; now: Date },
): Promise<'saved' | 'email-taken'> {
  const email = change.email.toLowerCase();
  const clash = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', change.userId)
    .executeTakeFirst();
  if (clash) return 'email-taken';
  try {
    await db
      .updateTable('users')
      .set({ name: change.name, email, updated_at: change.now.toISOString() })
      .where('id', '=', change.userId)
      .execute();
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
    await trx
      .deleteFrom('user_accounts')
      .where('user_id', '=', removal.userId)
      .where('account_id', 'in', (eb) =>
        eb.selectFrom('accounts').select('id').where('customer_id', 'in', removal.customerIds),
      )
      .execute();
    await trx
      .deleteFrom('user_customers')
      .where('user_id', '=', removal.userId)
      .where('customer_id', 'in', removal.customerIds)
      .execute();

    const remaining = await trx
      .selectFrom('user_customers')
      .select('customer_id')
      .where('user_id', '=', removal.userId)
      .executeTakeFirst();
    if (remaining) return 'detached';

    const referenced =
      (await trx
        .selectFrom('readings')
        .select('id')
        .where('registered_by', '=', removal.userId)
        .executeTakeFirst()) ??
      (await trx
        .selectFrom('reading_audit')
        .select('id')
        .where('changed_by', '=', removal.userId)
        .executeTakeFirst());
    if (!referenced) {
      await trx.deleteFrom('users').where('id', '=', removal.userId).execute();
      return 'deleted';
    }
    await trx
      .updateTable('users')
      .set({
        disabled: 1,
        token_version: sql<number>`token_version + 1`,
        updated_at: removal.now.toISOString(),
      })
      .where('id', '=', removal.userId)
      .execute();
    return 'disabled';
  });
}

/** A unique-constraint violation on SQLite (better-sqlite3) or PostgreSQL (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}
