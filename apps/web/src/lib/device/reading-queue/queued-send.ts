import type { ReadingSend, SentReading } from '../reading-send';

/** One measurement point's value of a queued SEND, with the id the device gave it. */
export type QueuedReading = SentReading & {
  id: string;
  /** Name and unit of the point, so the waiting list can show it without the account's tree. */
  pointName: string;
  unit: string;
};

/**
 * One press of SEND that has not reached the server yet, as the device keeps it. It is sent as one
 * request (all or none, as online) with `idempotencyKey`, which stays the same for every attempt, so
 * a replay after a lost answer cannot store anything twice. A change by the user ('Ret', 'Slet')
 * makes a new request and so gets a new key.
 */
export type QueuedSend = Omit<ReadingSend, 'readings'> & {
  id: string;
  idempotencyKey: string;
  /** The user who typed it (the session's `guid`); only their session sends it. */
  userId: string;
  accountId: string;
  gatewayName: string;
  deviceName: string;
  readings: QueuedReading[];
  /** The server's text when it refused the readings at a sync; null while they wait to be sent. */
  rejection: string | null;
};
