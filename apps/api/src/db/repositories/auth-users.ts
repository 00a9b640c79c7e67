import { ADMIN_ROLE } from '@maaler/contract';
import { expressionBuilder, type Kysely } from 'kysely';
import { preparedQuery } from '../engine/prepared-query.ts';
import type { Database, UsersTable } from '../schema.ts';

export type AuthUserRow = Pick<
  UsersTable,
  'id' | 'email' | 'name' | 'role' | 'disabled' | 'token_version' | 'reset_password'
> & { revoked: boolean };

/** The user row's columns the guard checks, from `users as u`. */
const AUTH_USER_COLUMNS = [
  'u.id',
  'u.email',
  'u.name',
  'u.role',
  'u.disabled',
  'u.token_version',
  'u.reset_password',
] as const;

/** Whether the token was revoked (logout, refresh), as a column `revoked`. */
function revokedColumn(tokenId: string) {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', tokenId)).as('revoked');
}

const userWithToken = preparedQuery((db: Kysely<Database>, values: { userId: string; tokenId: string }) =>
  db
    .selectFrom('users as u')
    .select(AUTH_USER_COLUMNS)
    .select(revokedColumn(values.tokenId))
    .where('u.id', '=', values.userId),
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

export type ReachedAccount = { id: string; customer_id: string; name: string };

const userWithTokenAndAccount = preparedQuery(
  (db: Kysely<Database>, values: { userId: string; tokenId: string; accountId: string; adminRole: number }) =>
    db
      .selectFrom('users as u')
      // The account as access.ts's accessibleAccounts reaches it: of one of the user's customers, and
      // for anyone but an administrator an account they are a member of.
      .leftJoin('accounts as a', (join) =>
        join
          .on('a.id', '=', values.accountId)
          .on((eb) =>
            eb.exists(
              eb
                .selectFrom('user_customers as uc')
                .select('uc.user_id')
                .whereRef('uc.customer_id', '=', 'a.customer_id')
                .whereRef('uc.user_id', '=', 'u.id'),
            ),
          )
          .on((eb) =>
            eb.or([
              eb('u.role', '=', values.adminRole),
              eb.exists(
                eb
                  .selectFrom('user_accounts as ua')
                  .select('ua.user_id')
                  .whereRef('ua.account_id', '=', 'a.id')
                  .whereRef('ua.user_id', '=', 'u.id'),
              ),
            ]),
          ),
      )
      .select(AUTH_USER_COLUMNS)
      .select(['a.id as account_id', 'a.customer_id as account_customer_id', 'a.name as account_name'])
      .select(revokedColumn(values.tokenId))
      .where('u.id', '=', values.userId),
);

/**
 * `selectAuthUser` and the account the user reaches by this id (undefined when not), in one statement:
 * for writes, whose user row is not cached, that saves a round trip on PostgreSQL (ADR 027).
 */
export async function selectAuthUserAndAccount(
  db: Kysely<Database>,
  token: { userId: string; tokenId: string },
  accountId: string,
): Promise<(AuthUserRow & { account: ReachedAccount | undefined }) | undefined> {
  const [row] = await userWithTokenAndAccount(db, { ...token, accountId, adminRole: ADMIN_ROLE });
  if (!row) return undefined;
  const { account_id, account_customer_id, account_name, ...user } = row;
  const account =
    account_id !== null && account_customer_id !== null && account_name !== null
      ? { id: account_id, customer_id: account_customer_id, name: account_name }
      : undefined;
  return { ...user, revoked: Boolean(user.revoked), account };
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
