import { type Kysely, sql } from 'kysely';
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
      .select([
        'g.id as gatewayId',
        'g.name as gatewayName',
        'd.id as deviceId',
        'd.name as deviceName',
        'd.serial_number as serial',
        'd.retired_at as retiredAt',
      ])
      // Both sides through the database's own lower(), so they fold alike (SQLite folds ASCII only).
      .where(sql<string>`lower(d.serial_number)`, '=', sql<string>`lower(${serial})`)
      .orderBy('d.id')
      .executeTakeFirst()
  );
}
