import type { Generated } from 'kysely';

/** A meter of the route given to a meter reader for one reading period (`Tildel aflæser`, ADR 048). */
export interface RouteAssignmentsTable {
  id: Generated<number>;
  /** The account's customer: whose administrators see and change it. */
  customer_id: string;
  account_id: string;
  /** The first day of the reading period (`YYYY-MM-DD`): a period is known by its start. */
  period_start: string;
  gateway_id: number;
  device_id: number;
  reader_id: string;
  /** Null once that administrator is deleted. */
  assigned_by: string | null;
  assigned_at: string;
}
