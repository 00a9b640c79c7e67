import { describe, expect, it } from 'vitest';
import {
  type DatedValue,
  expectedRange,
  HISTORY_PAGE_DATES,
  knownReadings,
  plausibilityIssues,
} from '../src/index.ts';

// A point that used exactly 10 m³ a day: 920 m³ over the 92 days from 1 July to 1 October.
const history = [
  { date: '2026-10-01', value: '1920' },
  { date: '2026-09-01', value: '1620' },
  { date: '2026-08-01', value: '1310' },
  { date: '2026-07-01', value: '1000' },
];
const check = (date: string, value: string, known = history) => plausibilityIssues({ date, value, known });

describe('plausibilityIssues', () => {
  it('finds nothing wrong with readings that continue the history', () => {
    // 31 days after the last reading at 10, 25 and 4 m³ a day (average 10, factor 3).
    expect(check('2026-11-01', '2230')).toEqual([]);
    expect(check('2026-11-01', '2695')).toEqual([]);
    expect(check('2026-11-01', '2044')).toEqual([]);
    expect(check('2026-11-01', '2230.125')).toEqual([]);
    // Exactly at the limits is still normal.
    expect(check('2026-11-01', '2850')).toEqual([]);
  });

  it('(a) warns about a value lower than the reading before its date, compared exactly', () => {
    expect(check('2026-11-01', '1919.999999')).toEqual([
      { kind: 'backwards', previous: { date: '2026-10-01', value: '1920' } },
    ]);
    expect(check('2026-11-01', '1920.000001')).not.toContainEqual(
      expect.objectContaining({ kind: 'backwards' }),
    );
  });

  it('(b) warns about consumption per day above factor × the average', () => {
    // 31 m³ a day for 31 days.
    expect(check('2026-11-01', '2881')).toEqual([
      { kind: 'consumption-high', perDay: 31, low: 10 / 3, high: 30 },
    ]);
  });

  it('(b) warns about consumption per day below the average / factor, and about a meter that stood still', () => {
    expect(check('2026-11-01', '2013')).toEqual([
      { kind: 'consumption-low', perDay: 3, low: 10 / 3, high: 30 },
    ]);
    expect(check('2026-11-01', '1920')).toEqual([
      { kind: 'consumption-low', perDay: 0, low: 10 / 3, high: 30 },
    ]);
  });

  it('(b) needs at least two earlier readings and a history that moved', () => {
    const oneReading = [{ date: '2026-10-01', value: '1920' }];
    expect(check('2026-11-01', '99999', oneReading)).toEqual([]);
    const stoodStill = [
      { date: '2026-10-01', value: '5' },
      { date: '2026-09-01', value: '5' },
    ];
    expect(check('2026-11-01', '99999', stoodStill)).toEqual([]);
    expect(check('2026-11-01', '5', [])).toEqual([]);
  });

  it('(c) warns about a date before the last reading, and still compares with the readings before it', () => {
    // 80 m³ in the 14 days after 1 September: 5,7 a day, normal.
    expect(check('2026-09-15', '1700')).toEqual([
      { kind: 'date-before-last', last: { date: '2026-10-01', value: '1920' } },
    ]);
    expect(check('2026-09-15', '1600')).toEqual([
      { kind: 'date-before-last', last: { date: '2026-10-01', value: '1920' } },
      { kind: 'backwards', previous: { date: '2026-09-01', value: '1620' } },
    ]);
    expect(check('2022-02-01', '1')).toEqual([
      { kind: 'date-before-last', last: { date: '2026-10-01', value: '1920' } },
    ]);
  });

  it('compares a new value for a date already stored with the readings before it, not with itself', () => {
    const withToday = [{ date: '2026-11-01', value: '2230' }, ...history];
    expect(check('2026-11-01', '2240', withToday)).toEqual([]);
    expect(check('2026-11-01', '1900', withToday)).toEqual([
      { kind: 'backwards', previous: { date: '2026-10-01', value: '1920' } },
    ]);
  });

  it('uses a configurable factor', () => {
    expect(plausibilityIssues({ date: '2026-11-01', value: '2695', known: history }, 2)).toEqual([
      { kind: 'consumption-high', perDay: 25, low: 5, high: 20 },
    ]);
  });
});

