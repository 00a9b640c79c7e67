import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** A reading's photo and note as stored. */
export type EvidenceRow = { readingId: number; photoId: string | null; note: string | null };

/** The ids of the readings at these (point, date) keys. */
export async function selectReadingIdsByKey(
  db: Kysely<Database>,
  keys: readonly { deviceItemId: number; dateRecord: string }[],
): Promise<{ id: number; deviceItemId: number; dateRecord: string }[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('readings')
    .select(['id', 'device_item_id as deviceItemId', 'date_record as dateRecord'])
    .where((eb) =>
      eb.or(
        keys.map((key) =>
          eb.and([eb('device_item_id', '=', key.deviceItemId), eb('date_record', '=', key.dateRecord)]),
        ),
      ),
    )
    .execute();
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
