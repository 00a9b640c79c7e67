import {
  type DatedValue,
  type GuaranteedHistoryEntry,
  type GuaranteedHistoryList,
  type HistoryRequest,
  normalizeReadingValue,
} from '@maaler/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../http/api-client';
import { answerSchema } from './answer-schema';

const historySchema = answerSchema('GuaranteedHistoryList');

// The meter history is read by the home screen's plausibility check and shown by the history dialog.

/** Key of every meter history, to mark them all stale after a sync of kept readings. */
export const READING_HISTORY_KEY = ['reading-history'] as const;

/** Key of every meter history of one account, to mark them stale after a save. */
export const readingHistoryAccountKey = (accountId: string) => [...READING_HISTORY_KEY, accountId] as const;

/** POST /api/gateway/loaddeviceitemhistorylist/{accountId}: a meter's readings, newest date first. */
export function fetchReadingHistory(
  accountId: string,
  meter: HistoryRequest,
): Promise<GuaranteedHistoryList> {
  return api.post(
    `/api/gateway/loaddeviceitemhistorylist/${encodeURIComponent(accountId)}`,
    { gatewayId: meter.gatewayId, deviceId: meter.deviceId },
    historySchema,
  );
}

export function readingHistoryQueryOptions(accountId: string, meter: HistoryRequest) {
  return queryOptions({
    queryKey: [...readingHistoryAccountKey(accountId), meter.gatewayId, meter.deviceId] as const,
    queryFn: () => fetchReadingHistory(accountId, meter),
  });
}

export function useReadingHistory(accountId: string, meter: HistoryRequest) {
  return useQuery(readingHistoryQueryOptions(accountId, meter));
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

/** The readings of one measurement point in a meter history. */
export function readingsOfPoint(
  history: readonly GuaranteedHistoryEntry[],
  deviceItemId: number,
): DatedValue[] {
  return history.filter((entry) => entry.DeviceItemId === deviceItemId).map(datedValueOf);
}
