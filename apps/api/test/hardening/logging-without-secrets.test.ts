import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/engine/connection.ts';
import { loggerOptions } from '../../src/logger.ts';
import { prepareDatabase } from '../../src/startup/prepare-database.ts';
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
    const credential = (await send('POST', '/api/authenticate/devicecredential', kunde)).json().Credential;
    const exchanged = await send('POST', '/api/authenticate/exchangedevicecredential', undefined, {
      credential,
    });
    secrets.push(credential, credential.split('.')[1], exchanged.json().Token);
    await send('GET', '/api/user/loadcurrent', `${kunde}tampered`);
    const changed = await send('POST', '/api/user/namepasswordsave', kunde, {
      name: 'Karen Kunde',
      password: NEW_PASSWORD,
      passwordrepeat: NEW_PASSWORD,
      currentpassword: 'demo1234',
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

    // The office's `Log` keeps the same events in a table (ADR 041): no secret there either.
    const stored = JSON.stringify(await database.db.selectFrom('audit_events').selectAll().execute());
    expect(stored).toContain('login.succeeded');
    expect(stored).toContain('password.reset-by-admin');
    for (const secret of secrets) {
      expect(stored.includes(secret), `the Log table holds a secret (${secret.slice(0, 6)}…)`).toBe(false);
    }
    expect(stored).not.toContain('$argon2id$');
  });

  it('writes one line per security event, with a stable event name, and names the user on request lines', async () => {
    const lines = () =>
      log
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const events = (name: string) => lines().filter((line) => line.event === name);
    const count = (name: string) => events(name).length;

    const earlier: Record<string, number> = Object.fromEntries(
      [
        'login.failed',
        'login.succeeded',
        'logout',
        'xsrf.refused',
        'access.denied',
        'user.deleted',
        'device-credential.issued',
        'device-credential.exchanged',
        'device-credential.refused',
      ].map((name) => [name, count(name)]),
    );
    await login('tekniker@eksempel.dk', WRONG_PASSWORD);
    const tekniker = (await login('tekniker@eksempel.dk', 'demo1234')).Token ?? '';
    const admin = (await login('admin@eksempel.dk', 'demo1234')).Token ?? '';
    await app.inject({
      method: 'POST',
      url: '/api/authenticate/refreshtoken',
      headers: { authorization: `Bearer ${admin}` },
    });
    await send('GET', '/api/user/load/00000000-0000-4000-8000-000000000000', admin);
    const nyId = (
      await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'ny@eksempel.dk')
        .executeTakeFirstOrThrow()
    ).id;
    await send('GET', `/api/user/delete/${nyId}`, admin);
    const credential = (await send('POST', '/api/authenticate/devicecredential', tekniker)).json().Credential;
    await send('POST', '/api/authenticate/exchangedevicecredential', undefined, { credential });
    await send('POST', '/api/authenticate/logout', tekniker);
    await send('POST', '/api/authenticate/exchangedevicecredential', undefined, { credential });

    expect(count('login.failed') - (earlier['login.failed'] ?? 0)).toBe(1);
    expect(events('login.failed').at(-1)).toMatchObject({ email: 'tekniker@eksempel.dk', level: 40 });
    expect(count('login.succeeded') - (earlier['login.succeeded'] ?? 0)).toBe(2);
    expect(count('xsrf.refused') - (earlier['xsrf.refused'] ?? 0)).toBe(1);
    expect(count('access.denied') - (earlier['access.denied'] ?? 0)).toBe(1);
    expect(events('access.denied').at(-1)).toMatchObject({ status: 404, route: '/api/user/load/:id' });
    expect(count('user.deleted') - (earlier['user.deleted'] ?? 0)).toBe(1);
    expect(events('user.deleted').at(-1)).toMatchObject({ targetUserId: nyId });
    expect(count('logout') - (earlier.logout ?? 0)).toBe(1);
    for (const event of [
      'device-credential.issued',
      'device-credential.exchanged',
      'device-credential.refused',
    ])
      expect(count(event) - (earlier[event] ?? 0), event).toBe(1);
    const credentialId = credential.split('.')[0];
    expect(events('device-credential.issued').at(-1)).toMatchObject({ credentialId, level: 30 });
    expect(events('device-credential.exchanged').at(-1)).toMatchObject({ credentialId, level: 30 });
    expect(events('device-credential.refused').at(-1)).toMatchObject({
      credentialId,
      reason: 'revoked',
      level: 40,
    });

    const teknikerId = events('logout').at(-1)?.userId;
    expect(teknikerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(events('device-credential.refused').at(-1)?.userId).toBe(teknikerId);
    const completed = lines().filter(
      (line) => line.msg === 'request completed' && line.userId === teknikerId,
    );
    expect(completed.length).toBeGreaterThan(0);
  });

  it('logs the reset flow by its events, never the link token or the new password', async () => {
    const linkPassword = 'Link_kodeord_2026';
    await send('POST', '/api/authenticate/forgotpassword', undefined, { email: 'admin@eksempel.dk' });
    const mail = await database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', 'admin@eksempel.dk')
      .executeTakeFirstOrThrow();
    const token = /#([\w-]+)/.exec(mail.text_body)?.[1] ?? '';
    const body = { token, password: linkPassword, passwordrepeat: linkPassword };
    expect((await send('POST', '/api/authenticate/setpassword', undefined, body)).json().Success).toBe(true);
    expect((await send('POST', '/api/authenticate/setpassword', undefined, body)).json().Success).toBe(false);

    const lines = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const last = (event: string) => lines.filter((line) => line.event === event).at(-1);
    expect(last('password.reset-requested')).toMatchObject({ email: 'admin@eksempel.dk', known: true });
    expect(last('password.reset-by-link')).toMatchObject({ purpose: 'reset', level: 30 });
    expect(last('password.reset-refused')).toMatchObject({ reason: 'invalid-link', level: 40 });
    expect(token).toHaveLength(43);
    expect(log.includes(token), 'the log holds the link token').toBe(false);
    expect(log.includes(linkPassword), 'the log holds the new password').toBe(false);
  });
});
