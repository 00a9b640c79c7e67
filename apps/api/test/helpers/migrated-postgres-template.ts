import { createPostgresTemplate, dropDatabase } from '@maaler/test-support/server-store';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/engine/connection.ts';
import { migrateToLatest } from '../../src/db/engine/migrate.ts';
import { analyzeDatabase } from '../../src/db/repositories/table-statistics.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each PostgreSQL test app copies; unset on SQLite. */
    postgresTemplate: string | undefined;
  }
}

/**
 * Global setup (vitest.config.ts): on PostgreSQL, one database migrated once for the run, which every
 * test app's database copies (`CREATE DATABASE … TEMPLATE`) instead of running each migration again;
 * the PostgreSQL counterpart of migrated-sqlite-file.ts. Dropped when the run ends.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const template = await createPostgresTemplate(serverUrl, 'test', async (databaseUrl) => {
    const handle = openDatabase({ databaseUrl, dataDir: '' });
    try {
      await migrateToLatest(handle.db);
      // A test app on the copy runs no migration, so nothing analyzes its new schema (ADR 022): the
      // statistics are made here and copied with it.
      await analyzeDatabase(handle.db);
    } finally {
      await handle.db.destroy();
    }
  });
  project.provide('postgresTemplate', template);
  return () => dropDatabase(serverUrl, template);
}

/** The migrated template of this run on PostgreSQL; undefined on SQLite. */
export const migratedPostgresTemplate = (): string | undefined => inject('postgresTemplate');
