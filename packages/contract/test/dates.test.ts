import { describe, expect, it } from 'vitest';
import { MIN_READING_DATE } from '../src/constants.ts';
import { parseIsoDateTime } from '../src/date-times.ts';
import {
  daysInMonth,
  isIsoDate,
  isLeapYear,
  isoDateInCopenhagen,
  isReadingDateAllowed,
  parseDanishDate,
  parseUsDate,
  toDanishDate,
  toUsDate,
} from '../src/dates.ts';

describe('isLeapYear / daysInMonth', () => {
  it.each([
    [2024, true],
    [2023, false],
    [2000, true],
    [1900, false],
    [2100, false],
    [2400, true],
  ])('isLeapYear(%i) = %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it('knows the month lengths', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth(2023, month))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2024, 2)).toBe(29);
  });
});

describe('parseUsDate', () => {
  it.each([
    ['02/01/2022', '2022-02-01'],
    ['12/31/2023', '2023-12-31'],
    ['01/01/2024', '2024-01-01'],
    ['02/29/2024', '2024-02-29'],
    ['02/29/2000', '2000-02-29'],
    ['04/30/2024', '2024-04-30'],
  ])('%j → %j', (us, iso) => {
    expect(parseUsDate(us)).toBe(iso);
  });

  it.each([
    '02/30/2024',
    '02/29/2023',
    '02/29/1900',
    '04/31/2024',
    '13/01/2024',
    '00/10/2024',
    '10/00/2024',
    '10/32/2024',
    '01/01/0000',
    '1/1/2024',
    '01/1/2024',
    '01/01/24',
    '01/01/02024',
    '2024-01-01',
    '01-01-2024',
    '01.01.2024',
    ' 01/01/2024',
    '01/01/2024 ',
    '01/01/2024\n',
    '٠١/٠١/٢٠٢٤',
    'NaN/NaN/NaN',
    '',
  ])('rejects %j', (value) => {
    expect(parseUsDate(value)).toBeNull();
  });
});

describe('parseDanishDate', () => {
  it('reads DD-MM-YYYY', () => {
    expect(parseDanishDate('01-02-2022')).toBe('2022-02-01');
    expect(parseDanishDate('29-02-2024')).toBe('2024-02-29');
  });

  it.each(['29-02-2023', '31-04-2024', '1-2-2022', '02/01/2022', '2022-02-01', ''])('rejects %j', (value) => {
    expect(parseDanishDate(value)).toBeNull();
  });
});

describe('isIsoDate', () => {
  it('accepts real dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-29')).toBe(false);
    expect(isIsoDate('2024-02-29T00:00:00Z')).toBe(false);
    expect(isIsoDate('-')).toBe(false);
  });
});

describe('toUsDate / toDanishDate', () => {
  it('formats ISO dates', () => {
    expect(toUsDate('2022-02-01')).toBe('02/01/2022');
    expect(toDanishDate('2022-02-01')).toBe('01-02-2022');
    expect(toUsDate('2024-12-31')).toBe('12/31/2024');
    expect(toDanishDate('2024-12-31')).toBe('31-12-2024');
  });

  it('round-trips with the parsers', () => {
    for (const iso of ['2022-02-01', '2024-02-29', '2030-11-05']) {
      expect(parseUsDate(toUsDate(iso))).toBe(iso);
      expect(parseDanishDate(toDanishDate(iso))).toBe(iso);
    }
  });

  it.each(['', '-', '2023-02-29', '2024-13-01', '02/01/2022', '2024-1-1'])('throws on %j', (bad) => {
    expect(() => toUsDate(bad)).toThrow(RangeError);
    expect(() => toDanishDate(bad)).toThrow(RangeError);
  });
});

