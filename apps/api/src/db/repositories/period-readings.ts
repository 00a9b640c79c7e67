import { type Kysely, sql } from 'kysely';
import { onPostgres } from '../engine/on-postgres.ts';
import type { Database } from '../schema.ts';
import { pointsOfAccount, readingsOfAccount } from './account-readings.ts';
import {
  type PointPlaceRow,
  pointPlaceColumns,
  type ReadingDetailRow,
  readingDetailColumns,
} from './column-lists.ts';

/** A reading of the account with where it was taken, the reading before it and who registered it. */
export type PeriodReadingRow = PointPlaceRow &
  ReadingDetailRow & {
    dateRecord: string;
    value: string;
    /** The point's reading dated just before this one, or null for its first. */
    previousValue: string | null;
    previousDate: string | null;
    registeredAt: string;
    registeredByName: string;
    registeredByEmail: string;
    /** 1 when the audit trail holds an earlier value of this reading. */
    corrected: number;
  };

/**
 * Every reading of the account dated from `start` to `end` (`YYYY-MM-DD`, both included). The
 * reading before and the correction flag are index seeks per row (unique point-and-date index, audit
 * by reading), so the cost grows with the period's readings, not with the history.
 *
 * The reading before is one seek on PostgreSQL (a lateral join gives its value and date together). SQLite
 * has no lateral join: two scalar subqueries seek the same row there, which costs little in-process. On
 * PostgreSQL the two seeks made the export 1.29× slower at 10M readings than at 10k (docs/performance.md).
 */
export function selectReadingsDatedIn(
  db: Kysely<Database>,
  accountId: string,
  period: { start: string; end: string },
): Promise<PeriodReadingRow[]> {
  const inPeriod = readingsOfAccount(db, accountId)
    .leftJoin('reading_evidence as e', 'e.reading_id', 'r.id')
    .select((eb) => [
      ...pointPlaceColumns,
      'r.date_record as dateRecord',
      'r.value as value',
      'r.registered_at as registeredAt',
      'u.name as registeredByName',
      'u.email as registeredByEmail',
      ...readingDetailColumns,
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('reading_audit as a')
              .select('a.id')
              .whereRef('a.reading_id', '=', 'r.id')
              .where('a.old_value', 'is not', null),
          ),
        )
        .then(1)
        .else(0)
        .end()
        .as('corrected'),
    ])
    .where('r.date_record', '>=', period.start)
    .where('r.date_record', '<=', period.end);
  // The point's reading dated just before the exported reading `r`.
  const readingBefore = () =>
    db
      .selectFrom('readings as p')
      .where('p.device_item_id', '=', sql.ref<number>('r.device_item_id'))
      .where('p.date_record', '<', sql.ref<string>('r.date_record'))
      .orderBy('p.date_record', 'desc')
      .limit(1);
  if (onPostgres(db)) {
    return inPeriod
      .leftJoinLateral(
        readingBefore().select(['p.value as previousValue', 'p.date_record as previousDate']).as('p'),
        (join) => join.onTrue(),
      )
      .select(['p.previousValue', 'p.previousDate'])
      .execute();
  }
  return inPeriod
    .select([
      readingBefore().select('p.value').as('previousValue'),
      readingBefore().select('p.date_record').as('previousDate'),
    ])
    .execute();
}

/**
 * The date of the account's earliest reading (`YYYY-MM-DD`), or null when it has none: the earliest
 * of each point's first date, one seek in the unique (point, date) index per point, so the cost does
 * not grow with the account's history (issue 20; a min over the joined readings read them all).
 */
export async function selectFirstReadingDate(
  db: Kysely<Database>,
  accountId: string,
): Promise<string | null> {
  const firstOfEachPoint = pointsOfAccount(db, accountId)
    .select((eb) =>
      eb
        .selectFrom('readings as r')
        .select('r.date_record')
        .whereRef('r.device_item_id', '=', 'i.id')
        .orderBy('r.date_record')
        .limit(1)
        .as('first'),
    )
    .as('p');
  const row = await db
    .selectFrom(firstOfEachPoint)
    .select((eb) => eb.fn.min('p.first').as('first'))
    .executeTakeFirst();
  return row?.first ?? null;
}
