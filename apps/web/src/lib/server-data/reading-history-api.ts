import {
  type DatedValue,
  type GuaranteedHistoryEntry,
  type GuaranteedHistoryList,
  type HistoryRequest,
  normalizeReadingValue,
} from '@maaler/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../http/api-client';
import { answerSchema } from './answer-schema';

const historySchema = answerSchema('GuaranteedHistoryList');

// The meter history is read by the home screen's plausibility check and shown by the history dialog.

/** Key of every meter history, to mark them all stale after a sync of kept readings. */
export const READING_HISTORY_KEY = ['reading-history'] as const;

/** Key of every meter history of one account, to mark them stale after a save. */
export const readingHistoryAccountKey = (accountId: string) => [...READING_HISTORY_KEY, accountId] as const;

/**
 * POST /api/gateway/loaddeviceitemhistorylist/{accountId}: a page of a meter's readings, newest date
 * first, its newest dates or (with `before`) those before that day (ADR 053).
 */
export function fetchReadingHistory(
  accountId: string,
  meter: HistoryRequest,
): Promise<GuaranteedHistoryList> {
  return api.post(
    `/api/gateway/loaddeviceitemhistorylist/${encodeURIComponent(accountId)}`,
    meter,
    historySchema,
  );
}

export function readingHistoryQueryOptions(accountId: string, meter: HistoryRequest) {
  return queryOptions({
    queryKey: [...readingHistoryAccountKey(accountId), meter.gatewayId, meter.deviceId] as const,
    queryFn: () => fetchReadingHistory(accountId, meter),
  });
}

/** A history entry as a dated canonical value (the wire's comma form has a dot). */
export function datedValueOf(entry: GuaranteedHistoryEntry): DatedValue {
  const canonical = (wire: string) => normalizeReadingValue(wire) ?? wire.replace(',', '.');
  return {
    date: entry.DateRecord,
    value: canonical(entry.Value),
    // A meter change's row (ADR 019): consumption counts the old meter up to its final reading.
    ...(entry.MeterChange ? { finalValue: canonical(entry.MeterChange.FinalValue) } : {}),
    // The register went round since the reading before (ADR 046): consumption counts its range once more.
    ...(entry.Rollover ? { registerDigits: entry.Rollover } : {}),
  };
}

/**
 * The point's earliest reading where the history does not reach back to it (ADR 053): what the
 * average per day starts from. Undefined when the history holds it.
 */
export function earliestOfPoint(
  history: readonly GuaranteedHistoryEntry[],
  deviceItemId: number,
): DatedValue | undefined {
  const earliest = history.filter((entry) => entry.DeviceItemId === deviceItemId).at(-1)?.Earliest;
  return earliest && { date: earliest.DateRecord, value: earliest.Value.replace(',', '.') };
}

/** The readings of one measurement point in a meter history. */
export function readingsOfPoint(
  history: readonly GuaranteedHistoryEntry[],
  deviceItemId: number,
): DatedValue[] {
  return history.filter((entry) => entry.DeviceItemId === deviceItemId).map(datedValueOf);
}
