import type { SkipReadingRequest } from '@maaler/contract';

/**
 * A 'Spring over' that has not reached the server yet (no connection when it was pressed). Sent
 * with `idempotencyKey`, the key of the attempt that got no answer, so it is stored once.
 */
export type QueuedSkip = {
  id: string;
  idempotencyKey: string;
  /** The user who skipped (the session's `guid`); only their session sends it. */
  userId: string;
  accountId: string;
  /** For the text shown if the server refuses it. */
  deviceName: string;
  skip: SkipReadingRequest;
  /** When it was entered, ms since the epoch. */
  enteredAt: number;
};
