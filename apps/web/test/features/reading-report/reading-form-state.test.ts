import { describe, expect, it } from 'vitest';
import type { ReadingField } from '@/features/reading-report/reading-form-rules';
import {
  type ReadingFormState,
  withChoices,
  withMarks,
  withReadings,
  withReadingValue,
  withTouched,
} from '@/features/reading-report/reading-form-state';
import { readingForm } from '../../support/reading-fixtures';

const state = (touched: ReadingField[] = []): ReadingFormState => ({
  values: readingForm('2026-11-20', [
    { deviceItemId: 7, value: '12' },
    { deviceItemId: 8, value: '' },
  ]),
  touched: new Set(touched),
});

describe('the reading form’s state', () => {
  it('marks fields visited and not visited, and keeps the same set when nothing is marked', () => {
    const touched = new Set<ReadingField>(['gatewayId', 'deviceId']);
    expect(withMarks(touched, {})).toBe(touched);
    expect([...withMarks(touched, { touch: ['date'], untouch: ['deviceId'] })]).toEqual([
      'gatewayId',
      'date',
    ]);
    // A field both unmarked and marked ends up visited.
    expect(withMarks(touched, { touch: ['deviceId'], untouch: ['deviceId'] }).has('deviceId')).toBe(true);
    expect([...touched]).toEqual(['gatewayId', 'deviceId']);
  });

  it('changes a choice without touching the measurements', () => {
    const next = withChoices(
      state(['readings.0.value']),
      { gatewayId: '5', deviceId: '' },
      { touch: ['gatewayId'] },
    );
    expect(next.values).toMatchObject({ gatewayId: '5', deviceId: '', date: '2026-11-20' });
    expect(next.values.readings).toEqual(state().values.readings);
    expect([...next.touched]).toEqual(['readings.0.value', 'gatewayId']);
  });

  it('forgets which values were visited when another meter’s points come, and keeps the choices visited', () => {
    const next = withReadings(state(['deviceId', 'readings.0.value', 'readings.1.value']), [
      { deviceItemId: 9, value: '' },
    ]);
    expect(next.values.readings).toEqual([{ deviceItemId: 9, value: '' }]);
    expect([...next.touched]).toEqual(['deviceId']);
  });

  it('sets the typed value of one measurement only', () => {
    const next = withReadingValue(state(), 1, '3,5');
    expect(next.values.readings).toEqual([
      { deviceItemId: 7, value: '12' },
      { deviceItemId: 8, value: '3,5' },
    ]);
  });

  it('is the same state when the fields were already visited, so nothing renders again', () => {
    const before = state(['date']);
    expect(withTouched(before, ['date'])).toBe(before);
    const after = withTouched(before, ['date', 'readings.1.value']);
    expect(after).not.toBe(before);
    expect([...after.touched]).toEqual(['date', 'readings.1.value']);
  });
});
