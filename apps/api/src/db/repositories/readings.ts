import type { ReadingReason, ReadingSource } from '@maaler/contract';
import { type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import { preparedListQuery } from '../engine/prepared-query.ts';
import type { Database } from '../schema.ts';

export type ReadingKey = { deviceItemId: number; dateRecord: string };

export type ReadingWrite = ReadingKey & {
  /** Canonical decimal text. */
  value: string;
  at: string;
  by: string;
  plausibilityOverride: 0 | 1;
  /** 1: the server's rule sends it to `Til kontrol` (services/readings/neighbour-judgements.ts). */
  needsReview: 0 | 1;
  source: ReadingSource;
  /** ISO 8601 in UTC, only for `offline`. */
  enteredAt: string | null;
  reason: ReadingReason;
};

export type StoredReading = ReadingKey & { id: number; value: string; reason: ReadingReason };

export type AuditEntry = {
  readingId: number;
  oldValue: string | null;
  newValue: string;
  at: string;
  by: string;
  plausibilityOverride: 0 | 1;
  source: ReadingSource;
  enteredAt: string | null;
  reason: ReadingReason;
};

/**
 * Inserts the readings whose (point, date) is not stored yet, each with its audit entry (a new value,
 * none before), and returns those it inserted. On PostgreSQL a concurrent insert of the same key
 * makes this wait for that transaction, so afterwards every key either was inserted here or is
 * committed by someone else.
 */
export async function insertReadingsIfAbsent(
  db: Kysely<Database>,
  readings: readonly ReadingWrite[],
): Promise<Omit<StoredReading, 'value' | 'reason'>[]> {
  if (readings.length === 0) return [];
  // PostgreSQL: one statement (one round trip) for both tables, the audit rows made from the
  // inserted rows. SQLite has no INSERT in WITH, and its statements cost no round trip.
  if (db.getExecutor().adapter instanceof PostgresAdapter) return insertReadingsWithAudit(db, readings, {});
  const inserted = await insertReadingRows(db, readings, {});
  const written = new Map(readings.map((r) => [`${r.deviceItemId}|${r.dateRecord}`, r]));
  await insertAuditEntries(
    db,
    inserted.map((row) => {
      const write = written.get(`${row.deviceItemId}|${row.dateRecord}`);
      if (!write)
        throw new Error(`inserted reading ${row.deviceItemId}|${row.dateRecord} is not in the batch`);
      return auditEntryOf(row.id, null, write);
    }),
  );
  return inserted;
}

const readingRows = (readings: readonly ReadingWrite[]) =>
  readings.map((r) => ({
    device_item_id: r.deviceItemId,
    date_record: r.dateRecord,
    value: r.value,
    registered_at: r.at,
    registered_by: r.by,
    plausibility_override: r.plausibilityOverride,
    needs_review: r.needsReview,
    source: r.source,
    entered_at: r.enteredAt,
    reason: r.reason,
  }));

const insertReadingRows = preparedListQuery((db: Kysely<Database>, readings: readonly ReadingWrite[]) =>
  db
    .insertInto('readings')
    .values(readingRows(readings))
    .onConflict((oc) => oc.columns(['device_item_id', 'date_record']).doNothing())
    .returning(['id', 'device_item_id as deviceItemId', 'date_record as dateRecord']),
);

/** A new reading's columns that its first audit row repeats, in the audit insert's column order. */
const AUDITED_COLUMNS = [
  'value',
  'registered_at',
  'registered_by',
  'plausibility_override',
  'source',
  'entered_at',
  'reason',
] as const;

const insertReadingsWithAudit = preparedListQuery((db: Kysely<Database>, readings: readonly ReadingWrite[]) =>
  db
    .with('inserted', (cte) =>
      cte
        .insertInto('readings')
        .values(readingRows(readings))
        .onConflict((oc) => oc.columns(['device_item_id', 'date_record']).doNothing())
        .returning(['id', 'device_item_id', 'date_record', ...AUDITED_COLUMNS]),
    )
    .with('audited', (cte) =>
      cte
        .insertInto('reading_audit')
        .columns([
          'reading_id',
          'old_value',
          'new_value',
          'changed_at',
          'changed_by',
          'plausibility_override',
          'source',
          'entered_at',
          'reason',
        ])
        .expression((eb) =>
          eb.selectFrom('inserted').select(['id', sql<null>`null`.as('old_value'), ...AUDITED_COLUMNS]),
        ),
    )
    .selectFrom('inserted')
    .select(['id', 'device_item_id as deviceItemId', 'date_record as dateRecord']),
);

/**
 * The stored readings of these keys, locked until the transaction ends on PostgreSQL (in key order,
 * so two batches never wait on each other in a cycle). SQLite runs one writing transaction at a time,
 * so it needs no row locks.
 */
export function selectReadingsForUpdate(
  db: Kysely<Database>,
  keys: readonly ReadingKey[],
): Promise<StoredReading[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return selectReadingRows(db, keys, {});
}

const selectReadingRows = preparedListQuery((db: Kysely<Database>, keys: readonly ReadingKey[]) => {
  // Typed casts: PostgreSQL would otherwise read the VALUES parameters as text.
  const pairs = sql.join(
    keys.map((k) => sql`(cast(${k.deviceItemId} as integer), cast(${k.dateRecord} as text))`),
  );
  const query = db
    .selectFrom('readings')
    .select(['id', 'device_item_id as deviceItemId', 'date_record as dateRecord', 'value', 'reason'])
    .where(sql<SqlBool>`(device_item_id, date_record) in (values ${pairs})`)
    .orderBy('device_item_id')
    .orderBy('date_record');
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
});

/**
 * Replaces a reading's value, which brings its own source (ADR 017); an approval was of the old value,
 * so it is cleared (ADR 016).
 */
export async function updateReading(db: Kysely<Database>, id: number, write: ReadingWrite): Promise<void> {
  await db
    .updateTable('readings')
    .set({
      value: write.value,
      registered_at: write.at,
      registered_by: write.by,
      plausibility_override: write.plausibilityOverride,
      needs_review: write.needsReview,
      source: write.source,
      entered_at: write.enteredAt,
      reason: write.reason,
      approved_by: null,
      approved_at: null,
    })
    .where('id', '=', id)
    .execute();
}

export async function insertAuditEntries(
  db: Kysely<Database>,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await insertAuditRows(db, entries, {});
}

/** The audit row of a write that stored `write` over `oldValue` (null: a new reading). */
export function auditEntryOf(readingId: number, oldValue: string | null, write: ReadingWrite): AuditEntry {
  return {
    readingId,
    oldValue,
    newValue: write.value,
    at: write.at,
    by: write.by,
    plausibilityOverride: write.plausibilityOverride,
    source: write.source,
    enteredAt: write.enteredAt,
    reason: write.reason,
  };
}

const insertAuditRows = preparedListQuery((db: Kysely<Database>, entries: readonly AuditEntry[]) =>
  db.insertInto('reading_audit').values(
    entries.map((e) => ({
      reading_id: e.readingId,
      old_value: e.oldValue,
      new_value: e.newValue,
      changed_at: e.at,
      changed_by: e.by,
      plausibility_override: e.plausibilityOverride,
      source: e.source,
      entered_at: e.enteredAt,
      reason: e.reason,
    })),
  ),
);
