import { IMPORT_MESSAGES, type ImportRowError, isoDateInCopenhagen } from '@maaler/contract';
import type { Kysely } from 'kysely';
import {
  type ImportLocation,
  type ImportMeter,
  type ImportPoint,
  selectAccountLocations,
  selectAccountMeters,
  selectAccountPoints,
  selectSerialsOfOtherAccounts,
  updateLocationAddress,
  updateMeterNameAndType,
  updateMeterRadioId,
  updatePointUnit,
} from '../../db/repositories/imports.ts';
import {
  type MeterResident,
  NO_RESIDENT,
  selectResidentsOfMeters,
  writeResident,
} from '../../db/repositories/meter-residents.ts';
import {
  insertLocation,
  insertMeter,
  insertPoint,
  updateMeterFieldNotes,
} from '../../db/repositories/metering.ts';
import type { Database } from '../../db/schema.ts';
import { type ImportPlan, planCounts } from './import-plan.ts';
import type { ImportRow } from './import-row.ts';
import { checkedRow, lower, type MeterRow } from './meter-row.ts';
import { retiredOn } from './retired-meters.ts';

// Locations, meters and points from a file (ADR 018): `Lokation;Adresse;Måler;Serienummer;Type;
// Målepunkt;Enhed`, one row per point. A location is found by name, a meter by serial number (unique
// in the customer, ignoring case, so one of another account of the customer is a bad row), a point by name on its meter; names are compared ignoring case.
// What is missing is created (meters read by hand, as the CLI makes them), what differs is changed
// (address, meter name and type, unit); an empty address leaves the stored one. The optional columns
// `Beboer;Beboer e-mail;Beboer telefon` set the resident's contact (ADR 039): a column left out of the
// file leaves the stored value, an empty cell clears it. So do the optional columns `Adgang;Placering`
// for the meter's access note and placement (issue 37, ADR 047), and `Fjernaflæst;Radio-id` for a
// remote meter (issue 38, ADR 050).

