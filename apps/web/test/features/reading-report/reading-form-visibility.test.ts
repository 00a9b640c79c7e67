import { describe, expect, it } from 'vitest';
import { readingReportMessages as messages } from '@/features/reading-report/messages';
import type { ReadingField, ReadingFormErrors } from '@/features/reading-report/reading-form-rules';
import { isCascadeShown, shownFieldError } from '@/features/reading-report/reading-form-visibility';

const form = (errors: [ReadingField, string][], touched: ReadingField[]) => ({
  errors: new Map(errors) as ReadingFormErrors,
  isTouched: (field: ReadingField) => touched.includes(field),
});

describe('which errors the reading form shows', () => {
  it('shows a field’s error only once the user has been in the field', () => {
    const errors: [ReadingField, string][] = [['readings.0.value', messages.valueRequired]];
    expect(shownFieldError(form(errors, []), 'readings.0.value')).toBeUndefined();
    expect(shownFieldError(form(errors, ['readings.0.value']), 'readings.0.value')).toBe(
      messages.valueRequired,
    );
    expect(shownFieldError(form(errors, ['date']), 'date')).toBeUndefined();
  });
});

describe('whether the choices show in route mode', () => {
  const route = { routeLayout: true, opened: false };

  it('always shows them outside route mode, and in route mode folds them until opened', () => {
    expect(isCascadeShown(form([], []), { routeLayout: false, opened: false })).toBe(true);
    expect(isCascadeShown(form([], []), route)).toBe(false);
    expect(isCascadeShown(form([], []), { routeLayout: true, opened: true })).toBe(true);
  });

  it('never folds away a date to fix, visited or not', () => {
    expect(isCascadeShown(form([['date', messages.dateOutOfRange]], []), route)).toBe(true);
  });

  it('never folds away a choice whose error shows, but folds one whose error is not shown yet', () => {
    expect(isCascadeShown(form([['deviceId', messages.meterRequired]], ['deviceId']), route)).toBe(true);
    expect(isCascadeShown(form([['deviceId', messages.meterRequired]], []), route)).toBe(false);
  });

  it('folds them while only a measurement has an error', () => {
    const valueError = form([['readings.0.value', messages.valueRequired]], ['readings.0.value']);
    expect(isCascadeShown(valueError, route)).toBe(false);
  });
});
