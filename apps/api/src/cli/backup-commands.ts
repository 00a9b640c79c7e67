import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { SQLITE_FILE_NAME } from '../db/engine/connection.ts';
import {
  type BackupSummary,
  backupSqliteDatabase,
  DatabaseInUseError,
  restoreSqliteDatabase,
  UnusableBackupError,
} from '../db/engine/sqlite-backup.ts';
import { CliError } from './cli-error.ts';

/** backup and restore work on the database file itself, so they run without opening it through the app. */
export type FileCommandContext = {
  config: Pick<Config, 'dataDir' | 'databaseUrl'>;
  /** Where the operator typed the command (npm runs scripts in the workspace folder). */
  workingDir: string;
  print(line: string): void;
  now(): Date;
};

export type FileCommand = (args: string[], context: FileCommandContext) => Promise<void>;

const PG_DUMP = 'pg_dump --format=custom --file=maaler.dump "$DATABASE_URL"';
const PG_RESTORE = 'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" maaler.dump';

export const backupCommand: FileCommand = async (args, { config, workingDir, print }) => {
  const target = resolve(workingDir, fileArgument('backup', args));
  if (config.databaseUrl) {
    throw new CliError(
      `backup copies the SQLite database; this installation uses PostgreSQL. Use pg_dump: ${PG_DUMP}`,
    );
  }
  const live = join(config.dataDir, SQLITE_FILE_NAME);
  if (!existsSync(live)) throw new CliError(`There is no database at ${live} (check DATA_DIR)`);
  if (target === live) throw new CliError('The backup file must not be the database itself');
  if (existsSync(target)) throw new CliError(`${target} already exists; backup never overwrites a file`);
  if (!existsSync(dirname(target))) throw new CliError(`The folder ${dirname(target)} does not exist`);

  const started = Date.now();
  const summary = await withOperatorErrors(() => backupSqliteDatabase(live, target));
  print(`Backed up ${live} to ${target} in ${Date.now() - started} ms`);
  printSummary(print, summary);
};

export const restoreCommand: FileCommand = async (args, { config, workingDir, print, now }) => {
  const source = resolve(workingDir, fileArgument('restore', args));
  if (config.databaseUrl) {
    throw new CliError(
      `restore puts back a SQLite backup; this installation uses PostgreSQL. Use pg_restore: ${PG_RESTORE}`,
    );
  }
  const live = join(config.dataDir, SQLITE_FILE_NAME);
  if (source === live) throw new CliError('The backup file must not be the database itself');
  mkdirSync(config.dataDir, { recursive: true });

  const stamp = now().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  const restored = await withOperatorErrors(() => restoreSqliteDatabase(source, live, stamp));
  print(`Restored ${source} into ${live}`);
  printSummary(print, restored);
  if (restored.movedAside) print(`  the previous database is kept as ${restored.movedAside}`);
  print('Start the server again: it applies any migrations newer than the backup.');
};

function fileArgument(command: string, args: string[]): string {
  let positionals: string[];
  try {
    positionals = parseArgs({ args, options: {}, strict: true, allowPositionals: true }).positionals;
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  const [file, ...extra] = positionals;
  if (file === undefined || file.trim() === '' || extra.length > 0) {
    throw new CliError(`Give exactly one file: npm run cli -- ${command} <file>`);
  }
  return file;
}

async function withOperatorErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UnusableBackupError || error instanceof DatabaseInUseError) {
      throw new CliError(error.message);
    }
    throw error;
  }
}

function printSummary(print: (line: string) => void, summary: BackupSummary): void {
  const { customers, users, readings } = summary.counts;
  print(
    `  integrity check ok, ${(summary.bytes / 1024).toFixed(0)} KiB, migrations up to ${summary.latestMigration}`,
  );
  print(`  holds ${customers} customers, ${users} users, ${readings} readings`);
}
