import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { type ReadingDetailRow, readingDetailColumns } from './column-lists.ts';

export type HistoryReadingRow = ReadingDetailRow & {
  id: number;
  itemId: number;
  itemName: string;
  dateRecord: string;
  value: string;
  registeredAt: string;
  registeredBy: string;
  /** The role of the user who registered it (null for a user without one). */
  registeredByRole: number | null;
  /** The point's declared register digits (ADR 020), which tell a rollover (ADR 046). */
  registerDigits: number | null;
};

export type CorrectionRow = {
  readingId: number;
  oldValue: string | null;
  newValue: string;
  changedAt: string;
  changedBy: string;
  changedByRole: number | null;
};

/**
 * The reading dates one history page covers (ADR 053): from `from` (included; none: from the first)
 * up to `before` (excluded; none: up to the newest).
 */
export type HistoryWindow = { from?: string | undefined; before?: string | undefined };

/** A reading of one of the meter's points, as far as its neighbours in the history need it. */
export type PointReadingRow = {
  id: number;
  itemId: number;
  itemName: string;
  dateRecord: string;
  value: string;
  registerDigits: number | null;
};

/** The readings of the meter's points in the window, joined to their point (`i`). */
function readingsOfDevice(db: Kysely<Database>, deviceId: number, window: HistoryWindow = {}) {
  const { from, before } = window;
  return db
    .selectFrom('readings as r')
    .innerJoin('device_items as i', 'i.id', 'r.device_item_id')
    .where('i.device_id', '=', deviceId)
    .$if(from !== undefined, (query) => query.where('r.date_record', '>=', from as string))
    .$if(before !== undefined, (query) => query.where('r.date_record', '<', before as string));
}

/**
 * The oldest of the meter's newest `dates` reading dates before `before` (all dates without it), or
 * undefined when there are fewer: where a history page starts.
 */
export async function selectHistoryPageStart(
  db: Kysely<Database>,
  deviceId: number,
  before: string | undefined,
  dates: number,
): Promise<string | undefined> {
  const row = await readingsOfDevice(db, deviceId, { before })
    .select('r.date_record as date')
    .distinct()
    .orderBy('r.date_record', 'desc')
    .limit(1)
    .offset(dates - 1)
    .executeTakeFirst();
  return row?.date;
}

/**
 * Per point of the meter one reading: its first, its latest dated before `latestBefore` or its first
 * dated on or after `firstFrom`. Points without one are absent. The reading's id is a subquery per
 * point (an ordered seek on `readings_item_date_uq` with limit 1), so the cost does not grow with the
 * point's readings; compared by date (`date = (select max…)`), PostgreSQL ran the subquery once for
 * every reading of the point.
 */
export function selectPointReadings(
  db: Kysely<Database>,
  deviceId: number,
  which: { first: true } | { latestBefore: string } | { firstFrom: string },
): Promise<PointReadingRow[]> {
  return db
    .selectFrom('device_items as i')
    .innerJoin('readings as r', (join) =>
      join.on(({ eb, selectFrom }) => {
        const ofPoint = selectFrom('readings as x').select('x.id').whereRef('x.device_item_id', '=', 'i.id');
        const seek =
          'latestBefore' in which
            ? ofPoint.where('x.date_record', '<', which.latestBefore).orderBy('x.date_record', 'desc')
            : ('firstFrom' in which
                ? ofPoint.where('x.date_record', '>=', which.firstFrom)
                : ofPoint
              ).orderBy('x.date_record');
        return eb('r.id', '=', seek.limit(1));
      }),
    )
    .where('i.device_id', '=', deviceId)
    .select([
      'r.id as id',
      'i.id as itemId',
      'i.name as itemName',
      'r.date_record as dateRecord',
      'r.value as value',
      'i.register_digits as registerDigits',
    ])
    .orderBy('i.id')
    .execute();
}

/** The values of the meter's readings on `date`, by point. */
export async function selectValuesOn(
  db: Kysely<Database>,
  deviceId: number,
  date: string,
): Promise<Map<number, string>> {
  const rows = await readingsOfDevice(db, deviceId)
    .select(['i.id as itemId', 'r.value as value'])
    .where('r.date_record', '=', date)
    .execute();
  return new Map(rows.map((row) => [row.itemId, row.value]));
}

/** The readings of the meter's points in the window, newest date first. */
export function selectReadingsOfDevice(
  db: Kysely<Database>,
  deviceId: number,
  window: HistoryWindow = {},
): Promise<HistoryReadingRow[]> {
  return readingsOfDevice(db, deviceId, window)
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
      ...readingDetailColumns,
      'i.register_digits as registerDigits',
    ])
    .orderBy('r.date_record', 'desc')
    .orderBy('i.id')
    .execute();
}

/** Replacements (audit entries with an earlier value) of the meter's readings in the window, oldest first. */
export function selectCorrectionsOfDevice(
  db: Kysely<Database>,
  deviceId: number,
  window: HistoryWindow = {},
): Promise<CorrectionRow[]> {
  return readingsOfDevice(db, deviceId, window)
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
