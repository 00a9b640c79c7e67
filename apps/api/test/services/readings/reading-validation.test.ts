import { MAX_ENTRY_CLOCK_SKEW_MS, READING_ERRORS } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { ReadingRefusedError } from '../../../src/domain/errors.ts';
import { validateReadings } from '../../../src/services/readings/reading-validation.ts';

const point = (id: number, name: string) => ({
  id,
  name,
  deviceId: 10,
  gatewayId: 100,
  retiredAt: null,
  changedOn: null,
  installedOn: null,
  registerDigits: null,
  countsUpOnly: 0,
});
const points = [point(1, 'Energi'), point(2, 'Volumen')];
/** Noon in Copenhagen on 22 November 2026. */
const NOW = new Date('2026-11-22T11:00:00.000Z');

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
    if (error instanceof ReadingRefusedError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

const WEB = { source: 'web', enteredAt: null, reason: 'periodic' };

describe('validateReadings', () => {
  it('returns ISO dates and canonical values', () => {
    expect(
      validateReadings([reading(1, '02/01/2022', '0012,500'), reading(2, '11/22/2026', '7')], points, NOW),
    ).toEqual([
      { ...WEB, deviceItemId: 1, dateRecord: '2022-02-01', value: '12.5', plausibilityOverride: false },
      { ...WEB, deviceItemId: 2, dateRecord: '2026-11-22', value: '7', plausibilityOverride: false },
    ]);
  });

  it('merges identical repeats and keeps a confirmation given on either', () => {
    expect(
      validateReadings([reading(1, '11/01/2026', '5,0'), reading(1, '11/01/2026', '5', true)], points, NOW),
    ).toEqual([
      { ...WEB, deviceItemId: 1, dateRecord: '2026-11-01', value: '5', plausibilityOverride: true },
    ]);
  });

  it('reports the first failing reading in batch order', () => {
    const batch = [reading(1, '11/01/2026', 'x'), reading(2, '13/01/2026', '1')];
    expect(rejection(() => validateReadings(batch, points, NOW))).toBe(READING_ERRORS.valueInvalid('Energi'));
  });

  it('refuses points outside the account, meter or location', () => {
    expect(rejection(() => validateReadings([reading(3, '11/01/2026', '1')], points, NOW))).toBe(
      READING_ERRORS.unknownDeviceItem(3),
    );
    expect(
      rejection(() => validateReadings([{ ...reading(1, '11/01/2026', '1'), deviceId: 11 }], points, NOW)),
    ).toBe(READING_ERRORS.unknownDeviceItem(1));
    expect(
      rejection(() => validateReadings([{ ...reading(1, '11/01/2026', '1'), gatewayId: 101 }], points, NOW)),
    ).toBe(READING_ERRORS.unknownDeviceItem(1));
  });

  it.each([
    ['01/31/2022', READING_ERRORS.dateTooEarly('Energi')],
    ['11/23/2026', READING_ERRORS.dateInFuture('Energi')],
    ['02/30/2024', READING_ERRORS.dateInvalid('Energi')],
    ['2/1/2024', READING_ERRORS.dateInvalid('Energi')],
    ['02/29/2023', READING_ERRORS.dateInvalid('Energi')],
  ])('refuses the date %s', (date, expected) => {
    expect(rejection(() => validateReadings([reading(1, date, '1')], points, NOW))).toBe(expected);
  });

  it('accepts 29 February in a leap year', () => {
    expect(validateReadings([reading(1, '02/29/2024', '1')], points, NOW)[0]?.dateRecord).toBe('2024-02-29');
  });

  it('refuses one point and date with two different values', () => {
    const batch = [reading(2, '11/01/2026', '1'), reading(2, '11/01/2026', '1,01')];
    expect(rejection(() => validateReadings(batch, points, NOW))).toBe(READING_ERRORS.duplicate('Volumen'));
  });

  it('takes an offline reading with its time of entry, in UTC', () => {
    const offline = {
      ...reading(1, '11/21/2026', '5'),
      source: 'offline',
      enteredAt: '2026-11-21T09:30:00+01:00',
    };
    expect(validateReadings([offline], points, NOW)[0]).toMatchObject({
      source: 'offline',
      enteredAt: '2026-11-21T08:30:00.000Z',
    });
    expect(
      validateReadings([{ ...reading(1, '11/21/2026', '5'), source: 'web' }], points, NOW)[0],
    ).toMatchObject(WEB);
  });

  it('accepts a time of entry a little ahead of the server clock', () => {
    const ahead = new Date(NOW.getTime() + MAX_ENTRY_CLOCK_SKEW_MS).toISOString();
    const offline = { ...reading(1, '11/22/2026', '5'), source: 'offline', enteredAt: ahead };
    expect(validateReadings([offline], points, NOW)[0]?.enteredAt).toBe(ahead);
  });

  it.each([
    [{ source: 'import' }, READING_ERRORS.sourceInvalid('Energi')],
    [{ source: 'cli' }, READING_ERRORS.sourceInvalid('Energi')],
    [{ source: 'estimate' }, READING_ERRORS.sourceInvalid('Energi')],
    [{ source: 'Offline', enteredAt: '2026-11-21T08:30:00Z' }, READING_ERRORS.sourceInvalid('Energi')],
    [{ source: 'offline' }, READING_ERRORS.enteredAtRequired('Energi')],
    [{ enteredAt: '2026-11-21T08:30:00Z' }, READING_ERRORS.enteredAtNotAllowed('Energi')],
    [{ source: 'web', enteredAt: '2026-11-21T08:30:00Z' }, READING_ERRORS.enteredAtNotAllowed('Energi')],
    [{ source: 'offline', enteredAt: '21-11-2026 08:30' }, READING_ERRORS.enteredAtInvalid('Energi')],
    [{ source: 'offline', enteredAt: '2026-11-21T08:30:00' }, READING_ERRORS.enteredAtInvalid('Energi')],
    [{ source: 'offline', enteredAt: '2022-01-31T22:59:59Z' }, READING_ERRORS.enteredAtTooEarly('Energi')],
    [
      { source: 'offline', enteredAt: '2026-11-22T11:05:00.001Z' },
      READING_ERRORS.enteredAtInFuture('Energi'),
    ],
  ])('refuses %j', (fields, expected) => {
    expect(
      rejection(() => validateReadings([{ ...reading(1, '11/01/2026', '1'), ...fields }], points, NOW)),
    ).toBe(expected);
  });

  it('keeps the first source of a merged repeat', () => {
    const offline = {
      ...reading(1, '11/01/2026', '5'),
      source: 'offline',
      enteredAt: '2026-11-01T08:00:00Z',
    };
    expect(validateReadings([offline, reading(1, '11/01/2026', '5')], points, NOW)).toMatchObject([
      { source: 'offline', enteredAt: '2026-11-01T08:00:00.000Z' },
    ]);
  });
});
