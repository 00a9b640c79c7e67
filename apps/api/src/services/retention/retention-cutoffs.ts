import { isoDateInCopenhagen } from '@maaler/contract';
import type { Config } from '../../config.ts';

export type RetentionPeriods = Config['retention'];

/** The moments before which each kind of data is due, from the configured periods and now. */
export type RetentionCutoffs = {
  /** `YYYY-MM-DD`: readings, skips and estimates dated before it are due. */
  readingsBefore: string;
  /** ISO instant: the same day's start in Copenhagen, for the office's audit trail. */
  auditEventsBefore: string;
  loginEventsBefore: string;
  outboxBefore: string;
  /** `YYYY-MM-DD`: links whose deadline is before it are due. */
  selfReadingLinkDeadlineBefore: string;
  disabledBefore: string;
  photosBefore: string;
};

const DAY_MS = 86_400_000;

const daysBefore = (now: Date, days: number): string => new Date(now.getTime() - days * DAY_MS).toISOString();

function isoDateDaysBefore(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Bookkeeping material is kept for `readingsYears` after the end of the financial year it concerns
 * (bogføringsloven § 12); a reading belongs to a period that ends at the latest with its calendar year
 * (the longest reading period is the year), so whatever is dated before 1 January of the year
 * `readingsYears` back has passed that, whatever the account's period.
 */
export function retentionCutoffs(periods: RetentionPeriods, now: Date): RetentionCutoffs {
  const today = isoDateInCopenhagen(now);
  const firstKeptYear = Number(today.slice(0, 4)) - periods.readingsYears;
  const readingsBefore = `${String(firstKeptYear).padStart(4, '0')}-01-01`;
  return {
    readingsBefore,
    // 1 January is always in winter time in Copenhagen, UTC+1.
    auditEventsBefore: new Date(`${readingsBefore}T00:00:00+01:00`).toISOString(),
    loginEventsBefore: daysBefore(now, periods.loginEventsDays),
    outboxBefore: daysBefore(now, periods.outboxDays),
    selfReadingLinkDeadlineBefore: isoDateDaysBefore(today, periods.selfReadingLinkDays),
    disabledBefore: daysBefore(now, periods.disabledUserDays),
    photosBefore: daysBefore(now, periods.photoDays),
  };
}
