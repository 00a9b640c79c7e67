import {
  IMPORT_MESSAGES,
  type ImportRowError,
  isoDateInCopenhagen,
  isReadingDateAllowed,
  MIN_READING_DATE,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import {
  type ImportMeter,
  type ImportPoint,
  selectAccountPoints,
  selectAccountRemoteMeters,
} from '../../../db/repositories/imports.ts';
import type { Database } from '../../../db/schema.ts';
import { createTurns } from '../event-loop-turns.ts';
import { badRowCount } from '../import-files.ts';
import { type ImportPlan, planCounts } from '../import-plan.ts';
import { pagesInTurns } from '../pages-in-turns.ts';
import { registerRowErrors } from '../register-row-errors.ts';
import { retiredMeterReadingError } from '../retired-meters.ts';
import { storedReadingsInTurns } from '../stored-readings.ts';
import type { RemoteFile, RemoteValue } from './remote-file.ts';
import { type RemoteEntry, remoteSlice, remoteSlices } from './remote-slices.ts';

// Remote values (issue 38, ADR 050): each row's meter is found by its `Radio-id`, each value's point by
// its unit (a CSV value, without one, by the meter's only point). A point keeps one value a day, the
// day's latest telegram, stored as `remote` by the form's rules. A day that already has a reading of
// another source keeps it: a remote value never replaces what a person read. Rows whose telegram
// reports a fault open a task on the meter when they bring a new value, so a file imported again
// opens nothing. The plan is made beside the other requests, the apply in committed slices (ADR 052).

const lower = (text: string) => text.toLocaleLowerCase('da');
/** `m3` and `m³` are one unit; case does not matter. */
const unitKey = (unit: string) => lower(unit.trim()).replaceAll('³', '3');

export async function planRemoteImport(
  db: Kysely<Database>,
  accountId: string,
  file: RemoteFile,
  now: Date,
): Promise<ImportPlan> {
  const turns = createTurns();
  const meters = await pagesInTurns<ImportMeter>(
    (page) => selectAccountRemoteMeters(db, accountId, page),
    turns,
  );
  const points = await pagesInTurns<ImportPoint>((page) => selectAccountPoints(db, accountId, page), turns);
  const metersByRadio = new Map<string, ImportMeter[]>();
  for (const meter of meters) {
    const key = lower(meter.radioId ?? '');
    metersByRadio.set(key, [...(metersByRadio.get(key) ?? []), meter]);
  }
  const pointsByMeter = new Map<number, ImportPoint[]>();
  for (const point of points)
    pointsByMeter.set(point.deviceId, [...(pointsByMeter.get(point.deviceId) ?? []), point]);

  const today = isoDateInCopenhagen(now);
  const errors: ImportRowError[] = [...file.errors];
  const latestByKey = new Map<string, RemoteEntry>();
  for (const row of file.rows) {
    await turns.pause();
    const fail = (column: string | null, message: string) => errors.push({ line: row.line, column, message });
    const found = metersByRadio.get(lower(row.radioId)) ?? [];
    // A meter change keeps the radio id on the old meter until it is edited: the one in service counts.
    const inService = found.filter((meter) => meter.retiredAt === null);
    const meter = inService.length === 1 ? inService[0] : found.length === 1 ? found[0] : undefined;
    if (found.length === 0) {
      fail('Radio-id', IMPORT_MESSAGES.radioIdUnknown(row.radioId));
      continue;
    }
    if (!meter) {
      fail('Radio-id', IMPORT_MESSAGES.radioIdTwice(row.radioId));
      continue;
    }
    const retired = retiredMeterReadingError(meter);
    if (retired !== null) fail('Radio-id', retired);
    if (row.date < MIN_READING_DATE) fail('Tidspunkt', IMPORT_MESSAGES.dateTooEarly);
    else if (!isReadingDateAllowed(row.date, today)) fail('Tidspunkt', IMPORT_MESSAGES.dateInFuture);
    else if (meter.changedOn && row.date < meter.changedOn)
      fail('Tidspunkt', IMPORT_MESSAGES.beforeMeterChange(meter.changedOn));
    const matched = matchPoints(row.values, pointsByMeter.get(meter.id) ?? []);
    if ('error' in matched) fail(null, matched.error(row.radioId));
    if (errors.at(-1)?.line === row.line || 'error' in matched) continue;
    for (const { point, value } of matched.pairs) {
      const key = `${point.id}|${row.date}`;
      const earlier = latestByKey.get(key);
      if (earlier && earlier.row.at > row.at) continue;
      latestByKey.set(key, {
        row,
        reading: {
          deviceItemId: point.id,
          dateRecord: row.date,
          value,
          plausibilityOverride: false,
          source: 'remote',
          enteredAt: null,
          reason: 'periodic',
        },
      });
    }
  }

  const entries = [...latestByKey.values()];
  const register = await registerRowErrors(
    db,
    entries.map((entry) => ({ line: entry.row.line, reading: entry.reading })),
    points,
    'Tidspunkt',
    turns,
  );
  errors.push(...register.errors);
  errors.sort((a, b) => a.line - b.line);

  const candidates = entries.filter((_, index) => !register.refused[index]);
  const stored = new Map(
    (
      await storedReadingsInTurns(
        db,
        candidates.map((entry) => entry.reading),
        turns,
      )
    ).map((row) => [`${row.deviceItemId}|${row.dateRecord}`, row]),
  );
  const outcomeOfLine = new Map<number, 'created' | 'changed'>();
  const writes: RemoteEntry[] = [];
  for (const entry of candidates) {
    const current = stored.get(`${entry.reading.deviceItemId}|${entry.reading.dateRecord}`);
    if (current && (current.source !== 'remote' || current.value === entry.reading.value)) continue;
    writes.push(entry);
    if (outcomeOfLine.get(entry.row.line) !== 'created')
      outcomeOfLine.set(entry.row.line, current ? 'changed' : 'created');
  }
  const outcomes = [...outcomeOfLine.values()];
  const created = outcomes.filter((outcome) => outcome === 'created').length;
  const changed = outcomes.length - created;
  const rows = file.rows.length + badRowCount(file.errors);
  const deviceOfPoint = new Map(points.map((point) => [point.id, point.deviceId]));
  return {
    ...planCounts(rows, errors, created, changed),
    apply: {
      kind: 'remote-slices',
      slices: remoteSlices(writes, deviceOfPoint).map((entries) =>
        remoteSlice(entries, accountId, now, deviceOfPoint),
      ),
    },
  };
}

type Matched = { pairs: { point: ImportPoint; value: string }[] } | { error: (radioId: string) => string };

/**
 * Each value's point on the meter: by unit, the first value of a unit taking it (wmbusmeters writes a
 * meter's main register first); a value without a unit needs a meter with one point. Values of units
 * the meter has no point for are left out; a row none of whose values finds a point is an error.
 */
function matchPoints(values: readonly RemoteValue[], points: readonly ImportPoint[]): Matched {
  if (values.every((value) => value.unit === null)) {
    const [only] = points;
    const [value] = values;
    if (points.length !== 1 || !only || !value) return { error: IMPORT_MESSAGES.remotePointAmbiguous };
    return { pairs: [{ point: only, value: value.value }] };
  }
  const pairs: { point: ImportPoint; value: string }[] = [];
  const taken = new Set<number>();
  for (const value of values) {
    const point = points.find((p) => !taken.has(p.id) && unitKey(p.unit) === unitKey(value.unit ?? ''));
    if (!point) continue;
    taken.add(point.id);
    pairs.push({ point, value: value.value });
  }
  if (pairs.length > 0) return { pairs };
  const units = [...new Set(values.map((value) => value.unit))].join(', ');
  return { error: (radioId) => IMPORT_MESSAGES.remoteUnitUnknown(radioId, units) };
}
