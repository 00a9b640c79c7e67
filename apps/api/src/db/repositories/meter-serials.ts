import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../schema.ts';
import { metersOfAccount } from './account-readings.ts';

export type MeterBySerial = {
  gatewayId: number;
  gatewayName: string;
  deviceId: number;
  deviceName: string;
  serial: string;
  /** Set when a meter change retired it (ADR 019). */
  retiredAt: string | null;
};

const METER_BY_SERIAL_COLUMNS = [
  'g.id as gatewayId',
  'g.name as gatewayName',
  'd.id as deviceId',
  'd.name as deviceName',
  'd.serial_number as serial',
  'd.retired_at as retiredAt',
] as const;

/**
 * The account's meter with this serial number, compared without regard to case (through the
 * lower(serial_number) index); the lowest id should two ever share one.
 */
export function selectMeterBySerial(
  db: Kysely<Database>,
  accountId: string,
  serial: string,
): Promise<MeterBySerial | undefined> {
  return (
    metersOfAccount(db, accountId)
      .select(METER_BY_SERIAL_COLUMNS)
      // Both sides through the database's own lower(), so they fold alike (SQLite folds ASCII only).
      .where(sql<string>`lower(d.serial_number)`, '=', sql<string>`lower(${serial})`)
      .orderBy('d.id')
      .executeTakeFirst()
  );
}

/**
 * The meter of the account's customer (any of its accounts) with this serial number, ignoring case,
 * retired meters included: the one the unique index devices_customer_serial_idx lets there be.
 */
export function selectCustomerMeterBySerial(
  db: Kysely<Database>,
  accountId: string,
  serial: string,
): Promise<MeterBySerial | undefined> {
  return db
    .selectFrom('devices as d')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .select(METER_BY_SERIAL_COLUMNS)
    .where('d.customer_id', '=', (eb) =>
      eb.selectFrom('accounts').select('customer_id').where('id', '=', accountId),
    )
    .where(sql<string>`lower(d.serial_number)`, '=', sql<string>`lower(${serial})`)
    .executeTakeFirst();
}

/** Any fixed number: the class of the PostgreSQL advisory locks below (the object is the customer). */
const PLANNING_LOCK_CLASS = 32;

/**
 * Serialises the writes that plan before they insert (meter import, new meters, serial numbers, meter
 * changes): on PostgreSQL the first such transaction of a customer holds this lock until it ends, and
 * the next one plans only then, on what the first committed. The lock is the customer's, not the
 * account's, because a serial number is unique within the customer. SQLite runs one write at a
 * time (group commit, db/engine/group-commit.ts), so the plan there always sees every write before it.
 */
export async function lockCustomerForPlanning(db: Kysely<Database>, accountId: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    select pg_advisory_xact_lock(${sql.lit(PLANNING_LOCK_CLASS)}, hashtext(customer_id))
    from accounts where id = ${accountId}`.execute(db);
}

/** Whether the error is the unique index of serial numbers refusing a write (SQLite or PostgreSQL). */
export function isSerialTaken(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint } = error as Error & { code?: unknown; constraint?: unknown };
  if (code === '23505') return constraint === 'devices_customer_serial_idx';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('devices_customer_serial_idx');
}

/**
 * Runs a write that may take a serial number; when the unique index refuses it, undoes only that
 * write (a savepoint, so the transaction stays usable on PostgreSQL) and answers `serialTaken`, so
 * the caller can name the meter that holds it. This is what a writer that did not take the planning
 * lock (the CLI) meets in a race.
 */
export async function unlessSerialTaken<T>(
  db: Kysely<Database>,
  write: () => Promise<T>,
): Promise<T | typeof serialTaken> {
  await sql`savepoint serial_write`.execute(db);
  try {
    const result = await write();
    await sql`release savepoint serial_write`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback to savepoint serial_write`.execute(db);
    await sql`release savepoint serial_write`.execute(db);
    if (isSerialTaken(error)) return serialTaken;
    throw error;
  }
}

export const serialTaken: unique symbol = Symbol('serial taken');
