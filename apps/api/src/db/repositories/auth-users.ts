import type { Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query.ts';
import type { Database, UsersTable } from '../schema.ts';

export type AuthUserRow = Pick<
  UsersTable,
  'id' | 'email' | 'name' | 'role' | 'disabled' | 'token_version' | 'reset_password'
>;

const userById = preparedQuery((db: Kysely<Database>, values: { userId: string }) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'disabled', 'token_version', 'reset_password'])
    .where('id', '=', values.userId),
);

/** What the auth guard checks a token's user against, on every request. */
export async function selectAuthUser(db: Kysely<Database>, userId: string): Promise<AuthUserRow | undefined> {
  const [row] = await userById(db, { userId });
  return row;
}
