import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  API_KEY_ERRORS,
  API_KEY_FORM,
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyList,
  type CreatedApiKey,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { customerIdsOf } from '../../db/repositories/access.ts';
import {
  type ApiKeyRow,
  insertApiKey,
  markApiKeyRevoked,
  selectAccountOfCustomer,
  selectApiKeyByHash,
  selectApiKeyOfCustomers,
  selectApiKeys,
  selectCustomerNames,
  touchApiKey,
} from '../../db/repositories/api-keys.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import { messages } from '../../messages.ts';
import { byDanishName } from '../shared/danish-order.ts';
import { checkCountedByAddress, type LoginLimits } from './login-throttle.ts';

// API keys (issue 38, ADR 051): a customer's machine client posts readings imports with one. The key is
// 256 random bits, so a fast hash is enough to keep the database from being replayable (no dictionary to
// try), and the guard can check it on every request without argon2's cost.

const SECRET_BYTES = 32;
/** `mk_` and six characters: enough to tell a customer's keys apart, far too few to guess the rest. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    name: row.name,
    prefix: row.prefix,
    createdBy: row.created_by_name,
    createdAt: row.created_at,
    revokedBy: row.revoked_by_name,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}

/** `API-nøgler`: the keys of these customers (the administrator's), newest first, and the customers by name. */
export async function apiKeyList(
  db: Kysely<Database>,
  administrator: Pick<AuthUser, 'id'>,
): Promise<ApiKeyList> {
  const customerIds = await customerIdsOf(db, administrator);
  const [keys, customers] = await Promise.all([
    selectApiKeys(db, customerIds),
    selectCustomerNames(db, customerIds),
  ]);
  return { keys: keys.map(toApiKey), customers: customers.sort(byDanishName) };
}

/**
 * A new key for one of these customers (another's: 404, as unknown); the answer holds the key itself,
 * which is never stored. Run in a transaction.
 */
export async function createApiKey(
  trx: Kysely<Database>,
  request: { customerId: string; name: string; createdBy: Pick<AuthUser, 'id'>; now: Date },
): Promise<CreatedApiKey> {
  const customerIds = await customerIdsOf(trx, request.createdBy);
  if (!customerIds.includes(request.customerId)) throw new NotFoundError();
  const id = randomUUID();
  const secret = `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  const sourceUserId = randomUUID();
  const createdAt = request.now.toISOString();
  await insertApiKey(
    trx,
    {
      id,
      customer_id: request.customerId,
      name: request.name,
      key_hash: hashOf(secret),
      prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      source_user_id: sourceUserId,
      created_by: request.createdBy.id,
      created_at: createdAt,
    },
    {
      // A reserved domain: no mail can ever reach it, and no person can register it.
      email: `api-key-${id}@api-key.invalid`,
      name: messages.apiKeyUserName(request.name),
      // Not a password hash: no password verifies against it, so nobody signs in as the key.
      passwordHash: '!api-key',
    },
  );
  const [row] = (await selectApiKeys(trx, [request.customerId])).filter((key) => key.id === id);
  if (!row) throw new Error('the new API key is not found in its own transaction');
  return { key: toApiKey(row), secret };
}

/** Revokes a key of one of these customers (another's: 404, as unknown); a revoked key is refused from then on. */
export async function revokeApiKey(
  db: Kysely<Database>,
  request: { keyId: string; by: Pick<AuthUser, 'id'>; now: Date },
): Promise<{ keyId: string; customerId: string; name: string }> {
  const key = await selectApiKeyOfCustomers(db, request.keyId, await customerIdsOf(db, request.by));
  if (!key) throw new NotFoundError();
  const revoked = await markApiKeyRevoked(db, {
    keyId: key.id,
    by: request.by.id,
    at: request.now.toISOString(),
  });
  if (!revoked) throw new ConflictError(API_KEY_ERRORS.alreadyRevoked);
  return { keyId: key.id, customerId: key.customer_id, name: key.name };
}

/** Why a key was refused: for the log only, never for the client. */
export type ApiKeyRefusal = 'malformed' | 'unknown' | 'revoked';

export type ApiKeyCheck =
  | { kind: 'refused'; reason: ApiKeyRefusal; keyId?: string; customerId?: string }
  | {
      kind: 'accepted';
      keyId: string;
      customerId: string;
      user: { id: string; email: string; name: string };
    };

/** The key's customer and user when it is known and not revoked; its use is noted (`last_used_at`). */
export async function checkApiKey(db: Kysely<Database>, presented: string, now: Date): Promise<ApiKeyCheck> {
  if (!API_KEY_FORM.test(presented)) return { kind: 'refused', reason: 'malformed' };
  // Looked up by its hash: equal hashes of a 256-bit key leak nothing a timing could use.
  const row = await selectApiKeyByHash(db, hashOf(presented));
  if (!row) return { kind: 'refused', reason: 'unknown' };
  if (row.revoked_at !== null)
    return { kind: 'refused', reason: 'revoked', keyId: row.id, customerId: row.customer_id };
  await touchApiKey(db, row.id, now.toISOString());
  return {
    kind: 'accepted',
    keyId: row.id,
    customerId: row.customer_id,
    user: { id: row.user_id, email: row.email, name: row.user_name },
  };
}

export type ApiKeyOutcome = ApiKeyCheck | { kind: 'locked'; retryAfterSeconds: number };

/**
 * Checks a presented key, counted like a sign-in against the client address (one budget with logins and
 * device credentials): guessing keys from one address is locked out like guessing passwords.
 */
export async function signInWithApiKey(
  deps: { db: Kysely<Database>; limits: LoginLimits; now: Date },
  attempt: { key: string; clientAddress: string },
): Promise<ApiKeyOutcome> {
  const { db, limits, now } = deps;
  return checkCountedByAddress(db, { clientAddress: attempt.clientAddress, limits, now: () => now }, () =>
    checkApiKey(db, attempt.key, now),
  );
}

/** The account if it is one of the key's customer's: a key reaches no other. */
export function accountOfKeyCustomer(db: Kysely<Database>, accountId: string, customerId: string) {
  return selectAccountOfCustomer(db, accountId, customerId);
}
