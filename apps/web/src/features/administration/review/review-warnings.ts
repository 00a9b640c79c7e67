import { normalizeReadingValue, type PlausibilityIssue, type PlausibilityWarning } from '@maaler/contract';

/**
 * The contract's plausibility issue behind a warning of the review list, so it reads as the reading
 * screen said it; null when the wire lacks what its kind needs.
 */
export function issueOfWarning(warning: PlausibilityWarning): PlausibilityIssue | null {
  const compared =
    warning.ComparedValue !== null && warning.ComparedDate !== null
      ? normalizeReadingValue(warning.ComparedValue)
      : null;
  switch (warning.Kind) {
    case 'backwards':
      return compared === null || warning.ComparedDate === null
        ? null
        : { kind: 'backwards', previous: { value: compared, date: warning.ComparedDate } };
    case 'date-before-last':
      return compared === null || warning.ComparedDate === null
        ? null
        : { kind: 'date-before-last', last: { value: compared, date: warning.ComparedDate } };
    case 'consumption-high':
    case 'consumption-low':
      return warning.PerDay === null || warning.Low === null || warning.High === null
        ? null
        : { kind: warning.Kind, perDay: warning.PerDay, low: warning.Low, high: warning.High };
  }
}
