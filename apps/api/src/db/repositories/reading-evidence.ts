import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

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
