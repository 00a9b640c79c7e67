import type { Claims } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { accountIdsOf, customerIdsOf } from '../../db/repositories/access.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';

/** The claims a sign-in answers with (login, a device credential's exchange), as the database has them now. */
export async function sessionClaims(
  db: Kysely<Database>,
  user: Pick<AuthUser, 'id' | 'email' | 'name' | 'role'>,
  tokenExpires: Date,
): Promise<Claims> {
  const [accountIds, customerIds] = await Promise.all([accountIdsOf(db, user), customerIdsOf(db, user)]);
  return {
    expires: tokenExpires.toISOString(),
    nameIdentifier: user.id,
    name: user.name,
    role: user.role,
    accountList: accountIds.join(','),
    customerList: customerIds.join(','),
    email: user.email,
  };
}
