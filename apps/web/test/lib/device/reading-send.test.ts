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

describe('readingBatch with a photo and a note (issue 36)', () => {
  const photoId = '0b5e7c1a-2f34-4d7e-9a1b-3c4d5e6f7a8b';

  it("puts the SEND's one photo and note on every point's reading", () => {
    expect(readingBatch({ ...send, photoId, note: 'Låget var dugget' })).toEqual([
      { ...point, deviceItemId: 101, value: '12,5', photoId, note: 'Låget var dugget' },
      {
        ...point,
        deviceItemId: 102,
        value: '7',
        plausibilityOverride: true,
        photoId,
        note: 'Låget var dugget',
      },
    ]);
  });

  it('marks every point’s note Kræver opfølgning with the SEND’s mark, and never without a note (issue 37)', () => {
    const marked = readingBatch({ ...send, note: 'Plomben er brudt', followUp: true });
    expect(marked.map((reading) => [reading.note, reading.followUp])).toEqual([
      ['Plomben er brudt', true],
      ['Plomben er brudt', true],
    ]);
    expect(readingBatch({ ...send, followUp: true }).some((reading) => 'followUp' in reading)).toBe(false);
  });

  it('sends neither field when the SEND has none, so an earlier body and its key stay the same', () => {
    expect(JSON.stringify(readingBatch({ ...send, note: '' }))).toBe(JSON.stringify(readingBatch(send)));
    expect(readingBatch(send).some((reading) => 'photoId' in reading || 'note' in reading)).toBe(false);
  });
});
