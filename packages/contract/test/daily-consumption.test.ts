import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  consumptionBetween,
  consumptionByMonth,
  type DatedValue,
  daysBetween,
  estimateReading,
  shareDecimal,
  spreadOverDays,
} from '../src/index.ts';

const sum = (amounts: readonly string[]) => amounts.reduce(addDecimal, '0');

describe('shareDecimal', () => {
  it('cuts a value into shares that add up to it exactly, the first ones taking the remainder', () => {
    expect(shareDecimal('10', 3, 2)).toEqual(['3.34', '3.33', '3.33']);
    expect(shareDecimal('-10', 3, 2)).toEqual(['-3.34', '-3.33', '-3.33']);
    expect(shareDecimal('0.5', 2, 0)).toEqual(['0.3', '0.2']);
    expect(shareDecimal('0', 4, 1)).toEqual(['0', '0', '0', '0']);
  });

  it('refuses a number of parts that is not a positive whole number', () => {
    expect(() => shareDecimal('1', 0, 0)).toThrow(RangeError);
    expect(() => shareDecimal('1', 1.5, 0)).toThrow(RangeError);
  });
});

describe('spreadOverDays', () => {
  it('spreads an interval from the earlier reading’s day to the day before the later one', () => {
    expect(
      spreadOverDays({ date: '2026-10-30', value: '100' }, { date: '2026-11-02', value: '103.3' }),
    ).toEqual([
      { date: '2026-10-30', amount: '1.1' },
      { date: '2026-10-31', amount: '1.1' },
      { date: '2026-11-01', amount: '1.1' },
    ]);
  });

  it('gives nothing for two readings of the same day', () => {
    expect(spreadOverDays({ date: '2026-10-01', value: '1' }, { date: '2026-10-01', value: '2' })).toEqual(
      [],
    );
  });
});

describe('consumptionByMonth', () => {
  it('counts readings on the first of each month as whole months, in whatever order they come', () => {
    expect(
      consumptionByMonth([
        { date: '2026-11-01', value: '1610' },
        { date: '2026-09-01', value: '1000' },
        { date: '2026-10-01', value: '1300' },
      ]),
    ).toEqual([
      { month: '2026-09', amount: '300', days: 30 },
      { month: '2026-10', amount: '310', days: 31 },
    ]);
  });

  it('splits an interval that crosses a month boundary by its days in each month', () => {
    // 40 days, 4 a day: 20 days of October, 20 of November (31 October is in October).
    expect(
      consumptionByMonth([
        { date: '2026-10-12', value: '0' },
        { date: '2026-11-21', value: '160' },
      ]),
    ).toEqual([
      { month: '2026-10', amount: '80', days: 20 },
      { month: '2026-11', amount: '80', days: 20 },
    ]);
  });

  it('keeps only the days within a range, as a billing period needs', () => {
    // From 20 October to 9 November at 2 a day; the range is November.
    expect(
      consumptionByMonth(
        [
          { date: '2026-10-20', value: '10' },
          { date: '2026-11-10', value: '52' },
        ],
        { start: '2026-11-01', end: '2026-11-30' },
      ),
    ).toEqual([{ month: '2026-11', amount: '18', days: 9 }]);
  });
});

/**
 * A point's history: dates rising by 1 to 120 days, values never falling (a register that counts up),
 * in thousandths written with 0 to 3 fraction digits; now and then a meter change, whose row holds the
 * old meter's final reading (`finalValue`) and the new meter's start reading (`value`).
 */
const history = fc
  .tuple(
    fc.integer({ min: 0, max: 3000 }),
    fc.integer({ min: 0, max: 10_000 }),
    fc.array(
      fc.tuple(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.nat(3),
        fc.option(fc.integer({ min: 0, max: 2_000 }), { freq: 5 }),
      ),
      { minLength: 1, maxLength: 30 },
    ),
  )
  .map(([startDay, startThousandths, steps]) => {
    let day = startDay;
    let thousandths = startThousandths * 1000;
    const readings: DatedValue[] = [{ date: isoDay(day), value: fromThousandths(thousandths) }];
    for (const [days, more, digitsLess, newMeterStart] of steps) {
      day += days;
      thousandths += more * 10 ** digitsLess;
      if (newMeterStart === null) {
        readings.push({ date: isoDay(day), value: fromThousandths(thousandths) });
      } else {
        // A meter change: the old meter's final reading, then the new one counts on from its start.
        const finalValue = fromThousandths(thousandths);
        thousandths = newMeterStart * 1000;
        readings.push({ date: isoDay(day), value: fromThousandths(thousandths), finalValue });
      }
    }
    return readings;
  });

function fromThousandths(thousandths: number): string {
  return addDecimal(
    String(Math.trunc(thousandths / 1000)),
    `0.${String(thousandths % 1000).padStart(3, '0')}`,
  );
}

function isoDay(offset: number): string {
  return new Date(Date.UTC(2020, 0, 1 + offset)).toISOString().slice(0, 10);
}

type Reading = DatedValue & { source?: 'estimate' };

const toThousandths = (value: string): number => Math.round(Number(value) * 1000);

/**
 * A history as `history` gives it, then corrected and estimated: some plain readings get a replaced
 * value (anywhere from the reading before to the one after, so the register still counts up), and some
 * gaps of two days or more an estimate (`estimateReading` from the real readings) on a day inside them,
 * as the administrator's `Opret estimater` stores one for a period without a reading.
 */
