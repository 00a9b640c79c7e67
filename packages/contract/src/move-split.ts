import type { DatedValue } from './consumption.ts';
import { consumptionByMonth, type MonthAmount } from './daily-consumption.ts';
import type { ReadingReason } from './readings.ts';

/** The reasons that mark a move (issue 37, ADR 049): consumption splits between residents at their date. */
export const MOVE_READING_REASONS: readonly ReadingReason[] = ['move-out', 'move-in'];

/** A reading as the split needs it: dated, valued and with its reason. */
export type ReasonedValue = DatedValue & { reason: ReadingReason };

/**
 * The days of a period one resident answers for (`YYYY-MM-DD`, both included). `movedOut`: the part
 * ends the day before a move, so it is the leaving resident's; otherwise it is the last part, whose
 * resident is still there (the one who moved in, when a move came before it in the period).
 */
export type ResidentPart = { start: string; end: string; movedOut: boolean; movedIn: boolean };

function dayBefore(iso: string): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/**
 * The period cut at each move dated after its first day: a reading is taken during its day, so the
 * days before a move are the leaving resident's and the move's own day is the next one's (as a
 * reading on the first of a month closes the month before). One part when no move falls inside.
 */
export function residentParts(
  period: { start: string; end: string },
  readings: readonly ReasonedValue[],
): ResidentPart[] {
  const moves = [
    ...new Set(
      readings
        .filter(
          (r) => MOVE_READING_REASONS.includes(r.reason) && r.date > period.start && r.date <= period.end,
        )
        .map((r) => r.date),
    ),
  ].sort();
  const parts: ResidentPart[] = [];
  let start = period.start;
  let movedIn = false;
  for (const move of moves) {
    parts.push({ start, end: dayBefore(move), movedOut: true, movedIn });
    start = move;
    movedIn = true;
  }
  parts.push({ start, end: period.end, movedOut: false, movedIn });
  return parts;
}

/**
 * A point's consumption per month, per resident part of the period (`residentParts`). Since a move is
 * a reading, no interval between two readings crosses it: every day's share falls in exactly one
 * part, so the parts add up to `consumptionByMonth(readings, period)` exactly.
 */
export function consumptionByResident(
  readings: readonly ReasonedValue[],
  period: { start: string; end: string },
): { part: ResidentPart; months: MonthAmount[] }[] {
  return residentParts(period, readings).map((part) => ({
    part,
    months: consumptionByMonth(readings, part),
  }));
}
