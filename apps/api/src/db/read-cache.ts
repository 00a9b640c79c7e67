import type SQLite from 'better-sqlite3';
import type { DatabaseHandle } from './connection.ts';

export type ReadCache = {
  /** `load`'s value for `key`, from the cache while the database has not changed since it was loaded. */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
};

export type ReadCacheOptions = { maxEntries?: number };

const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * Statements that may write run by this server's connection (committed or not), and commits by any
 * other connection (e.g. the CLI in another process).
 */
type DatabaseVersion = { writes: number; version: number };

const sameVersion = (a: DatabaseVersion, b: DatabaseVersion): boolean =>
  a.writes === b.writes && a.version === b.version;

/**
 * Remembers what hot reads loaded for as long as the database stays exactly as it was: any write by
 * this connection or commit by another one drops every entry, so an answer is never staler than a
 * read straight from the database. When full, every entry is dropped (simple, and it cannot keep
 * anything stale).
 */
export function createReadCache(handle: DatabaseHandle, options: ReadCacheOptions = {}): ReadCache {
  const { sqlite, writeStatements } = handle;
  // PostgreSQL: several instances write to one database and nothing cheap tells one instance that
  // another has written, so every read goes to the database.
  if (handle.kind !== 'sqlite' || !sqlite || !writeStatements) return { read: (_key, load) => load() };
  return createSqliteReadCache(sqlite, writeStatements, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
}

function createSqliteReadCache(
  sqlite: SQLite.Database,
  writeStatements: () => number,
  maxEntries: number,
): ReadCache {
  // Own writes are counted in JavaScript (db/connection.ts) rather than asked of SQLite with
  // total_changes(): one statement less on every cached read, the largest cost left on that path.
  const dataVersionStatement = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
  const entries = new Map<string, unknown>();
  let entriesVersion: DatabaseVersion | undefined;

  /**
   * Undefined while a transaction is open on the connection (group commit keeps one open across
   * requests): what is read then may hold rows that are not committed yet and may be rolled back.
   */
  function currentVersion(): DatabaseVersion | undefined {
    if (sqlite.inTransaction) return undefined;
    const version = dataVersionStatement.get();
    return version === undefined ? undefined : { writes: writeStatements(), version };
  }

  /** Drops every entry stored under another version. */
  function moveTo(version: DatabaseVersion): void {
    if (entriesVersion && sameVersion(entriesVersion, version)) return;
    entries.clear();
    entriesVersion = version;
  }

  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const before = currentVersion();
      if (!before) return load();
      moveTo(before);
      // The entry under `key` was stored by a `read<T>` for the same key, so it is a T.
      if (entries.has(key)) return entries.get(key) as T;

      const value = await load();
      const after = currentVersion();
      // A write between the two versions may or may not be in `value`: not stored.
      if (after && sameVersion(before, after)) {
        moveTo(after);
        if (entries.size >= maxEntries) entries.clear();
        entries.set(key, value);
      }
      return value;
    },
  };
}
