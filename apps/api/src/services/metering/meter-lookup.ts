import type { FoundMeter } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectMeterBySerial } from '../../db/repositories/meter-serials.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';

/**
 * The account's meter with that serial number (any case) and its location; 404 when it has none or
 * the meter is retired (it is no longer in the route; its serial number stays taken).
 */
export async function meterBySerial(
  db: Kysely<Database>,
  accountId: string,
  serial: string,
): Promise<FoundMeter> {
  const meter = await selectMeterBySerial(db, accountId, serial);
  if (!meter || meter.retiredAt !== null) throw new NotFoundError();
  return {
    GatewayId: meter.gatewayId,
    GatewayName: meter.gatewayName,
    DeviceId: meter.deviceId,
    DeviceName: meter.deviceName,
    Serial: meter.serial,
  };
}
