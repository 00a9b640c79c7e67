import {
  type DatedValue,
  type RegisterRefusal,
  type RegisterSettings,
  registerRefusal,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectNeighbourReadings } from '../../db/repositories/reading-neighbours.ts';
import type { ReadingKey } from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';

/** A reading about to be stored: ISO date, canonical value. */
export type ReadingToStore = ReadingKey & { value: string };

/**
 * The hard rules of ADR 020 for readings about to be stored together: per reading, in order, its
 * refusal or null. A point counting only up is judged by its readings as they will stand after the
 * write (the stored ones with the batch's laid over them), so neither a new reading nor an old one
 * inserted between two can make the register run backwards. `settingsOf` answers undefined for a
 * point with nothing declared.
 */
export async function registerRefusals(
  db: Kysely<Database>,
  readings: readonly ReadingToStore[],
  settingsOf: (deviceItemId: number) => RegisterSettings | undefined,
): Promise<(RegisterRefusal | null)[]> {
  const upOnly = readings.filter((reading) => settingsOf(reading.deviceItemId)?.countsUpOnly === true);
  const afterWrite = new Map<number, Map<string, DatedValue>>();
  const lay = (reading: ReadingToStore) => {
    const byDate = afterWrite.get(reading.deviceItemId) ?? new Map<string, DatedValue>();
    byDate.set(reading.dateRecord, { date: reading.dateRecord, value: reading.value });
    afterWrite.set(reading.deviceItemId, byDate);
  };
  // Each reading is judged by its neighbours before and after it, as they will stand.
  for (const stored of await selectNeighbourReadings(db, upOnly)) lay(stored);
  // A reading refused by the digits or the installation day is never stored: no comparison for others.
  for (const reading of readings) {
    const settings = settingsOf(reading.deviceItemId);
    if (!settings?.countsUpOnly) continue;
    const alone = { date: reading.dateRecord, value: reading.value, known: [] };
    if (registerRefusal(alone, { ...settings, countsUpOnly: false }) === null) lay(reading);
  }

  return readings.map((reading) => {
    const settings = settingsOf(reading.deviceItemId);
    if (!settings) return null;
    const known = [...(afterWrite.get(reading.deviceItemId)?.values() ?? [])];
    return registerRefusal({ date: reading.dateRecord, value: reading.value, known }, settings);
  });
}

/** The settings of a point as stored, or undefined when nothing is declared. */
export function declaredSettings(row: {
  registerDigits: number | null;
  countsUpOnly: number;
  installedOn: string | null;
}): RegisterSettings | undefined {
  if (row.registerDigits === null && row.countsUpOnly !== 1 && row.installedOn === null) return undefined;
  return {
    registerDigits: row.registerDigits,
    countsUpOnly: row.countsUpOnly === 1,
    installedOn: row.installedOn,
  };
}
