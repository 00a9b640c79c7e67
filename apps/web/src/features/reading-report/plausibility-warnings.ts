import {
  type DatedValue,
  type GuaranteedDevice,
  type GuaranteedDeviceItem,
  type GuaranteedHistoryList,
  knownReadings,
  NO_READING_DATE,
  normalizeReadingValue,
  plausibilityIssues,
} from '@maaler/contract';
import { issueText } from '@/lib/plausibility/issue-text';
import { earliestOfPoint, readingsOfPoint } from '@/lib/server-data/reading-history-api';
import type { ValidReadingForm } from './reading-form-rules';

/** The warnings of one measurement point, in Danish. */
export type PointWarning = { deviceItemId: number; name: string; texts: string[] };

/**
 * The gateway tree's last reading of the point, canonical; null when it has none, or when it is an
 * estimate (`Estimeret`, ADR 021), which is never what a typed reading is judged against.
 */
export function lastReadingOf(item: GuaranteedDeviceItem): DatedValue | null {
  if (item.LastDateValue === NO_READING_DATE || item.LastValue === null || item.LastEstimated) return null;
  const value = normalizeReadingValue(item.LastValue);
  return value === null ? null : { date: item.LastDateValue, value };
}

/**
 * Checks every typed reading of the form against its point's last reading (gateway tree) and history.
 * Without a history (not loadable) only the last reading is compared. Returns only points with warnings.
 */
export function findPlausibilityWarnings(
  values: ValidReadingForm,
  device: GuaranteedDevice,
  history: GuaranteedHistoryList | undefined,
): PointWarning[] {
  const warnings: PointWarning[] = [];
  for (const reading of values.readings) {
    const item = device.DeviceItemList.find((candidate) => candidate.DeviceItemId === reading.deviceItemId);
    const value = normalizeReadingValue(reading.value);
    if (!item || value === null) continue;
    const real = (history ?? []).filter((entry) => entry.Source !== 'estimate');
    const known = knownReadings(readingsOfPoint(real, item.DeviceItemId), lastReadingOf(item));
    // A register going round is no step backwards (ADR 046); the field says so itself.
    const registerDigits = item.RegisterDigits ?? null;
    // A bounded history (ADR 053) gives the earliest reading the average per day starts from.
    const earliest = earliestOfPoint(history ?? [], item.DeviceItemId);
    const issues = plausibilityIssues({ date: values.date, value, known, registerDigits, earliest });
    if (issues.length > 0) {
      warnings.push({
        deviceItemId: item.DeviceItemId,
        name: item.Name,
        texts: issues.map((issue) => issueText(issue, item.Unit)),
      });
    }
  }
  return warnings;
}
