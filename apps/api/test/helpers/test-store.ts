import { createServerStore, type ServerStore } from '@maaler/test-support/server-store';
import { type DatabaseHandle, openDatabase } from '../../src/db/engine/connection.ts';

/**
 * Where a spawned server keeps its data: a temporary SQLite folder, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL points at a server (the PostgreSQL run of `npm test` sets it): empty, or a
 * copy of `template`.
 */
export type TestStore = ServerStore<DatabaseHandle>;

export const onPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

export const createTestStore = (options: { template?: string | undefined } = {}): Promise<TestStore> =>
  createServerStore({
    purpose: 'test',
    postgresUrl: process.env.TEST_DATABASE_URL,
    template: options.template,
    open: openDatabase,
  });
