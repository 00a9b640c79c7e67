import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../schema.ts';

export type IdempotencyKeyId = { userId: string; key: string };
export type StoredIdempotencyKey = Pick<
  IdempotencyKeysTable,
  'request_hash' | 'status_code' | 'response_body'
>;

export async function deleteIdempotencyKeysBefore(db: Kysely<Database>, cutoff: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
}

export async function deleteIdempotencyKeyIfBefore(
  db: Kysely<Database>,
  id: IdempotencyKeyId,
  cutoff: string,
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', id.userId)
    .where('key', '=', id.key)
    .where('created_at', '<', cutoff)
    .execute();
}

/**
 * Claims the key with a placeholder answer; false when it is taken. On PostgreSQL a concurrent
 * claim of the same key waits here until the first transaction ends.
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  id: IdempotencyKeyId,
  requestHash: string,
  createdAt: string,
): Promise<boolean> {
  const rows = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: id.userId,
      key: id.key,
      request_hash: requestHash,
      status_code: 0,
      response_body: '',
      created_at: createdAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .execute();
  return rows.length > 0;
}

export function selectIdempotencyKey(
  db: Kysely<Database>,
  id: IdempotencyKeyId,
): Promise<StoredIdempotencyKey | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body'])
    .where('user_id', '=', id.userId)
    .where('key', '=', id.key)
    .executeTakeFirst();
}

export async function saveIdempotentAnswer(
  db: Kysely<Database>,
  id: IdempotencyKeyId,
  answer: { statusCode: number; body: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: answer.statusCode, response_body: answer.body })
    .where('user_id', '=', id.userId)
    .where('key', '=', id.key)
    .execute();
}
