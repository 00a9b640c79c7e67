import { type ReadingPayload, registerRefusalText } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectPointsOfAccount } from '../../db/repositories/measurement-points.ts';
import {
  type AuditEntry,
  insertAuditEntries,
  insertReadingsIfAbsent,
  type ReadingWrite,
  selectReadingsForUpdate,
  updateReading,
} from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';
import { ReadingRefusedError } from '../../domain/errors.ts';
import { replaceEstimates } from './estimate-replacement.ts';
import { type ValidReading, validateReadings } from './reading-validation.ts';
import { declaredSettings, registerRefusals } from './register-checks.ts';
import { withReviewFlags } from './review-flag.ts';

export type RegisterReadings = {
  accountId: string;
  userId: string;
  batch: readonly ReadingPayload[];
  now: Date;
};

/**
 * Validates and stores a batch inside the caller's transaction (`storeReadings`). Throws the 406 of
 * the first invalid reading before anything is written: first the form rules of every reading, then
 * the hard rules of the points that declare them (ADR 020). Returns how many readings of the batch are
 * now stored.
 */
export async function registerReadings(trx: Kysely<Database>, request: RegisterReadings): Promise<number> {
  const itemIds = [...new Set(request.batch.map((reading) => reading.deviceItemId))];
  const points = await selectPointsOfAccount(trx, request.accountId, itemIds);
  const valid = validateReadings(request.batch, points, request.now);
  const pointsById = new Map(points.map((point) => [point.id, point]));
  const settingsOf = (id: number) => {
    const point = pointsById.get(id);
    return point && declaredSettings(point);
  };
  const refusals = await registerRefusals(trx, valid, settingsOf);
  for (const [index, refusal] of refusals.entries()) {
    const point = pointsById.get(valid[index]?.deviceItemId ?? 0);
    if (refusal && point) throw new ReadingRefusedError(registerRefusalText(point.name, refusal));
  }

  const { writes } = await withReviewFlags(trx, writesOf(valid, request.userId, request.now));
  await storeReadings(trx, writes);
  return request.batch.length;
}

/**
 * The validated readings of one user at one time as the rows `storeReadings` writes; the form's
 * batches and the import (ADR 018) both come this way.
 */
export function writesOf(valid: readonly ValidReading[], userId: string, now: Date): ReadingWrite[] {
  const at = now.toISOString();
  return valid.map((reading) => ({
    deviceItemId: reading.deviceItemId,
    dateRecord: reading.dateRecord,
    value: reading.value,
    at,
    by: userId,
    plausibilityOverride: reading.plausibilityOverride ? 1 : 0,
    // Judged by withReviewFlags before the write.
    needsReview: 0,
    source: reading.source,
    enteredAt: reading.enteredAt,
  }));
}

/**
 * Stores readings inside the caller's transaction, sorted by key (ADR 005): new (point, date) pairs are
 * inserted, changed values replace the stored ones, identical values change nothing, and every insert or
 * replacement gets an audit entry. A real reading first removes the estimates of its period (ADR 021).
 */
export async function storeReadings(trx: Kysely<Database>, batch: readonly ReadingWrite[]): Promise<void> {
  // Key order keeps row locks in one global order, so concurrent batches cannot deadlock.
  const writes = [...batch].sort(byKey);
  await replaceEstimates(trx, writes);
  const writesByKey = new Map(writes.map((write) => [keyOf(write), write]));

  // The inserted readings come with their audit entries (one statement on PostgreSQL).
  const inserted = await insertReadingsIfAbsent(trx, writes);
  for (const row of inserted) writesByKey.delete(keyOf(row));
  const audit: AuditEntry[] = [];

  const existing = writes.filter((write) => writesByKey.has(keyOf(write)));
  const stored = await selectReadingsForUpdate(trx, existing);
  const storedByKey = new Map(stored.map((row) => [keyOf(row), row]));
  for (const write of existing) {
    const current = storedByKey.get(keyOf(write));
    if (!current) throw new Error(`reading ${keyOf(write)} vanished inside its transaction`);
    if (current.value === write.value) continue;
    await updateReading(trx, current.id, write);
    audit.push(auditOf(current.id, current.value, write));
  }
  await insertAuditEntries(trx, audit);
}

type Keyed = { deviceItemId: number; dateRecord: string };

function keyOf(reading: Keyed): string {
  return `${reading.deviceItemId}|${reading.dateRecord}`;
}

function byKey(a: Keyed, b: Keyed): number {
  if (a.deviceItemId !== b.deviceItemId) return a.deviceItemId - b.deviceItemId;
  if (a.dateRecord === b.dateRecord) return 0;
  return a.dateRecord < b.dateRecord ? -1 : 1;
}

function auditOf(readingId: number, oldValue: string | null, write: ReadingWrite): AuditEntry {
  return {
    readingId,
    oldValue,
    newValue: write.value,
    at: write.at,
    by: write.by,
    plausibilityOverride: write.plausibilityOverride,
    source: write.source,
    enteredAt: write.enteredAt,
  };
}
