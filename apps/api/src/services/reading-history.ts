import { type HistoryCorrection, type HistoryEntry, toDanishDate, toWireValue } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectCorrectionsOfDevice, selectReadingsOfDevice } from '../db/repositories/reading-history.ts';
import type { Database } from '../db/schema.ts';

/**
 * The meter's readings, newest date first, each with who registered its current value and the
 * values it replaced (oldest first). The caller checks that the meter is the user's.
 */
export async function readingHistoryOfDevice(
  db: Kysely<Database>,
  deviceId: number,
): Promise<HistoryEntry[]> {
  const [readings, corrections] = await Promise.all([
    selectReadingsOfDevice(db, deviceId),
    selectCorrectionsOfDevice(db, deviceId),
  ]);
  const correctionsByReading = new Map<number, HistoryCorrection[]>();
  for (const row of corrections) {
    if (row.oldValue === null) continue;
    const list = correctionsByReading.get(row.readingId) ?? [];
    list.push({
      OldValue: toWireValue(row.oldValue),
      NewValue: toWireValue(row.newValue),
      ChangedAt: row.changedAt,
      ChangedBy: row.changedBy,
    });
    correctionsByReading.set(row.readingId, list);
  }
  return readings.map((row) => ({
    DeviceItemId: row.itemId,
    Name: row.itemName,
    DateRecord: row.dateRecord,
    DateRecordFormatted: toDanishDate(row.dateRecord),
    Value: toWireValue(row.value),
    RegisteredAt: row.registeredAt,
    RegisteredBy: row.registeredBy,
    PlausibilityOverride: row.plausibilityOverride === 1,
    Corrections: correctionsByReading.get(row.id) ?? [],
    Source: row.source,
    EnteredAt: row.enteredAt,
  }));
}