const historyWithEstimates = fc
  .tuple(
    history,
    fc.array(fc.tuple(fc.nat(), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 5 }),
    fc.array(fc.tuple(fc.nat(), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })), {
      maxLength: 8,
    }),
  )
  .map(([generated, corrections, estimates]) => {
    const readings: Reading[] = [...generated];
    for (const [at, share] of corrections) {
      const index = at % readings.length;
      const current = readings[index] as Reading;
      const previous = readings[index - 1];
      const next = readings[index + 1];
      if (!previous || !next || current.finalValue !== undefined) continue;
      const low = toThousandths(previous.value);
      const high = toThousandths(next.finalValue ?? next.value);
      readings[index] = { ...current, value: fromThousandths(low + Math.floor(share * (high - low))) };
    }
    const real = [...readings];
    const estimated: Reading[] = [];
    for (const [at, share] of estimates) {
      const index = at % real.length;
      const previous = real[index - 1];
      const next = real[index];
      if (!previous || !next) continue;
      const gap = daysBetween(previous.date, next.date);
      if (gap < 2) continue;
      const date = isoDay(daysBetween('2020-01-01', previous.date) + 1 + Math.floor(share * (gap - 1)));
      if (estimated.some((estimate) => estimate.date === date)) continue;
      const estimate = estimateReading(real, date);
      if (estimate.rule !== null) estimated.push({ date, value: estimate.value, source: 'estimate' });
    }
    return [...real, ...estimated].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  });

const pairs = (readings: readonly DatedValue[]) =>
  readings.slice(1).map((current, index) => [readings[index] as DatedValue, current] as const);

/** Runs per property: enough to meet month ends, leap days and remainders, quick on a busy machine. */
const RUNS = 200;
/** Each run adds every day of up to 30 intervals exactly: a few seconds on a loaded machine. */
const PROPERTY_TIMEOUT_MS = 30_000;

describe('the per-day spread (property)', () => {
  it(
    'adds up, over any run of consecutive readings, to the consumption of its intervals, meter changes included',
    () => {
      fc.assert(
        fc.property(history, fc.nat(), fc.nat(), (readings, a, b) => {
          const from = a % readings.length;
          const to = from + (b % (readings.length - from));
          const run = readings.slice(from, to + 1);
          const intervals = pairs(run);
          const days = intervals.flatMap(([previous, current]) => spreadOverDays(previous, current));
          const first = run[0] as DatedValue;
          const last = run.at(-1) as DatedValue;
          const total = sum(
            intervals.map(([previous, current]) => consumptionBetween(previous, current)?.amount ?? '0'),
          );
          expect(days).toHaveLength(daysBetween(first.date, last.date));
          expect(sum(days.map((day) => day.amount))).toBe(total);
          expect(sum(consumptionByMonth(run).map((month) => month.amount))).toBe(total);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'never derives a negative consumption from a register that only counts up, across meter changes too',
    () => {
      const negative = (amount: string) => amount.startsWith('-');
      fc.assert(
        fc.property(history, (readings) => {
          const days = pairs(readings).flatMap(([previous, current]) => spreadOverDays(previous, current));
          expect(days.filter((day) => negative(day.amount))).toEqual([]);
          expect(consumptionByMonth(readings).filter((month) => negative(month.amount))).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('the per-day spread with estimates and corrections (property)', () => {
  it(
    'adds up over any run of consecutive readings, and no day, month or interval is negative',
    () => {
      const negative = (amount: string) => amount.startsWith('-');
      fc.assert(
        fc.property(historyWithEstimates, fc.nat(), fc.nat(), (readings, a, b) => {
          const from = a % readings.length;
          const to = from + (b % (readings.length - from));
          const run = readings.slice(from, to + 1);
          const intervals = pairs(run);
          const days = intervals.flatMap(([previous, current]) => spreadOverDays(previous, current));
          const amounts = intervals.map(
            ([previous, current]) => consumptionBetween(previous, current)?.amount ?? '0',
          );
          const first = run[0] as DatedValue;
          const last = run.at(-1) as DatedValue;
          expect(days).toHaveLength(daysBetween(first.date, last.date));
          expect(sum(days.map((day) => day.amount))).toBe(sum(amounts));
          expect(sum(consumptionByMonth(run).map((month) => month.amount))).toBe(sum(amounts));
          expect(amounts.filter(negative)).toEqual([]);
          expect(days.filter((day) => negative(day.amount))).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'estimates from the real readings only: an estimate in the history changes no later estimate',
    () => {
      fc.assert(
        fc.property(historyWithEstimates, fc.integer({ min: 1, max: 400 }), (readings, ahead) => {
          const lastDate = (readings.at(-1) as DatedValue).date;
          const date = isoDay(daysBetween('2020-01-01', lastDate) + ahead);
          const real = readings.filter((reading) => reading.source !== 'estimate');
          expect(estimateReading(readings, date)).toEqual(estimateReading(real, date));
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('the per-day spread across a meter change', () => {
  it('spreads the old meter’s last stretch up to the change, and the new meter’s from its start reading', () => {
    const before = { date: '2026-10-30', value: '100' };
    const change = { date: '2026-11-02', value: '5', finalValue: '103' };
    const after = { date: '2026-11-04', value: '9' };
    expect(spreadOverDays(before, change).map((day) => day.amount)).toEqual(['1', '1', '1']);
    expect(spreadOverDays(change, after)).toEqual([
      { date: '2026-11-02', amount: '2' },
      { date: '2026-11-03', amount: '2' },
    ]);
    expect(consumptionByMonth([after, before, change])).toEqual([
      { month: '2026-10', amount: '2', days: 2 },
      { month: '2026-11', amount: '5', days: 3 },
    ]);
  });
});
