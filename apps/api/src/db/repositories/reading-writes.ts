import type { Kysely } from 'kysely';
import type { CallWritingFunction } from '../engine/data-version-bump.ts';
import type { Database } from '../schema.ts';
import type { IdempotencyKeyId, StoredIdempotencyKey } from './idempotency-keys.ts';
import type { ReadingWrite } from './readings.ts';

// What the reading write alone stores (ADR 027, ADR 045): the readings with their audit rows and key
// in one statement on PostgreSQL, and the readings' photo and note with the task a note opened. The
// row statements the import shares (`storeReadings`) stay in readings.ts.

export type KeyClaim = IdempotencyKeyId & {
  requestHash: string;
  statusCode: number;
  body: string;
  createdAt: string;
  expiredBefore: string;
};

/** Raised by register_readings, before anything is kept, for a batch it does not write itself. */
const NEEDS_TRANSACTION = 'MA001';

/**
 * What became of the batch: written (and the key, if any, claimed with the expected answer); the key
 * was taken, with what it holds; or the batch needs the transactional path, and nothing was written.
 */
export type OneStatementOutcome =
  | { written: true }
  | { taken: StoredIdempotencyKey }
  | { needsTransaction: true };

type FunctionRow = {
  request_hash: string | null;
  status_code: number | null;
  response_body: string | null;
};

/**
 * PostgreSQL only: the SQL function `register_readings` (migration 20261129T0900, ADR 027) claims the
 * key and stores the readings (new ones inserted, changed ones replaced, each with its audit row) in
 * one statement, sent with its commit and the data-version bump in one round trip by the pool's
 * `callWritingFunction` (db/engine/data-version-bump.ts), the one way to call it.
 */
export async function registerReadingsInOneStatement(
  callWritingFunction: CallWritingFunction,
  accountId: string,
  writes: readonly ReadingWrite[],
  claim: KeyClaim | undefined,
): Promise<OneStatementOutcome> {
  const readings = writes.map((w) => ({
    device_item_id: w.deviceItemId,
    date_record: w.dateRecord,
    value: w.value,
    registered_at: w.at,
    registered_by: w.by,
    plausibility_override: w.plausibilityOverride,
    source: w.source,
    entered_at: w.enteredAt,
    reason: w.reason,
  }));
  const key = claim && {
    user_id: claim.userId,
    key: claim.key,
    request_hash: claim.requestHash,
    status_code: claim.statusCode,
    response_body: claim.body,
    created_at: claim.createdAt,
    expired_before: claim.expiredBefore,
  };
  try {
    const [row] = await callWritingFunction<FunctionRow>('register_readings', [
      accountId,
      JSON.stringify(readings),
      key ? JSON.stringify(key) : null,
    ]);
    if (!row) throw new Error('register_readings answered no row');
    if (row.request_hash === null) return { written: true };
    if (row.status_code === null || row.response_body === null) {
      throw new Error('register_readings answered an incomplete idempotency key');
    }
    return {
      taken: {
        request_hash: row.request_hash,
        status_code: row.status_code,
        response_body: row.response_body,
      },
    };
  } catch (error) {
    if ((error as { code?: unknown }).code === NEEDS_TRANSACTION) return { needsTransaction: true };
    throw error;
  }
}

/** A reading's photo and note as stored. */
export type EvidenceRow = { readingId: number; photoId: string | null; note: string | null };

/**
 * The ids of the readings at these (point, date) keys. Points and dates are matched as two lists (a
 * thousand OR-ed pairs would pass SQLite's expression depth) and the rows narrowed to the keys here.
 */
export async function selectReadingIdsByKey(
  db: Kysely<Database>,
  keys: readonly { deviceItemId: number; dateRecord: string }[],
): Promise<{ id: number; deviceItemId: number; dateRecord: string }[]> {
  if (keys.length === 0) return [];
  const wanted = new Set(keys.map((key) => `${key.deviceItemId}|${key.dateRecord}`));
  const rows = await db
    .selectFrom('readings')
    .select(['id', 'device_item_id as deviceItemId', 'date_record as dateRecord'])
    .where('device_item_id', 'in', [...new Set(keys.map((key) => key.deviceItemId))])
    .where('date_record', 'in', [...new Set(keys.map((key) => key.dateRecord))])
    .execute();
  return rows.filter((row) => wanted.has(`${row.deviceItemId}|${row.dateRecord}`));
}

export async function selectEvidence(
  db: Kysely<Database>,
  readingIds: readonly number[],
): Promise<EvidenceRow[]> {
  if (readingIds.length === 0) return [];
  return db
    .selectFrom('reading_evidence')
    .select(['reading_id as readingId', 'photo_id as photoId', 'note'])
    .where('reading_id', 'in', readingIds)
    .execute();
}

/** Writes the rows, each replacing the reading's earlier photo and note. */
export async function upsertEvidence(
  trx: Kysely<Database>,
  rows: readonly EvidenceRow[],
  set: { at: string; by: string },
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('reading_evidence')
    .values(
      rows.map((row) => ({
        reading_id: row.readingId,
        photo_id: row.photoId,
        note: row.note,
        set_at: set.at,
        set_by: set.by,
      })),
    )
    .onConflict((oc) =>
      oc.column('reading_id').doUpdateSet((eb) => ({
        photo_id: eb.ref('excluded.photo_id'),
        note: eb.ref('excluded.note'),
        set_at: eb.ref('excluded.set_at'),
        set_by: eb.ref('excluded.set_by'),
      })),
    )
    .execute();
}

/**
 * Of these readings, those whose evidence has no task yet, each row locked for the transaction (an
 * update that changes nothing locks on PostgreSQL, and a concurrent claim waits, then sees the task
 * set), so two sends of the same reading cannot both open one. With the meter of each reading.
 */
export async function claimEvidenceWithoutTask(
  trx: Kysely<Database>,
  readingIds: readonly number[],
): Promise<{ readingId: number; deviceId: number }[]> {
  if (readingIds.length === 0) return [];
  const claimed = await trx
    .updateTable('reading_evidence')
    .set((eb) => ({ task_id: eb.ref('task_id') }))
    .where('reading_id', 'in', readingIds)
    .where('task_id', 'is', null)
    .returning('reading_id')
    .execute();
  if (claimed.length === 0) return [];
  return trx
    .selectFrom('readings as r')
    .innerJoin('device_items as i', 'i.id', 'r.device_item_id')
    .select(['r.id as readingId', 'i.device_id as deviceId'])
    .where(
      'r.id',
      'in',
      claimed.map((row) => row.reading_id),
    )
    .orderBy('r.id')
    .execute();
}

export async function setEvidenceTask(trx: Kysely<Database>, readingId: number, taskId: number) {
  await trx
    .updateTable('reading_evidence')
    .set({ task_id: taskId })
    .where('reading_id', '=', readingId)
    .execute();
}
