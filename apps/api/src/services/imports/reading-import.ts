import {
  IMPORT_MESSAGES,
  type ImportRowError,
  isoDateInCopenhagen,
  isReadingDateAllowed,
  MAX_READINGS_PER_BATCH,
  MIN_READING_DATE,
  parseImportedValue,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectAccountMeters, selectAccountPoints } from '../../db/repositories/imports.ts';
import type { Database } from '../../db/schema.ts';
import { withReviewFlags } from '../readings/neighbour-judgements.ts';
import { type ValidReading, writesOf } from '../readings/reading-validation.ts';
import { storeReadings } from '../readings/readings.ts';
import { createTurns } from './event-loop-turns.ts';
import { parseImportDate } from './import-dates.ts';
import { type ImportPlan, planCounts } from './import-plan.ts';
import type { ImportRow } from './import-row.ts';
import { registerRowErrors } from './register-row-errors.ts';
import { retiredMeterReadingError } from './retired-meters.ts';
import { storedReadingsInTurns } from './stored-readings.ts';

// Readings from a file (ADR 018): `Serienummer;Målepunkt;Dato;Værdi`, checked by the form's rules
// (value format, no date before the first reading date or after today, none on a retired meter or
// before a meter change) and stored as `import`.

const lower = (text: string) => text.toLocaleLowerCase('da');

export async function planReadingImport(
  db: Kysely<Database>,
  accountId: string,
  rows: readonly ImportRow[],
  now: Date,
): Promise<ImportPlan> {
  const [meters, points] = await Promise.all([
    selectAccountMeters(db, accountId),
    selectAccountPoints(db, accountId),
  ]);
  const meterBySerial = new Map<string, (typeof meters)[number]>();
  for (const meter of meters)
    if (!meterBySerial.has(lower(meter.serial))) meterBySerial.set(lower(meter.serial), meter);
  const pointByMeterAndName = new Map<string, (typeof points)[number]>();
  for (const point of points) {
    const key = `${point.deviceId}|${lower(point.name)}`;
    if (!pointByMeterAndName.has(key)) pointByMeterAndName.set(key, point);
  }

  const today = isoDateInCopenhagen(now);
  const errors: ImportRowError[] = [];
  const firstByKey = new Map<string, { line: number; reading: ValidReading }>();
  // Other requests get turns while the rows are checked (ADR 052).
  const turns = createTurns();
  for (const { line, cells } of rows) {
    await turns.pause();
    const fail = (column: string, message: string) => errors.push({ line, column, message });
    const serial = cells.Serienummer ?? '';
    const pointName = cells.Målepunkt ?? '';
    const dateText = cells.Dato ?? '';
    const valueText = cells.Værdi ?? '';
    const before = errors.length;
    if (serial === '') fail('Serienummer', IMPORT_MESSAGES.required('Serienummer'));
    if (pointName === '') fail('Målepunkt', IMPORT_MESSAGES.required('Målepunkt'));
    const meter = serial === '' ? undefined : meterBySerial.get(lower(serial));
    if (serial !== '' && !meter) fail('Serienummer', IMPORT_MESSAGES.meterUnknown(serial));
    const retired = meter ? retiredMeterReadingError(meter) : null;
    if (retired !== null) fail('Serienummer', retired);
    const point =
      meter && pointName !== '' ? pointByMeterAndName.get(`${meter.id}|${lower(pointName)}`) : undefined;
    if (meter && pointName !== '' && !point)
      fail('Målepunkt', IMPORT_MESSAGES.pointUnknown(pointName, serial));

    const date = parseImportDate(dateText);
    if (dateText === '') fail('Dato', IMPORT_MESSAGES.required('Dato'));
    else if (date === null) fail('Dato', IMPORT_MESSAGES.dateInvalid);
    else if (date < MIN_READING_DATE) fail('Dato', IMPORT_MESSAGES.dateTooEarly);
    else if (!isReadingDateAllowed(date, today)) fail('Dato', IMPORT_MESSAGES.dateInFuture);
    // Before its change day the old meter was in place: the form refuses such a reading too (ADR 019).
    else if (meter?.changedOn && date < meter.changedOn)
      fail('Dato', IMPORT_MESSAGES.beforeMeterChange(meter.changedOn));

    const parsedValue = valueText === '' ? null : parseImportedValue(valueText);
    const value = parsedValue && 'value' in parsedValue ? parsedValue.value : null;
    if (!parsedValue) fail('Værdi', IMPORT_MESSAGES.required('Værdi'));
    else if ('error' in parsedValue) fail('Værdi', parsedValue.error);
    if (errors.length > before || !point || date === null || value === null) continue;

    const key = `${point.id}|${date}`;
    const first = firstByKey.get(key);
    if (first) {
      // An identical repeat counts as unchanged.
      if (first.reading.value !== value) fail('Værdi', IMPORT_MESSAGES.readingTwice(first.line));
      continue;
    }
    firstByKey.set(key, {
      line,
      reading: {
        deviceItemId: point.id,
        dateRecord: date,
        value,
        plausibilityOverride: false,
        source: 'import',
        enteredAt: null,
        reason: 'periodic',
      },
    });
  }

  const entries = [...firstByKey.values()];
  const register = await registerRowErrors(db, entries, points, 'Dato');
  errors.push(...register.errors);
  errors.sort((a, b) => a.line - b.line);
  const readings = entries.filter((_, index) => !register.refused[index]).map((entry) => entry.reading);
  const stored = new Map(
    (await storedReadingsInTurns(db, readings, turns)).map((row) => [
      `${row.deviceItemId}|${row.dateRecord}`,
      row.value,
    ]),
  );
  let created = 0;
  let changed = 0;
  for (const reading of readings) {
    const value = stored.get(`${reading.deviceItemId}|${reading.dateRecord}`);
    if (value === undefined) created++;
    else if (value !== reading.value) changed++;
  }
  return {
    ...planCounts(rows.length, errors, created, changed),
    apply: {
      kind: 'one-transaction',
      write: async (trx, userId) => {
        // The form's write path, in slices the size of the form's largest batch, all in one transaction.
        for (let start = 0; start < readings.length; start += MAX_READINGS_PER_BATCH) {
          const slice = writesOf(readings.slice(start, start + MAX_READINGS_PER_BATCH), userId, now);
          await storeReadings(trx, (await withReviewFlags(trx, slice)).writes);
        }
      },
    },
  };
}
