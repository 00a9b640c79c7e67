import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { readingsOfAccount } from './account-readings.ts';
import { pointPlaceColumns } from './column-lists.ts';

/** A reading sent anyway that awaits an administrator's approval. */
export type ReviewRow = {
  id: number;
  gatewayId: number;
  gatewayName: string;
  deviceId: number;
  deviceName: string;
  itemId: number;
  itemName: string;
  unit: string;
  dateRecord: string;
  value: string;
  registeredAt: string;
  registeredBy: string;
  /** The reading's photo and note (reading_evidence); null without. */
  photoId: string | null;
  note: string | null;
};

/** The account's readings on `Til kontrol` (`needs_review` 1) without an approval, oldest date first. */
export function selectReadingsToReview(db: Kysely<Database>, accountId: string): Promise<ReviewRow[]> {
  return readingsOfAccount(db, accountId)
    .leftJoin('reading_evidence as e', 'e.reading_id', 'r.id')
    .select([
      ...pointPlaceColumns,
      'r.id as id',
      'r.date_record as dateRecord',
      'r.value as value',
      'r.registered_at as registeredAt',
      'u.name as registeredBy',
      'e.photo_id as photoId',
      'e.note as note',
    ])
    .where('r.needs_review', '=', 1)
    .where('r.approved_at', 'is', null)
    .orderBy('r.date_record')
    .orderBy('r.id')
    .execute();
}

/** Of these reading ids, those that belong to the account and were put on `Til kontrol`. */
export async function selectOverriddenReadingIds(
  db: Kysely<Database>,
  accountId: string,
  readingIds: readonly number[],
): Promise<number[]> {
  const rows = await readingsOfAccount(db, accountId)
    .select('r.id')
    .where('r.needs_review', '=', 1)
    .where('r.id', 'in', readingIds)
    .execute();
  return rows.map((row) => row.id);
}

/** Where a reading of the account that awaits review was taken, or undefined for any other id. */
export function selectReadingAwaitingReview(
  db: Kysely<Database>,
  accountId: string,
  readingId: number,
): Promise<{ gatewayId: number; deviceId: number; itemId: number; dateRecord: string } | undefined> {
  return readingsOfAccount(db, accountId)
    .select(['g.id as gatewayId', 'd.id as deviceId', 'i.id as itemId', 'r.date_record as dateRecord'])
    .where('r.id', '=', readingId)
    .where('r.needs_review', '=', 1)
    .where('r.approved_at', 'is', null)
    .executeTakeFirst();
}

/** Marks the readings approved unless they already are; returns how many it marked. */
export async function markReadingsApproved(
  db: Kysely<Database>,
  readingIds: readonly number[],
  approval: { by: string; at: string },
): Promise<number> {
  const result = await db
    .updateTable('readings')
    .set({ approved_by: approval.by, approved_at: approval.at })
    .where('id', 'in', readingIds)
    .where('approved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
