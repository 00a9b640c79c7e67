import {
  isReadingDateAllowed,
  MIN_READING_DATE,
  normalizeReadingValue,
  parseUsDate,
  READING_ERRORS,
  type ReadingPayload,
} from '@maaler/contract';
import type { MeasurementPointRow } from '../db/repositories/measurement-points.ts';
import { readingRejected } from '../http/http-errors.ts';

/** A reading that passed every rule: ISO date and canonical value. */
export type ValidReading = {
  deviceItemId: number;
  dateRecord: string;
  value: string;
  plausibilityOverride: boolean;
};

/**
 * Checks a batch against the account's measurement points and the reading rules, in batch order,
 * and throws the 406 of the first reading that fails. Identical repeats of one (point, date) are
 * merged; the same point and date with two different values is refused.
 */
export function validateReadings(
  batch: readonly ReadingPayload[],
  points: readonly MeasurementPointRow[],
  todayIso: string,
): ValidReading[] {
  const pointsById = new Map(points.map((point) => [point.id, point]));
  const byKey = new Map<string, ValidReading>();
  for (const payload of batch) {
    const point = pointsById.get(payload.deviceItemId);
    if (!point || point.deviceId !== payload.deviceId || point.gatewayId !== payload.gatewayId) {
      throw readingRejected(READING_ERRORS.unknownDeviceItem(payload.deviceItemId));
    }
    const dateRecord = parseUsDate(payload.dateRecord);
    if (dateRecord === null) throw readingRejected(READING_ERRORS.dateInvalid(point.name));
    if (dateRecord < MIN_READING_DATE) throw readingRejected(READING_ERRORS.dateTooEarly(point.name));
    if (!isReadingDateAllowed(dateRecord, todayIso)) {
      throw readingRejected(READING_ERRORS.dateInFuture(point.name));
    }
    const value = normalizeReadingValue(payload.value);
    if (value === null) throw readingRejected(READING_ERRORS.valueInvalid(point.name));

    const key = `${payload.deviceItemId}|${dateRecord}`;
    const earlier = byKey.get(key);
    if (earlier && earlier.value !== value) throw readingRejected(READING_ERRORS.duplicate(point.name));
    byKey.set(key, {
      deviceItemId: payload.deviceItemId,
      dateRecord,
      value,
      plausibilityOverride: payload.plausibilityOverride === true || earlier?.plausibilityOverride === true,
    });
  }
  return [...byKey.values()];
}
