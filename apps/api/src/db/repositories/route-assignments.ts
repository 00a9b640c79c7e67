import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

// Meters of the route assigned to meter readers per reading period (`Tildel aflæser`, ADR 048).

export type AssignmentRow = { deviceId: number; gatewayId: number; readerId: string; readerName: string };

/** The account's assignments in the period starting on `periodStart`, with each reader's name. */
export function selectAssignments(
  db: Kysely<Database>,
  accountId: string,
  periodStart: string,
): Promise<AssignmentRow[]> {
  return db
    .selectFrom('route_assignments as ra')
    .innerJoin('users as u', 'u.id', 'ra.reader_id')
    .select([
      'ra.device_id as deviceId',
      'ra.gateway_id as gatewayId',
      'ra.reader_id as readerId',
      'u.name as readerName',
    ])
    .where('ra.account_id', '=', accountId)
    .where('ra.period_start', '=', periodStart)
    .execute();
}

/** The reader the meter is assigned to in the period, if any. */
export async function selectReaderOfMeter(
  db: Kysely<Database>,
  accountId: string,
  periodStart: string,
  deviceId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('route_assignments')
    .select('reader_id')
    .where('account_id', '=', accountId)
    .where('period_start', '=', periodStart)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return row?.reader_id;
}

export type NewAssignment = {
  customerId: string;
  accountId: string;
  periodStart: string;
  gatewayId: number;
  deviceId: number;
  readerId: string;
  assignedBy: string;
  assignedAt: string;
};

/** Gives the meters to the reader for the period, replacing whoever had them. */
export async function upsertAssignments(db: Kysely<Database>, rows: readonly NewAssignment[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('route_assignments')
    .values(
      rows.map((row) => ({
        customer_id: row.customerId,
        account_id: row.accountId,
        period_start: row.periodStart,
        gateway_id: row.gatewayId,
        device_id: row.deviceId,
        reader_id: row.readerId,
        assigned_by: row.assignedBy,
        assigned_at: row.assignedAt,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['account_id', 'period_start', 'device_id']).doUpdateSet((eb) => ({
        reader_id: eb.ref('excluded.reader_id'),
        assigned_by: eb.ref('excluded.assigned_by'),
        assigned_at: eb.ref('excluded.assigned_at'),
      })),
    )
    .execute();
}

/** Takes the meters' assignments in the period away. */
export async function deleteAssignments(
  db: Kysely<Database>,
  accountId: string,
  periodStart: string,
  deviceIds: readonly number[],
): Promise<void> {
  if (deviceIds.length === 0) return;
  await db
    .deleteFrom('route_assignments')
    .where('account_id', '=', accountId)
    .where('period_start', '=', periodStart)
    .where('device_id', 'in', deviceIds)
    .execute();
}
