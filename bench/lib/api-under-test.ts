import { join } from 'node:path';
import { httpRequest, loginOver } from '@maaler/test-support/http-client';
import { type ServerOptions, type ServerProcess, startServer } from '@maaler/test-support/server-process';
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/api/src/db/schema.ts';
import { DEMO_PASSWORD } from '../../apps/api/src/startup/demo/demo-data.ts';
import { type BenchStore, createBenchStore, type DatabaseKind } from './bench-store.ts';

export type ApiUnderTest = {
  kind: DatabaseKind;
  server: ServerProcess;
  store: BenchStore;
  stop(): Promise<void>;
};

/**
 * The real API server as its own process on a fresh demo-seeded database: a temporary SQLite file
 * (WAL, synchronous=FULL, as in production), or a new database on the given PostgreSQL server.
 * The rate limit is raised out of the way and logging is at warn, as a loaded server would run.
 */
export async function startApiUnderTest(
  kind: DatabaseKind,
  options: { postgresUrl?: string; env?: Record<string, string> } = {},
): Promise<ApiUnderTest> {
  return startApiOn(await createBenchStore(kind, options.postgresUrl), options.env);
}

/** The real API server as its own process on the store's data, as startApiUnderTest runs it; `stop` disposes of the store. */
export async function startApiOn(
  store: BenchStore,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<ApiUnderTest> {
  const kind = store.kind;
  const server = await startBenchServer(store, env, options);
  return {
    kind,
    server,
    store,
    async stop() {
      server.signal('SIGTERM');
      await server.exited;
      await store.dispose();
    },
  };
}

/**
 * One more server process on the database of `api` (PostgreSQL: instances share one database, ADR
 * 022), with the same settings; `stop` ends the process and leaves the database to `api`.
 */
export async function startAnotherProcess(
  api: ApiUnderTest,
): Promise<{ server: ServerProcess; stop(): Promise<void> }> {
  const server = await startBenchServer(api.store);
  return {
    server,
    async stop() {
      server.signal('SIGTERM');
      await server.exited;
    },
  };
}

function startBenchServer(
  store: BenchStore,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<ServerProcess> {
  return startServer(
    store,
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      WEB_DIST: join(store.dataDir, 'no-web'),
      ...env,
    },
    options,
  );
}

export function login(api: ApiUnderTest, email: string, password = DEMO_PASSWORD): Promise<string> {
  return loginOver(api.server.baseUrl, email, password);
}

/** Signs the demo's administrator in and finds Søparken afdeling 1, the account the benches write to. */
export function adminOfSoparken(api: ApiUnderTest): Promise<{ token: string; account: { guid: string } }> {
  return demoUserOnSoparken(api, 'admin@eksempel.dk');
}

/** Signs a demo user in and finds Søparken afdeling 1, which the administrator and `kunde` both reach. */
export async function demoUserOnSoparken(
  api: ApiUnderTest,
  email: string,
): Promise<{ token: string; account: { guid: string } }> {
  const token = await login(api, email);
  const accounts = (
    await httpRequest(api.server.baseUrl, {
      method: 'GET',
      path: '/api/account/loadlistbycurrentuser/v2/9',
      token,
    })
  ).body as { guid: string; name: string }[];
  const account = accounts.find((candidate) => candidate.name === 'Søparken afdeling 1');
  if (!account) throw new Error('the demo has no Søparken afdeling 1');
  return { token, account };
}

/** Runs `use` with a connection of the bench's own to the server's database. */
export async function withDatabase<T>(
  api: ApiUnderTest,
  use: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const handle = api.store.open();
  try {
    return await use(handle.db);
  } finally {
    await handle.db.destroy();
  }
}
