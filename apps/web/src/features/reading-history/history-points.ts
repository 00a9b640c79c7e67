import {
  averagePerDay,
  type Consumption,
  consumptionByMonth,
  type DatedValue,
  type GuaranteedDeviceItem,
  type GuaranteedHistoryEntry,
  type GuaranteedHistoryList,
  type MonthAmount,
  withConsumption,
} from '@maaler/contract';
import { datedValueOf, earliestOfPoint } from '@/lib/server-data/reading-history-api';

/** One reading as the history shows it. */
export type HistoryRow = {
  entry: GuaranteedHistoryEntry;
  /** Canonical decimal (dot). */
  value: string;
  /** Since the point's reading before it; null for its first reading. */
  consumption: Consumption | null;
};

/**
 * A measurement point with its readings, newest date first; `earliest`: its earliest reading when the
 * loaded history does not reach back to it (ADR 053).
 */
export type HistoryPoint = {
  deviceItemId: number;
  name: string;
  unit: string;
  rows: HistoryRow[];
  earliest: DatedValue | undefined;
};

/**
 * The meter history per measurement point: the meter's points in their order (also those without
 * readings), then any point that is only in the history, each with the consumption of every reading.
 */
export function historyPoints(
  history: GuaranteedHistoryList,
  items: readonly GuaranteedDeviceItem[],
): HistoryPoint[] {
  const points = items.map((item) => ({
    deviceItemId: item.DeviceItemId,
    name: item.Name,
    unit: item.Unit ?? '',
  }));
  for (const entry of history) {
    if (!points.some((point) => point.deviceItemId === entry.DeviceItemId)) {
      points.push({ deviceItemId: entry.DeviceItemId, name: entry.Name, unit: '' });
    }
  }
  return points.map((point) => {
    const entries = history.filter((entry) => entry.DeviceItemId === point.deviceItemId);
    const rows = withConsumption(entries.map((entry) => ({ entry, ...datedValueOf(entry) })));
    return {
      ...point,
      rows: rows.map(({ reading, consumption }) => ({
        entry: reading.entry,
        value: reading.value,
        consumption,
      })),
      earliest: earliestOfPoint(entries, point.deviceItemId),
    };
  });
}

/**
 * The point's consumption per calendar month, newest first: every interval between two readings
 * spread over its days, so one that crosses a month boundary counts in each month by its days there
 * (across a meter change by the change's rule, ADR 019).
 */
export function monthlyConsumption(point: HistoryPoint): MonthAmount[] {
  return consumptionByMonth(point.rows.map((row) => datedValueOf(row.entry))).reverse();
}

/**
 * The point's average consumption per day over its whole history: from its earliest reading, also when
 * only the newest readings are loaded (ADR 053). Null with fewer than two dates.
 */
export function averageOfPoint(point: HistoryPoint): number | null {
  const readings = point.rows.map((row) => datedValueOf(row.entry));
  return averagePerDay(point.earliest ? [point.earliest, ...readings] : readings);
}
