import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared; IN lists of every length are distinct texts, so the cache is bounded. */
const DEFAULT_CAPACITY = 256;

/**
 * The better-sqlite3 connection as Kysely's SqliteDialect sees it, but reusing each SQL text's prepared
 * statement instead of compiling it again for every query: preparing was a fifth of the server's CPU
 * time under load (docs/performance.md). Least recently used texts are dropped beyond `capacity`.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  capacity = DEFAULT_CAPACITY,
  onWriteStatement?: () => void,
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  /** Kysely prepares every statement right before it runs it, so this sees every statement run. */
  const ready = (statement: SQLite.Statement) => {
    if (!statement.readonly) onWriteStatement?.();
    return statement;
  };
  return {
    prepare(sql) {
      const cached = statements.get(sql);
      // A statement whose iterator is still open cannot run again until that iterator is done.
      if (cached && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return ready(cached);
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > capacity) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      return ready(statement);
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
