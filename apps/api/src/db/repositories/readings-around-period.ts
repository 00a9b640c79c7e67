import type { ReadingReason } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { pointsOfAccount, readingsOfAccount } from './account-readings.ts';
import { type PointPlaceRow, pointPlaceColumns } from './column-lists.ts';

/** A measurement point of the account with where it sits and the readings just outside a period. */
export type PointAroundPeriod = PointPlaceRow & {
  /** The point's latest reading dated before the period, or null. */
  beforeDate: string | null;
  beforeValue: string | null;
  /** The point's earliest reading dated after the period, or null. */
  afterDate: string | null;
  afterValue: string | null;
};

/** A reading dated in the period, of any point of the account. */
export type ReadingInPeriod = { itemId: number; dateRecord: string; value: string; reason: ReadingReason };

/**
 * Every point of the account (retired meters' too: their last stretch belongs to the period it ends
 * in) with its readings on both sides of the period: one seek each on the point-and-date index, so
 * the cost grows with the number of points, not with the history.
 */
export function selectPointsAroundPeriod(
  db: Kysely<Database>,
  accountId: string,
  period: { start: string; end: string },
): Promise<PointAroundPeriod[]> {
  return pointsOfAccount(db, accountId)
    .select((eb) => {
      const before = () =>
        eb
          .selectFrom('readings as b')
          .whereRef('b.device_item_id', '=', 'i.id')
          .where('b.date_record', '<', period.start)
          .orderBy('b.date_record', 'desc')
          .limit(1);
      const after = () =>
        eb
          .selectFrom('readings as a')
          .whereRef('a.device_item_id', '=', 'i.id')
          .where('a.date_record', '>', period.end)
          .orderBy('a.date_record', 'asc')
          .limit(1);
      return [
        ...pointPlaceColumns,
        before().select('b.date_record').as('beforeDate'),
        before().select('b.value').as('beforeValue'),
        after().select('a.date_record').as('afterDate'),
        after().select('a.value').as('afterValue'),
      ];
    })
    .execute();
}

/** The account's readings dated from `start` to `end` (both included), as dated values with their reason. */
export function selectReadingsInPeriod(
  db: Kysely<Database>,
  accountId: string,
  period: { start: string; end: string },
): Promise<ReadingInPeriod[]> {
  return readingsOfAccount(db, accountId)
    .where('r.date_record', '>=', period.start)
    .where('r.date_record', '<=', period.end)
    .select([
      'r.device_item_id as itemId',
      'r.date_record as dateRecord',
      'r.value as value',
      'r.reason as reason',
    ])
    .execute();
}
