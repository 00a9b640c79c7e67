import type { Device, HistoryEntry } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { knownReadings, plausibilityIssues } from '@/features/reading-report/plausibility';
import { findPlausibilityWarnings } from '@/features/reading-report/plausibility-warnings';

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

describe('findPlausibilityWarnings', () => {
  const device: Device = {
    DeviceId: 2,
    Name: 'Koldt vand',
    Type: 'water',
    Manual: true,
    DeviceItemList: [
      {
        DeviceItemId: 7,
        Name: 'Volumen',
        Unit: 'm³',
        LastValue: '1920',
        LastDateValue: '2026-10-01',
        LastDateValueFormatted: '01-10-2026',
      },
      {
        DeviceItemId: 8,
        Name: 'Energi',
        Unit: 'MWh',
        LastValue: '1234,5',
        LastDateValue: '2026-10-01',
        LastDateValueFormatted: '01-10-2026',
      },
      {
        DeviceItemId: 9,
        Name: 'Ny',
        Unit: '',
        LastValue: null,
        LastDateValue: '-',
        LastDateValueFormatted: '-',
      },
    ],
  };
  const entry = (DeviceItemId: number, DateRecord: string, Value: string): HistoryEntry => ({
    DeviceItemId,
    Name: DeviceItemId === 7 ? 'Volumen' : 'Energi',
    DateRecord,
    DateRecordFormatted: DateRecord.split('-').reverse().join('-'),
    Value,
    RegisteredAt: `${DateRecord}T08:15:00.000Z`,
    RegisteredBy: 'Torben Tekniker',
    PlausibilityOverride: false,
    Corrections: [],
  });
  const meterHistory = history.map((reading) => entry(7, reading.date, reading.value.replace('.', ',')));
  const form = (volume: string, energy: string, fresh = '12', date = '2026-11-01') => ({
    accountId: 'a',
    gatewayId: '1',
    deviceId: '2',
    date,
    readings: [
      { deviceItemId: 7, value: volume },
      { deviceItemId: 8, value: energy },
      { deviceItemId: 9, value: fresh },
    ],
  });

  it('names the problem and the expected range in Danish, per point', () => {
    expect(findPlausibilityWarnings(form('2881', '1234,4'), device, meterHistory)).toEqual([
      {
        deviceItemId: 7,
        name: 'Volumen',
        texts: ['Forbruget er usædvanligt højt: det svarer til 31 m³ pr. dag; normalt 3,3–30 m³ pr. dag.'],
      },
      {
        deviceItemId: 8,
        name: 'Energi',
        texts: [
          'Værdien er lavere end sidste måling (1.234,5 den 01-10-2026). En måler bør ikke tælle baglæns.',
        ],
      },
    ]);
    expect(findPlausibilityWarnings(form('1950,5', '1300', '0', '2026-10-02'), device, meterHistory)).toEqual(
      [
        {
          deviceItemId: 7,
          name: 'Volumen',
          texts: [
            'Forbruget er usædvanligt højt: det svarer til 30,5 m³ pr. dag; normalt 3,3–30 m³ pr. dag.',
          ],
        },
      ],
    );
    expect(findPlausibilityWarnings(form('1700', '1234,5', '1', '2026-09-15'), device, meterHistory)).toEqual(
      [
        {
          deviceItemId: 7,
          name: 'Volumen',
          texts: [
            'Datoen er før sidste måling (1.920 den 01-10-2026). En ny måling bør have en dato efter 01-10-2026.',
          ],
        },
        {
          deviceItemId: 8,
          name: 'Energi',
          texts: [
            'Datoen er før sidste måling (1.234,5 den 01-10-2026). En ny måling bør have en dato efter 01-10-2026.',
          ],
        },
      ],
    );
  });

  it('warns about nothing for plausible values, and checks against the last reading alone without history', () => {
    expect(findPlausibilityWarnings(form('2230', '1240,75'), device, meterHistory)).toEqual([]);
    expect(findPlausibilityWarnings(form('99999', '1240'), device, undefined)).toEqual([]);
    expect(findPlausibilityWarnings(form('1900', '1240'), device, undefined)).toEqual([
      expect.objectContaining({ deviceItemId: 7 }),
    ]);
  });
});
