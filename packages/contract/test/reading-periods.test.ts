import { describe, expect, it } from 'vitest';
import {
  DEFAULT_READING_PERIOD,
  periodContaining,
  periodLabel,
  previousPeriod,
  ReadingPeriod,
} from '../src/index.ts';

describe('periodContaining', () => {
  it('gives the month, quarter or year of a calendar date, both ends included', () => {
    expect(periodContaining('2026-11-22', 'monthly')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(periodContaining('2026-11-22', 'quarterly')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(periodContaining('2026-11-22', 'yearly')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });

  it('puts the first and last day of a period into that period', () => {
    for (const [date, start, end] of [
      ['2026-01-01', '2026-01-01', '2026-03-31'],
      ['2026-03-31', '2026-01-01', '2026-03-31'],
      ['2026-04-01', '2026-04-01', '2026-06-30'],
      ['2026-06-30', '2026-04-01', '2026-06-30'],
      ['2026-07-01', '2026-07-01', '2026-09-30'],
      ['2026-09-30', '2026-07-01', '2026-09-30'],
      ['2026-10-01', '2026-10-01', '2026-12-31'],
      ['2026-12-31', '2026-10-01', '2026-12-31'],
    ] as const) {
      expect(periodContaining(date, 'quarterly'), date).toEqual({ start, end });
    }
    expect(periodContaining('2026-12-31', 'yearly')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(periodContaining('2027-01-01', 'yearly')).toEqual({ start: '2027-01-01', end: '2027-12-31' });
  });

  it('knows the length of every month, leap years included', () => {
    expect(periodContaining('2024-02-10', 'monthly')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(periodContaining('2026-02-10', 'monthly')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(periodContaining('2100-02-10', 'monthly').end).toBe('2100-02-28');
    expect(periodContaining('2026-04-30', 'monthly').end).toBe('2026-04-30');
  });

  it('takes a moment as its calendar day in Copenhagen, not in UTC or the machine’s zone', () => {
    // Winter time (UTC+1): 23:30 UTC on 31 October is 00:30 on 1 November in Copenhagen.
    expect(periodContaining(new Date('2026-10-31T23:30:00Z'), 'monthly').start).toBe('2026-11-01');
    expect(periodContaining(new Date('2026-10-31T22:59:59Z'), 'monthly').start).toBe('2026-10-01');
    // Summer time (UTC+2): 22:00 UTC on 30 June is midnight, the first second of the third quarter.
    expect(periodContaining(new Date('2026-06-30T22:00:00Z'), 'quarterly').start).toBe('2026-07-01');
    expect(periodContaining(new Date('2026-06-30T21:59:59Z'), 'quarterly').start).toBe('2026-04-01');
    // New Year in Copenhagen is 23:00 UTC.
    expect(periodContaining(new Date('2026-12-31T23:00:00Z'), 'yearly').start).toBe('2027-01-01');
    expect(periodContaining(new Date('2026-12-31T22:59:59Z'), 'yearly').start).toBe('2026-01-01');
  });

  it('stays on the right day around the changes of summer time', () => {
    // 29 March 2026: clocks go from 02:00 to 03:00 (01:00 UTC); 25 October 2026: from 03:00 to 02:00.
    expect(periodContaining(new Date('2026-03-28T23:00:00Z'), 'monthly')).toEqual({
      start: '2026-03-01',
      end: '2026-03-31',
    });
    expect(periodContaining(new Date('2026-03-31T21:59:59Z'), 'monthly').start).toBe('2026-03-01');
    expect(periodContaining(new Date('2026-03-31T22:00:00Z'), 'monthly').start).toBe('2026-04-01');
    expect(periodContaining(new Date('2026-10-25T00:30:00Z'), 'monthly').start).toBe('2026-10-01');
    expect(periodContaining(new Date('2026-10-25T01:30:00Z'), 'monthly').start).toBe('2026-10-01');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => periodContaining('2026-02-30', 'monthly')).toThrow(RangeError);
    expect(() => periodContaining('11/22/2026', 'monthly')).toThrow(RangeError);
  });
});

describe('ReadingPeriod', () => {
  it('takes the three periods, monthly by default, and refuses others in Danish', () => {
    expect(ReadingPeriod.options).toEqual(['monthly', 'quarterly', 'yearly']);
    expect(DEFAULT_READING_PERIOD).toBe('monthly');
    expect(ReadingPeriod.safeParse('weekly').error?.issues[0]?.message).toBe(
      'Aflæsningsperioden skal være monthly (hver måned), quarterly (hvert kvartal) eller yearly (hvert år)',
    );
  });
});

describe('periodLabel and previousPeriod', () => {
  it('names periods in Danish and steps back across years', () => {
    const november = periodContaining('2026-11-22', 'monthly');
    expect(periodLabel(november, 'monthly')).toBe('november 2026');
    expect(periodLabel(periodContaining('2026-11-22', 'quarterly'), 'quarterly')).toBe('4. kvartal 2026');
    expect(periodLabel(periodContaining('2026-11-22', 'yearly'), 'yearly')).toBe('2026');
    expect(previousPeriod(november, 'monthly')).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(previousPeriod({ start: '2026-01-01', end: '2026-03-31' }, 'quarterly')).toEqual({
      start: '2025-10-01',
      end: '2025-12-31',
    });
    expect(previousPeriod({ start: '2024-03-01', end: '2024-03-31' }, 'monthly')).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
    });
  });
});
