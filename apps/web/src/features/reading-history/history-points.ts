import {
  type Consumption,
  type GuaranteedDeviceItem,
  type GuaranteedHistoryEntry,
  type GuaranteedHistoryList,
  withConsumption,
} from '@maaler/contract';
import { datedValueOf } from '@/lib/server-data/reading-history-api';

/** One reading as the history shows it. */
export type HistoryRow = {
  entry: GuaranteedHistoryEntry;
  /** Canonical decimal (dot). */
  value: string;
  /** Since the point's reading before it; null for its first reading. */
  consumption: Consumption | null;
};

/** A measurement point with its readings, newest date first. */
export type HistoryPoint = { deviceItemId: number; name: string; unit: string; rows: HistoryRow[] };

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
    };
  });
}
