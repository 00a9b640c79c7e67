import { MIN_READING_DATE } from './constants.ts';

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const DANISH_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function toIso(yearText: string, monthText: string, dayText: string): string | null {
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${yearText}-${monthText}-${dayText}`;
}

/** True for a real calendar date written as `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return match !== null && toIso(match[1] ?? '', match[2] ?? '', match[3] ?? '') !== null;
}

/** `MM/DD/YYYY` (the wire's `dateRecord`) → `YYYY-MM-DD`, or null unless it is a real calendar date. */
export function parseUsDate(value: string): string | null {
  const match = US_DATE.exec(value);
  if (!match) return null;
  return toIso(match[3] ?? '', match[1] ?? '', match[2] ?? '');
}

/** `DD-MM-YYYY` (the date picker's display format) → `YYYY-MM-DD`, or null unless it is a real date. */
export function parseDanishDate(value: string): string | null {
  const match = DANISH_DATE.exec(value);
  if (!match) return null;
  return toIso(match[3] ?? '', match[2] ?? '', match[1] ?? '');
}

function isoParts(iso: string): [year: string, month: string, day: string] {
  const match = ISO_DATE.exec(iso);
  if (!match || !isIsoDate(iso)) throw new RangeError(`Not an ISO calendar date: ${JSON.stringify(iso)}`);
  return [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
}

/** `YYYY-MM-DD` → `MM/DD/YYYY`. Throws RangeError for anything but a real ISO calendar date. */
export function toUsDate(iso: string): string {
  const [year, month, day] = isoParts(iso);
  return `${month}/${day}/${year}`;
}

/** `YYYY-MM-DD` → `DD-MM-YYYY`. Throws RangeError for anything but a real ISO calendar date. */
export function toDanishDate(iso: string): string {
  const [year, month, day] = isoParts(iso);
  return `${day}-${month}-${year}`;
}

let copenhagenFormat: Intl.DateTimeFormat | undefined;
const HOUR_MS = 3_600_000;
let lastHour: { hour: number; iso: string } | undefined;

/**
 * The calendar date of `date` in Europe/Copenhagen as `YYYY-MM-DD`. "Up to today" in the reading
 * rules means the Danish today, whatever the server's or browser's own time zone is.
 */
export function isoDateInCopenhagen(date: Date = new Date()): string {
  // Copenhagen is a whole number of hours off UTC, so its date changes only on a UTC hour: one
  // formatting per hour instead of one per call (the tree read asks on every request).
  const hour = Math.floor(date.getTime() / HOUR_MS);
  if (lastHour?.hour === hour) return lastHour.iso;
  const iso = formatInCopenhagen(date);
  lastHour = { hour, iso };
  return iso;
}

/** The last Sunday of `month` (0-based) of `year` at 01:00 UTC, when EU summer time starts or ends. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/**
 * Copenhagen's date by the EU summer-time rule (UTC+2 from the last Sunday of March to the last Sunday
 * of October, 01:00 UTC; else UTC+1), which Denmark has kept since 1996: a browser's first Intl
 * formatter loads ICU data, a long task on a phone's first render (docs/performance.md). Earlier dates
 * ask Intl; a test holds the rule to Intl hour by hour.
 */
function formatInCopenhagen(date: Date): string {
  const time = date.getTime();
  const year = date.getUTCFullYear();
  if (!(year >= 1996 && year <= 9999)) return formatWithIntl(date);
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  return new Date(time + (summer ? 2 : 1) * HOUR_MS).toISOString().slice(0, 10);
}

function formatWithIntl(date: Date): string {
  copenhagenFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Copenhagen',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = copenhagenFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** A reading date must lie from MIN_READING_DATE up to and including `todayIso` (both ISO dates). */
export function isReadingDateAllowed(iso: string, todayIso: string): boolean {
  return isIsoDate(iso) && iso >= MIN_READING_DATE && iso <= todayIso;
}
