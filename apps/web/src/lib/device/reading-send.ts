import { type ClientReadingReason, type ReadingBatch, toUsDate } from '@maaler/contract';

/** One measurement point's value of a SEND. */
export type SentReading = {
  deviceItemId: number;
  /** As sent: the typed value with a comma as decimal separator. */
  value: string;
  /** Sent after a plausibility warning ('Send alligevel'). */
  plausibilityOverride: boolean;
};

/**
 * One press of SEND: the readings of one meter on one date. The reading screen sends it at once; when
 * no answer comes, the device keeps it (a `QueuedSend`) and the sync sends it later. Both send the
 * body `readingBatch` builds, so a kept SEND goes exactly as its attempt online went.
 */
export type ReadingSend = {
  gatewayId: number;
  deviceId: number;
  /** ISO date of the readings. */
  date: string;
  /** When it was entered, ms since the epoch. */
  enteredAt: number;
  /**
   * True when SEND kept it at once, without a connection: it is sent as `offline` with `enteredAt`.
   * False or absent for every attempt online, and for a SEND kept after an online attempt got no
   * answer: the server may have stored that body under its key, and another body with the same key
   * would be refused (422). Absent too in SENDs kept by an earlier version, which go as they were.
   */
  enteredOffline?: boolean;
  /** Why the readings were taken (issue 37); absent: `periodic`, and in SENDs kept by an earlier version. */
  reason?: ClientReadingReason;
  /** The photo taken with the SEND (issue 36), uploaded under this device-made id before the readings go. */
  photoId?: string;
  /** The reader's `Bemærkning`. */
  note?: string;
  /** The note is marked `Kræver opfølgning` (issue 37): the office gets a task for the meter. */
  followUp?: boolean;
  readings: readonly SentReading[];
};

/**
 * The body of POST /api/gateway/manualregisterdeviceitemdata/{accountId}: one reading per point, the
 * date in US format, `plausibilityOverride` on the confirmed points, and for readings entered without
 * a connection their source `offline` and the time of entry (ADR 017), and the SEND's reason when it has one.
 * The SEND's one photo and note
 * go on every point's reading: each point is its own row in the history and the review list, and a
 * reader who photographs a meter shows all of its registers, so every row links to the same photo.
 */
export function readingBatch(send: ReadingSend): ReadingBatch {
  const dateRecord = toUsDate(send.date);
  const source = send.enteredOffline
    ? { source: 'offline', enteredAt: new Date(send.enteredAt).toISOString() }
    : {};
  const evidence = {
    ...(send.photoId ? { photoId: send.photoId } : {}),
    ...(send.note ? { note: send.note } : {}),
    ...(send.note && send.followUp ? { followUp: true } : {}),
  };
  return send.readings.map((reading) => ({
    gatewayId: send.gatewayId,
    deviceId: send.deviceId,
    dateRecord,
    deviceItemId: reading.deviceItemId,
    value: reading.value,
    ...(reading.plausibilityOverride ? { plausibilityOverride: true } : {}),
    ...source,
    ...(send.reason ? { reason: send.reason } : {}),
    ...evidence,
  }));
}
