import type { Kysely } from 'kysely';
import type { ApiKeysTable, Database } from '../schema.ts';

export type NewApiKey = Pick<
  ApiKeysTable,
  'id' | 'customer_id' | 'name' | 'key_hash' | 'prefix' | 'source_user_id' | 'created_by' | 'created_at'
>;

/** Stores a key with its own user row: no role (it never signs in), no customer membership (not in `Brugere`). */
export async function insertApiKey(
  trx: Kysely<Database>,
  key: NewApiKey,
  sourceUser: { email: string; name: string; passwordHash: string },
): Promise<void> {
  await trx
    .insertInto('users')
    .values({
      id: key.source_user_id,
      email: sourceUser.email,
      name: sourceUser.name,
      password_hash: sourceUser.passwordHash,
      role: null,
      reset_password: 0,
      disabled: 0,
      token_version: 0,
      created_at: key.created_at,
      updated_at: key.created_at,
    })
    .execute();
  await trx.insertInto('api_keys').values(key).execute();
}

/** The keys of these customers with the names of their customers and of who created and revoked them, newest first. */
export function selectApiKeys(db: Kysely<Database>, customerIds: string[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('api_keys as k')
    .innerJoin('customers as c', 'c.id', 'k.customer_id')
    .leftJoin('users as creator', 'creator.id', 'k.created_by')
    .leftJoin('users as revoker', 'revoker.id', 'k.revoked_by')
    .select([
      'k.id',
      'k.customer_id',
      'c.name as customer_name',
      'k.name',
      'k.prefix',
      'creator.name as created_by_name',
      'k.created_at',
      'revoker.name as revoked_by_name',
      'k.revoked_at',
      'k.last_used_at',
    ])
    .where('k.customer_id', 'in', customerIds)
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id')
    .execute();
}

export type ApiKeyRow = Awaited<ReturnType<typeof selectApiKeys>>[number];

/** A key of one of these customers, for revoking it. */
export function selectApiKeyOfCustomers(db: Kysely<Database>, keyId: string, customerIds: string[]) {
  if (customerIds.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom('api_keys')
    .select(['id', 'customer_id', 'name', 'revoked_at', 'source_user_id'])
    .where('id', '=', keyId)
    .where('customer_id', 'in', customerIds)
    .executeTakeFirst();
}

export async function markApiKeyRevoked(
  db: Kysely<Database>,
  revocation: { keyId: string; by: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: revocation.at, revoked_by: revocation.by })
    .where('id', '=', revocation.keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The key with this hash and its user row, for the guard. */
export function selectApiKeyByHash(db: Kysely<Database>, keyHash: string) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.source_user_id')
    .select([
      'k.id',
      'k.customer_id',
      'k.name',
      'k.revoked_at',
      'u.id as user_id',
      'u.email',
      'u.name as user_name',
    ])
    .where('k.key_hash', '=', keyHash)
    .executeTakeFirst();
}

export async function touchApiKey(db: Kysely<Database>, keyId: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
}

/** The account if it is one of this customer's; the key reaches only those. */
export function selectAccountOfCustomer(db: Kysely<Database>, accountId: string, customerId: string) {
  return db
    .selectFrom('accounts')
    .select(['id', 'customer_id', 'name'])
    .where('id', '=', accountId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** These customers' ids and names, for choosing whose key to create. */
export function selectCustomerNames(db: Kysely<Database>, customerIds: string[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('customers').select(['id', 'name']).where('id', 'in', customerIds).execute();
}
