import {
  type DatedValue,
  HISTORY_PAGE_DATES,
  type HistoryEntry,
  subtractDecimal,
  toWireValue,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectControlReadingsOfDevice } from '../../db/repositories/control-readings.ts';
import { deviceExistsInAccount } from '../../db/repositories/measurement-points.ts';
import { selectChangeIntoMeter } from '../../db/repositories/meter-changes.ts';
import {
  type PointReadingRow,
  selectCorrectionsOfDevice,
  selectHistoryPageStart,
  selectPointReadings,
  selectReadingsOfDevice,
  selectValuesOn,
} from '../../db/repositories/reading-history.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { compareControls } from './control-comparison.ts';
import {
  correctionsOf,
  historyEntry,
  type NameOfUser,
  rolloversAmong,
  userNameFor,
} from './history-entry.ts';

/** The history of a meter at a location of the account; 404 when the meter is not there. */
export async function readingHistoryInAccount(
  db: Kysely<Database>,
  meter: { accountId: string; gatewayId: number; deviceId: number; before?: string | undefined },
  viewerRole: number,
): Promise<HistoryEntry[]> {
  if (!(await deviceExistsInAccount(db, meter.accountId, meter.gatewayId, meter.deviceId))) {
    throw new NotFoundError();
  }
  return readingHistoryOfDevice(db, meter.deviceId, viewerRole, meter.before);
}

/**
 * One page of the meter's history (ADR 053): its newest `HISTORY_PAGE_DATES` reading dates before
 * `before` (before none: the newest), newest date first, each reading with who registered its current
 * value and the values it replaced (oldest first). A meter put in place by a meter change (ADR 019)
 * continues the history of the one it replaced: that meter's readings before the change under the new
 * meter's points, and on the day one row per point, the new meter's start reading marked with
 * `MeterChange` (both serial numbers and the old meter's final reading). A point's oldest reading on
 * the page carries its `Earliest` reading when the page does not reach back to it. The caller checks
 * that the meter is the user's. A customer user (`viewerRole` 2) sees `Personale` for whoever of staff
 * registered or corrected a value.
 */
export async function readingHistoryOfDevice(
  db: Kysely<Database>,
  deviceId: number,
  viewerRole: number,
  before?: string,
): Promise<HistoryEntry[]> {
  const page = await historyPage(db, deviceId, userNameFor(viewerRole), before, HISTORY_PAGE_DATES);
  return page.entries;
}

/** A page of one meter's history, with each point's earliest reading counted in that meter's values. */
type HistoryPage = { entries: HistoryEntry[]; earliest: Map<number, DatedValue> };

async function historyPage(
  db: Kysely<Database>,
  deviceId: number,
  nameOfUser: NameOfUser,
  before: string | undefined,
  dates: number,
): Promise<HistoryPage> {
  const [own, change, firsts] = await Promise.all([
    ownPage(db, deviceId, nameOfUser, before, dates),
    selectChangeIntoMeter(db, deviceId),
    selectPointReadings(db, deviceId, { first: true }),
  ]);
  const ownEarliest = new Map(firsts.map((row) => [row.itemId, datedValue(row)]));
  const first = change[0];
  if (!first) {
    return {
      entries: withEarliest(own.entries, (entry) => ownEarliest.get(entry.DeviceItemId)),
      earliest: ownEarliest,
    };
  }
  const changedOn = first.changedOn;
  // The old meter's readings are all dated before the change, the new one's from it on: the order holds.
  const [earlier, finals, starts] = await Promise.all([
    historyPage(
      db,
      first.oldDeviceId,
      nameOfUser,
      before !== undefined && before < changedOn ? before : changedOn,
      dates - own.dates,
    ),
    selectValuesOn(db, first.oldDeviceId, changedOn),
    selectValuesOn(db, deviceId, changedOn),
  ]);
  const nameOf = new Map(firsts.map((row) => [row.itemId, row.itemName]));
  const olderEntries = earlier.entries.flatMap((entry): HistoryEntry[] => {
    const point = change.find((candidate) => candidate.oldItemId === entry.DeviceItemId);
    if (!point) return [];
    return [{ ...entry, DeviceItemId: point.newItemId, Name: nameOf.get(point.newItemId) ?? entry.Name }];
  });
  const finalOf = new Map<number, string>();
  const oldEarliestOf = new Map<number, DatedValue>();
  const earliest = new Map(ownEarliest);
  for (const point of change) {
    const final = finals.get(point.oldItemId);
    if (final === undefined) continue;
    finalOf.set(point.newItemId, final);
    const oldEarliest = earlier.earliest.get(point.oldItemId);
    const start = starts.get(point.newItemId);
    if (!oldEarliest || start === undefined) continue;
    oldEarliestOf.set(point.newItemId, oldEarliest);
    // Counted on from the new meter's start: the consumption up to the final reading, then from the start.
    earliest.set(point.newItemId, {
      date: oldEarliest.date,
      value: subtractDecimal(oldEarliest.value, subtractDecimal(final, start)),
    });
  }
  const marked = own.entries.map((entry): HistoryEntry => {
    const finalValue = finalOf.get(entry.DeviceItemId);
    if (entry.DateRecord !== changedOn || finalValue === undefined) return entry;
    return {
      ...entry,
      MeterChange: {
        OldSerialNumber: first.oldSerial,
        NewSerialNumber: first.newSerial,
        FinalValue: toWireValue(finalValue),
      },
    };
  });
  // The old meter's part of the page carries its own earliest readings, in its own values.
  const continued = new Set(olderEntries.map((entry) => entry.DeviceItemId));
  const ownWithEarliest = withEarliest(marked, (entry) => {
    if (continued.has(entry.DeviceItemId)) return undefined;
    // The change's row counts from the old meter's final reading, so its earliest is in the old meter's values.
    return (entry.MeterChange ? oldEarliestOf : earliest).get(entry.DeviceItemId);
  });
  return { entries: [...ownWithEarliest, ...olderEntries], earliest };
}

