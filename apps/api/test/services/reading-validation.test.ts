import { READING_ERRORS } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/http-errors.ts';
import { validateReadings } from '../../src/services/reading-validation.ts';

const points = [
  { id: 1, name: 'Energi', deviceId: 10, gatewayId: 100 },
  { id: 2, name: 'Volumen', deviceId: 10, gatewayId: 100 },
];
const TODAY = '2026-11-22';

const reading = (
  deviceItemId: number,
  dateRecord: string,
  value: string,
  plausibilityOverride?: boolean,
) => ({
  gatewayId: 100,
  deviceId: 10,
  deviceItemId,
  dateRecord,
  value,
  ...(plausibilityOverride === undefined ? {} : { plausibilityOverride }),
});

function rejection(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 406) return String(error.body.validationError);
    throw error;
  }
  throw new Error('expected a 406');
}

describe('validateReadings', () => {
  it('returns ISO dates and canonical values', () => {
    expect(
      validateReadings([reading(1, '02/01/2022', '0012,500'), reading(2, '11/22/2026', '7')], points, TODAY),
    ).toEqual([
      { deviceItemId: 1, dateRecord: '2022-02-01', value: '12.5', plausibilityOverride: false },
      { deviceItemId: 2, dateRecord: '2026-11-22', value: '7', plausibilityOverride: false },
    ]);
  });

  it('merges identical repeats and keeps a confirmation given on either', () => {
    expect(
      validateReadings([reading(1, '11/01/2026', '5,0'), reading(1, '11/01/2026', '5', true)], points, TODAY),
    ).toEqual([{ deviceItemId: 1, dateRecord: '2026-11-01', value: '5', plausibilityOverride: true }]);
  });

  it('reports the first failing reading in batch order', () => {
    const batch = [reading(1, '11/01/2026', 'x'), reading(2, '13/01/2026', '1')];
    expect(rejection(() => validateReadings(batch, points, TODAY))).toBe(
      READING_ERRORS.valueInvalid('Energi'),
    );
  });

  it('refuses points outside the account, meter or location', () => {
    expect(rejection(() => validateReadings([reading(3, '11/01/2026', '1')], points, TODAY))).toBe(
      READING_ERRORS.unknownDeviceItem(3),
    );
    expect(
      rejection(() => validateReadings([{ ...reading(1, '11/01/2026', '1'), deviceId: 11 }], points, TODAY)),
    ).toBe(READING_ERRORS.unknownDeviceItem(1));
    expect(
      rejection(() =>
        validateReadings([{ ...reading(1, '11/01/2026', '1'), gatewayId: 101 }], points, TODAY),
      ),
    ).toBe(READING_ERRORS.unknownDeviceItem(1));
  });

  it.each([
    ['01/31/2022', READING_ERRORS.dateTooEarly('Energi')],
    ['11/23/2026', READING_ERRORS.dateInFuture('Energi')],
    ['02/30/2024', READING_ERRORS.dateInvalid('Energi')],
    ['2/1/2024', READING_ERRORS.dateInvalid('Energi')],
    ['02/29/2023', READING_ERRORS.dateInvalid('Energi')],
  ])('refuses the date %s', (date, expected) => {
    expect(rejection(() => validateReadings([reading(1, date, '1')], points, TODAY))).toBe(expected);
  });

  it('accepts 29 February in a leap year', () => {
    expect(validateReadings([reading(1, '02/29/2024', '1')], points, TODAY)[0]?.dateRecord).toBe(
      '2024-02-29',
    );
  });

  it('refuses one point and date with two different values', () => {
    const batch = [reading(2, '11/01/2026', '1'), reading(2, '11/01/2026', '1,01')];
    expect(rejection(() => validateReadings(batch, points, TODAY))).toBe(READING_ERRORS.duplicate('Volumen'));
  });
});
