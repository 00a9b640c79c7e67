import type SQLite from 'better-sqlite3';
import { selectDataVersion } from '../repositories/data-version-read.ts';
import type { DatabaseHandle } from './connection.ts';

export type ReadCache = {
  /**
   * `load`'s value for `key`, from the cache while the database has not changed since it was loaded.
   * Reads with the same `scope` (the request) share one look at the database's version.
   */
  read<T>(key: string, load: () => Promise<T>, scope?: object): Promise<T>;
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
 * Loads under way, shared by the reads of one key that found the database at one version: when a write
 * empties the cache, the readers waiting on the same hot key (ten connections on one account's tree)
 * cost one load, not one each. A read that found the same version saw no write the load started
 * before, so the load's answer holds everything that read must see.
 */
function sharedLoads<V>(same: (a: V, b: V) => boolean) {
  const underWay = new Map<string, { version: V; value: Promise<unknown> }>();
  return function share<T>(key: string, version: V, load: () => Promise<T>): Promise<T> {
    const current = underWay.get(key);
    // The load under `key` was started by a `read<T>` for the same key, so it gives a T.
    if (current && same(current.version, version)) return current.value as Promise<T>;
    const value = load().finally(() => {
      if (underWay.get(key)?.value === value) underWay.delete(key);
    });
    underWay.set(key, { version, value });
    return value;
  };
}

/**
 * Remembers what hot reads loaded for as long as the database stays exactly as it was: any write by
 * this connection or commit by another one drops every entry, so an answer is never staler than a
 * read straight from the database. When full, every entry is dropped (simple, and it cannot keep
 * anything stale).
 */
export function createReadCache(handle: DatabaseHandle, options: ReadCacheOptions = {}): ReadCache {
  const { sqlite, writeStatements } = handle;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  if (handle.kind === 'postgres')
    return createVersionedReadCache(() => selectDataVersion(handle.db), maxEntries);
  if (!sqlite || !writeStatements) throw new Error('a SQLite read cache needs the connection');
  return createSqliteReadCache(sqlite, writeStatements, maxEntries);
}

/**
 * PostgreSQL, where several instances write to one database: every instance bumps the shared data
 * version after each commit that wrote and before it answers (db/engine/data-version-bump.ts), so an entry is
 * kept under the version read before it was loaded, and a read that starts after a write was
 * answered, on any instance, sees a newer version and loads again (ADR 022).
 *
 * Each read needs a version read that was sent after the read arrived. Reads that arrive while one
 * is under way wait for the next, which they share (one round trip for all of them, as a group
 * commit shares one flush).
 */
export function createVersionedReadCache(
  readVersion: () => Promise<bigint>,
  maxEntries = DEFAULT_MAX_ENTRIES,
): ReadCache {
  const entries = new Map<string, unknown>();
  let entriesVersion = -1n;
  let underWay: Promise<bigint> | undefined;
  let next: Promise<bigint> | undefined;
  const versionOfScope = new WeakMap<object, Promise<bigint>>();
  const share = sharedLoads<bigint>((a, b) => a === b);

  function freshVersion(): Promise<bigint> {
    if (!underWay) {
      underWay = readVersion().finally(() => {
        underWay = undefined;
      });
      return underWay;
    }
    // The read under way may have been sent before this one arrived: the next one was not.
    next ??= underWay
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return freshVersion();
      });
    return next;
  }

  function versionFor(scope: object | undefined): Promise<bigint> {
    if (!scope) return freshVersion();
    let version = versionOfScope.get(scope);
    if (!version) {
      version = freshVersion();
      versionOfScope.set(scope, version);
    }
    return version;
  }

  return {
    async read<T>(key: string, load: () => Promise<T>, scope?: object): Promise<T> {
      const version = await versionFor(scope);
      // A version answered late for a read that arrived earlier is older than the entries: no use.
      if (version < entriesVersion) return load();
      if (version > entriesVersion) {
        entries.clear();
        entriesVersion = version;
      }
      // The entry under `key` was stored by a `read<T>` for the same key, so it is a T.
      if (entries.has(key)) return entries.get(key) as T;
      const value = await share(key, version, load);
      // Loaded after `version` was read, so it holds every write answered before then.
      if (entriesVersion === version) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(key, value);
      }
      return value;
    },
  };
}

function createSqliteReadCache(
  sqlite: SQLite.Database,
  writeStatements: () => number,
  maxEntries: number,
): ReadCache {
  // Own writes are counted in JavaScript (db/engine/connection.ts) rather than asked of SQLite with
  // total_changes(): one statement less on every cached read, the largest cost left on that path.
  const dataVersionStatement = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
  const entries = new Map<string, unknown>();
  let entriesVersion: DatabaseVersion | undefined;
  const share = sharedLoads(sameVersion);

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

      const value = await share(key, before, load);
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
