import type { Kysely } from 'kysely';
import {
  type AuditEntry,
  auditEntryOf,
  insertAuditEntries,
  insertReadingsIfAbsent,
  type ReadingWrite,
  selectReadingsForUpdate,
  updateReading,
} from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';
import { replaceEstimates } from './estimate-replacement.ts';

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
    // A reason is of its value: a changed one is a correction like a changed value (ADR 046).
    if (current.value === write.value && current.reason === write.reason) continue;
    await updateReading(trx, current.id, write);
    audit.push(auditEntryOf(current.id, current.value, write));
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
