import type { Kysely } from 'kysely';
import {
  customerIdsOf,
  selectReachableAccount,
  selectReachableCustomer,
} from '../../db/repositories/access.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';
import { NotFoundError } from '../../domain/errors.ts';

/** The account if the user reaches it; otherwise 404, exactly as for an id that does not exist. */
export async function requireAccount(db: Kysely<Database>, user: AuthUser, accountId: string) {
  const account = await selectReachableAccount(db, user, accountId);
  if (!account) throw new NotFoundError();
  return account;
}

export async function requireCustomer(db: Kysely<Database>, user: AuthUser, customerId: string) {
  const customer = await selectReachableCustomer(db, user, customerId);
  if (!customer) throw new NotFoundError();
  return customer;
}

/** The customers the user belongs to; for an administrator, the customers they administer. */
export function customerIdsOfUser(db: Kysely<Database>, user: AuthUser): Promise<string[]> {
  return customerIdsOf(db, user);
}
