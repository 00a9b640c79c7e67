import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DatedValue,
  integerDigits,
  MAX_REGISTER_DIGITS,
  type RegisterSettings,
  registerRefusal,
  registerRefusalText,
  UNDECLARED_REGISTER,
  withConsumption,
} from '../src/index.ts';

const known: DatedValue[] = [
  { date: '2026-09-01', value: '1000' },
  { date: '2026-10-01', value: '1300' },
  { date: '2026-11-01', value: '1610.5' },
];
const upOnly: RegisterSettings = { ...UNDECLARED_REGISTER, countsUpOnly: true };
const check = (date: string, value: string, settings: RegisterSettings, readings = known) =>
  registerRefusal({ date, value, known: readings }, settings);

describe('registerRefusal', () => {
  it('refuses nothing on an undeclared point, however wrong the value looks', () => {
    expect(check('2026-11-20', '1', UNDECLARED_REGISTER)).toBeNull();
    expect(check('2026-10-15', '99999999', UNDECLARED_REGISTER)).toBeNull();
  });

  it('on a point counting only up refuses a value below the latest reading before its date, exactly', () => {
    expect(check('2026-11-20', '1610.49', upOnly)).toEqual({
      kind: 'below-previous',
      previous: { date: '2026-11-01', value: '1610.5' },
    });
    expect(check('2026-11-20', '1610.5', upOnly)).toBeNull();
  });

  it('refuses an old reading above the one after it, which would then run backwards', () => {
    expect(check('2026-10-15', '1300.000001', upOnly, known)).toBeNull();
    expect(check('2026-10-15', '1610.6', upOnly)).toEqual({
      kind: 'above-next',
      next: { date: '2026-11-01', value: '1610.5' },
    });
    expect(check('2026-10-15', '1299', upOnly)).toEqual({
      kind: 'below-previous',
      previous: { date: '2026-10-01', value: '1300' },
    });
  });

  it('compares a replacement of a stored date only with the other dates', () => {
    expect(check('2026-10-01', '1001', upOnly)).toBeNull();
    expect(check('2026-10-01', '999', upOnly)).toMatchObject({ kind: 'below-previous' });
  });

  it('ignores readings before the installation date: they are another meter’s', () => {
    const installed = { ...upOnly, installedOn: '2026-11-01' };
    expect(check('2026-11-20', '1610.5', installed)).toBeNull();
    expect(check('2026-11-01', '3', installed)).toBeNull();
    expect(check('2026-10-31', '5000', installed)).toEqual({
      kind: 'before-installation',
      installedOn: '2026-11-01',
    });
  });

  it('refuses more integer digits than the register has; leading zeros and decimals do not count', () => {
    const five = { ...UNDECLARED_REGISTER, registerDigits: 5 };
    expect(check('2026-11-20', '99999.999', five)).toBeNull();
    expect(check('2026-11-20', '100000', five)).toEqual({ kind: 'too-many-digits', registerDigits: 5 });
    expect(integerDigits('0.5')).toBe(1);
    expect(integerDigits('123456789012')).toBe(MAX_REGISTER_DIGITS);
  });

  it('says why in Danish, naming the point', () => {
    expect(
      registerRefusalText('Vand', {
        kind: 'below-previous',
        previous: { date: '2026-11-01', value: '1610.5' },
      }),
    ).toBe(
      'Værdi for målepunktet "Vand" må ikke være lavere end aflæsningen 1610,5 den 01-11-2026: tælleværket tæller kun op',
    );
    expect(registerRefusalText('Vand', { kind: 'before-installation', installedOn: '2026-11-01' })).toBe(
      'Dato for målepunktet "Vand" må ikke være før målerens opsætning 01-11-2026',
    );
    expect(registerRefusalText('Vand', { kind: 'too-many-digits', registerDigits: 5 })).toContain('(5)');
    expect(
      registerRefusalText('Vand', { kind: 'above-next', next: { date: '2026-11-01', value: '7' } }),
    ).toContain('den senere aflæsning 7 den 01-11-2026');
  });
});

const day = (offset: number) => new Date(Date.UTC(2024, 0, 1 + offset)).toISOString().slice(0, 10);
const decimal = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }))
  .map(([whole, cents]) =>
    cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`,
  );

describe('registerRefusal on a point counting only up (property)', () => {
  it('never lets an accepted value make a consumption negative', () => {
    fc.assert(
      fc.property(
        // A history that already counts up: sorted distinct days, sorted values.
        fc.uniqueArray(fc.integer({ min: 0, max: 700 }), { maxLength: 8 }),
        fc.array(decimal, { minLength: 8, maxLength: 8 }),
        fc.integer({ min: 0, max: 700 }),
        decimal,
        (offsets, values, offset, value) => {
          const sortedValues = [...values].sort((a, b) => Number(a) - Number(b));
          const history = [...offsets]
            .sort((a, b) => a - b)
            .map((at, index) => ({ date: day(at), value: sortedValues[index] ?? '0' }));
          const reading = { date: day(offset), value };
          if (registerRefusal({ ...reading, known: history }, upOnly) !== null) return;
          const after = [...history.filter((known) => known.date !== reading.date), reading];
          for (const { consumption } of withConsumption(after)) {
            expect(consumption === null || !consumption.amount.startsWith('-')).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
