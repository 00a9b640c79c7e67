// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { GuaranteedDevice, GuaranteedGateway } from '@maaler/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { plainSessionKeys } from '@/lib/browser-storage/plain-keys';
import { deviceQueue, onQueueChange } from '@/lib/device/reading-queue/device-queue';
import { keepReadings, keepSkip } from '@/lib/device/reading-queue/keep-on-device';
import { type ReadingSend, readingBatch } from '@/lib/device/reading-send';

const gateway: GuaranteedGateway = { GatewayId: 7, Name: 'Kælder', DeviceList: [] };
const device: GuaranteedDevice = {
  DeviceId: 34,
  Name: 'Koldt vand',
  DeviceItemList: [
    {
      DeviceItemId: 101,
      Name: 'Volumen',
      Unit: 'm³',
      LastValue: '120',
      LastDateValue: '2026-10-01',
      LastDateValueFormatted: '01-10-2026',
    },
  ],
};
const send: ReadingSend = {
  gatewayId: 7,
  deviceId: 34,
  date: '2026-11-01',
  enteredAt: Date.UTC(2026, 10, 1, 9, 30),
  readings: [
    { deviceItemId: 101, value: '130,5', plausibilityOverride: true },
    { deviceItemId: 999, value: '1', plausibilityOverride: false },
  ],
};

let userId: string;
beforeEach(() => {
  userId = `user-${crypto.randomUUID()}`;
  plainSessionKeys.guid.set(userId);
});
afterEach(() => sessionStorage.clear());

describe('keepReadings', () => {
  it("keeps the SEND for the signed-in user with the attempt's key and the names the waiting list shows", async () => {
    let changes = 0;
    const stop = onQueueChange(() => {
      changes += 1;
    });
    await keepReadings({
      accountId: 'a1',
      gateway,
      device,
      send,
      idempotencyKey: 'k1',
      enteredOffline: false,
    });
    stop();

    const [kept] = await (await deviceQueue()).list(userId);
    expect(kept).toMatchObject({
      userId,
      accountId: 'a1',
      idempotencyKey: 'k1',
      gatewayName: 'Kælder',
      deviceName: 'Koldt vand',
      date: '2026-11-01',
      enteredAt: send.enteredAt,
      rejection: null,
      readings: [
        { deviceItemId: 101, pointName: 'Volumen', unit: 'm³', value: '130,5', plausibilityOverride: true },
        { deviceItemId: 999, pointName: '999', unit: '', value: '1', plausibilityOverride: false },
      ],
    });
    expect(changes).toBe(1);
    // After a lost answer it goes again with the very body of that attempt, so its key still fits.
    expect(kept && JSON.stringify(readingBatch(kept))).toBe(JSON.stringify(readingBatch(send)));
  });

  it('a SEND kept without a connection goes as offline, with the time it was entered', async () => {
    await keepReadings({
      accountId: 'a1',
      gateway,
      device,
      send,
      idempotencyKey: 'k2',
      enteredOffline: true,
    });
    const [kept] = await (await deviceQueue()).list(userId);
    expect(kept && readingBatch(kept)[0]).toMatchObject({
      source: 'offline',
      enteredAt: '2026-11-01T09:30:00.000Z',
    });
  });

  it('keeps nothing without a signed-in user', async () => {
    sessionStorage.clear();
    await expect(
      keepReadings({ accountId: 'a1', gateway, device, send, idempotencyKey: 'k3', enteredOffline: true }),
    ).rejects.toThrow('No signed-in user');
    expect(await (await deviceQueue()).list(userId)).toEqual([]);
  });
});

describe('keepSkip', () => {
  it('keeps the skip for the signed-in user with the key of the attempt', async () => {
    const skip = { gatewayId: 7, deviceId: 34, reason: 'Ingen adgang' } as const;
    await keepSkip({ accountId: 'a1', deviceName: 'Koldt vand', skip, idempotencyKey: 's1' });
    expect(await (await deviceQueue()).listSkips(userId)).toEqual([
      expect.objectContaining({
        userId,
        accountId: 'a1',
        deviceName: 'Koldt vand',
        skip,
        idempotencyKey: 's1',
      }),
    ]);
  });
});

describe('keepReadings with a reason (issue 37)', () => {
  it('keeps the SEND’s reason, and the kept SEND goes with it as the online attempt would', async () => {
    await keepReadings({
      accountId: 'a1',
      gateway,
      device,
      send: { ...send, reason: 'move-out' },
      idempotencyKey: 'k-reason',
      enteredOffline: true,
    });
    const [kept] = await (await deviceQueue()).list(userId);
    expect(kept?.reason).toBe('move-out');
    if (!kept) throw new Error('the SEND was kept');
    expect(readingBatch(kept).map((reading) => reading.reason)).toEqual(['move-out', 'move-out']);
  });
});