describe('isoDateInCopenhagen', () => {
  it.each([
    // Winter (UTC+1): 23:30 UTC is already the next day in Copenhagen.
    ['2024-01-15T23:30:00Z', '2024-01-16'],
    ['2024-01-15T22:59:59Z', '2024-01-15'],
    ['2024-01-15T23:00:00Z', '2024-01-16'],
    // Summer (UTC+2).
    ['2024-06-30T21:59:59Z', '2024-06-30'],
    ['2024-06-30T22:00:00Z', '2024-07-01'],
    // New year and leap day.
    ['2023-12-31T23:00:00Z', '2024-01-01'],
    ['2024-02-28T23:00:00Z', '2024-02-29'],
    // Days of the DST switches.
    ['2024-03-31T01:30:00Z', '2024-03-31'],
    ['2024-10-27T00:30:00Z', '2024-10-27'],
    ['2024-10-27T22:59:00Z', '2024-10-27'],
    ['2024-10-27T23:00:00Z', '2024-10-28'],
  ])('%s → %s', (instant, iso) => {
    expect(isoDateInCopenhagen(new Date(instant))).toBe(iso);
  });

  it('agrees with Intl for Europe/Copenhagen at every hour and half hour from 1995 to 2045', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Copenhagen',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const disagreements: string[] = [];
    for (let time = Date.UTC(1995, 0, 1); time < Date.UTC(2046, 0, 1); time += 1_800_000) {
      const date = new Date(time);
      if (isoDateInCopenhagen(date) !== intl.format(date)) disagreements.push(date.toISOString());
    }
    expect(disagreements).toEqual([]);
    // 900,000 Intl calls: a wait ceiling for a loaded machine (it took 19 s at load 23), not a speed measure.
  }, 60_000);

  it('returns an ISO date for now by default', () => {
    expect(isIsoDate(isoDateInCopenhagen())).toBe(true);
  });

  it('answers right when asked back and forth across midnight and within an hour', () => {
    for (const [instant, iso] of [
      ['2024-01-15T22:00:00.000Z', '2024-01-15'],
      ['2024-01-15T22:59:59.999Z', '2024-01-15'],
      ['2024-01-15T23:00:00.000Z', '2024-01-16'],
      ['2024-01-15T22:30:00.000Z', '2024-01-15'],
      ['2024-01-15T23:59:59.999Z', '2024-01-16'],
      ['2024-06-30T22:00:00.000Z', '2024-07-01'],
      ['2024-06-30T21:30:00.000Z', '2024-06-30'],
    ] as const) {
      expect(isoDateInCopenhagen(new Date(instant)), instant).toBe(iso);
    }
  });
});

describe('isReadingDateAllowed', () => {
  const today = '2024-05-10';

  it('accepts the bounds and dates between', () => {
    expect(isReadingDateAllowed(MIN_READING_DATE, today)).toBe(true);
    expect(isReadingDateAllowed('2023-07-01', today)).toBe(true);
    expect(isReadingDateAllowed(today, today)).toBe(true);
  });

  it('rejects dates outside the window and non-dates', () => {
    expect(isReadingDateAllowed('2022-01-31', today)).toBe(false);
    expect(isReadingDateAllowed('2024-05-11', today)).toBe(false);
    expect(isReadingDateAllowed('2023-02-29', today)).toBe(false);
    expect(isReadingDateAllowed('', today)).toBe(false);
  });
});

describe('parseIsoDateTime', () => {
  it.each([
    ['2026-11-23T14:05:00Z', '2026-11-23T14:05:00.000Z'],
    ['2026-11-23T14:05:00.123Z', '2026-11-23T14:05:00.123Z'],
    ['2026-11-23T15:05:00+01:00', '2026-11-23T14:05:00.000Z'],
  ])('reads %s as the instant %s', (text, iso) => {
    expect(parseIsoDateTime(text)?.toISOString()).toBe(iso);
  });

  it.each(['2026-11-23', '23-11-2026 14:05', '2026-11-23T14:05:00', '2026-02-30T10:00:00Z', 'nu', ''])(
    'refuses %j',
    (text) => {
      expect(parseIsoDateTime(text)).toBeNull();
    },
  );
});
