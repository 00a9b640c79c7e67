import { describe, expect, it } from 'vitest';
import { type ReadingSend, readingBatch } from '@/lib/device/reading-send';

const send: ReadingSend = {
  gatewayId: 1,
  deviceId: 2,
  date: '2026-03-14',
  enteredAt: Date.UTC(2026, 2, 14, 7, 42, 5),
  readings: [
    { deviceItemId: 101, value: '12,5', plausibilityOverride: false },
    { deviceItemId: 102, value: '7', plausibilityOverride: true },
  ],
};
const point = { gatewayId: 1, deviceId: 2, dateRecord: '03/14/2026' };

describe('readingBatch', () => {
  it('sends a SEND of an attempt online without a source, with the override on the confirmed points only', () => {
    const online = [
      { ...point, deviceItemId: 101, value: '12,5' },
      { ...point, deviceItemId: 102, value: '7', plausibilityOverride: true },
    ];
    expect(readingBatch(send)).toEqual(online);
    // Kept after that attempt got no answer: the very same body, byte for byte, so its key still fits.
    expect(JSON.stringify(readingBatch({ ...send, enteredOffline: false }))).toBe(
      JSON.stringify(readingBatch(send)),
    );
  });

  it('sends readings entered without a connection as offline, with the time of entry', () => {
    const offline = { source: 'offline', enteredAt: '2026-03-14T07:42:05.000Z' };
    expect(readingBatch({ ...send, enteredOffline: true })).toEqual([
      { ...point, deviceItemId: 101, value: '12,5', ...offline },
      { ...point, deviceItemId: 102, value: '7', plausibilityOverride: true, ...offline },
    ]);
  });
});
