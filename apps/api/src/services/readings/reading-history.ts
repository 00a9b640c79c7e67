import {
  CUSTOMER_USER_ROLE,
  type HistoryCorrection,
  type HistoryEntry,
  isRollover,
  RESIDENT_LABEL,
  STAFF_LABEL,
  toDanishDate,
  toWireValue,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import {
  type ControlReadingRow,
  selectControlReadingsOfDevice,
} from '../../db/repositories/control-readings.ts';
import { deviceExistsInAccount } from '../../db/repositories/measurement-points.ts';
import { selectChangeIntoMeter } from '../../db/repositories/meter-changes.ts';
import {
  type HistoryReadingRow,
  selectCorrectionsOfDevice,
  selectReadingsOfDevice,
} from '../../db/repositories/reading-history.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { compareControls } from './control-comparison.ts';

/** The history of a meter at a location of the account; 404 when the meter is not there. */
export async function readingHistoryInAccount(
  db: Kysely<Database>,
  meter: { accountId: string; gatewayId: number; deviceId: number },
  viewerRole: number,
): Promise<HistoryEntry[]> {
  if (!(await deviceExistsInAccount(db, meter.accountId, meter.gatewayId, meter.deviceId))) {
    throw new NotFoundError();
  }
  return readingHistoryOfDevice(db, meter.deviceId, viewerRole);
}

/**
 * The meter's readings, newest date first, each with who registered its current value and the
 * values it replaced (oldest first). A meter put in place by a meter change (ADR 019) continues the
 * history of the one it replaced: that meter's readings before the change under the new meter's
 * points, and on the day one row per point, the new meter's start reading marked with `MeterChange`
 * (both serial numbers and the old meter's final reading). The caller checks that the meter is the user's.
 * A customer user (`viewerRole` 2) sees `Personale` for whoever of staff registered or corrected a value.
 */
export async function readingHistoryOfDevice(
  db: Kysely<Database>,
  deviceId: number,
  viewerRole: number,
): Promise<HistoryEntry[]> {
  const nameOfUser = userNameFor(viewerRole);
  const [own, change] = await Promise.all([
    ownHistoryOf(db, deviceId, nameOfUser),
    selectChangeIntoMeter(db, deviceId),
  ]);
  const first = change[0];
  if (!first) return own;
  const changedOn = first.changedOn;
  const earlier = await readingHistoryOfDevice(db, first.oldDeviceId, viewerRole);
  const newPointOf = new Map(change.map((point) => [point.oldItemId, point.newItemId]));
  const finalOf = new Map(
    earlier
      .filter((entry) => entry.DateRecord === changedOn)
      .map((entry) => [newPointOf.get(entry.DeviceItemId), entry.Value]),
  );
  const nameOf = new Map(own.map((entry) => [entry.DeviceItemId, entry.Name]));
  const marked = own.map((entry): HistoryEntry => {
    const finalValue = finalOf.get(entry.DeviceItemId);
    if (entry.DateRecord !== changedOn || finalValue === undefined) return entry;
    return {
      ...entry,
      MeterChange: {
        OldSerialNumber: first.oldSerial,
        NewSerialNumber: first.newSerial,
        FinalValue: finalValue,
      },
    };
  });
  const before = earlier.flatMap((entry): HistoryEntry[] => {
    const newItemId = newPointOf.get(entry.DeviceItemId);
    if (newItemId === undefined || entry.DateRecord >= changedOn) return [];
    return [{ ...entry, DeviceItemId: newItemId, Name: nameOf.get(newItemId) ?? entry.Name }];
  });
  // The new meter's readings are all from the change on, the old one's all before: the order holds.
  return [...marked, ...before];
}

type NameOfUser = (name: string, role: number | null) => string;

/** How the viewer sees the name of the user who registered or corrected a reading. */
function userNameFor(viewerRole: number): NameOfUser {
  if (viewerRole !== CUSTOMER_USER_ROLE) return (name) => name;
  // Anyone but another customer user counts as staff, also a user whose role was taken away.
  return (name, role) => (role === CUSTOMER_USER_ROLE ? name : STAFF_LABEL);
}

async function ownHistoryOf(
  db: Kysely<Database>,
  deviceId: number,
  nameOfUser: NameOfUser,
): Promise<HistoryEntry[]> {
  const [readings, corrections, controls] = await Promise.all([
    selectReadingsOfDevice(db, deviceId),
    selectCorrectionsOfDevice(db, deviceId),
    selectControlReadingsOfDevice(db, deviceId),
  ]);
  const controlsOf = compareControls(readings, controls);
  const correctionsByReading = new Map<number, HistoryCorrection[]>();
  for (const row of corrections) {
    if (row.oldValue === null) continue;
    const list = correctionsByReading.get(row.readingId) ?? [];
    list.push({
      OldValue: toWireValue(row.oldValue),
      NewValue: toWireValue(row.newValue),
      ChangedAt: row.changedAt,
      ChangedBy: nameOfUser(row.changedBy, row.changedByRole),
    });
    correctionsByReading.set(row.readingId, list);
  }
  // Newest first: a point's next row is the reading before, which tells whether the register went round.
  const rolledOver = new Set<number>();
  const laterOf = new Map<number, HistoryReadingRow>();
  for (const row of readings) {
    const later = laterOf.get(row.itemId);
    if (later && isRollover(row.value, later.value, later.registerDigits)) rolledOver.add(later.id);
    laterOf.set(row.itemId, row);
  }
  return readings.map((row, index) => ({
    DeviceItemId: row.itemId,
    Name: row.itemName,
    DateRecord: row.dateRecord,
    DateRecordFormatted: toDanishDate(row.dateRecord),
    Value: toWireValue(row.value),
    RegisteredAt: row.registeredAt,
    // A self-read value is the resident's, registered in the name of whoever issued the link (ADR 039).
    RegisteredBy:
      row.source === 'selfreading' ? RESIDENT_LABEL : nameOfUser(row.registeredBy, row.registeredByRole),
    PlausibilityOverride: row.plausibilityOverride === 1,
    Corrections: correctionsByReading.get(row.id) ?? [],
    Source: row.source,
    EnteredAt: row.enteredAt,
    ...(row.photoId === null ? {} : { PhotoId: row.photoId }),
    ...(row.note === null ? {} : { Note: row.note }),
    Reason: row.reason,
    ...(rolledOver.has(row.id) && row.registerDigits !== null ? { Rollover: row.registerDigits } : {}),
    ...controlsOn(controlsOf.get(index), nameOfUser),
  }));
}

/** The controls compared with a reading, oldest first, as the history shows them; nothing without. */
function controlsOn(
  compared: { control: ControlReadingRow; difference: string }[] | undefined,
  nameOfUser: NameOfUser,
): Pick<HistoryEntry, 'Controls'> {
  if (!compared) return {};
  return {
    Controls: compared
      .map(({ control, difference }) => ({
        DateRecord: control.dateRecord,
        Value: toWireValue(control.value),
        Difference: toWireValue(difference),
        RegisteredAt: control.registeredAt,
        RegisteredBy:
          control.source === 'selfreading'
            ? RESIDENT_LABEL
            : nameOfUser(control.registeredByName, control.registeredByRole),
      }))
      .reverse(),
  };
}
