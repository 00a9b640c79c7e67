import type { Kysely } from 'kysely';
import { preparedQuery } from '../engine/prepared-query.ts';
import type { Database, IdempotencyKeysTable } from '../schema.ts';

export type IdempotencyKeyId = { userId: string; key: string };
export type StoredIdempotencyKey = Pick<
  IdempotencyKeysTable,
  'request_hash' | 'status_code' | 'response_body'
>;

export async function deleteIdempotencyKeysBefore(db: Kysely<Database>, cutoff: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
}

// The statements below run on every reading request that carries a key: prepared (db/engine/prepared-query.ts).

/**
 * Claims the key with an answer (a placeholder, or the answer the request expects to give), taking
 * over a stored claim older than `expiredBefore` (one statement: an expired key counts as unused);
 * false when it is taken. On PostgreSQL a concurrent claim of the same key waits here until the first
 * transaction ends.
 */
const claimKey = preparedQuery(
  (
    db: Kysely<Database>,
    values: {
      userId: string;
      key: string;
      requestHash: string;
      statusCode: number;
      body: string;
      createdAt: string;
      expiredBefore: string;
    },
  ) =>
    db
      .insertInto('idempotency_keys')
      .values({
        user_id: values.userId,
        key: values.key,
        request_hash: values.requestHash,
        status_code: values.statusCode,
        response_body: values.body,
        created_at: values.createdAt,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'key'])
          .doUpdateSet((eb) => ({
            request_hash: eb.ref('excluded.request_hash'),
            status_code: eb.ref('excluded.status_code'),
            response_body: eb.ref('excluded.response_body'),
            created_at: eb.ref('excluded.created_at'),
          }))
          .where('idempotency_keys.created_at', '<', values.expiredBefore),
      )
      .returning('key'),
);

export async function claimIdempotencyKey(
  db: Kysely<Database>,
  id: IdempotencyKeyId,
  claim: { requestHash: string; statusCode: number; body: string; createdAt: string; expiredBefore: string },
): Promise<boolean> {
  const rows = await claimKey(db, { userId: id.userId, key: id.key, ...claim });
  return rows.length > 0;
}

const selectKey = preparedQuery((db: Kysely<Database>, values: { userId: string; key: string }) =>
  db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body'])
    .where('user_id', '=', values.userId)
    .where('key', '=', values.key),
);

export async function selectIdempotencyKey(
  db: Kysely<Database>,
  id: IdempotencyKeyId,
): Promise<StoredIdempotencyKey | undefined> {
  const [row] = await selectKey(db, { userId: id.userId, key: id.key });
  return row;
}

const saveAnswer = preparedQuery(
  (db: Kysely<Database>, values: { userId: string; key: string; statusCode: number; body: string }) =>
    db
      .updateTable('idempotency_keys')
      .set({ status_code: values.statusCode, response_body: values.body })
      .where('user_id', '=', values.userId)
      .where('key', '=', values.key),
);

export async function saveIdempotentAnswer(
  db: Kysely<Database>,
  id: IdempotencyKeyId,
  answer: { statusCode: number; body: string },
): Promise<void> {
  await saveAnswer(db, { userId: id.userId, key: id.key, statusCode: answer.statusCode, body: answer.body });
}
