import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/engine/connection.ts';
import type { Clock } from '../../src/services/shared/clock.ts';
import { DEMO_PASSWORD } from '../../src/startup/demo/demo-data.ts';
import { prepareDatabase } from '../../src/startup/prepare-database.ts';
import { migratedPostgresTemplate } from './migrated-postgres-template.ts';
import { copyMigratedSqliteFile } from './migrated-sqlite-file.ts';
import { createTestStore } from './test-store.ts';

/** Fixed anti-forgery pair that test requests send as cookie and header. */
export const XSRF = 'test-xsrf-token-0123456789abcdef';

/** A settable clock for lockout windows, token expiry and "today". */
export function testClock(
  start = new Date('2026-11-22T10:00:00Z'),
): Clock & { set(d: Date): void; advance(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    set: (d) => {
      current = d;
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Injects with the XSRF cookie and header already set (pass `xsrf: false` to leave them out). */
  inject(options: InjectOptions & { token?: string; xsrf?: boolean }): Promise<LightMyRequestResponse>;
  /** Sends the app's login form (area 9, not remembered) and returns the answer, whatever it is. */
  attemptLogin(email: string, password?: string, remoteAddress?: string): Promise<LightMyRequestResponse>;
  /** Logs a demo user in and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * A fresh, migrated, demo-seeded database per call: SQLite in a temporary folder, or a new PostgreSQL
 * database when TEST_DATABASE_URL points at a server (the test script sets it for the PostgreSQL run).
 */
export async function createTestApp(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    demo?: boolean;
    /** A logger to read the log from (test/helpers/captured-log.ts); silent otherwise. */
    logger?: AppOptions['logger'];
  } = {},
): Promise<TestApp> {
  const store = await createTestStore({ template: migratedPostgresTemplate() });
  if (store.kind === 'sqlite') await copyMigratedSqliteFile(store.dataDir);
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl ?? '',
      WEB_DIST: join(store.dataDir, 'no-web'),
      RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    },
    [],
  );
  const database = openDatabase(config);
  await prepareDatabase(database, { demo: options.demo ?? true, now: options.clock?.now() });
  const app = await buildApp({ config, database, clock: options.clock, logger: options.logger });
  await app.ready();

  const inject: TestApp['inject'] = ({ token, xsrf = true, headers, cookies, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(xsrf ? { 'x-xsrf-token': XSRF } : {}),
        ...headers,
      },
      cookies: { ...(xsrf ? { 'XSRF-TOKEN': XSRF } : {}), ...cookies },
    });

  const attemptLogin: TestApp['attemptLogin'] = (email, password = DEMO_PASSWORD, remoteAddress) =>
    inject({
      method: 'POST',
      url: '/api/authenticate/userauthenticate/v2',
      payload: { email, password, rememberme: false, area: 9 },
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
    });

  return {
    app,
    database,
    config,
    inject,
    attemptLogin,
    async login(email, password) {
      const res = await attemptLogin(email, password);
      const body = res.json();
      if (!body.Success) throw new Error(`login failed for ${email}: ${res.body}`);
      return body.Token as string;
    },
    async close() {
      await app.close();
      await store.dispose();
    },
  };
}