describe('knownReadings', () => {
  it('adds the gateway tree’s last reading when the history lacks it, the history winning on a date', () => {
    const last = { date: '2026-11-05', value: '2270' };
    expect(knownReadings(history, last)).toEqual([...history, last]);
    expect(knownReadings(history, { date: '2026-10-01', value: '1' })).toEqual(history);
    expect(knownReadings([], last)).toEqual([last]);
    expect(knownReadings(history, null)).toEqual(history);
  });
});

describe('expectedRange', () => {
  const consumptionIssues = (
    date: string,
    value: number,
    known: readonly { date: string; value: string }[],
  ) =>
    plausibilityIssues({ date, value: String(value), known }).filter(
      (issue) => issue.kind !== 'date-before-last',
    );

  it('is the reading before plus the normal consumption over the days since, rounded inwards to its decimals', () => {
    // 31 days at 10/3 to 30 m³ a day after 1920 on 1 October: 2023,33… to 2850, whole m³ like 1920.
    expect(expectedRange(history, '2026-11-01')).toEqual({ min: 2024, max: 2850 });
    expect(check('2026-11-01', '2024')).toEqual([]);
    expect(check('2026-11-01', '2023')).toEqual([expect.objectContaining({ kind: 'consumption-low' })]);
    expect(check('2026-11-01', '2850')).toEqual([]);
    expect(check('2026-11-01', '2851')).toEqual([expect.objectContaining({ kind: 'consumption-high' })]);

    const twoDecimals = [
      { date: '2026-09-01', value: '1000.25' },
      { date: '2026-10-01', value: '1300.25' },
    ];
    expect(expectedRange(twoDecimals, '2026-10-11')).toEqual({ min: 1333.59, max: 1600.25 });
  });

  it('takes more decimals when those of the reading before leave no value in between', () => {
    // 0,01 a day: one day after 100,3 the range is 100,30333… to 100,33, empty in tenths.
    const slow = [
      { date: '2026-10-01', value: '100' },
      { date: '2026-10-31', value: '100.3' },
    ];
    expect(expectedRange(slow, '2026-11-01')).toEqual({ min: 100.31, max: 100.33 });
  });

  it('is null where the rule has no scale: too little history, a point that never moved, nothing before the date', () => {
    expect(expectedRange([], '2026-11-01')).toBeNull();
    expect(expectedRange([{ date: '2026-10-01', value: '1920' }], '2026-11-01')).toBeNull();
    const stoodStill = [
      { date: '2026-09-01', value: '5' },
      { date: '2026-10-01', value: '5' },
    ];
    expect(expectedRange(stoodStill, '2026-11-01')).toBeNull();
    expect(expectedRange(history, '2026-07-01')).toBeNull();
    expect(expectedRange(history, '2026-08-01')).toBeNull();
  });

  it('compares a date that already has a reading with the readings before it, as the check does', () => {
    const withToday = [{ date: '2026-11-01', value: '2230' }, ...history];
    expect(expectedRange(withToday, '2026-11-01')).toEqual(expectedRange(history, '2026-11-01'));
  });

  const histories = [
    history,
    [
      { date: '2026-02-03', value: '7.125' },
      { date: '2026-05-20', value: '88.5' },
      { date: '2026-05-21', value: '90' },
      { date: '2026-09-30', value: '301.75' },
      { date: '2026-12-01', value: '390' },
    ],
  ];
  const dates = [
    '2026-02-03',
    '2026-05-21',
    '2026-06-15',
    '2026-10-01',
    '2026-10-02',
    '2026-12-01',
    '2027-03-31',
  ];

  it('accepts both of its ends without a warning (a) or (b), on any date', () => {
    for (const known of histories) {
      for (const date of dates) {
        const range = expectedRange(known, date);
        if (!range) continue;
        expect(consumptionIssues(date, range.min, known), `${date} min`).toEqual([]);
        expect(consumptionIssues(date, range.max, known), `${date} max`).toEqual([]);
      }
    }
  });

  it('depends only on the earliest reading and the latest one before the date (what the server loads)', () => {
    let ranges = 0;
    for (const known of histories) {
      const earliest = [...known].sort((a, b) => (a.date < b.date ? -1 : 1))[0];
      for (const date of dates) {
        const before = known
          .filter((reading) => reading.date < date)
          .sort((a, b) => (a.date < b.date ? 1 : -1));
        const basis = [earliest, before[0]].filter((reading) => reading !== undefined);
        const range = expectedRange(known, date);
        if (range) ranges++;
        expect(expectedRange(basis, date), date).toEqual(range);
      }
    }
    expect(ranges).toBeGreaterThan(4);
  });
});

