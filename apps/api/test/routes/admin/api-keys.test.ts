import { createHash } from 'node:crypto';
import {
  ADMIN_ROLE,
  AdminLogPage,
  API_KEY_FORM,
  ApiKeyList,
  AUDIT_EVENT_LABELS,
  CreatedApiKey,
  ImportResult,
} from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  CUSTOMER_NAMES,
  customerIdOf,
  meterOf,
} from '../../helpers/demo-fixtures.ts';
import { meterHistory } from '../../helpers/reading-requests.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';
import { insertTestUser } from '../../helpers/test-users.ts';

const BOM = '\uFEFF';
const csv = (lines: string[]) => ({
  format: 'csv' as const,
  data: Buffer.from(`${BOM}${lines.join('\r\n')}\r\n`).toString('base64'),
});
const READINGS = csv(['Serienummer;Målepunkt;Dato;Værdi', 'HYB-001;Volumen;2026-11-20;999,5']);

describe('API keys (issue 38, ADR 051): created and revoked by role 1, they import readings only', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  let t: TestApp;
  let admin: string;
  let kunde: string;
  let norrevangCustomer: string;
  let norrevang: string;
  let soparken1: string;
  let klover: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const { db } = t.database;
    norrevangCustomer = await customerIdOf(db, CUSTOMER_NAMES.norrevang);
    norrevang = await accountIdOf(db, ACCOUNT_NAMES.norrevang);
    soparken1 = await accountIdOf(db, ACCOUNT_NAMES.soparken1);
    klover = await accountIdOf(db, ACCOUNT_NAMES.klover);
    admin = await t.login('admin@eksempel.dk');
    kunde = await t.login('kunde@eksempel.dk');
  });
  afterAll(async () => t.close());

  const createKey = async (name: string, token = admin, customerId = norrevangCustomer) =>
    t.inject({ method: 'POST', url: '/api/admin/apikeys', token, payload: { customerId, name } });
  const newKey = async (name: string) => {
    const res = await createKey(name);
    expect(res.statusCode, res.body).toBe(200);
    return CreatedApiKey.parse(res.json());
  };
  const list = async (token = admin) => {
    const res = await t.inject({ method: 'GET', url: '/api/admin/apikeys', token });
    expect(res.statusCode, res.body).toBe(200);
    return ApiKeyList.parse(res.json());
  };
  const revoke = (keyId: string, token = admin) =>
    t.inject({ method: 'POST', url: `/api/admin/apikeys/revoke/${keyId}`, token });
  /** What a gateway sends: the key in the Authorization header, no cookie, no anti-forgery token. */
  const withKey = (key: string, options: { method?: 'GET' | 'POST'; url: string; payload?: object }) =>
    t.inject({
      method: options.method ?? 'POST',
      url: options.url,
      xsrf: false,
      headers: { authorization: `Bearer ${key}` },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
  const importWithKey = (key: string, accountId: string, kind = 'readings', mode = 'apply') =>
    withKey(key, { url: `/api/admin/import/${accountId}/${kind}?mode=${mode}`, payload: READINGS });
  const logEvents = async (event: string) => {
    const res = await t.inject({ method: 'GET', url: `/api/admin/log?event=${event}`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return AdminLogPage.parse(res.json()).events;
  };

  it('shows a new key once; the database keeps only its hash, the list only its first characters', async () => {
    const created = await newKey('Gateway Hybenvej');
    expect(created.secret).toMatch(API_KEY_FORM);
    expect(created.key).toMatchObject({
      customerId: norrevangCustomer,
      customerName: CUSTOMER_NAMES.norrevang,
      name: 'Gateway Hybenvej',
      prefix: created.secret.slice(0, 9),
      revokedAt: null,
      lastUsedAt: null,
    });
    const stored = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.key.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    const listed = await list();
    expect(listed.keys.find((key) => key.id === created.key.id)).toEqual(created.key);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(listed.customers.map((c) => c.name).sort()).toEqual(
      [CUSTOMER_NAMES.norrevang, CUSTOMER_NAMES.soparken].sort(),
    );
    const [event] = await logEvents('api-key.created');
    expect(event).toMatchObject({ event: 'api-key.created', userName: expect.any(String) });
    expect(event?.details).toMatchObject({ name: 'Gateway Hybenvej', prefix: created.key.prefix });
    expect(JSON.stringify(event)).not.toContain(created.secret);
    expect(AUDIT_EVENT_LABELS['api-key.created']).toBe('API-nøgle oprettet');
  });

  it('imports readings into an account of its customer, without anti-forgery token, shown under the key’s name', async () => {
    const { secret, key } = await newKey('Natlig gateway');
    const res = await importWithKey(secret, norrevang);
    expect(res.statusCode, res.body).toBe(200);
    expect(ImportResult.parse(res.json())).toMatchObject({ applied: true, created: 1, errors: [] });

    const meter = await meterOf(t.database.db, 'Rækkehusene, Hybenvej', 'Hybenvej 1');
    const history = await meterHistory(t, admin, norrevang, meter);
    const entry = history.find((row) => row.DateRecord === '2026-11-20');
    expect(entry).toMatchObject({
      Value: '999,5',
      Source: 'import',
      RegisteredBy: 'API-nøgle: Natlig gateway',
    });

    const [applied] = await logEvents('import.applied');
    expect(applied).toMatchObject({
      userName: 'API-nøgle: Natlig gateway',
      accountName: ACCOUNT_NAMES.norrevang,
    });
    expect((await list()).keys.find((k) => k.id === key.id)?.lastUsedAt).toBe(clock.now().toISOString());
  });

  it('answers 404 for another customer’s account, exactly as for an unknown one', async () => {
    const { secret } = await newKey('Kun Nørrevang');
    for (const accountId of [soparken1, klover, '00000000-0000-4000-8000-000000000000']) {
      const res = await importWithKey(secret, accountId);
      expect(res.statusCode, `${accountId}: ${res.body}`).toBe(404);
    }
  });

  it('answers 401 to the key on any other call: the meters import, a read, the tree, the key administration', async () => {
    const { secret } = await newKey('Kun aflæsninger');
    const refused = [
      await importWithKey(secret, norrevang, 'meters', 'dry-run'),
      await withKey(secret, { method: 'GET', url: `/api/admin/periodstatus/${norrevang}` }),
      await withKey(secret, { method: 'GET', url: '/api/admin/apikeys' }),
      await withKey(secret, {
        url: '/api/admin/apikeys',
        payload: { customerId: norrevangCustomer, name: 'x' },
      }),
      await withKey(secret, { method: 'GET', url: `/api/gateway/loadlistsimple/${norrevang}` }),
      await withKey(secret, { method: 'GET', url: '/api/user/mydata' }),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it('answers 401 to an unknown or malformed key', async () => {
    const { secret } = await newKey('Ægte');
    const unknown = `mk_${'A'.repeat(43)}`;
    const malformed = `${secret}x`;
    expect((await importWithKey(unknown, norrevang)).statusCode).toBe(401);
    expect((await importWithKey(malformed, norrevang)).statusCode).toBe(401);
    expect((await importWithKey(secret, norrevang, 'readings', 'dry-run')).statusCode).toBe(200);
  });

  it('refuses a revoked key with 401 from then on; revoking it again is 409; both are in the Log', async () => {
    const { secret, key } = await newKey('Gammel gateway');
    expect((await importWithKey(secret, norrevang, 'readings', 'dry-run')).statusCode).toBe(200);
    const res = await revoke(key.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await importWithKey(secret, norrevang, 'readings', 'dry-run')).statusCode).toBe(401);
    expect((await revoke(key.id)).statusCode).toBe(409);

    const listed = (await list()).keys.find((k) => k.id === key.id);
    expect(listed).toMatchObject({ revokedAt: clock.now().toISOString(), revokedBy: expect.any(String) });
    expect((await logEvents('api-key.revoked'))[0]?.details).toMatchObject({ name: 'Gammel gateway' });
    const [refusal] = await logEvents('api-key.refused');
    expect(refusal?.details).toMatchObject({ reason: 'revoked' });
  });

  it('lets only role 1 manage keys, and only of their own customers (404 otherwise)', async () => {
    const { key } = await newKey('Ikke for andre');
    expect((await t.inject({ method: 'GET', url: '/api/admin/apikeys', token: kunde })).statusCode).toBe(403);
    expect((await createKey('Kunde', kunde)).statusCode).toBe(403);
    expect((await revoke(key.id, kunde)).statusCode).toBe(403);

    const kloverCustomer = await customerIdOf(t.database.db, CUSTOMER_NAMES.klover);
    await insertTestUser(t.database.db, {
      email: 'klover-admin@eksempel.dk',
      role: ADMIN_ROLE,
      customerIds: [kloverCustomer],
      accountIds: [],
    });
    const otherAdmin = await t.login('klover-admin@eksempel.dk');
    expect((await list(otherAdmin)).keys).toEqual([]);
    expect((await revoke(key.id, otherAdmin)).statusCode).toBe(404);
    expect((await createKey('Fremmed', otherAdmin, norrevangCustomer)).statusCode).toBe(404);
  });

  it('counts refused keys like failed sign-ins from the client address: guessing is locked out (429)', async () => {
    const address = '203.0.113.77';
    const guess = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/import/${norrevang}/readings?mode=dry-run`,
        remoteAddress: address,
        headers: { authorization: `Bearer mk_${String(n).padStart(43, 'g')}` },
        payload: READINGS,
      });
    const codes: number[] = [];
    for (let n = 0; n < t.config.login.maxFailuresPerIp + 1; n++) codes.push((await guess(n)).statusCode);
    expect(codes.slice(0, -1).every((code) => code === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('is no user: the key’s own user row cannot sign in and is not among the customer’s users', async () => {
    const { key } = await newKey('Ingen person');
    const source = await t.database.db
      .selectFrom('api_keys as k')
      .innerJoin('users as u', 'u.id', 'k.source_user_id')
      .select(['u.email', 'u.role'])
      .where('k.id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(source.role).toBeNull();
    expect((await t.attemptLogin(source.email, '!api-key')).json()).toMatchObject({ Success: false });
    const users = await t.inject({ method: 'GET', url: '/api/admin/users', token: admin });
    expect(users.body).not.toContain(source.email);
  });
});
