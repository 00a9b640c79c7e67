import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type StoreKind = 'sqlite' | 'postgres';

/** Where the data of a spawned API server lives: the SQLite folder, or a database URL on PostgreSQL. */
export type StoreLocation = { dataDir: string; databaseUrl: string | undefined };

/**
 * Where a spawned server keeps its data: a temporary SQLite folder, or a fresh empty database of its
 * own on a PostgreSQL server.
 */
export type ServerStore<Handle> = StoreLocation & {
  kind: StoreKind;
  /** A connection from the test's (or bench's) own process, for checking or adding rows. */
  open(): Handle;
  dispose(): Promise<void>;
};

export type StoreOptions<Handle> = {
  /** Names the temporary folder (`maaler-{purpose}-…`) and database (`maaler_{purpose}_…`). */
  purpose: 'test' | 'bench';
  /** A PostgreSQL server to create the store's database on; SQLite without it. */
  postgresUrl: string | undefined;
  /**
   * On PostgreSQL, a database on the same server to copy (`CREATE DATABASE … TEMPLATE`), e.g. one
   * migrated once (`createPostgresTemplate`); an empty database without it.
   */
  template?: string | undefined;
  /** Opens a connection to the store (the API's own `openDatabase`). */
  open(location: StoreLocation): Handle;
};

/** A fresh, empty store: a server started on it migrates it (and seeds the demo, if asked to). */
export async function createServerStore<Handle>(options: StoreOptions<Handle>): Promise<ServerStore<Handle>> {
  const dataDir = mkdtempSync(join(tmpdir(), `maaler-${options.purpose}-`));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const serverUrl = options.postgresUrl;
  if (!serverUrl) {
    return {
      kind: 'sqlite',
      dataDir,
      databaseUrl: undefined,
      open: () => options.open({ databaseUrl: undefined, dataDir }),
      dispose: async () => removeDir(),
    };
  }

  const name = `maaler_${options.purpose}_${randomBytes(6).toString('hex')}`;
  const template = options.template ? ` template ${options.template}` : '';
  await withServerClient(serverUrl, (client) => client.query(`create database ${name}${template}`));
  const databaseUrl = databaseUrlOf(serverUrl, name);
  return {
    kind: 'postgres',
    dataDir,
    databaseUrl,
    open: () => options.open({ databaseUrl, dataDir }),
    async dispose() {
      await dropDatabase(serverUrl, name);
      removeDir();
    },
  };
}

/**
 * A database for `createServerStore`'s `template`: made empty on the server, then `prepare`d (e.g.
 * migrated) through the given URL, whose connections `prepare` must have closed (a template with an
 * open connection cannot be copied). Returns its name; `dropDatabase` removes it.
 */
export async function createPostgresTemplate(
  serverUrl: string,
  purpose: StoreOptions<unknown>['purpose'],
  prepare: (databaseUrl: string) => Promise<void>,
): Promise<string> {
  const name = `maaler_${purpose}_template_${randomBytes(6).toString('hex')}`;
  await withServerClient(serverUrl, (client) => client.query(`create database ${name}`));
  await prepare(databaseUrlOf(serverUrl, name));
  await withServerClient(serverUrl, (client) => untilClosed(client, name));
  return name;
}

/** Drops a database of the server once the connections closing on it have closed. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withServerClient(serverUrl, async (client) => {
    await untilClosed(client, name);
    await client.query(`drop database if exists ${name} with (force)`);
  });
}

function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// pg's Pool.end() resolves before its connections have closed; dropping (or copying) the database
// while they close would kill them with an error that no listener catches.
async function untilClosed(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await client.query<{ open: number }>(
      'select count(*)::int as open from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    if (rows[0]?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
