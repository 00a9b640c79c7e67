import { describe, expect, it } from 'vitest';
import { danishTimestamp } from '../../../src/services/exports/export-files.ts';
import { drawUnit } from '../../../src/tenant-generator/seeded-random.ts';

/** What `Intl` says, without the per-hour offset cache that danishTimestamp keeps. */
function intlTimestamp(iso: string): string {
  const parts = new Intl.DateTimeFormat('da-DK', {
    timeZone: 'Europe/Copenhagen',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}`;
}

describe('danishTimestamp', () => {
  it('gives Copenhagen time on both sides of the changes to and from summer time', () => {
    expect(danishTimestamp('2026-03-29T00:59:59.999Z')).toBe('29-03-2026 01:59');
    expect(danishTimestamp('2026-03-29T01:00:00.000Z')).toBe('29-03-2026 03:00');
    expect(danishTimestamp('2026-10-25T00:59:00.000Z')).toBe('25-10-2026 02:59');
    expect(danishTimestamp('2026-10-25T01:00:00.000Z')).toBe('25-10-2026 02:00');
    expect(danishTimestamp('2026-12-31T23:30:00.000Z')).toBe('01-01-2027 00:30');
  });

  it('agrees with Intl for many instants, minutes of one hour included (the cached offset)', () => {
    const start = Date.UTC(2000, 0, 1);
    for (let i = 0; i < 5000; i++) {
      const iso = new Date(start + Math.floor(drawUnit(40, 1, i) * 40 * 365 * 86_400_000)).toISOString();
      expect(danishTimestamp(iso), iso).toBe(intlTimestamp(iso));
    }
  });
});
