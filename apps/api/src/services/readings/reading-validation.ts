import {
  CLIENT_READING_REASONS,
  CLIENT_READING_SOURCES,
  DEFAULT_READING_REASON,
  isoDateInCopenhagen,
  isReadingDateAllowed,
  MAX_ENTRY_CLOCK_SKEW_MS,
  MIN_READING_DATE,
  normalizeReadingValue,
  parseIsoDateTime,
  parseUsDate,
  READING_ERRORS,
  type ReadingPayload,
  type ReadingReason,
  type ReadingSource,
} from '@maaler/contract';
import type { MeasurementPointRow } from '../../db/repositories/measurement-points.ts';
import type { ReadingWrite } from '../../db/repositories/readings.ts';
import { ReadingRefusedError } from '../../domain/errors.ts';

/** A reading that passed every rule: ISO date and canonical value. */
export type ValidReading = {
  deviceItemId: number;
  dateRecord: string;
  value: string;
  plausibilityOverride: boolean;
  /** A client's own (`web`, `offline`) or, from the import, `import`. */
  source: ReadingSource;
  /** ISO 8601 in UTC; only for `offline`. */
  enteredAt: string | null;
  /** Why it was taken; `meter-change` only from the meter change. */
  reason: ReadingReason;
};

/**
 * The valid readings of one user at one time as the rows to store (storeReadings, or the one
 * statement of ADR 027): the form's batches and the import (ADR 018) both come this way.
 */
export function writesOf(valid: readonly ValidReading[], userId: string, now: Date): ReadingWrite[] {
  const at = now.toISOString();
  return valid.map((reading) => ({
    deviceItemId: reading.deviceItemId,
    dateRecord: reading.dateRecord,
    value: reading.value,
    at,
    by: userId,
    plausibilityOverride: reading.plausibilityOverride ? 1 : 0,
    // Judged by withReviewFlags before the write.
    needsReview: 0,
    source: reading.source,
    enteredAt: reading.enteredAt,
    reason: reading.reason,
  }));
}

type ClientSource = (typeof CLIENT_READING_SOURCES)[number];
/** The sources a server-side writer passes through the one reading write (write-checks.ts). */
export type ServerReadingSource = 'selfreading';

/**
 * Checks a batch against the account's measurement points and the reading rules, in batch order,
 * and throws the 406 of the first reading that fails. `serverSource` stands for every reading's source. Identical repeats of one (point, date) are
 * merged; the same point and date with two different values is refused.
 */
export function validateReadings(
  batch: readonly ReadingPayload[],
  points: readonly MeasurementPointRow[],
  now: Date,
  serverSource?: ServerReadingSource,
): ValidReading[] {
  const todayIso = isoDateInCopenhagen(now);
  const pointsById = new Map(points.map((point) => [point.id, point]));
  const byKey = new Map<string, ValidReading>();
  for (const payload of batch) {
    const point = pointsById.get(payload.deviceItemId);
    if (!point || point.deviceId !== payload.deviceId || point.gatewayId !== payload.gatewayId) {
      throw new ReadingRefusedError(READING_ERRORS.unknownDeviceItem(payload.deviceItemId));
    }
    const dateRecord = parseUsDate(payload.dateRecord);
    if (dateRecord === null) throw new ReadingRefusedError(READING_ERRORS.dateInvalid(point.name));
    if (dateRecord < MIN_READING_DATE) throw new ReadingRefusedError(READING_ERRORS.dateTooEarly(point.name));
    if (!isReadingDateAllowed(dateRecord, todayIso)) {
      throw new ReadingRefusedError(READING_ERRORS.dateInFuture(point.name));
    }
    if (point.retiredAt !== null) throw new ReadingRefusedError(READING_ERRORS.meterRetired(point.name));
    // Before the change the old meter was in place: a reading then would mix two meters' values.
    if (point.changedOn !== null && dateRecord < point.changedOn) {
      throw new ReadingRefusedError(READING_ERRORS.beforeMeterInstalled(point.name, point.changedOn));
    }
    const value = normalizeReadingValue(payload.value);
    if (value === null) throw new ReadingRefusedError(READING_ERRORS.valueInvalid(point.name));
    const { source, enteredAt } = serverSource
      ? { source: serverSource, enteredAt: null }
      : validSource(payload, point.name, now);
    const reason = validReason(payload, point.name);

    // A control reading is kept beside the day's reading (ADR 049), so it has a key of its own.
    const key = `${payload.deviceItemId}|${dateRecord}|${reason === 'control' ? 'control' : ''}`;
    const earlier = byKey.get(key);
    if (earlier && (earlier.value !== value || earlier.reason !== reason))
      throw new ReadingRefusedError(READING_ERRORS.duplicate(point.name));
    byKey.set(key, {
      deviceItemId: payload.deviceItemId,
      dateRecord,
      value,
      plausibilityOverride: payload.plausibilityOverride === true || earlier?.plausibilityOverride === true,
      // A merged repeat keeps where the value was first entered.
      source: earlier?.source ?? source,
      enteredAt: earlier ? earlier.enteredAt : enteredAt,
      reason,
    });
  }
  return [...byKey.values()];
}

/**
 * The source a client may claim (`web` when absent, or `offline` with the time of entry on the device);
 * `import`, `cli` and `estimate` are the server's own and refused like any unknown source.
 */
function validSource(
  payload: ReadingPayload,
  pointName: string,
  now: Date,
): { source: ClientSource; enteredAt: string | null } {
  const source = payload.source ?? 'web';
  if (!isClientSource(source)) throw new ReadingRefusedError(READING_ERRORS.sourceInvalid(pointName));
  if (source === 'web') {
    if (payload.enteredAt !== undefined)
      throw new ReadingRefusedError(READING_ERRORS.enteredAtNotAllowed(pointName));
    return { source, enteredAt: null };
  }
  if (payload.enteredAt === undefined)
    throw new ReadingRefusedError(READING_ERRORS.enteredAtRequired(pointName));
  const enteredAt = parseIsoDateTime(payload.enteredAt);
  if (enteredAt === null) throw new ReadingRefusedError(READING_ERRORS.enteredAtInvalid(pointName));
  const iso = enteredAt.toISOString();
  if (iso < MIN_READING_DATE) throw new ReadingRefusedError(READING_ERRORS.enteredAtTooEarly(pointName));
  if (enteredAt.getTime() > now.getTime() + MAX_ENTRY_CLOCK_SKEW_MS) {
    throw new ReadingRefusedError(READING_ERRORS.enteredAtInFuture(pointName));
  }
  return { source, enteredAt: iso };
}

/** The reason a client may send (`periodic` when absent); `meter-change` is the meter change's own. */
function validReason(payload: ReadingPayload, pointName: string): ReadingReason {
  const reason = payload.reason ?? DEFAULT_READING_REASON;
  if (!(CLIENT_READING_REASONS as readonly string[]).includes(reason)) {
    throw new ReadingRefusedError(READING_ERRORS.reasonInvalid(pointName));
  }
  return reason as ReadingReason;
}

function isClientSource(source: string): source is ClientSource {
  return (CLIENT_READING_SOURCES as readonly string[]).includes(source);
}
