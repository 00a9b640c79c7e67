import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { readingsOfAccount } from './account-readings.ts';
import { type PointPlaceRow, pointPlaceColumns } from './column-lists.ts';

/** A reading sent anyway that awaits an administrator's approval. */
export type ReviewRow = PointPlaceRow & {
  id: number;
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
