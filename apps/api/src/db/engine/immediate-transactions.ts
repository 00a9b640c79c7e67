import type { SqliteDatabase } from 'kysely';

/**
 * Kysely opens SQLite transactions with a plain (deferred) `begin`. A deferred transaction that reads
 * and then writes cannot take the write lock once another connection has committed since its read:
 * SQLite refuses at once (SQLITE_BUSY) without waiting for `busy_timeout`. The server and a CLI
 * command share the file, so every transaction here takes the write lock when it begins and waits
 * its turn instead.
 */
export function withImmediateTransactions(database: SqliteDatabase): SqliteDatabase {
  return {
    prepare: (sql) => database.prepare(sql === 'begin' ? 'begin immediate' : sql),
    close: () => database.close(),
  };
}
