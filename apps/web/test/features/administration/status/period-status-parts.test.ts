import { describe, expect, it } from 'vitest';
import { missingPage } from '@/features/administration/status/missing-page';
import { periodHasEnded } from '@/features/administration/status/period-ended';
import { readPercent } from '@/features/administration/status/read-share';

describe('the period status', () => {
  it('shows a location’s read share in whole percent, an empty location as done', () => {
    expect(readPercent(1, 3)).toBe(33);
    expect(readPercent(2, 3)).toBe(67);
    expect(readPercent(0, 0)).toBe(100);
  });

  it('pages the missing points, falling back to the last page when fewer are missing', () => {
    const missing = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(missingPage(missing, 1, 10)).toEqual({ pages: 3, current: 1, shown: missing.slice(0, 10) });
    expect(missingPage(missing, 3, 10)).toEqual({ pages: 3, current: 3, shown: [21, 22, 23] });
    expect(missingPage(missing.slice(0, 12), 3, 10)).toEqual({ pages: 2, current: 2, shown: [11, 12] });
  });

  it('offers estimates only for a period whose last day is past', () => {
    expect(periodHasEnded('2026-10-31', '2026-11-27')).toBe(true);
    expect(periodHasEnded('2026-11-30', '2026-11-27')).toBe(false);
    expect(periodHasEnded('2026-11-27', '2026-11-27')).toBe(false);
  });
});