export async function planMeterImport(
  db: Kysely<Database>,
  accountId: string,
  rows: readonly ImportRow[],
  now: Date,
): Promise<ImportPlan> {
  const [locations, meters, points, otherSerials] = await Promise.all([
    selectAccountLocations(db, accountId),
    selectAccountMeters(db, accountId),
    selectAccountPoints(db, accountId),
    selectSerialsOfOtherAccounts(db, accountId),
  ]);
  const residents = await selectResidentsOfMeters(
    db,
    meters.map((meter) => meter.id),
  );
  const takenElsewhere = new Set(otherSerials.map(lower));
  const locationByName = firstBy(locations, (location) => lower(location.name));
  const locationById = new Map(locations.map((location) => [location.id, location]));
  const meterBySerial = firstBy(meters, (meter) => lower(meter.serial));
  const pointByKey = firstBy(points, (point) => `${point.deviceId}|${lower(point.name)}`);

  const errors: ImportRowError[] = [];
  const good: MeterRow[] = [];
  const firstOfLocation = new Map<string, MeterRow>();
  const firstOfMeter = new Map<string, MeterRow>();
  const firstOfPoint = new Map<string, MeterRow>();
  for (const input of rows) {
    const row = checkedRow(input, errors);
    if (!row) continue;
    const fail = (column: string, message: string) => errors.push({ line: row.line, column, message });
    const existing = meterBySerial.get(lower(row.serial));
    const home = existing && locationById.get(existing.gatewayId);
    const existingRetiredOn = existing ? retiredOn(existing) : null;
    const meterFirst = firstOfMeter.get(lower(row.serial));
    const pointKey = `${lower(row.serial)}|${lower(row.point)}`;
    const pointFirst = firstOfPoint.get(pointKey);
    if (existing && existingRetiredOn !== null) {
      // A retired meter keeps its history as it was billed; its serial number stays taken (ADR 019).
      fail('Serienummer', IMPORT_MESSAGES.retiredMeterUnchangeable(existing.serial, existingRetiredOn));
    } else if (takenElsewhere.has(lower(row.serial))) {
      fail('Serienummer', IMPORT_MESSAGES.serialInOtherAccount(row.serial));
    } else if (home && lower(home.name) !== lower(row.location)) {
      fail('Lokation', IMPORT_MESSAGES.meterElsewhere(existing.serial, home.name));
    } else if (
      meterFirst &&
      (lower(meterFirst.location) !== lower(row.location) ||
        meterFirst.meter !== row.meter ||
        meterFirst.type !== row.type ||
        !sameResident(meterFirst.resident, row.resident) ||
        meterFirst.notes.access !== row.notes.access ||
        meterFirst.notes.placement !== row.notes.placement ||
        meterFirst.remote?.radioId !== row.remote?.radioId)
    ) {
      fail('Serienummer', IMPORT_MESSAGES.meterDiffers(row.serial, meterFirst.line));
    } else if (pointFirst) {
      fail('Målepunkt', IMPORT_MESSAGES.pointTwice(pointFirst.line));
    } else {
      if (!firstOfLocation.has(lower(row.location))) firstOfLocation.set(lower(row.location), row);
      if (!meterFirst) firstOfMeter.set(lower(row.serial), row);
      firstOfPoint.set(pointKey, row);
      good.push(row);
    }
  }

  // Each row counts once: created when it makes anything new, else changed when it changes anything.
  let created = 0;
  let changed = 0;
  for (const row of good) {
    const location = locationByName.get(lower(row.location));
    const meter = meterBySerial.get(lower(row.serial));
    const point = meter && pointByKey.get(`${meter.id}|${lower(row.point)}`);
    if (!location || !meter || !point) created++;
    else if (
      (firstOfLocation.get(lower(row.location)) === row && addressChanges(location, row)) ||
      (firstOfMeter.get(lower(row.serial)) === row &&
        (meterChanges(meter, row) ||
          residentChanges(residents.get(meter.id), row) ||
          notesChange(meter, row) ||
          remoteChanges(meter, row))) ||
      point.unit !== row.unit
    ) {
      changed++;
    }
  }

  return {
    ...planCounts(rows.length, errors, created, changed),
    apply: {
      kind: 'one-transaction',
      write: async (trx) => {
        const locationIds = new Map<string, number>();
        for (const row of firstOfLocation.values()) {
          const location = locationByName.get(lower(row.location));
          if (!location) {
            locationIds.set(
              lower(row.location),
              await insertLocation(trx, { accountId, name: row.location, address: row.address }),
            );
            continue;
          }
          locationIds.set(lower(row.location), location.id);
          if (addressChanges(location, row)) await updateLocationAddress(trx, location.id, row.address);
        }
        const meterIds = new Map<string, number>();
        for (const row of firstOfMeter.values()) {
          const meter = meterBySerial.get(lower(row.serial));
          if (!meter) {
            const locationId = locationIds.get(lower(row.location));
            if (locationId === undefined) throw new Error(`no location planned for line ${row.line}`);
            const meterId = await insertMeter(trx, {
              locationId,
              name: row.meter,
              type: row.type,
              manual: true,
              serialNumber: row.serial,
              installedOn: null,
              addedOn: isoDateInCopenhagen(now),
            });
            meterIds.set(lower(row.serial), meterId);
            await writeResident(trx, meterId, { ...NO_RESIDENT, ...row.resident });
            await updateMeterFieldNotes(trx, meterId, row.notes);
            if (row.remote?.radioId) await updateMeterRadioId(trx, meterId, row.remote.radioId);
            continue;
          }
          meterIds.set(lower(row.serial), meter.id);
          if (meterChanges(meter, row))
            await updateMeterNameAndType(trx, meter.id, { name: row.meter, type: row.type });
          if (notesChange(meter, row)) await updateMeterFieldNotes(trx, meter.id, row.notes);
          if (row.remote && remoteChanges(meter, row))
            await updateMeterRadioId(trx, meter.id, row.remote.radioId);
          const stored = residents.get(meter.id);
          if (residentChanges(stored, row)) {
            await writeResident(trx, meter.id, { ...NO_RESIDENT, ...stored, ...row.resident });
          }
        }
        for (const row of good) {
          const meterId = meterIds.get(lower(row.serial));
          if (meterId === undefined) throw new Error(`no meter planned for line ${row.line}`);
          const point = pointByKey.get(`${meterId}|${lower(row.point)}`);
          if (!point) {
            await insertPoint(trx, {
              meterId,
              name: row.point,
              unit: row.unit,
              registerDigits: null,
              countsUpOnly: false,
            });
          } else if (point.unit !== row.unit) await updatePointUnit(trx, point.id, row.unit);
        }
      },
    },
  };
}

const addressChanges = (location: ImportLocation, row: MeterRow) =>
  row.address !== '' && row.address !== location.address;

const meterChanges = (meter: ImportMeter, row: MeterRow) =>
  meter.name !== row.meter || meter.type !== row.type;

const residentChanges = (stored: MeterResident | undefined, row: MeterRow) =>
  Object.entries(row.resident).some(
    ([field, value]) => (stored ?? NO_RESIDENT)[field as keyof MeterResident] !== value,
  );

const notesChange = (meter: ImportMeter, row: MeterRow) =>
  (row.notes.access !== undefined && row.notes.access !== (meter.access ?? '')) ||
  (row.notes.placement !== undefined && row.notes.placement !== (meter.placement ?? ''));

const remoteChanges = (meter: ImportMeter, row: MeterRow) =>
  row.remote !== undefined && row.remote.radioId !== meter.radioId;

/** Rows of one meter must agree on its resident, as on its name and type. */
const sameResident = (a: Partial<MeterResident>, b: Partial<MeterResident>) =>
  a.name === b.name && a.email === b.email && a.phone === b.phone;

/** The first item per key (the lowest id, as the queries order by id). */
function firstBy<T extends ImportLocation | ImportMeter | ImportPoint>(
  items: readonly T[],
  key: (item: T) => string,
) {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return map;
}
