import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, SQLITE_FILE_NAME } from '../../src/db/engine/connection.ts';
import { migrateToLatest } from '../../src/db/engine/migrate.ts';

// Migrating a new SQLite file takes a commit (with its fsync) per migration, 1-3 s on a loaded
// machine; a copy of one migrated file takes milliseconds. One per worker process: the API test
// files share their worker's modules (vitest.config.ts), so this file is migrated once per worker.
let migrated: Promise<string> | undefined;

async function migrateTemplate(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'maaler-test-template-'));
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const handle = openDatabase({ databaseUrl: undefined, dataDir });
  await migrateToLatest(handle.db);
  // Closing the last connection checkpoints the write-ahead log into the file and removes it.
  await handle.db.destroy();
  return join(dataDir, SQLITE_FILE_NAME);
}

/**
 * Puts a migrated, empty SQLite file into `dataDir`, where openDatabase looks for it: what the
 * migrations would make there, without running them. The app's own migrate at start finds nothing
 * left to do.
 */
export async function copyMigratedSqliteFile(dataDir: string): Promise<void> {
  migrated ??= migrateTemplate();
  copyFileSync(await migrated, join(dataDir, SQLITE_FILE_NAME));
}
