import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { pointsOfAccount } from './account-readings.ts';

/**
 * The two kinds of rows `Til kontrol` lists, each in its table with the columns that record its
 * approval: a reading sent anyway is marked `Godkendt` (ADR 016), a deviating control reviewed (ADR
 * 050). Both are put on the list by `needs_review` and belong to an account through their point.
 */
const reviewTables = {
  reading: { table: 'readings', by: 'approved_by', at: 'approved_at' },
  control: { table: 'control_readings', by: 'reviewed_by', at: 'reviewed_at' },
} as const;

export type ReviewKind = keyof typeof reviewTables;

/** Of these ids of the kind, those of the account's rows that were put on `Til kontrol`. */
export async function selectIdsOnReview(
  db: Kysely<Database>,
  kind: ReviewKind,
  accountId: string,
  ids: readonly number[],
): Promise<number[]> {
  const { table } = reviewTables[kind];
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('needs_review', '=', 1)
    .where('id', 'in', ids)
    .where('device_item_id', 'in', pointsOfAccount(db, accountId).select('i.id'))
    .execute();
  return rows.map((row) => row.id);
}

/** Marks the rows of the kind approved (who, when) unless they already are; returns how many it marked. */
export async function markApproved(
  db: Kysely<Database>,
  kind: ReviewKind,
  ids: readonly number[],
  approval: { by: string; at: string },
): Promise<number> {
  const { table, by, at } = reviewTables[kind];
  const result = await db
    .updateTable(table)
    .set(by, approval.by)
    .set(at, approval.at)
    .where('id', 'in', ids)
    .where(at, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
