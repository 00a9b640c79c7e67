import type { GuaranteedDevice, GuaranteedGateway, SkipReadingRequest } from '@maaler/contract';
import { plainSessionKeys } from '../../browser-storage/plain-keys';
import type { ReadingSend } from '../reading-send';
import { requestBackgroundSync } from './background-sync';
import { deviceQueue, queueChanged } from './device-queue';
import type { ReadingQueue } from './reading-queue';

// What the reading screen keeps on the device when it cannot reach the server: a SEND or a route
// skip, owned by the signed-in user, sent by the sync when the connection returns. The screen imports
// this module lazily, so it, the queue and idb load only when the first one is kept.

export type KeepReadingsRequest = {
  accountId: string;
  gateway: GuaranteedGateway;
  device: GuaranteedDevice;
  /** The SEND as its attempt online sent it, or would have. */
  send: ReadingSend;
  /** The key of the attempt that got no answer (the server may have stored it), or a new one. */
  idempotencyKey: string;
  /** True when no attempt was made for lack of a connection. */
  enteredOffline: boolean;
  /** The shrunk photo the SEND's `photoId` names (issue 36). */
  photo?: Blob | undefined;
};

export type KeepSkipRequest = {
  accountId: string;
  /** For the text shown if the server refuses it. */
  deviceName: string;
  skip: SkipReadingRequest;
  /** The key of the attempt that got no answer: the server may have stored it. */
  idempotencyKey: string;
};

async function keep(write: (queue: ReadingQueue, userId: string) => Promise<unknown>): Promise<void> {
  const userId = plainSessionKeys.guid.get();
  if (!userId) throw new Error('No signed-in user to keep it for');
  await write(await deviceQueue(), userId);
  queueChanged();
  void requestBackgroundSync();
}

/** Keeps a SEND, with the names of its location, meter and points for the waiting list. */
export async function keepReadings({
  accountId,
  gateway,
  device,
  send,
  idempotencyKey,
  enteredOffline,
  photo,
}: KeepReadingsRequest): Promise<void> {
  const points = new Map(device.DeviceItemList.map((item) => [item.DeviceItemId, item]));
  await keep((queue, userId) =>
    queue.add(
      {
        userId,
        accountId,
        gatewayId: send.gatewayId,
        gatewayName: gateway.Name,
        deviceId: send.deviceId,
        deviceName: device.Name,
        date: send.date,
        enteredAt: send.enteredAt,
        idempotencyKey,
        enteredOffline,
        ...(send.reason ? { reason: send.reason } : {}),
        ...(send.photoId ? { photoId: send.photoId } : {}),
        ...(send.note ? { note: send.note } : {}),
        ...(send.note && send.followUp ? { followUp: true } : {}),
        readings: send.readings.map((reading) => ({
          deviceItemId: reading.deviceItemId,
          pointName: points.get(reading.deviceItemId)?.Name ?? String(reading.deviceItemId),
          unit: points.get(reading.deviceItemId)?.Unit ?? '',
          value: reading.value,
          plausibilityOverride: reading.plausibilityOverride,
        })),
      },
      photo,
    ),
  );
}

/** Keeps a 'Spring over', to be sent with the kept readings. */
export function keepSkip(request: KeepSkipRequest): Promise<void> {
  return keep((queue, userId) => queue.addSkip({ ...request, userId, enteredAt: Date.now() }));
}
