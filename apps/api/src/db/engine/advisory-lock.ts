import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';
import type { DatabaseKind } from './connection.ts';

/**
 * Runs `work` while holding a PostgreSQL session advisory lock `key`, on one connection of the pool
 * that `work` gets as its database; answers null without running it when another session holds the
 * lock. SQLite has one writer process, so there `work` just runs on `db`.
 */
export async function withAdvisoryLock<T>(
  db: Kysely<Database>,
  kind: DatabaseKind,
  key: number,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<{ value: T } | null> {
  if (kind === 'sqlite') return { value: await work(db) };
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(
      connection,
    );
    if (!rows[0]?.locked) return null;
    try {
      return { value: await work(connection) };
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}
