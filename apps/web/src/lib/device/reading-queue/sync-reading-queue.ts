import type { QueuedSend } from './queued-send';
import type { ReadingQueue } from './reading-queue';
import { attempt } from './send-outcome';

/** Sends one queued SEND with its own Idempotency-Key; throws what the API client throws. */
export type SendQueued = (send: QueuedSend) => Promise<unknown>;

/** A meter whose readings the server stored in a sync: its history on the device is out of date. */
export type SentMeter = Pick<QueuedSend, 'accountId' | 'gatewayId' | 'deviceId'>;

/** A SEND the server refused in a sync, for the text that tells the reader. */
export type RefusedSend = { deviceName: string; text: string };

export type SyncResult = {
  /** Readings the server stored in this sync. */
  sent: number;
  /** Readings the server refused in this sync; they stay, marked with its text. */
  rejected: number;
  /** The meters of the SENDs stored, once each. */
  sentMeters: SentMeter[];
  /** The SENDs refused, in the order they were sent. */
  refused: RefusedSend[];
  /** True when the sync stopped early (no connection, server trouble, session ended). */
  interrupted: boolean;
};

const sameMeter = (a: SentMeter, b: SentMeter) =>
  a.accountId === b.accountId && a.gatewayId === b.gatewayId && a.deviceId === b.deviceId;

/**
 * Sends `userId`'s waiting SENDs one by one, oldest first, until all are sent or one cannot be.
 * Each is read again just before it goes, so one another tab sent or the user deleted meanwhile is
 * skipped; a SEND is removed only after the server's answer, so an interrupted sync leaves it to be
 * sent again with the same key, which the server answers without storing it twice.
 */
export async function syncReadingQueue(
  queue: ReadingQueue,
  userId: string,
  sendQueued: SendQueued,
  /** Called after each SEND that left the queue or was marked, so a count can follow the sync. */
  onChange: () => void = () => {},
): Promise<SyncResult> {
  const result: SyncResult = { sent: 0, rejected: 0, sentMeters: [], refused: [], interrupted: false };
  for (const listed of await queue.list(userId)) {
    const send = await queue.get(listed.id);
    if (!send || send.rejection !== null) continue;
    const outcome = await attempt(() => sendQueued(send));
    if (outcome.kind === 'stop') {
      result.interrupted = true;
      break;
    }
    if (outcome.kind === 'sent') {
      await queue.removeSent(send);
      result.sent += send.readings.length;
      if (!result.sentMeters.some((meter) => sameMeter(meter, send))) {
        result.sentMeters.push({
          accountId: send.accountId,
          gatewayId: send.gatewayId,
          deviceId: send.deviceId,
        });
      }
    } else if (await queue.markRejected(send, outcome.text)) {
      result.rejected += send.readings.length;
      result.refused.push({ deviceName: send.deviceName, text: outcome.text });
    }
    onChange();
  }
  return result;
}
