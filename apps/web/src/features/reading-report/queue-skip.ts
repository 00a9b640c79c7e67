import type { SkipReadingRequest } from '@maaler/contract';
import { plainSessionKeys } from '@/lib/browser-storage/plain-keys';
import { requestBackgroundSync } from '@/lib/device/reading-queue/background-sync';

export type QueueSkipRequest = {
  accountId: string;
  deviceName: string;
  skip: SkipReadingRequest;
  /** The key of the attempt that got no answer: the server may have stored it. */
  idempotencyKey: string;
};

/**
 * Keeps a 'Spring over' on the device, owned by the signed-in user, to be sent with the kept
 * readings when the connection returns. The queue's code loads only when it is first needed.
 */
export async function queueSkip(request: QueueSkipRequest): Promise<void> {
  const userId = plainSessionKeys.guid.get();
  if (!userId) throw new Error('No signed-in user to keep the skip for');
  const { deviceQueue, queueChanged } = await import('@/lib/device/reading-queue/device-queue');
  const queue = await deviceQueue();
  await queue.addSkip({ ...request, userId, enteredAt: Date.now() });
  queueChanged();
  void requestBackgroundSync();
}
