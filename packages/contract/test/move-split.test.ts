import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  consumptionByMonth,
  consumptionByResident,
  type ReadingReason,
  type ReasonedValue,
  residentParts,
} from '../src/index.ts';

const sum = (amounts: readonly string[]) => amounts.reduce((total, amount) => addDecimal(total, amount), '0');

const NOVEMBER = { start: '2026-11-01', end: '2026-11-30' };

describe('residentParts and consumptionByResident (issue 37, ADR 049)', () => {
  it('splits at a move: the days before it are the leaving resident’s, its day on the next one’s', () => {
    const readings: ReasonedValue[] = [
      { date: '2026-11-01', value: '100', reason: 'periodic' },
      { date: '2026-11-11', value: '110', reason: 'move-out' },
      { date: '2026-12-01', value: '150', reason: 'periodic' },
    ];
    expect(consumptionByResident(readings, NOVEMBER)).toEqual([
      {
        part: { start: '2026-11-01', end: '2026-11-10', movedOut: true, movedIn: false },
        months: [{ month: '2026-11', amount: '10', days: 10 }],
      },
      {
        part: { start: '2026-11-11', end: '2026-11-30', movedOut: false, movedIn: true },
        months: [{ month: '2026-11', amount: '40', days: 20 }],
      },
    ]);
  });

  it('is one part without a move inside the period (a move on its first day changes no part)', () => {
    const readings: ReasonedValue[] = [
      { date: '2026-11-01', value: '100', reason: 'move-in' },
      { date: '2026-12-01', value: '130', reason: 'periodic' },
    ];
    expect(residentParts(NOVEMBER, readings)).toEqual([
      { start: '2026-11-01', end: '2026-11-30', movedOut: false, movedIn: false },
    ]);
  });

  // Random histories of a register with declared digits that goes round now and then: every step adds
  // less than a tenth of the range (so a wrap is a rollover by ADR 046's rule), and some readings are
  // moves. Consumption is never negative, and the parts add up to the whole exactly.
  const DIGITS = 3;
  const RANGE = 10 ** DIGITS;
  const reasons: ReadingReason[] = ['periodic', 'periodic', 'move-out', 'move-in'];
  const history = fc
    .record({
      start: fc.integer({ min: 0, max: RANGE - 1 }),
      steps: fc.array(
        fc.record({
          days: fc.integer({ min: 1, max: 20 }),
          add: fc.integer({ min: 0, max: RANGE / 10 - 1 }),
          tenths: fc.integer({ min: 0, max: 9 }),
          reason: fc.constantFrom(...reasons),
        }),
        { minLength: 1, maxLength: 25 },
      ),
      periodFrom: fc.integer({ min: 0, max: 120 }),
      periodDays: fc.integer({ min: 1, max: 120 }),
    })
    .map(({ start, steps, periodFrom, periodDays }) => {
      const day = (offset: number) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);
      let offset = 0;
      let tenthsTotal = start * 10;
      const readings: ReasonedValue[] = [
        { date: day(0), value: String(start), reason: 'periodic', registerDigits: DIGITS },
      ];
      for (const step of steps) {
        offset += step.days;
        tenthsTotal += step.add * 10 + step.tenths;
        const onRegister = tenthsTotal % (RANGE * 10);
        readings.push({
          date: day(offset),
          value: (onRegister / 10).toFixed(1),
          reason: step.reason,
          registerDigits: DIGITS,
        });
      }
      return { readings, period: { start: day(periodFrom), end: day(periodFrom + periodDays - 1) } };
    });

  it('never counts a negative consumption, and the residents’ parts add up to the whole', () => {
    fc.assert(
      fc.property(history, ({ readings, period }) => {
        const parts = consumptionByResident(readings, period);
        const partMonths = parts.flatMap((part) => part.months);
        for (const month of partMonths) expect(month.amount.startsWith('-')).toBe(false);
        const whole = consumptionByMonth(readings, period);
        expect(sum(partMonths.map((month) => month.amount))).toBe(sum(whole.map((month) => month.amount)));
        expect(partMonths.reduce((days, month) => days + month.days, 0)).toBe(
          whole.reduce((days, month) => days + month.days, 0),
        );
        // The parts cover the period without gaps or overlaps, and each ends the day before a move.
        expect(parts[0]?.part.start).toBe(period.start);
        expect(parts.at(-1)?.part.end).toBe(period.end);
        for (const [index, { part }] of parts.entries()) {
          const next = parts[index + 1]?.part;
          if (!next) continue;
          const moved = readings.find((reading) => reading.date === next.start);
          expect(moved && ['move-out', 'move-in'].includes(moved.reason)).toBe(true);
          expect(part.end < next.start).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
