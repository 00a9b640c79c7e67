import { type DatedValue, plausibilityIssues } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectNeighbourReadings } from '../../db/repositories/reading-neighbours.ts';
import type { ReadingWrite } from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';
import { groupBy } from '../shared/group-by.ts';

/**
 * The writes with `needsReview` set where the reading goes to `Til kontrol` (issue 32): the server
 * judges every value itself at write time with the contract's soft rule (ADR 008/014), the one the
 * app warns with, against the point's stored readings around the date (estimates are no basis, ADR 021) and the
 * batch's own readings dated before it. The client's `plausibilityOverride` only records that the
 * user saw the warning (`Send alligevel`); it decides nothing here. `touchesReview`: some write goes
 * to review or replaces a reading that is on it, which the one-statement path leaves to the
 * transactional one (save-readings.ts). `digitsOf` answers a point's declared register
 * digits, so a rollover (ADR 046) is no step backwards.
 */
export async function withReviewFlags(
  db: Kysely<Database>,
  writes: readonly ReadingWrite[],
  digitsOf: (deviceItemId: number) => number | null | undefined = () => null,
): Promise<{ writes: ReadingWrite[]; touchesReview: boolean }> {
  const stored = await selectNeighbourReadings(db, writes);
  const storedOf = groupBy(stored, (reading) => reading.deviceItemId);
  const batchOf = groupBy(writes, (write) => write.deviceItemId);
  const judges = new Map<number, (write: ReadingWrite) => boolean>();
  const implausible = (write: ReadingWrite) => {
    let judge = judges.get(write.deviceItemId);
    if (!judge) {
      judge = judgeOfPoint(
        storedOf.get(write.deviceItemId) ?? [],
        batchOf.get(write.deviceItemId) ?? [],
        digitsOf(write.deviceItemId),
      );
      judges.set(write.deviceItemId, judge);
    }
    return judge(write);
  };
  const flagged = writes.map(
    (write): ReadingWrite => ({ ...write, needsReview: implausible(write) ? 1 : 0 }),
  );
  const onReview = new Set(
    stored
      .filter((reading) => reading.needsReview === 1)
      .map((reading) => `${reading.deviceItemId}|${reading.dateRecord}`),
  );
  const touchesReview = flagged.some(
    (write) => write.needsReview === 1 || onReview.has(`${write.deviceItemId}|${write.dateRecord}`),
  );
  return { writes: flagged, touchesReview };
}

type Dated = { dateRecord: string; value: string };

const byDate = (a: Dated, b: Dated) =>
  a.dateRecord < b.dateRecord ? -1 : a.dateRecord > b.dateRecord ? 1 : 0;

/**
 * Whether the rule warns about a write of one point. The rule looks only at the earliest reading
 * before the date, the latest one before it and the latest on another date (the consumptions between
 * stored readings add up to the difference of those two), so each write is judged from those three,
 * found by binary search: a file of thousands of readings of one point stays linear, not quadratic.
 */
function judgeOfPoint(
  stored: readonly Dated[],
  batch: readonly Dated[],
  registerDigits: number | null | undefined,
): (write: ReadingWrite) => boolean {
  // The batch's values replace the stored ones of their dates.
  const byDay = new Map<string, Dated>();
  for (const reading of [...stored, ...batch]) byDay.set(reading.dateRecord, reading);
  const merged = [...byDay.values()].sort(byDate);
  const storedDates = stored.map((reading) => reading.dateRecord).sort();
  const storedByDate = new Map(stored.map((reading) => [reading.dateRecord, reading]));
  const dated = (reading: Dated): DatedValue => ({
    date: reading.dateRecord,
    value: reading.value,
    registerDigits,
  });

  return (write) => {
    const before = countBefore(merged, write.dateRecord);
    const earliest = before > 0 ? merged[0] : undefined;
    const previous = before > 0 ? merged[before - 1] : undefined;
    // Later readings of the batch are not there yet when this one is typed; stored ones are.
    const lastStored = storedDates.findLast((date) => date !== write.dateRecord);
    const last =
      lastStored !== undefined && (!previous || lastStored > previous.dateRecord)
        ? storedByDate.get(lastStored)
        : undefined;
    const known = [earliest, previous, last].filter((reading): reading is Dated => reading !== undefined);
    const unique = [...new Map(known.map((reading) => [reading.dateRecord, dated(reading)])).values()];
    const reading = { date: write.dateRecord, value: write.value, known: unique, registerDigits };
    return plausibilityIssues(reading).length > 0;
  };
}

/** How many of the readings (sorted by date) are dated before `date`. */
function countBefore(sorted: readonly Dated[], date: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle]?.dateRecord ?? '') < date) low = middle + 1;
    else high = middle;
  }
  return low;
}
