import {
  consumptionBetween,
  type LabelledPeriod,
  RESIDENT_LABEL,
  type ReadingSource,
  subtractDecimal,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { type MeterChangePointRow, selectChangesDatedIn } from '../../db/repositories/meter-changes.ts';
import { type PeriodReadingRow, selectReadingsDatedIn } from '../../db/repositories/period-readings.ts';
import type { Database } from '../../db/schema.ts';
import { byPointPlace } from '../metering/route-order.ts';

/** One line of the billing export: a reading dated in the period (ADR 016 lists the columns). */
export type ExportRow = {
  location: string;
  meter: string;
  serial: string;
  point: string;
  unit: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** Canonical decimal (dot). */
  value: string;
  /** Since the point's reading before, canonical; null for its first reading. */
  consumption: string | null;
  registeredBy: string;
  /** ISO 8601 in UTC. */
  registeredAt: string;
  corrected: boolean;
  sentAnyway: boolean;
  source: ReadingSource;
  /** ISO 8601 in UTC: when an `offline` reading was entered on the device; null for the others. */
  enteredAt: string | null;
  /** On the row of a meter change (ADR 019), whose value is the new meter's start reading. */
  meterChange: { oldSerial: string; newSerial: string; finalValue: string } | null;
  /** The reading has a photo (issue 36); the photo itself stays on the server. */
  hasPhoto: boolean;
  /** The reading's `Bemærkning`, or null. */
  note: string | null;
};

/**
 * The period's readings in route order (locations, then meters), points by name, then by date. A
 * meter change is one marked row under the new meter: its start reading, with the old meter's final
 * reading, and as consumption the old meter's since its reading before (the contract's rule, ADR 019).
 */
export async function exportRowsOf(
  db: Kysely<Database>,
  accountId: string,
  period: LabelledPeriod,
): Promise<ExportRow[]> {
  const [rows, changes] = await Promise.all([
    selectReadingsDatedIn(db, accountId, period),
    selectChangesDatedIn(db, accountId, period),
  ]);
  const changeOfFinal = new Map(changes.map((change) => [keyOf(change.oldItemId, change.changedOn), change]));
  const changeOfStart = new Map(changes.map((change) => [keyOf(change.newItemId, change.changedOn), change]));
  const finals = new Map<MeterChangePointRow, PeriodReadingRow>();
  const kept = rows.filter((row) => {
    const change = changeOfFinal.get(keyOf(row.itemId, row.dateRecord));
    if (change) finals.set(change, row);
    return change === undefined;
  });
  return kept.sort(inExportOrder).map((row) => {
    const change = changeOfStart.get(keyOf(row.itemId, row.dateRecord));
    const final = change && finals.get(change);
    return change && final ? toChangeRow(row, change, final) : toExportRow(row);
  });
}

const keyOf = (itemId: number, date: string) => `${itemId}|${date}`;

function toChangeRow(
  start: PeriodReadingRow,
  change: MeterChangePointRow,
  final: PeriodReadingRow,
): ExportRow {
  const previous =
    final.previousValue === null || final.previousDate === null
      ? null
      : { date: final.previousDate, value: final.previousValue };
  const current = { date: start.dateRecord, value: start.value, finalValue: final.value };
  return {
    ...toExportRow(start),
    consumption: previous ? (consumptionBetween(previous, current)?.amount ?? null) : null,
    meterChange: { oldSerial: change.oldSerial, newSerial: change.newSerial, finalValue: final.value },
  };
}

function inExportOrder(a: PeriodReadingRow, b: PeriodReadingRow): number {
  return byPointPlace(a, b) || (a.dateRecord < b.dateRecord ? -1 : a.dateRecord > b.dateRecord ? 1 : 0);
}

function toExportRow(row: PeriodReadingRow): ExportRow {
  return {
    location: row.gatewayName,
    meter: row.deviceName,
    serial: row.serial,
    point: row.itemName,
    unit: row.unit,
    date: row.dateRecord,
    value: row.value,
    consumption: row.previousValue === null ? null : subtractDecimal(row.value, row.previousValue),
    registeredBy:
      row.source === 'selfreading' ? RESIDENT_LABEL : row.registeredByName || row.registeredByEmail,
    registeredAt: row.registeredAt,
    corrected: row.corrected === 1,
    sentAnyway: row.plausibilityOverride === 1,
    source: row.source,
    enteredAt: row.enteredAt,
    meterChange: null,
    hasPhoto: row.photoId !== null,
    note: row.note,
  };
}
