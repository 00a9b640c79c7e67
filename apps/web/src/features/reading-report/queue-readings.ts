import type { GuaranteedDevice, GuaranteedGateway, ReadingBatch } from '@maaler/contract';
import { plainSessionKeys } from '@/lib/browser-storage/plain-keys';
import { requestBackgroundSync } from '@/lib/device/reading-queue/background-sync';

export type QueueRequest = {
  accountId: string;
  gateway: GuaranteedGateway;
  device: GuaranteedDevice;
  /** ISO date of the readings. */
  date: string;
  /** The body SEND would have sent. */
  readings: ReadingBatch;
  /** The key of the attempt that got no answer (the server may have stored it), or a new one. */
  idempotencyKey: string;
  /** True when no attempt was made for lack of a connection. */
  enteredOffline: boolean;
};

/**
 * Keeps a SEND on the device, owned by the signed-in user, to be sent when the connection returns.
 * The queue (and IndexedDB code) loads only when a SEND is first kept.
 */
export async function queueReadings(request: QueueRequest): Promise<void> {
  const userId = plainSessionKeys.guid.get();
  if (!userId) throw new Error('No signed-in user to keep the readings for');
  const { deviceQueue, queueChanged } = await import('@/lib/device/reading-queue/device-queue');
  const queue = await deviceQueue();
  const points = new Map(request.device.DeviceItemList.map((item) => [item.DeviceItemId, item]));
  await queue.add({
    userId,
    accountId: request.accountId,
    gatewayId: request.gateway.GatewayId,
    gatewayName: request.gateway.Name,
    deviceId: request.device.DeviceId,
    deviceName: request.device.Name,
    date: request.date,
    enteredAt: Date.now(),
    idempotencyKey: request.idempotencyKey,
    enteredOffline: request.enteredOffline,
    readings: request.readings.map((reading) => ({
      deviceItemId: reading.deviceItemId,
      pointName: points.get(reading.deviceItemId)?.Name ?? String(reading.deviceItemId),
      unit: points.get(reading.deviceItemId)?.Unit ?? '',
      value: reading.value,
      plausibilityOverride: reading.plausibilityOverride ?? false,
    })),
  });
  queueChanged();
  void requestBackgroundSync();
}
