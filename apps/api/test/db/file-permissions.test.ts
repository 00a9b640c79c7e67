import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSqliteDatabase } from '../../src/db/engine/sqlite-backup.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-store.ts';

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe.skipIf(onPostgres())(
  'SQLite files are readable by their owner only (SQLite only: PostgreSQL keeps its own files)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
      // A write, so that the WAL and shared-memory files exist.
      await t.login('kunde@eksempel.dk');
    });
    afterAll(async () => t.close());

    it('creates the database, its WAL and shared-memory file with mode 600, and the data folder with 700', () => {
      const file = t.database.sqliteFile ?? '';
      for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe('600');
      expect(modeOf(t.config.dataDir)).toBe('700');
    });

    it('writes every backup with mode 600', async () => {
      const destination = join(t.config.dataDir, 'sikkerhedskopi.sqlite');
      await backupSqliteDatabase(t.database.sqliteFile ?? '', destination);
      expect(modeOf(destination)).toBe('600');
    });
  },
);
