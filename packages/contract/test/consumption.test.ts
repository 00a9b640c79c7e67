import { describe, expect, it } from 'vitest';
import { averagePerDay, consumptionBetween, daysBetween, withConsumption } from '../src/index.ts';

describe('daysBetween', () => {
  it('counts calendar days, across months, leap days and the summer-time change', () => {
    expect(daysBetween('2026-10-01', '2026-11-01')).toBe(31);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-01', '2026-10-01')).toBe(-31);
  });
});

describe('consumption', () => {
  const readings = [
    { date: '2026-10-01', value: '1300.5' },
    { date: '2026-09-01', value: '1000.25' },
    { date: '2026-11-10', value: '1690.5' },
  ];

  it('gives each reading its consumption since the reading before it by date, in the order given', () => {
    const rows = withConsumption(readings);
    expect(rows.map((row) => row.reading)).toEqual(readings);
    expect(rows[0]?.consumption).toEqual({ amount: '300.25', days: 30, perDay: 300.25 / 30 });
    expect(rows[1]?.consumption).toBeNull();
    expect(rows[2]?.consumption).toEqual({ amount: '390', days: 40, perDay: 9.75 });
  });

  it('gives a negative consumption when a value is lower than the one before', () => {
    expect(
      consumptionBetween({ date: '2026-01-01', value: '50' }, { date: '2026-01-05', value: '48.5' }),
    ).toEqual({ amount: '-1.5', days: 4, perDay: -0.375 });
  });

  it('has no consumption between two readings of one date', () => {
    expect(
      consumptionBetween({ date: '2026-01-01', value: '1' }, { date: '2026-01-01', value: '2' }),
    ).toBeNull();
  });

  it('averages per day from the earliest to the latest reading', () => {
    expect(averagePerDay(readings)).toBe(690.25 / 70);
    expect(averagePerDay(readings.slice(0, 1))).toBeNull();
    expect(averagePerDay([])).toBeNull();
  });

  describe('across a meter change', () => {
    // Old meter at 1000 and 1100, changed on 1 Nov (final 1150, the new meter starts at 2), new meter at 32.
    const history = [
      { date: '2026-09-01', value: '1000' },
      { date: '2026-10-01', value: '1100' },
      { date: '2026-11-01', value: '2', finalValue: '1150' },
      { date: '2026-12-01', value: '32' },
    ];

    it('counts the old meter up to its final reading on the change and the new one from its start', () => {
      const amounts = withConsumption(history).map((row) => row.consumption?.amount ?? null);
      expect(amounts).toEqual([null, '100', '50', '30']);
    });

    it('is (old final − old previous) + (new current − new start), never the two meters’ difference', () => {
      const [, previous, change, current] = history;
      if (!previous || !change || !current) throw new Error('fixture');
      const acrossChange =
        Number(consumptionBetween(previous, change)?.amount) +
        Number(consumptionBetween(change, current)?.amount);
      expect(acrossChange).toBe(1150 - 1100 + (32 - 2));
      expect(acrossChange).toBeGreaterThanOrEqual(0);
    });

    it('averages by the same rule', () => {
      expect(averagePerDay(history)).toBe((100 + 50 + 30) / 91);
    });
  });
});
