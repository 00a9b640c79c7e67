import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const API_ROOT = resolve(import.meta.dirname, '../../apps/api');
const run = promisify(execFile);

export type BackupFigures = {
  /** What was run, for the report. */
  backupCommand: string;
  restoreCommand: string;
  databaseBytes: number;
  backupBytes: number;
  backupSeconds: number;
  restoreSeconds: number;
};

const seconds = (started: number) => Math.round((performance.now() - started) / 100) / 10;

/** Runs a command and returns its wall time in seconds. */
async function timed(file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const started = performance.now();
  await run(file, args, { ...options, maxBuffer: 16 * 1024 * 1024 });
  return seconds(started);
}

/**
 * SQLite: the CLI's `backup` (online backup API, then an integrity check of the copy) of the data
 * folder's database, and `restore` of that file into a new folder; wall time of each CLI process.
 */
export async function measureSqliteBackup(dataDir: string): Promise<BackupFigures> {
  const work = mkdtempSync(join(tmpdir(), 'maaler-scale-backup-'));
  try {
    const file = join(work, 'maaler-backup.sqlite');
    const cli = (dir: string, args: string[]) =>
      timed(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
        cwd: API_ROOT,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', INIT_CWD: work },
      });
    const backupSeconds = await cli(dataDir, ['backup', file]);
    const restoreSeconds = await cli(join(work, 'restored'), ['restore', file]);
    return {
      backupCommand: 'npm run cli -- backup FILE',
      restoreCommand: 'npm run cli -- restore FILE (into an empty data folder)',
      databaseBytes: statSync(join(dataDir, 'maaler.sqlite')).size,
      backupBytes: statSync(file).size,
      backupSeconds,
      restoreSeconds,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** PostgreSQL's own binaries, as scripts/postgres-server.sh finds them. */
function postgresBin(name: string): string {
  const dirs = execFileSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'], {
    encoding: 'utf8',
  });
  return join(dirs.trim(), name);
}

/**
 * PostgreSQL: `pg_dump --format=custom` of the database, and `pg_restore` of the dump into a new
 * empty database (data, then indexes and constraints), as README's commands; wall time of each.
 */
export async function measurePostgresBackup(serverUrl: string, database: string): Promise<BackupFigures> {
  const work = mkdtempSync(join(tmpdir(), 'maaler-scale-dump-'));
  const url = (name: string) => {
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    return target.toString();
  };
  const restored = `${database}_restored`;
  const psql = (sql: string) =>
    run(postgresBin('psql'), ['--quiet', '--dbname', serverUrl, '--command', sql]);
  try {
    const file = join(work, 'maaler.dump');
    const backupSeconds = await timed(postgresBin('pg_dump'), [
      '--format=custom',
      `--file=${file}`,
      url(database),
    ]);
    await psql(`drop database if exists ${restored}`);
    await psql(`create database ${restored}`);
    const restoreSeconds = await timed(postgresBin('pg_restore'), [
      '--no-owner',
      `--dbname=${url(restored)}`,
      file,
    ]);
    const { stdout } = await run(postgresBin('psql'), [
      '--tuples-only',
      '--no-align',
      '--dbname',
      serverUrl,
      '--command',
      `select pg_database_size('${database}')`,
    ]);
    return {
      backupCommand: 'pg_dump --format=custom',
      restoreCommand: 'pg_restore --no-owner (into an empty database)',
      databaseBytes: Number(stdout.trim()),
      backupBytes: statSync(file).size,
      backupSeconds,
      restoreSeconds,
    };
  } finally {
    await psql(`drop database if exists ${restored}`).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}
