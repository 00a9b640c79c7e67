import type { NewQueuedSend } from '@/lib/device/reading-queue/reading-queue';

/** A SEND as the reading screen queues it: one meter, one date, `values` for points 101, 102, .... */
export function newSend(
  userId: string,
  values: string[] = ['1234,5'],
  enteredAt = Date.now(),
): NewQueuedSend {
  return {
    userId,
    accountId: '5b0f6f3c-5f43-4d8e-9a59-8f4a8f4c1a01',
    gatewayId: 1,
    gatewayName: 'Kedelrum',
    deviceId: 2,
    deviceName: 'Varmemåler',
    date: '2026-03-14',
    enteredAt,
    enteredOffline: false,
    readings: values.map((value, index) => ({
      deviceItemId: 101 + index,
      pointName: `Punkt ${index + 1}`,
      unit: 'kWh',
      value,
      plausibilityOverride: false,
    })),
  };
}
