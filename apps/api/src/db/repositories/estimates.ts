import type { ReadingSource } from '@maaler/contract';
import { type Kysely, sql } from 'kysely';
import { preparedListQuery } from '../engine/prepared-query.ts';
import type { Database } from '../schema.ts';

/** A stored estimate (`source = 'estimate'`, ADR 021) with the account its point belongs to. */
export type EstimateRow = {
  id: number;
  itemId: number;
  accountId: string;
  dateRecord: string;
  value: string;
  registeredAt: string;
  registeredBy: string;
};

const estimateColumns = [
  'r.id as id',
  'r.device_item_id as itemId',
  'r.date_record as dateRecord',
  'r.value as value',
  'r.registered_at as registeredAt',
  'r.registered_by as registeredBy',
] as const;

/** The estimates of these points. */
export function selectEstimatesOfPoints(
  db: Kysely<Database>,
  itemIds: readonly number[],
): Promise<EstimateRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return estimatesOfPoints(
    db,
    itemIds.map((id) => ({ id })),
    {},
  );
}

// Asked by every write (estimate-replacement.ts), so built and compiled once per list length.
const estimatesOfPoints = preparedListQuery((db: Kysely<Database>, items: readonly { id: number }[]) =>
  db
    .selectFrom('readings as r')
    .innerJoin('device_items as i', 'i.id', 'r.device_item_id')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .select([...estimateColumns, 'g.account_id as accountId'])
    // A literal, so that PostgreSQL's partial index `readings_estimates_idx` answers it in any plan.
    .where('r.source', '=', sql.lit('estimate'))
    .where(
      'r.device_item_id',
      'in',
      items.map((item) => item.id),
    ),
);

/**
 * Deletes these readings while they are still estimates and returns those it deleted: of two writes
 * that replace one estimate at once, only one records the replacement.
 */
export function deleteEstimates(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Omit<EstimateRow, 'accountId'>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .deleteFrom('readings')
    .where('id', 'in', ids)
    .where('source', '=', 'estimate')
    .returning([
      'id',
      'device_item_id as itemId',
      'date_record as dateRecord',
      'value',
      'registered_at as registeredAt',
      'registered_by as registeredBy',
    ])
    .execute();
}

export type ReplacedEstimate = {
  itemId: number;
  dateRecord: string;
  value: string;
  estimatedAt: string;
  estimatedBy: string;
  replacedAt: string;
  replacedBy: string;
  replacingDate: string;
  replacingValue: string;
  replacingSource: ReadingSource;
};

export async function insertReplacedEstimates(
  db: Kysely<Database>,
  rows: readonly ReplacedEstimate[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('replaced_estimates')
    .values(
      rows.map((row) => ({
        device_item_id: row.itemId,
        date_record: row.dateRecord,
        value: row.value,
        estimated_at: row.estimatedAt,
        estimated_by: row.estimatedBy,
        replaced_at: row.replacedAt,
        replaced_by: row.replacedBy,
        replacing_date: row.replacingDate,
        replacing_value: row.replacingValue,
        replacing_source: row.replacingSource,
      })),
    )
    .execute();
}

export type PointReadingWithSource = { itemId: number; date: string; value: string; source: ReadingSource };

/** Every reading of these points, with its source. */
export function selectReadingsWithSource(
  db: Kysely<Database>,
  itemIds: readonly number[],
): Promise<PointReadingWithSource[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('readings')
    .select(['device_item_id as itemId', 'date_record as date', 'value', 'source'])
    .where('device_item_id', 'in', itemIds)
    .execute();
}
