import { describe, expect, it } from 'vitest';
import { type RemoteEntry, remoteSlices } from '../../../src/services/imports/remote/remote-slices.ts';

// How a remote file's writes are cut into committed slices (ADR 052), pure.

const entry = (deviceItemId: number, dateRecord: string): RemoteEntry => ({
  row: { line: 1, radioId: 'R', at: `${dateRecord}T06:00:00Z`, date: dateRecord, values: [], fault: null },
  reading: {
    deviceItemId,
    dateRecord,
    value: '1',
    plausibilityOverride: false,
    source: 'remote',
    enteredAt: null,
    reason: 'periodic',
  },
});

/** `days` values of each point; point p belongs to meter 1000 + floor(p / pointsPerMeter). */
function writesOf(points: number, pointsPerMeter: number, days: number) {
  const deviceOfPoint = new Map<number, number>();
  const writes: RemoteEntry[] = [];
  for (let d = 0; d < days; d++)
    for (let p = 0; p < points; p++) {
      deviceOfPoint.set(p, 1000 + Math.floor(p / pointsPerMeter));
      writes.push(entry(p, `2026-10-${String(d + 1).padStart(2, '0')}`));
    }
  return { writes, deviceOfPoint };
}

describe('remoteSlices', () => {
  it('keeps each meter whole in one slice of at most 500 values, and loses no write', () => {
    const { writes, deviceOfPoint } = writesOf(600, 2, 3);
    const slices = remoteSlices(writes, deviceOfPoint);
    expect(slices.map((slice) => slice.length)).toEqual([498, 498, 498, 306]);
    const meterSlices = new Map<number, Set<number>>();
    for (const [index, slice] of slices.entries())
      for (const { reading } of slice) {
        const meter = deviceOfPoint.get(reading.deviceItemId) ?? -1;
        meterSlices.set(meter, (meterSlices.get(meter) ?? new Set()).add(index));
      }
    expect([...meterSlices.values()].every((set) => set.size === 1)).toBe(true);
    expect(slices.flat()).toHaveLength(writes.length);
    expect(new Set(slices.flat())).toEqual(new Set(writes));
  });

  it('gives a meter with more values than a slice holds a slice of its own', () => {
    const { writes, deviceOfPoint } = writesOf(3, 1, 300);
    expect(remoteSlices(writes, deviceOfPoint).map((slice) => slice.length)).toEqual([300, 300, 300]);
    expect(remoteSlices([], deviceOfPoint)).toEqual([]);
  });
});
