import { describe, expect, it } from 'vitest';
import { ESTIMATE_TEXTS, estimateReading, estimatesInARow } from '../src/index.ts';

describe('estimateReading', () => {
  it('goes on linearly from the last two real readings when last year is not covered', () => {
    // 3 a day from 1 September to 1 October; 30 days on to 31 October.
    const estimate = estimateReading(
      [
        { date: '2026-09-01', value: '1000' },
        { date: '2026-10-01', value: '1090' },
      ],
      '2026-10-31',
    );
    expect(estimate).toEqual({
      rule: 'linear',
      value: '1180',
      perDay: 3,
      last: { date: '2026-10-01', value: '1090', finalValue: undefined },
    });
  });

  it('takes the average per day of the same days one year earlier when the readings cover them', () => {
    // Last year 1 October to 30 October: 2 a day; the interval before the last reading: 10 a day.
    const estimate = estimateReading(
      [
        { date: '2025-09-01', value: '0' },
        { date: '2025-11-01', value: '122' },
        { date: '2026-09-01', value: '1000' },
        { date: '2026-10-01', value: '1300' },
      ],
      '2026-10-31',
    );
    expect(estimate).toMatchObject({ rule: 'last-year', value: '1360', perDay: 2 });
  });

  it('falls back to linear when last year covers only part of the days', () => {
    const estimate = estimateReading(
      [
        { date: '2025-10-15', value: '0' },
        { date: '2025-11-01', value: '34' },
        { date: '2026-09-01', value: '1000' },
        { date: '2026-10-01', value: '1300' },
      ],
      '2026-10-31',
    );
    expect(estimate).toMatchObject({ rule: 'linear', value: '1600' });
  });

  it('never reads estimates, and needs two real readings', () => {
    const readings = [
      { date: '2026-08-31', value: '900', source: 'estimate' },
      { date: '2026-09-01', value: '1000' },
      { date: '2026-09-30', value: '5000', source: 'estimate' },
    ];
    expect(estimateReading(readings, '2026-10-31')).toEqual({
      rule: null,
      reason: ESTIMATE_TEXTS.tooFewReadings,
    });
    expect(estimateReading([], '2026-10-31')).toMatchObject({ rule: null });
    expect(estimateReading([...readings, { date: '2026-10-01', value: '1030' }], '2026-10-31')).toMatchObject(
      { rule: 'linear', value: '1060' },
    );
  });

  it('counts across a meter change from the new meter’s start reading, by the old meter’s last stretch', () => {
    // Old meter 100 → final 130 over 30 days (1 a day); the new meter starts at 5.
    const estimate = estimateReading(
      [
        { date: '2026-09-01', value: '100' },
        { date: '2026-10-01', value: '5', finalValue: '130' },
      ],
      '2026-10-31',
    );
    expect(estimate).toMatchObject({ rule: 'linear', value: '35', perDay: 1 });
  });

  it('is never below the last reading, even after a register went backwards', () => {
    expect(
      estimateReading(
        [
          { date: '2026-09-01', value: '1000' },
          { date: '2026-10-01', value: '900' },
        ],
        '2026-10-31',
      ),
    ).toMatchObject({ rule: 'linear', value: '900', perDay: 0 });
  });

  it('keeps the basis’s fraction digits, rounding half up', () => {
    // 0.1 over 3 days, 10 days on: 10.35 + 0.333… at two digits.
    expect(
      estimateReading(
        [
          { date: '2026-09-01', value: '10.25' },
          { date: '2026-09-04', value: '10.35' },
        ],
        '2026-09-14',
      ),
    ).toMatchObject({ value: '10.68', rule: 'linear' });
    expect(
      estimateReading(
        [
          { date: '2026-09-01', value: '10' },
          { date: '2026-09-03', value: '11' },
        ],
        '2026-09-04',
      ),
    ).toMatchObject({ value: '12' });
  });

  it('stays at or below a later real reading, so the consumption after the estimate is not negative', () => {
    expect(
      estimateReading(
        [
          { date: '2026-09-01', value: '0' },
          { date: '2026-10-01', value: '300' },
          { date: '2026-11-05', value: '310.5' },
        ],
        '2026-10-31',
      ),
    ).toMatchObject({ rule: 'linear', value: '310' });
  });
});

describe('estimatesInARow', () => {
  const real = (date: string, value: string) => ({ date, value });
  const estimate = (date: string, value: string) => ({ date, value, source: 'estimate' });

  it('counts the newest readings before the day that are estimates, until the first real one', () => {
    const readings = [
      estimate('2026-12-31', '30'),
      real('2026-10-01', '10'),
      estimate('2026-10-31', '20'),
      estimate('2026-11-30', '25'),
      estimate('2027-01-31', '35'),
    ];
    expect(estimatesInARow(readings, '2027-01-01')).toBe(3);
    expect(estimatesInARow(readings, '2026-12-01')).toBe(2);
    expect(estimatesInARow(readings, '2026-10-15')).toBe(0);
    expect(estimatesInARow([...readings, real('2026-12-15', '27')], '2027-01-01')).toBe(1);
    expect(estimatesInARow([], '2027-01-01')).toBe(0);
  });
});
