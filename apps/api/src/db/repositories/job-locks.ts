import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * PostgreSQL: runs `task` while this connection holds the session advisory lock `key`, or not at all
 * when another connection holds it (answers `{ ran: false }` at once, without waiting). The lock goes
 * with its connection, so a crashed instance cannot keep it.
 */
export function withAdvisoryLock<T>(
  db: Kysely<Database>,
  key: bigint,
  task: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${key.toString()}::bigint) as locked`.execute(connection);
    if (rows[0]?.locked !== true) return { ran: false };
    try {
      return { ran: true, value: await task() };
    } finally {
      await sql`select pg_advisory_unlock(${key.toString()}::bigint)`.execute(connection);
    }
  });
}

/**
 * PostgreSQL: holds the transaction's advisory lock (`space`, `id`) until it ends, waiting for another
 * transaction that holds it, so writes about one thing (a meter's links) happen one after the other.
 */
export async function lockInTransaction(trx: Kysely<Database>, space: number, id: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${space}::int, ${id}::int)`.execute(trx);
}

/**
 * `lockInTransaction` for many ids in one statement, taken in id order so two such transactions
 * cannot wait for each other in a circle.
 */
export async function lockAllInTransaction(
  trx: Kysely<Database>,
  space: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await sql`select pg_advisory_xact_lock(${space}::int, id) from unnest(${sorted}::int[]) with ordinality as t(id, n) order by n`.execute(
    trx,
  );
}
