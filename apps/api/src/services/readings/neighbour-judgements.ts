import {
  type DatedValue,
  plausibilityIssues,
  type RegisterRefusal,
  type RegisterSettings,
  registerRefusal,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { type NeighbourReadings, selectNeighbourReadings } from '../../db/repositories/reading-neighbours.ts';
import type { ReadingKey, ReadingWrite } from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';

// The two judgements of readings about to be stored against their points' neighbouring readings (the
// few stored ones around each date, db/repositories/reading-neighbours.ts): the hard register rules of
// ADR 020, which refuse, and the soft rule's `Til kontrol` of issue 32, which flags. A write that runs
// both reads the neighbours once, for the keys of both.

/** A reading about to be stored: ISO date, canonical value. */
export type ReadingToStore = ReadingKey & { value: string };

/** A point's register settings; undefined for a point with nothing declared. */
export type SettingsOf = (deviceItemId: number) => RegisterSettings | undefined;

/** A point's declared register digits, so that a rollover (ADR 046) is no step backwards. */
export type DigitsOf = (deviceItemId: number) => number | null | undefined;

/** The writes with their `Til kontrol` flags, and whether the write touches the review (withReviewFlags). */
export type ReviewFlags = { writes: ReadingWrite[]; touchesReview: boolean };

/**
 * Both judgements of one write from one read of the neighbours: the register refusals of `readings`
 * (registerRefusals) and `writes` with their `Til kontrol` flags (withReviewFlags).
 */
export async function neighbourJudgements(
  db: Kysely<Database>,
  register: { readings: readonly ReadingToStore[]; settingsOf: SettingsOf },
  review: { writes: readonly ReadingWrite[]; digitsOf: DigitsOf },
): Promise<{ refusals: (RegisterRefusal | null)[] } & ReviewFlags> {
  const neighbours = await selectNeighbourReadings(db, [
    ...countingUpOnly(register.readings, register.settingsOf),
    ...review.writes,
  ]);
  return {
    refusals: refusalsAmong(register.readings, register.settingsOf, neighbours),
    ...reviewFlagsOf(review.writes, neighbours, review.digitsOf),
  };
}

/**
 * The hard rules of ADR 020 for readings about to be stored together: per reading, in order, its
 * refusal or null. A point counting only up is judged by its readings as they will stand after the
 * write (the stored ones with the batch's laid over them), so neither a new reading nor an old one
 * inserted between two can make the register run backwards.
 */
export async function registerRefusals(
  db: Kysely<Database>,
  readings: readonly ReadingToStore[],
  settingsOf: SettingsOf,
): Promise<(RegisterRefusal | null)[]> {
  const neighbours = await selectNeighbourReadings(db, countingUpOnly(readings, settingsOf));
  return refusalsAmong(readings, settingsOf, neighbours);
}

/** The settings of a point as stored, or undefined when nothing is declared. */
export function declaredSettings(row: {
  registerDigits: number | null;
  countsUpOnly: number;
  installedOn: string | null;
}): RegisterSettings | undefined {
  if (row.registerDigits === null && row.countsUpOnly !== 1 && row.installedOn === null) return undefined;
  return {
    registerDigits: row.registerDigits,
    countsUpOnly: row.countsUpOnly === 1,
    installedOn: row.installedOn,
  };
}

/**
 * The writes with `needsReview` set where the reading goes to `Til kontrol` (issue 32): the server
 * judges every value itself at write time with the contract's soft rule (ADR 008/014), the one the
 * app warns with, against the point's stored readings around the date (estimates are no basis, ADR 021) and the
 * batch's own readings dated before it. The client's `plausibilityOverride` only records that the
 * user saw the warning (`Send alligevel`); it decides nothing here. `touchesReview`: some write goes
 * to review or replaces a reading that is on it, which the one-statement path leaves to the
 * transactional one (save-readings.ts).
 */
export async function withReviewFlags(
  db: Kysely<Database>,
  writes: readonly ReadingWrite[],
  digitsOf: DigitsOf = () => null,
): Promise<ReviewFlags> {
  return reviewFlagsOf(writes, await selectNeighbourReadings(db, writes), digitsOf);
}

/** The register rules compare a reading with its neighbours only on a point that counts only up. */
const countingUpOnly = (readings: readonly ReadingToStore[], settingsOf: SettingsOf) =>
  readings.filter((reading) => settingsOf(reading.deviceItemId)?.countsUpOnly === true);

type Dated = { dateRecord: string; value: string };

/** Per point, its readings by date as they will stand after the write: the stored ones with `batch` laid over them. */
function laidOver(
  neighbours: NeighbourReadings,
  batch: readonly ReadingToStore[],
): Map<number, Map<string, Dated>> {
  const perPoint = new Map<number, Map<string, Dated>>();
  const byDateOf = (deviceItemId: number) => {
    let byDate = perPoint.get(deviceItemId);
    if (!byDate) {
      byDate = new Map((neighbours.get(deviceItemId) ?? []).map((reading) => [reading.dateRecord, reading]));
      perPoint.set(deviceItemId, byDate);
    }
    return byDate;
  };
  for (const reading of batch) byDateOf(reading.deviceItemId).set(reading.dateRecord, reading);
  for (const deviceItemId of neighbours.keys()) byDateOf(deviceItemId);
  return perPoint;
}

function refusalsAmong(
  readings: readonly ReadingToStore[],
  settingsOf: SettingsOf,
  neighbours: NeighbourReadings,
): (RegisterRefusal | null)[] {
  // A reading refused by the digits or the installation day is never stored: no comparison for others.
  const laid = readings.filter((reading) => {
    const settings = settingsOf(reading.deviceItemId);
    if (!settings?.countsUpOnly) return false;
    const alone = { date: reading.dateRecord, value: reading.value, known: [] };
    return registerRefusal(alone, { ...settings, countsUpOnly: false }) === null;
  });
  const afterWrite = laidOver(neighbours, laid);
  // Each reading is judged by its neighbours before and after it, as they will stand.
  return readings.map((reading) => {
    const settings = settingsOf(reading.deviceItemId);
    if (!settings) return null;
    const known = [...(afterWrite.get(reading.deviceItemId)?.values() ?? [])].map(
      ({ dateRecord, value }): DatedValue => ({ date: dateRecord, value }),
    );
    return registerRefusal({ date: reading.dateRecord, value: reading.value, known }, settings);
  });
}

function reviewFlagsOf(
  writes: readonly ReadingWrite[],
  neighbours: NeighbourReadings,
  digitsOf: DigitsOf,
): ReviewFlags {
  const afterWrite = laidOver(neighbours, writes);
  const judges = new Map<number, (write: ReadingWrite) => boolean>();
  const implausible = (write: ReadingWrite) => {
    let judge = judges.get(write.deviceItemId);
    if (!judge) {
      judge = judgeOfPoint(
        neighbours.get(write.deviceItemId) ?? [],
        [...(afterWrite.get(write.deviceItemId)?.values() ?? [])],
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
    [...neighbours.values()]
      .flat()
      .filter((reading) => reading.needsReview === 1)
      .map((reading) => `${reading.deviceItemId}|${reading.dateRecord}`),
  );
  const touchesReview = flagged.some(
    (write) => write.needsReview === 1 || onReview.has(`${write.deviceItemId}|${write.dateRecord}`),
  );
  return { writes: flagged, touchesReview };
}

const byDate = (a: Dated, b: Dated) =>
  a.dateRecord < b.dateRecord ? -1 : a.dateRecord > b.dateRecord ? 1 : 0;

/**
 * Whether the soft rule warns about a write of one point, given the point's stored readings and its
 * readings as they will stand. The rule looks only at the earliest reading before the date, the
 * latest one before it and the latest on another date (the consumptions between stored readings add
 * up to the difference of those two), so each write is judged from those three, found by binary
 * search: a file of thousands of readings of one point stays linear, not quadratic.
 */
function judgeOfPoint(
  stored: readonly Dated[],
  afterWrite: readonly Dated[],
  registerDigits: number | null | undefined,
): (write: ReadingWrite) => boolean {
  const merged = [...afterWrite].sort(byDate);
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
