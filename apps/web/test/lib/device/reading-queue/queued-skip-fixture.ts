import type { QueuedSkip } from '@/lib/device/reading-queue/queued-skip';

/** A skip as the route keeps it when there is no connection. */
export function newSkip(userId: string, deviceId: number, enteredAt = Date.now()): Omit<QueuedSkip, 'id'> {
  return {
    userId,
    accountId: '5b0f6f3c-5f43-4d8e-9a59-8f4a8f4c1a01',
    idempotencyKey: `skip-${userId}-${deviceId}`,
    deviceName: `Hybenvej ${deviceId}`,
    skip: { gatewayId: 7, deviceId, reason: 'Ingen adgang' },
    enteredAt,
  };
}