describe('plausibilityIssues on a bounded history (ADR 053)', () => {
  const DAY_MS = 86_400_000;
  const isoDay = (day: number) => new Date(Date.UTC(2022, 2, 1) + day * DAY_MS).toISOString().slice(0, 10);

  // Four years of weekly readings at an uneven pace (whole units, so every sum is exact in floating point).
  const weekly = Array.from({ length: 200 }, (_, week) => week);
  // The register after each week: from 1000, 40 to 89 a week.
  const values: number[] = [];
  for (const week of weekly) values.push((values.at(-1) ?? 1000) + 40 + ((week * 37) % 50));
  const whole: DatedValue[] = weekly
    .map((week) => ({ date: isoDay(7 * week), value: String(values[week]) }))
    .reverse();

  /** The newest `HISTORY_PAGE_DATES` readings, as the server's default answer holds them. */
  const page = (readings: readonly DatedValue[]) => readings.slice(0, HISTORY_PAGE_DATES);

  /** Typed values around the normal range, dated after the page's oldest reading. */
  const cases = (readings: readonly DatedValue[]) => {
    const oldest = page(readings).at(-1);
    const newest = readings[0];
    if (!oldest || !newest) throw new Error('a history');
    const found: { date: string; value: string }[] = [];
    for (const date of [newest.date, isoDay(7 * 200 + 3), isoDay(7 * 230), isoDay(7 * 190 + 2)]) {
      for (const more of [-100, -1, 0, 5, 20, 37, 60, 100, 300, 666, 1000, 2000, 3000, 6000, 20_000]) {
        found.push({ date, value: String(Number(newest.value) + more) });
      }
    }
    expect(oldest.date < isoDay(7 * 190)).toBe(true);
    return found;
  };

  it('gives the same issues from the newest readings and the earliest as from the whole history', () => {
    const earliest = whole.at(-1) ?? null;
    const kinds = new Set<string>();
    for (const typed of cases(whole)) {
      const full = plausibilityIssues({ ...typed, known: whole });
      for (const issue of full) kinds.add(issue.kind);
      expect(plausibilityIssues({ ...typed, known: page(whole), earliest }), JSON.stringify(typed)).toEqual(
        full,
      );
    }
    // The cases meet every kind of issue, and the earliest reading matters to them.
    expect(kinds).toEqual(new Set(['backwards', 'date-before-last', 'consumption-high', 'consumption-low']));
    const typed = { date: isoDay(7 * 200 + 3), value: String(Number(whole[0]?.value) + 1500) };
    expect(plausibilityIssues({ ...typed, known: page(whole) })).not.toEqual(
      plausibilityIssues({ ...typed, known: whole }),
    );
  });

  it('also across a meter change older than the page: the earliest reading counted on from the new start', () => {
    // On week 100 the meter was changed: the old one's final reading, the new one counting on from 7.
    const changeWeek = 100;
    const final = Number(values[changeWeek]);
    const start = 7;
    const changed: DatedValue[] = weekly
      .map((week): DatedValue => {
        const date = isoDay(7 * week);
        if (week < changeWeek) return { date, value: String(values[week]) };
        if (week === changeWeek) return { date, value: String(start), finalValue: String(final) };
        return { date, value: String(start + Number(values[week]) - final) };
      })
      .reverse();
    const first = changed.at(-1);
    if (!first) throw new Error('a history');
    // What the server sends (reading-history.ts): earliest − final + start.
    const earliest = { date: first.date, value: String(Number(first.value) - final + start) };
    for (const typed of cases(changed)) {
      expect(plausibilityIssues({ ...typed, known: page(changed), earliest }), JSON.stringify(typed)).toEqual(
        plausibilityIssues({ ...typed, known: changed }),
      );
    }
  });

  it('leaves the earliest reading out where it is no older than the readings before the date', () => {
    const known = page(whole);
    const oldest = known.at(-1);
    if (!oldest) throw new Error('a page');
    const typed = { date: isoDay(7 * 200 + 3), value: String(Number(whole[0]?.value) + 50) };
    expect(plausibilityIssues({ ...typed, known, earliest: oldest })).toEqual(
      plausibilityIssues({ ...typed, known }),
    );
    expect(plausibilityIssues({ ...typed, known: [], earliest: whole.at(-1) })).toEqual([]);
  });
});
