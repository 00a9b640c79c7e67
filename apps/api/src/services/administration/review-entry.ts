import { toDanishDate, toWireValue } from '@maaler/contract';
import type { PointPlaceRow } from '../../db/repositories/column-lists.ts';

/** A row on `Til kontrol`, a reading sent anyway or a deviating control, with where it was taken. */
type ReviewedRow = PointPlaceRow & {
  dateRecord: string;
  value: string;
  registeredAt: string;
  registeredBy: string;
};

/** The wire fields every entry of `Til kontrol` carries: where, the value, its date and who sent it. */
export function reviewEntryFields(row: ReviewedRow) {
  return {
    GatewayId: row.gatewayId,
    GatewayName: row.gatewayName,
    DeviceId: row.deviceId,
    DeviceName: row.deviceName,
    DeviceItemId: row.itemId,
    Name: row.itemName,
    Unit: row.unit,
    Value: toWireValue(row.value),
    DateRecord: row.dateRecord,
    DateRecordFormatted: toDanishDate(row.dateRecord),
    RegisteredAt: row.registeredAt,
    RegisteredBy: row.registeredBy,
  };
}
