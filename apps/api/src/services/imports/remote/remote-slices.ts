import { IMPORT_MESSAGES, REMOTE_FAULT_REASON } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectStoredReadings } from '../../../db/repositories/imports.ts';
import { insertReadingsIfAbsent, type ReadingKey } from '../../../db/repositories/readings.ts';
import type { Database } from '../../../db/schema.ts';
import { replaceEstimates } from '../../readings/estimate-replacement.ts';
import { withReviewFlags } from '../../readings/neighbour-judgements.ts';
import { type ValidReading, writesOf } from '../../readings/reading-validation.ts';
import { storeReadings } from '../../readings/readings.ts';
import { openTask } from '../../tasks/open-task.ts';
import type { RemoteRow } from './remote-file.ts';

// A remote file's apply in slices, each its own short transaction (ADR 052): a giant file must not hold
// the write lock (SQLite) or its rows (PostgreSQL) for minutes while readers' SENDs wait. A slice judges
// its rows again inside its transaction, so what happened since the plan counts: a day a person read
// meanwhile keeps its reading, a value stored meanwhile is not written twice. A file whose apply stopped
// half-way is completed by importing it again, which leaves the slices already stored unchanged.

/** A telegram's value for one point and day, as the plan chose it (the day's latest telegram). */
export type RemoteEntry = { row: RemoteRow; reading: ValidReading };

/** Writes per slice: a slice commits in tens of milliseconds, so a request waits at most that long. */
const WRITES_PER_SLICE = 500;

const keyOf = (reading: ReadingKey) => `${reading.deviceItemId}|${reading.dateRecord}`;
const byKey = (a: ReadingKey, b: ReadingKey) =>
  a.deviceItemId - b.deviceItemId || (a.dateRecord < b.dateRecord ? -1 : a.dateRecord > b.dateRecord ? 1 : 0);

/**
 * The writes cut into slices of whole meters, so that a meter's fault of a day is judged in one slice
 * and opens one task; a slice holds at least one meter, however many values it has.
 */
export function remoteSlices(
  writes: readonly RemoteEntry[],
  deviceOfPoint: ReadonlyMap<number, number>,
): RemoteEntry[][] {
  const byMeter = new Map<number, RemoteEntry[]>();
  for (const entry of writes) {
    const deviceId = deviceOfPoint.get(entry.reading.deviceItemId) ?? -1;
    const list = byMeter.get(deviceId);
    if (list) list.push(entry);
    else byMeter.set(deviceId, [entry]);
  }
  const slices: RemoteEntry[][] = [];
  let slice: RemoteEntry[] = [];
  for (const deviceId of [...byMeter.keys()].sort((a, b) => a - b)) {
    const entries = byMeter.get(deviceId) ?? [];
    if (slice.length > 0 && slice.length + entries.length > WRITES_PER_SLICE) {
      slices.push(slice);
      slice = [];
    }
    slice.push(...entries);
  }
  if (slice.length > 0) slices.push(slice);
  return slices;
}

/**
 * One slice as plain data, so that a worker thread can be given it (ADR 052, "worker"): its writes, and
 * the account, time and meters of its points it is judged with.
 */
export type RemoteSlice = {
  entries: RemoteEntry[];
  accountId: string;
  now: Date;
  deviceOfPoint: Map<number, number>;
};

/** A slice of `entries`, with the meters of their points only (a worker receives a copy of it). */
export function remoteSlice(
  entries: RemoteEntry[],
  accountId: string,
  now: Date,
  deviceOfPoint: ReadonlyMap<number, number>,
): RemoteSlice {
  const own = new Map<number, number>();
  for (const { reading } of entries) {
    const deviceId = deviceOfPoint.get(reading.deviceItemId);
    if (deviceId !== undefined) own.set(reading.deviceItemId, deviceId);
  }
  return { entries, accountId, now, deviceOfPoint: own };
}

/** Stores one slice inside `trx`: new days inserted, remote values this file corrects replaced, nothing else. */
export async function storeRemoteSlice(
  trx: Kysely<Database>,
  { entries: slice, accountId, now, deviceOfPoint }: RemoteSlice,
  userId: string,
): Promise<void> {
  const stored = new Map(
    (
      await selectStoredReadings(
        trx,
        slice.map((entry) => entry.reading),
        { lock: true },
      )
    ).map((row) => [keyOf(row), row]),
  );
  const fresh = slice.filter((entry) => {
    const current = stored.get(keyOf(entry.reading));
    return !current || (current.source === 'remote' && current.value !== entry.reading.value);
  });
  if (fresh.length === 0) return;
  const { writes } = await withReviewFlags(
    trx,
    writesOf(
      fresh.map((entry) => entry.reading),
      userId,
      now,
    ),
  );
  // Remote values stored before, locked above: the form's path replaces them, audited.
  const corrections = writes.filter((write) => stored.has(keyOf(write)));
  if (corrections.length > 0) await storeReadings(trx, corrections);
  // New days. One a person stored since the lock was taken stays theirs: it is left out, not replaced.
  // In key order, as the form writes, so a concurrent batch never waits on this one in a cycle.
  const additions = writes.filter((write) => !stored.has(keyOf(write))).sort(byKey);
  await replaceEstimates(trx, additions);
  const inserted = await insertReadingsIfAbsent(trx, additions);
  const written = new Set([...corrections, ...inserted].map(keyOf));
  for (const fault of faultsOf(
    fresh.filter((entry) => written.has(keyOf(entry.reading))),
    deviceOfPoint,
  ))
    await openTask(trx, { accountId, reason: REMOTE_FAULT_REASON, userId, now, ...fault });
}

/** One note per meter and fault text, of the rows that bring a new value, in date order. */
function faultsOf(
  writes: readonly RemoteEntry[],
  deviceOfPoint: ReadonlyMap<number, number>,
): { deviceId: number; note: string }[] {
  const seen = new Set<string>();
  const faults: { deviceId: number; note: string; date: string }[] = [];
  for (const { row, reading } of writes) {
    const deviceId = deviceOfPoint.get(reading.deviceItemId);
    if (row.fault === null || deviceId === undefined) continue;
    const key = `${deviceId}|${row.date}|${row.fault}`;
    if (seen.has(key)) continue;
    seen.add(key);
    faults.push({
      deviceId,
      date: row.date,
      note: IMPORT_MESSAGES.remoteFaultNote(row.fault, row.date, row.radioId),
    });
  }
  return faults.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
