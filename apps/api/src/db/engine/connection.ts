import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../schema.ts';
import { type CallWritingFunction, withDataVersion } from './data-version-bump.ts';
import { withImmediateTransactions } from './immediate-transactions.ts';
import { withNamedStatements } from './named-statements.ts';
import { ownerOnlyFile } from './owner-only-file.ts';
import { withStatementCache } from './statement-cache.ts';
import { createTableGrowth, type TableGrowth } from './table-growth.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The SQLite file, for backups and integrity checks; undefined on PostgreSQL. */
  sqliteFile?: string;
  /** PostgreSQL: the database's URL, for a thread of the server's that opens a pool of its own. */
  databaseUrl?: string;
  /** The better-sqlite3 connection under `db`, for db/engine/read-cache.ts; undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  /**
   * How many statements that may write have run through `db` (SQLite), counted as they start. The
   * server writes only through `db`, so this tells db/engine/read-cache.ts whether it wrote.
   */
  writeStatements?: () => number;
  /** PostgreSQL: analyses tables as this instance fills them (db/engine/table-growth.ts). */
  tableGrowth?: TableGrowth;
  /** PostgreSQL: the one way to call a function that writes (db/engine/data-version-bump.ts). */
  callWritingFunction?: CallWritingFunction;
};

export type DatabaseOptions = {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where a failed background ANALYZE is reported (PostgreSQL). */
  log?: { warn(details: object, message: string): void };
};

export const SQLITE_FILE_NAME = 'maaler.sqlite';

/** PostgreSQL when DATABASE_URL says so, else the embedded SQLite file in the data folder. */
export function openDatabase({ databaseUrl, dataDir, log }: DatabaseOptions): DatabaseHandle {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return openPostgres(databaseUrl, { log });
  if (databaseUrl) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');

  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return openSqliteFile(join(dataDir, SQLITE_FILE_NAME));
}

/**
 * A pool of connections to the PostgreSQL database at `databaseUrl` that bumps the shared data version
 * after each commit that wrote (ADR 022); the server's own, or another thread's (the remote import's
 * writer, ADR 052).
 */
export function openPostgres(
  databaseUrl: string,
  { log, maxConnections = 10 }: Pick<DatabaseOptions, 'log'> & { maxConnections?: number } = {},
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections });
  let tableGrowth: TableGrowth | undefined;
  const versioned = withDataVersion(withNamedStatements(pool), (inserted) => tableGrowth?.added(inserted));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: versioned }) });
  tableGrowth = createTableGrowth(db, (err, table) =>
    log?.warn({ err, table }, 'table statistics not refreshed'),
  );
  return {
    db,
    kind: 'postgres',
    databaseUrl,
    tableGrowth,
    callWritingFunction: versioned.callWritingFunction,
  };
}

/**
 * A connection to the SQLite file with the server's settings; the server's own, or another thread's
 * on the same file (the remote import's writer, ADR 052).
 */
export function openSqliteFile(sqliteFile: string): DatabaseHandle {
  ownerOnlyFile(sqliteFile, { withCompanions: true });
  const sqlite = new SQLite(sqliteFile);
  // WAL + FULL: a reading is on disk before its request is answered.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  let writeStatements = 0;
  const database = withStatementCache(sqlite, undefined, () => {
    writeStatements++;
  });
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: withImmediateTransactions(database) }),
    }),
    kind: 'sqlite',
    sqliteFile,
    sqlite,
    writeStatements: () => writeStatements,
  };
}
