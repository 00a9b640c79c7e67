import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/engine/connection.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

/** Where a benchmarked server keeps its data: a temporary SQLite folder, or a database of its own on a PostgreSQL server. */
export type BenchStore = {
  kind: DatabaseKind;
  dataDir: string;
  /** Set on PostgreSQL only. */
  databaseUrl: string | undefined;
  /** A connection of the bench's own, e.g. to add rows before measuring. */
  open(): DatabaseHandle;
  dispose(): Promise<void>;
};

/** A fresh, empty store: the server started on it migrates and seeds the demo. */
export async function createBenchStore(kind: DatabaseKind, postgresUrl?: string): Promise<BenchStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'maaler-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') {
    return {
      kind,
      dataDir,
      databaseUrl: undefined,
      open: () => openDatabase({ databaseUrl: undefined, dataDir }),
      dispose: async () => removeDir(),
    };
  }
  if (!postgresUrl) throw new Error('a PostgreSQL run needs the server URL');
  const name = `maaler_bench_${randomBytes(6).toString('hex')}`;
  await withServerClient(postgresUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind,
    dataDir,
    databaseUrl,
    open: () => openDatabase({ databaseUrl, dataDir }),
    async dispose() {
      await withServerClient(postgresUrl, async (client) => {
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

async function withServerClient<T>(serverUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
