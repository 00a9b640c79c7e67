import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/engine/connection.ts';

/**
 * Where a spawned server keeps its data: a temporary SQLite folder, or a fresh empty PostgreSQL
 * database when TEST_DATABASE_URL points at a server (the PostgreSQL run of `npm test` sets it).
 */
export type TestStore = {
  kind: 'sqlite' | 'postgres';
  dataDir: string;
  /** Set on PostgreSQL only. */
  databaseUrl: string | undefined;
  /** A connection from the test process, for checking what the server stored. */
  open(): DatabaseHandle;
  dispose(): Promise<void>;
};

export const onPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

export async function createTestStore(): Promise<TestStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'maaler-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return {
      kind: 'sqlite',
      dataDir,
      databaseUrl: undefined,
      open: () => openDatabase({ databaseUrl: undefined, dataDir }),
      dispose: async () => removeDir(),
    };
  }

  const name = `maaler_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind: 'postgres',
    dataDir,
    databaseUrl,
    open: () => openDatabase({ databaseUrl, dataDir }),
    async dispose() {
      await withAdminClient(serverUrl, async (client) => {
        // pg's Pool.end() resolves before its connections have closed; dropping the database while
        // they close would kill them with an error that no listener catches.
        for (let attempt = 0; attempt < 100; attempt++) {
          const { rows } = await client.query<{ open: number }>(
            'select count(*)::int as open from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [name],
          );
          if (rows[0]?.open === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      });
      removeDir();
    },
  };
}

async function withAdminClient<T>(serverUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
