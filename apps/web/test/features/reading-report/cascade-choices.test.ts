import { describe, expect, it } from 'vitest';
import { emptyReadingsFor, startingAccountId } from '@/features/reading-report/cascade-choices';

const accounts = [
  { guid: 'a-1', name: 'Søparken' },
  { guid: 'a-2', name: 'Søparken erhverv' },
];

describe('the account the reading form starts with', () => {
  it('is the selected one while the user has it', () => {
    expect(startingAccountId(accounts, 'a-2')).toBe('a-2');
  });

  it('is the first one when none is selected or the selected one is no longer the user’s', () => {
    expect(startingAccountId(accounts, undefined)).toBe('a-1');
    expect(startingAccountId(accounts, 'a-9')).toBe('a-1');
  });

  it('is none for a user without accounts', () => {
    expect(startingAccountId([], 'a-1')).toBe('');
  });
});

describe('a chosen meter’s values', () => {
  it('are one empty value per point, in the meter’s order', () => {
    const point = (DeviceItemId: number) => ({
      DeviceItemId,
      Name: `Punkt ${DeviceItemId}`,
      LastValue: '12',
      LastDateValue: '2026-10-01',
      LastDateValueFormatted: '01-10-2026',
      Expected: null,
    });
    expect(emptyReadingsFor([point(8), point(3)])).toEqual([
      { deviceItemId: 8, value: '' },
      { deviceItemId: 3, value: '' },
    ]);
    expect(emptyReadingsFor([])).toEqual([]);
  });
});
