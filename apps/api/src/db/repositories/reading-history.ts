import type { ReadingSource } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export type HistoryReadingRow = {
  id: number;
  itemId: number;
  itemName: string;
  dateRecord: string;
  value: string;
  registeredAt: string;
  registeredBy: string;
  /** The role of the user who registered it (null for a user without one). */
  registeredByRole: number | null;
  plausibilityOverride: number;
  source: ReadingSource;
  enteredAt: string | null;
  /** The reading's photo and note (reading_evidence); null without. */
  photoId: string | null;
  note: string | null;
};

export type CorrectionRow = {
  readingId: number;
  oldValue: string | null;
  newValue: string;
  changedAt: string;
  changedBy: string;
  changedByRole: number | null;
};

/** The readings of the meter's points, joined to their point (`i`). */
function readingsOfDevice(db: Kysely<Database>, deviceId: number) {
  return db
    .selectFrom('readings as r')
    .innerJoin('device_items as i', 'i.id', 'r.device_item_id')
    .where('i.device_id', '=', deviceId);
}

/** Every reading of the meter's points, newest date first. */
export function selectReadingsOfDevice(db: Kysely<Database>, deviceId: number): Promise<HistoryReadingRow[]> {
  return readingsOfDevice(db, deviceId)
    .innerJoin('users as u', 'u.id', 'r.registered_by')
    .leftJoin('reading_evidence as e', 'e.reading_id', 'r.id')
    .select([
      'r.id as id',
      'i.id as itemId',
      'i.name as itemName',
      'r.date_record as dateRecord',
      'r.value as value',
      'r.registered_at as registeredAt',
      'u.name as registeredBy',
      'u.role as registeredByRole',
      'r.plausibility_override as plausibilityOverride',
      'r.source as source',
      'r.entered_at as enteredAt',
      'e.photo_id as photoId',
      'e.note as note',
    ])
    .orderBy('r.date_record', 'desc')
    .orderBy('i.id')
    .execute();
}

/** Replacements (audit entries with an earlier value) of the meter's readings, oldest first. */
export function selectCorrectionsOfDevice(db: Kysely<Database>, deviceId: number): Promise<CorrectionRow[]> {
  return readingsOfDevice(db, deviceId)
    .innerJoin('reading_audit as a', 'a.reading_id', 'r.id')
    .innerJoin('users as u', 'u.id', 'a.changed_by')
    .select([
      'a.reading_id as readingId',
      'a.old_value as oldValue',
      'a.new_value as newValue',
      'a.changed_at as changedAt',
      'u.name as changedBy',
      'u.role as changedByRole',
    ])
    .where('a.old_value', 'is not', null)
    .orderBy('a.changed_at')
    .orderBy('a.id')
    .execute();
}
