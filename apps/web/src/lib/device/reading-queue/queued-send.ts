import { type ReadingBatch, toUsDate } from '@maaler/contract';

/** One measurement point's value of a queued SEND, with the id the device gave it. */
export type QueuedReading = {
  id: string;
  deviceItemId: number;
  /** Name and unit of the point, so the waiting list can show it without the account's tree. */
  pointName: string;
  unit: string;
  /** As sent: the typed value with a comma as decimal separator. */
  value: string;
  plausibilityOverride: boolean;
};

/**
 * One press of SEND that has not reached the server yet: the readings of one meter on one date.
 * It is sent as one request (all or none, as online) with `idempotencyKey`, which stays the same
 * for every attempt, so a replay after a lost answer cannot store anything twice. A change by the
 * user ('Ret', 'Slet') makes a new request and so gets a new key.
 */
export type QueuedSend = {
  id: string;
  idempotencyKey: string;
  /** The user who typed it (the session's `guid`); only their session sends it. */
  userId: string;
  accountId: string;
  gatewayId: number;
  gatewayName: string;
  deviceId: number;
  deviceName: string;
  /** ISO date of the readings. */
  date: string;
  /** When it was entered, ms since the epoch. */
  enteredAt: number;
  /**
   * True when SEND kept it at once, without a connection: it is sent as `offline` with `enteredAt`.
   * False when an online attempt got no answer: the server may have stored that body under the key,
   * and another body with the same key would be refused (422), so it goes again exactly as it was.
   * Absent in SENDs kept by an earlier version, which are sent as they were too.
   */
  enteredOffline?: boolean;
  readings: QueuedReading[];
  /** The server's text when it refused the readings at a sync; null while they wait to be sent. */
  rejection: string | null;
};

/**
 * The request body of a queued SEND: as the reading screen sends it online, and for readings entered
 * without a connection with their source `offline` and the time of entry (ADR 017).
 */
export function queuedBatch(send: QueuedSend): ReadingBatch {
  const dateRecord = toUsDate(send.date);
  const source = send.enteredOffline
    ? { source: 'offline', enteredAt: new Date(send.enteredAt).toISOString() }
    : {};
  return send.readings.map((reading) => ({
    gatewayId: send.gatewayId,
    deviceId: send.deviceId,
    dateRecord,
    deviceItemId: reading.deviceItemId,
    value: reading.value,
    ...(reading.plausibilityOverride ? { plausibilityOverride: true } : {}),
    ...source,
  }));
}
