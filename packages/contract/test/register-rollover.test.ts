import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  consumptionBetween,
  isRollover,
  plausibilityIssues,
  type RegisterSettings,
  registerDifference,
  registerRefusal,
  rollsOver,
  UNDECLARED_REGISTER,
  withConsumption,
} from '../src/index.ts';

const fiveDigits: RegisterSettings = { ...UNDECLARED_REGISTER, registerDigits: 5, countsUpOnly: true };
const known = [{ date: '2026-10-01', value: '99990' }];

describe('isRollover (ADR 046)', () => {
  it('takes a drop of more than 90 % of the range as the register going round', () => {
    expect(isRollover('99990', '12', 5)).toBe(true);
    // 90 000 exactly is 90 %, not more: no rollover.
    expect(isRollover('90000', '0', 5)).toBe(false);
    expect(isRollover('90000.001', '0', 5)).toBe(true);
    expect(isRollover('95000', '5000', 5)).toBe(false);
    expect(isRollover('95000', '4999.9', 5)).toBe(true);
  });

  it('is never a rollover without declared digits, or when the value did not drop', () => {
    expect(isRollover('99990', '12', null)).toBe(false);
    expect(isRollover('99990', '12', undefined)).toBe(false);
    expect(isRollover('12', '99990', 5)).toBe(false);
    expect(isRollover('12', '12', 5)).toBe(false);
  });

  it('scales with the digits', () => {
    expect(isRollover('999', '1', 3)).toBe(true);
    expect(isRollover('999', '99', 3)).toBe(false);
    expect(isRollover('999', '98.9', 3)).toBe(true);
  });
});

describe('registerDifference and consumption across a rollover', () => {
  it('counts the range once more: 99 990 → 12 on five digits is 22', () => {
    expect(registerDifference('99990', '12', 5)).toBe('22');
    expect(registerDifference('99999.75', '0.5', 5)).toBe('0.75');
    expect(
      consumptionBetween(
        { date: '2026-10-01', value: '99990' },
        { date: '2026-11-01', value: '12', registerDigits: 5 },
      ),
    ).toEqual({ amount: '22', days: 31, perDay: 22 / 31 });
  });

  it('leaves a smaller drop negative, as before', () => {
    expect(registerDifference('95000', '5000', 5)).toBe('-90000');
    expect(
      consumptionBetween({ date: '2026-10-01', value: '99990' }, { date: '2026-11-01', value: '12' })?.amount,
    ).toBe('-99978');
  });
});

describe('registerRefusal with a rollover', () => {
  it('accepts a rollover on a point counting only up, and refuses any other drop as today', () => {
    expect(registerRefusal({ date: '2026-11-01', value: '12', known }, fiveDigits)).toBeNull();
    expect(registerRefusal({ date: '2026-11-01', value: '9990', known }, fiveDigits)).toEqual({
      kind: 'below-previous',
      previous: known[0],
    });
  });

  it('accepts an old reading whose later one is a rollover from it', () => {
    const around = [
      { date: '2026-09-01', value: '99000' },
      { date: '2026-11-01', value: '12' },
    ];
    expect(registerRefusal({ date: '2026-10-01', value: '99990', known: around }, fiveDigits)).toBeNull();
  });

  it('says when the typed value is the register going round (the form’s warning)', () => {
    expect(rollsOver({ date: '2026-11-01', value: '12', known }, fiveDigits)).toBe(true);
    expect(rollsOver({ date: '2026-11-01', value: '9990', known }, fiveDigits)).toBe(false);
    expect(rollsOver({ date: '2026-11-01', value: '12', known }, UNDECLARED_REGISTER)).toBe(false);
    expect(rollsOver({ date: '2026-09-01', value: '12', known }, fiveDigits)).toBe(false);
  });

  it('is no step backwards for the soft rule', () => {
    const reading = { date: '2026-11-01', value: '12', known, registerDigits: 5 };
    expect(plausibilityIssues(reading).map((issue) => issue.kind)).not.toContain('backwards');
    expect(plausibilityIssues({ ...reading, registerDigits: null }).map((issue) => issue.kind)).toContain(
      'backwards',
    );
  });
});

describe('consumption over a register that goes round (property)', () => {
  it('is never negative and adds up to what the register counted', () => {
    const digits = 4;
    const range = 10 ** digits;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: range - 1 }),
        // Each step's consumption stays below 10 % of the range, so every wrap is one rollover.
        fc.array(fc.integer({ min: 0, max: range / 10 - 1 }), { minLength: 1, maxLength: 30 }),
        (start, steps) => {
          let counted = start;
          const readings = [{ date: '2026-01-01', value: String(start), registerDigits: digits }];
          steps.forEach((step, index) => {
            counted += step;
            const day = new Date(Date.UTC(2026, 0, 2 + index)).toISOString().slice(0, 10);
            readings.push({ date: day, value: String(counted % range), registerDigits: digits });
          });
          const amounts = withConsumption(readings).flatMap(({ consumption }) =>
            consumption ? [Number(consumption.amount)] : [],
          );
          for (const amount of amounts) expect(amount).toBeGreaterThanOrEqual(0);
          expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(counted - start);
        },
      ),
    );
  });
});
