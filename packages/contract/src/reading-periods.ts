import { z } from 'zod/mini';
import { daysInMonth, isIsoDate, isoDateInCopenhagen } from './dates.ts';
import { MESSAGES } from './messages.ts';

export const READING_PERIODS = ['monthly', 'quarterly', 'yearly'] as const;

/** How often an account's meters are read; the account setting `readingPeriod`, monthly when unset. */
export const ReadingPeriod = z.enum(READING_PERIODS, { error: MESSAGES.readingPeriodInvalid });
export type ReadingPeriod = z.infer<typeof ReadingPeriod>;

export const DEFAULT_READING_PERIOD: ReadingPeriod = 'monthly';

/** First and last calendar day of a reading period, both included, as `YYYY-MM-DD`. */
export const PeriodRange = z.object({ start: z.iso.date(), end: z.iso.date() });
export type PeriodRange = z.infer<typeof PeriodRange>;

const MONTHS_PER_PERIOD: Record<ReadingPeriod, number> = { monthly: 1, quarterly: 3, yearly: 12 };

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * The reading period that holds `date`: a moment (taken as its calendar day in Europe/Copenhagen,
 * so 23:30 UTC on 31 October is already 1 November) or an ISO calendar date `YYYY-MM-DD`.
 * Quarters start in January, April, July and October.
 */
export function periodContaining(date: Date | string, period: ReadingPeriod): PeriodRange {
  const iso = typeof date === 'string' ? date : isoDateInCopenhagen(date);
  if (!isIsoDate(iso)) throw new RangeError(`Not an ISO calendar date: ${JSON.stringify(iso)}`);
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  const length = MONTHS_PER_PERIOD[period];
  const firstMonth = month - ((month - 1) % length);
  const lastMonth = firstMonth + length - 1;
  const yearText = iso.slice(0, 4);
  return {
    start: `${yearText}-${pad(firstMonth)}-01`,
    end: `${yearText}-${pad(lastMonth)}-${pad(daysInMonth(year, lastMonth))}`,
  };
}

const DANISH_MONTHS = [
  'januar',
  'februar',
  'marts',
  'april',
  'maj',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'december',
] as const;

/** The Danish name of a period as `periodContaining` gives it: `november 2026`, `4. kvartal 2026`, `2026`. */
export function periodLabel(range: PeriodRange, period: ReadingPeriod): string {
  const year = range.start.slice(0, 4);
  const month = Number(range.start.slice(5, 7));
  if (period === 'yearly') return year;
  if (period === 'quarterly') return `${(month + 2) / 3}. kvartal ${year}`;
  return `${DANISH_MONTHS[month - 1] ?? ''} ${year}`;
}

/** The period just before `range` (the one holding the day before its start). */
export function previousPeriod(range: PeriodRange, period: ReadingPeriod): PeriodRange {
  const start = new Date(`${range.start}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 1);
  return periodContaining(start.toISOString().slice(0, 10), period);
}