const datedValue = (row: { dateRecord: string; value: string }): DatedValue => ({
  date: row.dateRecord,
  value: row.value,
});

/** The entries, each point's oldest with `Earliest` when `earliestOf` gives a reading dated before it. */
function withEarliest(
  entries: readonly HistoryEntry[],
  earliestOf: (entry: HistoryEntry) => DatedValue | undefined,
): HistoryEntry[] {
  // Newest first: a point's last entry is its oldest.
  const oldest = new Set(new Map(entries.map((entry, index) => [entry.DeviceItemId, index])).values());
  return entries.map((entry, index) => {
    const earliest = oldest.has(index) ? earliestOf(entry) : undefined;
    if (!earliest || earliest.date >= entry.DateRecord) return entry;
    return { ...entry, Earliest: { DateRecord: earliest.date, Value: toWireValue(earliest.value) } };
  });
}

/**
 * The page's part of the meter's own readings: its newest `dates` reading dates before `before`, and
 * how many dates that is. Each point's readings next to the page are loaded too, for what they decide
 * on the page: whether its oldest reading follows a rollover, and which reading a control is nearest.
 */
async function ownPage(
  db: Kysely<Database>,
  deviceId: number,
  nameOfUser: NameOfUser,
  before: string | undefined,
  dates: number,
): Promise<{ entries: HistoryEntry[]; dates: number }> {
  if (dates <= 0) return { entries: [], dates: 0 };
  const from = await selectHistoryPageStart(db, deviceId, before, dates);
  const window = { from, before };
  const [readings, corrections, controls, older, newer] = await Promise.all([
    selectReadingsOfDevice(db, deviceId, window),
    selectCorrectionsOfDevice(db, deviceId, window),
    // A meter's controls are few (ADR 049); which reading each is nearest needs all of them.
    selectControlReadingsOfDevice(db, deviceId),
    from === undefined ? [] : selectPointReadings(db, deviceId, { latestBefore: from }),
    before === undefined ? [] : selectPointReadings(db, deviceId, { firstFrom: before }),
  ]);
  // Newest first per point: the page's readings between the ones after it and the ones before it.
  const beside: readonly PointReadingRow[] = [...newer, ...readings, ...older];
  const controlsOf = compareControls(beside, controls);
  const rolledOver = rolloversAmong(beside);
  const correctionsByReading = correctionsOf(corrections, nameOfUser);
  const entries = readings.map((row, index) =>
    historyEntry(row, {
      corrections: correctionsByReading.get(row.id) ?? [],
      rolledOver: rolledOver.has(row.id),
      controls: controlsOf.get(newer.length + index),
      nameOfUser,
    }),
  );
  return { entries, dates: new Set(readings.map((row) => row.dateRecord)).size };
}
