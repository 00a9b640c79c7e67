import type { PlausibilityWarning } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { issueOfWarning } from '@/features/administration/review/review-warnings';
import { issueText } from '@/lib/plausibility/issue-text';

const none = { ComparedValue: null, ComparedDate: null, PerDay: null, Low: null, High: null };

describe('a warning of the review list', () => {
  it('reads as the reading screen said it', () => {
    const backwards: PlausibilityWarning = {
      ...none,
      Kind: 'backwards',
      ComparedValue: '1234,5',
      ComparedDate: '2026-10-31',
    };
    const issue = issueOfWarning(backwards);
    expect(issue).toEqual({ kind: 'backwards', previous: { value: '1234.5', date: '2026-10-31' } });
    expect(issue && issueText(issue, 'm³')).toBe(
      'Værdien er lavere end sidste måling (1.234,5 den 31-10-2026). En måler bør ikke tælle baglæns.',
    );

    const high: PlausibilityWarning = { ...none, Kind: 'consumption-high', PerDay: 12, Low: 1, High: 4 };
    const rate = issueOfWarning(high);
    expect(rate).toEqual({ kind: 'consumption-high', perDay: 12, low: 1, high: 4 });
    expect(rate && issueText(rate, 'kWh')).toContain(
      'det svarer til 12 kWh pr. dag; normalt 1–4 kWh pr. dag.',
    );
  });

  it('is left out when the wire lacks what its kind needs', () => {
    expect(issueOfWarning({ ...none, Kind: 'date-before-last', ComparedValue: '5' })).toBeNull();
    expect(
      issueOfWarning({ ...none, Kind: 'backwards', ComparedValue: 'x', ComparedDate: '2026-10-31' }),
    ).toBeNull();
    expect(issueOfWarning({ ...none, Kind: 'consumption-low', PerDay: 1, Low: 2 })).toBeNull();
  });
});
