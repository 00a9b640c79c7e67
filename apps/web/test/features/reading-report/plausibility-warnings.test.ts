// @vitest-environment jsdom
import type { GuaranteedDevice } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { findPlausibilityWarnings } from '@/features/reading-report/plausibility-warnings';
import { historyEntry, readingForm } from '../../support/reading-fixtures';

// A point that used exactly 10 m³ a day: 920 m³ over the 92 days from 1 July to 1 October.
const history = [
  { date: '2026-10-01', value: '1920' },
  { date: '2026-09-01', value: '1620' },
  { date: '2026-08-01', value: '1310' },
  { date: '2026-07-01', value: '1000' },
];
describe('findPlausibilityWarnings', () => {
  const device: GuaranteedDevice = {
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
  const entry = (DeviceItemId: number, DateRecord: string, Value: string) =>
    historyEntry({ DeviceItemId, Name: DeviceItemId === 7 ? 'Volumen' : 'Energi' }, DateRecord, Value);
  const meterHistory = history.map((reading) => entry(7, reading.date, reading.value.replace('.', ',')));
  const form = (volume: string, energy: string, fresh = '12', date = '2026-11-01') =>
    readingForm(date, [
      { deviceItemId: 7, value: volume },
      { deviceItemId: 8, value: energy },
      { deviceItemId: 9, value: fresh },
    ]);

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

  it('never judges a reading against an estimate, in the history or as the last reading (ADR 021)', () => {
    // An estimate of 2200 on 31 October: 2100 on 1 November is plausible against the real readings.
    const estimated: GuaranteedDevice = {
      ...device,
      DeviceItemList: device.DeviceItemList.map((item) =>
        item.DeviceItemId === 7
          ? {
              ...item,
              LastValue: '2200',
              LastDateValue: '2026-10-31',
              LastDateValueFormatted: '31-10-2026',
              LastEstimated: true,
            }
          : item,
      ),
    };
    const withEstimate = [entry(7, '2026-10-31', '2200'), ...meterHistory].map((item, index) =>
      index === 0 ? { ...item, Source: 'estimate' as const } : item,
    );
    expect(findPlausibilityWarnings(form('2100', '1240'), estimated, withEstimate)).toEqual([]);
    expect(findPlausibilityWarnings(form('2100', '1240'), estimated, undefined)).toEqual([]);
    // The same history with a real reading of 2200 warns that the register went backwards.
    expect(
      findPlausibilityWarnings(form('2100', '1240'), device, [
        entry(7, '2026-10-31', '2200'),
        ...meterHistory,
      ]),
    ).toEqual([expect.objectContaining({ deviceItemId: 7 })]);
  });

  it('starts the average at the earliest reading a bounded history carries (ADR 053), as the whole history would', () => {
    // Before the four readings above, a slow year: 365 m³ from 1 July 2025, so the average is lower.
    const whole = [...meterHistory, entry(7, '2025-07-01', '635')];
    const [newest, second, third, oldest] = meterHistory;
    if (!newest || !second || !third || !oldest) throw new Error('four readings');
    const bounded = [
      newest,
      second,
      third,
      { ...oldest, Earliest: { DateRecord: '2025-07-01', Value: '635' } },
    ];
    const typed = form('2230', '1234,5');
    const fromWhole = findPlausibilityWarnings(typed, device, whole);
    expect(fromWhole).toEqual([expect.objectContaining({ deviceItemId: 7 })]);
    expect(findPlausibilityWarnings(typed, device, bounded)).toEqual(fromWhole);
    // Without it, the newest readings alone find 310 m³ in 31 days (their 10 a day) normal.
    expect(findPlausibilityWarnings(typed, device, meterHistory)).toEqual([]);
  });
});
