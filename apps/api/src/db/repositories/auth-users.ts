import type { Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query.ts';
import type { Database, UsersTable } from '../schema.ts';

export type AuthUserRow = Pick<
  UsersTable,
  'id' | 'email' | 'name' | 'role' | 'disabled' | 'token_version' | 'reset_password'
> & { revoked: boolean };

const userWithToken = preparedQuery((db: Kysely<Database>, values: { userId: string; tokenId: string }) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'disabled', 'token_version', 'reset_password'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', values.tokenId))
        .as('revoked'),
    )
    .where('id', '=', values.userId),
);

/**
 * What the auth guard checks a token against on every request, in one statement: the token's user as
 * the database has them now, and whether the token was revoked (logout, refresh).
 */
export async function selectAuthUser(
  db: Kysely<Database>,
  token: { userId: string; tokenId: string },
): Promise<AuthUserRow | undefined> {
  const [row] = await userWithToken(db, token);
  // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
  return row && { ...row, revoked: Boolean(row.revoked) };
}

/** The user's current token version, which a newly signed token must carry. */
export async function selectTokenVersion(db: Kysely<Database>, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('token_version')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.token_version;
}

/** The user a sign-in names, with what the password check and the token need. */
export function selectLoginUser(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'password_hash', 'reset_password', 'disabled', 'token_version'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function selectPasswordHash(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

/** Stores a stronger hash of the same password, unless the password changed in the meantime. */
export async function replacePasswordHash(
  db: Kysely<Database>,
  change: { userId: string; oldHash: string; newHash: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: change.newHash })
    .where('id', '=', change.userId)
    .where('password_hash', '=', change.oldHash)
    .execute();
}
