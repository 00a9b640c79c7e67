import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/connection.ts';
import { prepareDatabase } from '../../src/db/prepare.ts';
import { loggerOptions } from '../../src/logger.ts';
import { createTestStore, type TestStore } from '../helpers/test-store.ts';

const XSRF = 'logging-test-xsrf-token-0123456789abcdef';
const WRONG_PASSWORD = 'Forkert_kodeord_4711';
const NEW_PASSWORD = 'Nyt_hemmeligt_kodeord_1';

describe('logging without secrets, at the most talkative level', () => {
  let store: TestStore;
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let log = '';

  beforeAll(async () => {
    store = await createTestStore();
    const config = loadConfig(
      {
        LOG_LEVEL: 'trace',
        DATA_DIR: store.dataDir,
        DATABASE_URL: store.databaseUrl ?? '',
        WEB_DIST: '/nonexistent',
      },
      [],
    );
    database = store.open();
    await prepareDatabase(database, { demo: true });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString('utf8');
        done();
      },
    });
    app = await buildApp({ config, database, logger: pino(loggerOptions(config), sink) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await store.dispose();
  });

  const send = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    app.inject({
      method,
      url,
      payload,
      cookies: { 'XSRF-TOKEN': XSRF },
      headers: { 'x-xsrf-token': XSRF, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const login = async (email: string, password: string) =>
    (
      await send('POST', '/api/authenticate/userauthenticate/v2', undefined, {
        email,
        password,
        rememberme: true,
        area: 9,
      })
    ).json() as { Token: string | null };

  it('never writes passwords, tokens, anti-forgery values, hashes or the signing key to the log', async () => {
    const secrets: string[] = [XSRF, WRONG_PASSWORD, NEW_PASSWORD, 'demo1234'];
    await login('kunde@eksempel.dk', WRONG_PASSWORD);
    const kunde = (await login('kunde@eksempel.dk', 'demo1234')).Token ?? '';
    const admin = (await login('admin@eksempel.dk', 'demo1234')).Token ?? '';
    secrets.push(kunde, admin, kunde.split('.')[2] ?? kunde);

    expect((await send('GET', '/api/user/loadcurrent', kunde)).statusCode).toBe(200);
    await send('GET', '/api/user/loadcurrent', `${kunde}tampered`);
    const changed = await send('POST', '/api/user/namepasswordsave', kunde, {
      name: 'Karen Kunde',
      password: NEW_PASSWORD,
      passwordrepeat: NEW_PASSWORD,
    });
    secrets.push(changed.json().Token);
    const kundeId = (await send('GET', '/api/user/loadcurrent', changed.json().Token)).json().guid;
    const reset = await send('GET', `/api/user/resetpassword/${kundeId}`, admin);
    secrets.push(reset.json().Message);

    const hashes = await database.db.selectFrom('users').select('password_hash').execute();
    const key = await database.db.selectFrom('app_secrets').select('value').execute();
    secrets.push(...hashes.map((h) => h.password_hash), ...key.map((k) => k.value));

    expect(log).toContain('incoming request');
    for (const secret of secrets) {
      expect(secret.length, 'a secret to look for').toBeGreaterThan(7);
      expect(log.includes(secret), `the log holds a secret (${secret.slice(0, 6)}…)`).toBe(false);
    }
    expect(log).not.toContain('$argon2id$');
  });
});
