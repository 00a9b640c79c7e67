import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { migrations } from '../migrations/index.ts';
import { ownerOnlyFile } from './owner-only-file.ts';

/** Kysely's bookkeeping table: present in every database our migrations have touched. */
const MIGRATION_TABLE = 'kysely_migration';
/** Copy every page in one backup step, i.e. inside one read transaction. */
const ALL_PAGES = 0x7fffffff;

/** A file that cannot serve as this app's database; the message says why, for the operator. */
export class UnusableBackupError extends Error {}
/** Another connection (a running server) has the database open. */
export class DatabaseInUseError extends Error {}

export type BackupSummary = {
  bytes: number;
  latestMigration: string;
  counts: { customers: number; users: number; readings: number };
};

/**
 * A consistent copy of a live SQLite database, made with SQLite's online backup API while the server
 * goes on writing: all pages are copied in one step, so the copy is one snapshot (in WAL mode writers
 * do not wait for it). The copy is written beside the destination, checked, turned into a single
 * self-contained file (rollback journal instead of WAL) and only then renamed into place.
 */
export async function backupSqliteDatabase(source: string, destination: string): Promise<BackupSummary> {
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  try {
    // Opened for writing so that, as the last connection, it tidies the WAL files up when closing.
    await copyWithBackupApi(source, partial, { readonly: false });
    const summary = inspectSqliteDatabase(partial);
    renameSync(partial, destination);
    return summary;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Puts a backup in place of the live database, which must not be in use. The backup is checked first
 * and copied beside the live file; the live file (with its WAL, if any) is moved aside as
 * `<name>.before-restore-<stamp>`, never deleted.
 */
export async function restoreSqliteDatabase(
  backup: string,
  live: string,
  stamp: string,
): Promise<BackupSummary & { movedAside: string | undefined }> {
  inspectSqliteDatabase(backup);
  const liveExists = existsSync(live);
  if (liveExists) takeOffline(live);

  const partial = `${live}.restoring`;
  rmSync(partial, { force: true });
  let summary: BackupSummary;
  try {
    await copyWithBackupApi(backup, partial, { readonly: true });
    summary = inspectSqliteDatabase(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }

  const aside = `${live}.before-restore-${stamp}`;
  if (liveExists) renameSync(live, aside);
  // A leftover journal would be replayed into the restored file; keep them with the old one instead.
  for (const suffix of ['-wal', '-journal']) {
    if (existsSync(`${live}${suffix}`)) renameSync(`${live}${suffix}`, `${aside}${suffix}`);
  }
  rmSync(`${live}-shm`, { force: true });
  renameSync(partial, live);
  return { ...summary, movedAside: liveExists ? aside : undefined };
}

/**
 * Checks that a file is a sound SQLite database made by this app (integrity check, our migrations
 * table, no migration this version does not know) and tells what it holds.
 */
export function inspectSqliteDatabase(file: string): BackupSummary {
  if (!existsSync(file)) throw new UnusableBackupError(`${file} does not exist`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new UnusableBackupError(`${file} cannot be opened: ${messageOf(error)}`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: false }) as Array<{ integrity_check: string }>;
    const problems = integrity.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0) {
      throw new UnusableBackupError(`${file} fails the integrity check: ${problems.slice(0, 3).join('; ')}`);
    }
    const hasMigrations = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
      .get(MIGRATION_TABLE);
    if (!hasMigrations) {
      throw new UnusableBackupError(`${file} is not a Måleraflæsning database (no ${MIGRATION_TABLE} table)`);
    }
    const applied = (
      db.prepare(`select name from ${MIGRATION_TABLE} order by name`).all() as Array<{ name: string }>
    ).map((row) => row.name);
    const unknown = applied.filter((name) => !(name in migrations));
    if (unknown.length > 0) {
      throw new UnusableBackupError(
        `${file} was made by a newer version (unknown migrations: ${unknown.join(', ')}); upgrade the app first`,
      );
    }
    const count = (table: string) =>
      (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return {
      bytes: statSync(file).size,
      latestMigration: applied.at(-1) ?? 'none',
      counts: { customers: count('customers'), users: count('users'), readings: count('readings') },
    };
  } catch (error) {
    if (error instanceof UnusableBackupError) throw error;
    throw new UnusableBackupError(`${file} cannot be read as a database: ${messageOf(error)}`);
  } finally {
    db.close();
  }
}

async function copyWithBackupApi(
  source: string,
  destination: string,
  { readonly }: { readonly: boolean },
): Promise<void> {
  const db = new SQLite(source, { fileMustExist: true, readonly });
  try {
    db.pragma('busy_timeout = 5000');
    // A backup holds what the database holds (password hashes, maybe the signing key): owner only.
    ownerOnlyFile(destination);
    await db.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  // The copy inherits WAL mode; a backup file should be one file that can be copied on its own.
  const copy = new SQLite(destination);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/**
 * Proves nobody else has the live database open and folds its WAL into the main file. Leaving WAL mode
 * needs the only connection: while a server holds the database, SQLite refuses (or keeps WAL).
 */
function takeOffline(live: string): void {
  let db: SQLite.Database;
  try {
    db = new SQLite(live, { fileMustExist: true });
  } catch {
    // Not even openable (damaged): nothing to fold in; it is moved aside as it is.
    return;
  }
  try {
    db.pragma('busy_timeout = 0');
    const mode = db.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') throw inUse(live);
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) throw inUse(live);
    // A damaged live database is what a restore is for: move it aside as it is.
  } finally {
    db.close();
  }
}

function inUse(live: string): DatabaseInUseError {
  return new DatabaseInUseError(
    `${live} is in use (is the server still running?). Stop every server on this data folder first`,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
