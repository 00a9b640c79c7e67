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
import type { ControlReadingRow } from '../../db/repositories/control-readings.ts';
import type {
  CorrectionRow,
  HistoryReadingRow,
  PointReadingRow,
} from '../../db/repositories/reading-history.ts';

// A stored reading as the history answers it (the spec's history list, ADR 053): its corrections,
// a rollover before it and the controls compared with it, with each user's name as the viewer may
// see it.

export type NameOfUser = (name: string, role: number | null) => string;

/** How the viewer sees the name of the user who registered or corrected a reading. */
export function userNameFor(viewerRole: number): NameOfUser {
  if (viewerRole !== CUSTOMER_USER_ROLE) return (name) => name;
  // Anyone but another customer user counts as staff, also a user whose role was taken away.
  return (name, role) => (role === CUSTOMER_USER_ROLE ? name : STAFF_LABEL);
}

/** The ids of the readings (newest first per point) after which the register went round. */
export function rolloversAmong(readings: readonly PointReadingRow[]): Set<number> {
  // A point's next row is the reading before, which tells whether the register went round.
  const rolledOver = new Set<number>();
  const laterOf = new Map<number, PointReadingRow>();
  for (const row of readings) {
    const later = laterOf.get(row.itemId);
    if (later && isRollover(row.value, later.value, later.registerDigits)) rolledOver.add(later.id);
    laterOf.set(row.itemId, row);
  }
  return rolledOver;
}

/** The replaced values of each reading, oldest first, as the viewer sees who replaced them. */
export function correctionsOf(
  rows: readonly CorrectionRow[],
  nameOfUser: NameOfUser,
): Map<number, HistoryCorrection[]> {
  const correctionsByReading = new Map<number, HistoryCorrection[]>();
  for (const row of rows) {
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
  return correctionsByReading;
}

/** A reading as the history answers it. */
export function historyEntry(
  row: HistoryReadingRow,
  on: {
    corrections: HistoryCorrection[];
    rolledOver: boolean;
    controls: { control: ControlReadingRow; difference: string }[] | undefined;
    nameOfUser: NameOfUser;
  },
): HistoryEntry {
  const { nameOfUser } = on;
  return {
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
    Corrections: on.corrections,
    Source: row.source,
    EnteredAt: row.enteredAt,
    ...(row.photoId === null ? {} : { PhotoId: row.photoId }),
    ...(row.note === null ? {} : { Note: row.note }),
    Reason: row.reason,
    ...(on.rolledOver && row.registerDigits !== null ? { Rollover: row.registerDigits } : {}),
    ...controlsOn(on.controls, nameOfUser),
  };
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
