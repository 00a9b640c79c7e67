import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../src/db/engine/connection.ts';
import {
  backupSqliteDatabase,
  DatabaseInUseError,
  inspectSqliteDatabase,
  restoreSqliteDatabase,
  UnusableBackupError,
} from '../../src/db/engine/sqlite-backup.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const STAMP = '20261122T100000Z';

const countReadings = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from readings').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'SQLite backup and restore (SQLite only: skipped when TEST_DATABASE_URL selects PostgreSQL)',
  () => {
    let t: TestApp;
    let live: string;
    let work: string;
    let backup: string;
    beforeAll(async () => {
      t = await createTestApp();
      live = t.database.sqliteFile ?? '';
      work = mkdtempSync(join(tmpdir(), 'maaler-sqlite-backup-'));
      backup = join(work, 'backup.sqlite');
      await backupSqliteDatabase(live, backup);
    });
    afterAll(async () => {
      await t.close();
      rmSync(work, { recursive: true, force: true });
    });

    it('copies an open database into one self-contained, checked file', () => {
      expect(readdirSync(work)).toEqual(['backup.sqlite']);
      const copy = new SQLite(backup, { readonly: true });
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      copy.close();
      const summary = inspectSqliteDatabase(backup);
      expect(summary.counts).toEqual({ customers: 3, users: 5, readings: countReadings(live) });
      expect(summary.counts.readings).toBeGreaterThan(0);
      expect(summary.latestMigration).toMatch(/^\d{8}T\d{4}-/);
    });

    it('refuses to restore over a database that a server holds open, and leaves it alone', async () => {
      const before = countReadings(live);
      await expect(restoreSqliteDatabase(backup, live, STAMP)).rejects.toThrow(DatabaseInUseError);
      expect(readdirSync(join(live, '..')).filter((f) => f.includes('before-restore'))).toEqual([]);
      expect(countReadings(live)).toBe(before);
      const ready = await t.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
    });

    it('moves a stopped database aside complete, with what only its WAL held, and puts the backup in place', async () => {
      const dataDir = join(work, 'crashed');
      const target = join(dataDir, SQLITE_FILE_NAME);
      rmSync(dataDir, { recursive: true, force: true });
      // A server that died: its last writes are only in the WAL, which was never checkpointed.
      const crashed = new SQLite(join(work, 'scratch.sqlite'));
      crashed.pragma('journal_mode = WAL');
      crashed.pragma('wal_autocheckpoint = 0');
      crashed.exec(
        'create table kysely_migration (name text primary key, timestamp text); create table notes (t text)',
      );
      crashed.exec("insert into notes values ('only in the WAL')");
      mkdirSync(dataDir);
      for (const suffix of ['', '-wal', '-shm']) {
        copyFileSync(join(work, `scratch.sqlite${suffix}`), `${target}${suffix}`);
      }
      crashed.close();

      const restored = await restoreSqliteDatabase(backup, target, STAMP);
      const aside = `${target}.before-restore-${STAMP}`;
      expect(restored.movedAside).toBe(aside);
      expect(readdirSync(dataDir).sort()).toEqual([
        SQLITE_FILE_NAME,
        `${SQLITE_FILE_NAME}.before-restore-${STAMP}`,
      ]);
      const old = new SQLite(aside, { readonly: true });
      expect(old.prepare('select t from notes').all()).toEqual([{ t: 'only in the WAL' }]);
      old.close();
      expect(countReadings(target)).toBe(inspectSqliteDatabase(backup).counts.readings);
    });

    it('restores into an empty data folder without moving anything aside', async () => {
      const dataDir = mkdtempSync(join(work, 'empty-'));
      const restored = await restoreSqliteDatabase(backup, join(dataDir, SQLITE_FILE_NAME), STAMP);
      expect(restored.movedAside).toBeUndefined();
      expect(readdirSync(dataDir)).toEqual([SQLITE_FILE_NAME]);
    });

    it.each([
      [
        'a file that is not a database',
        (file: string) => writeFileSync(file, 'not a database at all'),
        /cannot be read as a database/,
      ],
      [
        'a SQLite database of another program',
        (file: string) => {
          const other = new SQLite(file);
          other.exec('create table things (id integer)');
          other.close();
        },
        /not a Måleraflæsning database/,
      ],
      [
        'a backup from a newer version',
        (file: string) => {
          copyFileSync(backup, file);
          const newer = new SQLite(file);
          newer
            .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
            .run('29990101T0000-future', STAMP);
          newer.close();
        },
        /newer version \(unknown migrations: 29990101T0000-future\)/,
      ],
      ['a missing file', () => undefined, /does not exist/],
    ])('refuses to restore %s and changes nothing', async (_what, make, message) => {
      const dataDir = mkdtempSync(join(work, 'refused-'));
      const target = join(dataDir, SQLITE_FILE_NAME);
      copyFileSync(backup, target);
      const candidate = join(work, `candidate-${Math.random().toString(36).slice(2)}.sqlite`);
      make(candidate);

      const attempt = restoreSqliteDatabase(candidate, target, STAMP);
      await expect(attempt).rejects.toThrow(UnusableBackupError);
      await expect(attempt).rejects.toThrow(message);
      expect(readdirSync(dataDir)).toEqual([SQLITE_FILE_NAME]);
      expect(existsSync(target)).toBe(true);
    });
  },
);
