import { drawUint32, drawUnit } from './seeded-random.ts';
import type { PointModel } from './tenant-meters.ts';
import { addDays, dayNumber, shareOf, spanDays, type TenantShape } from './tenant-shape.ts';
import { STREAM } from './tenant-streams.ts';

/** id, device_item_id, date_record, value, registered_at, registered_by, plausibility_override, approved_by, approved_at, source, entered_at */
export type ReadingTuple = [
  number,
  number,
  string,
  string,
  string,
  string,
  number,
  string | null,
  string | null,
  string,
  string | null,
];
/** id, reading_id, old_value, new_value, changed_at, changed_by, plausibility_override, source, entered_at */
export type AuditTuple = [
  number,
  number,
  string | null,
  string,
  string,
  string,
  number,
  string,
  string | null,
];

export type ReadingWindow = { readings: ReadingTuple[]; audits: AuditTuple[]; lastDay: string };

/** Who registers: an account's meter reader, and the administrator. */
export type Registrars = { readerOf(accountIndex: number): string; admin: string };

const YEAR_DAYS = 365.25;
const TWO_PI = 2 * Math.PI;
/** Mid-January: when consumption peaks. */
const WINTER_DAY = dayNumber('2000-01-15');
const hh = (n: number) => String(n).padStart(2, '0');
const trimmed = (value: number) => value.toFixed(3).replace(/\.?0+$/, '');

/**
 * Every reading of the tenant in the order they would have come in: `windowDays` at a time, oldest
 * first, each window's readings point by point (so a point's readings lie apart in the table, as
 * years of use leave them). Point `i` gets its share of the readings, spread over the span ending on
 * `until`: the k-th newest about k intervals back, moved by up to half an interval, so two readings
 * of a point are at least a day apart. Values grow every day by the point's rate, more in winter.
 * Each reading has its creation in the audit trail; one in a hundred was first typed wrong and
 * corrected the same day.
 */
export function* readingWindows(
  shape: TenantShape,
  points: readonly PointModel[],
  registrars: Registrars,
  windowDays: number,
): Generator<ReadingWindow> {
  const { seed } = shape;
  const span = spanDays(shape);
  const firstDay = addDays(shape.until, 1 - span);
  const firstDayNumber = dayNumber(firstDay);
  const untilNumber = dayNumber(shape.until);
  const seasonAtStart = Math.sin((TWO_PI * (firstDayNumber - WINTER_DAY)) / YEAR_DAYS);
  const counts = points.map((point) => shareOf(shape.readings, shape.points, point.itemId - 1));
  const next = Int32Array.from(counts, (count) => count - 1);
  const dateAt = Array.from({ length: span }, (_, offset) => addDays(shape.until, -offset));
  const offsetOf = (pointIndex: number, k: number) => {
    const point = points[pointIndex] as PointModel;
    const interval = span / (counts[pointIndex] as number);
    return Math.floor((k + 0.5 * drawUnit(seed, STREAM.readingDay, point.itemId, k)) * interval);
  };
  let readingId = 0;
  let auditId = 0;
  for (let windowEnd = span - 1; windowEnd >= 0; windowEnd -= windowDays) {
    const windowStart = Math.max(0, windowEnd - windowDays + 1);
    const readings: ReadingTuple[] = [];
    const audits: AuditTuple[] = [];
    for (let p = 0; p < points.length; p++) {
      const point = points[p] as PointModel;
      for (let k = next[p] as number; k >= 0; k--) {
        const offset = offsetOf(p, k);
        if (offset < windowStart) break;
        next[p] = k - 1;
        const day = untilNumber - offset;
        const date = dateAt[offset] as string;
        const wave =
          (YEAR_DAYS / TWO_PI) * (Math.sin((TWO_PI * (day - WINTER_DAY)) / YEAR_DAYS) - seasonAtStart);
        const value = trimmed(point.base + point.rate * (day - firstDayNumber + point.season * wave));
        const draw = (stream: number) => drawUnit(seed, stream, point.itemId, k);
        const time = drawUint32(seed, STREAM.readingTime, point.itemId, k);
        const minute = hh(time % 60);
        const second = hh((time >>> 8) % 60);
        const offline = draw(STREAM.readingSource) < 0.15;
        const enteredHour = 6 + ((time >>> 16) % 5);
        const registeredHour = offline ? enteredHour + 1 + ((time >>> 24) % 5) : 6 + ((time >>> 16) % 9);
        const registeredAt = `${date}T${hh(registeredHour)}:${minute}:${second}.000Z`;
        const enteredAt = offline ? `${date}T${hh(enteredHour)}:${minute}:${second}.000Z` : null;
        const by = draw(STREAM.readingBy) < 0.9 ? registrars.readerOf(point.accountIndex) : registrars.admin;
        const overrideDraw = draw(STREAM.readingOverride);
        const override = overrideDraw < 0.003 ? 1 : 0;
        const approved = overrideDraw < 0.0015;
        const id = ++readingId;
        const source = offline ? 'offline' : 'web';
        readings.push([
          id,
          point.itemId,
          date,
          value,
          registeredAt,
          by,
          override,
          approved ? registrars.admin : null,
          approved ? `${offset > 0 ? dateAt[offset - 1] : date}T09:00:00.000Z` : null,
          source,
          enteredAt,
        ]);
        if (draw(STREAM.readingCorrection) < 0.01) {
          const typed = trimmed(Number(value) + 100);
          audits.push([++auditId, id, null, typed, `${date}T05:30:00.000Z`, by, 0, source, enteredAt]);
          audits.push([++auditId, id, typed, value, registeredAt, by, override, source, enteredAt]);
        } else {
          audits.push([++auditId, id, null, value, registeredAt, by, override, source, enteredAt]);
        }
      }
    }
    yield { readings, audits, lastDay: addDays(shape.until, -windowStart) };
  }
}
