// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { historyPoints, monthlyConsumption } from '@/features/reading-history/history-points';
import { historyEntry } from '../../support/reading-fixtures';

const point = { DeviceItemId: 1, Name: 'Volumen' };
const item = {
  DeviceItemId: 1,
  Name: 'Volumen',
  Unit: 'm³',
  LastValue: null,
  LastDateValue: '-',
  LastDateValueFormatted: '-',
};

describe('monthlyConsumption', () => {
  it('spreads each interval over its days and sums per month, newest month first', () => {
    // 30 days of 2 m³ a day from 17 October: 15 days in October, 15 in November; then 1 m³ a day.
    const history = [
      historyEntry(point, '2026-11-26', '170'),
      historyEntry(point, '2026-11-16', '160'),
      historyEntry(point, '2026-10-17', '100'),
    ];
    const [volumen] = historyPoints(history, [item]);
    if (!volumen) throw new Error('no point');
    expect(monthlyConsumption(volumen)).toEqual([
      { month: '2026-11', amount: '40', days: 25 },
      { month: '2026-10', amount: '30', days: 15 },
    ]);
  });

  it('counts the old meter up to its final reading across a meter change, and the new one from its start', () => {
    const history = [
      historyEntry(point, '2026-11-11', '4'),
      historyEntry(point, '2026-11-01', '0', {
        MeterChange: { OldSerialNumber: 'GML-1', NewSerialNumber: 'NY-1', FinalValue: '131' },
      }),
      historyEntry(point, '2026-10-01', '100'),
    ];
    const [volumen] = historyPoints(history, [item]);
    if (!volumen) throw new Error('no point');
    expect(monthlyConsumption(volumen)).toEqual([
      { month: '2026-11', amount: '4', days: 10 },
      { month: '2026-10', amount: '31', days: 31 },
    ]);
  });

  it('has no months for a point with one reading', () => {
    const [volumen] = historyPoints([historyEntry(point, '2026-11-01', '5')], [item]);
    if (!volumen) throw new Error('no point');
    expect(monthlyConsumption(volumen)).toEqual([]);
  });
});
