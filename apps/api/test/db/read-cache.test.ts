import { GatewayTree } from '@maaler/contract';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/engine/connection.ts';
import { createReadCache, createVersionedReadCache } from '../../src/db/engine/read-cache.ts';
import type { Database } from '../../src/db/schema.ts';
import { prepareDatabase } from '../../src/startup/prepare-database.ts';
import { cliEnv, runCliProcess } from '../cli/cli-process.ts';
import { ACCOUNT_NAMES, accountIdOf, HOT_WATER_METER, meterOf, userIdOf } from '../helpers/demo-fixtures.ts';
import { countQueries } from '../helpers/query-count.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestStore, onPostgres, type TestStore } from '../helpers/test-store.ts';

const insertSecret = (db: Kysely<Database>, name: string) =>
  db.insertInto('app_secrets').values({ name, value: 'x' }).execute();

const countSecrets = async (db: Kysely<Database>) => {
  const row = await db
    .selectFrom('app_secrets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe.skipIf(onPostgres())('read cache (SQLite)', () => {
  let store: TestStore;
  let handle: DatabaseHandle;
  let other: SQLite.Database;
  beforeEach(async () => {
    store = await createTestStore();
    handle = store.open();
    await prepareDatabase(handle, { demo: false });
    if (!handle.sqliteFile) throw new Error('not SQLite');
    other = new SQLite(handle.sqliteFile);
  });
  afterEach(async () => {
    other.close();
    await handle.db.destroy();
    await store.dispose();
  });

  /** A load that really reads the database, counting its calls. */
  const counting = () => vi.fn(() => countSecrets(handle.db));

  it('answers a repeated read without loading again', async () => {
    const cache = createReadCache(handle);
    const load = counting();
    expect(await cache.read('secrets', load)).toBe(0);
    expect(await cache.read('secrets', load)).toBe(0);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps its entries while another connection only reads', async () => {
    const cache = createReadCache(handle);
    const load = counting();
    await cache.read('secrets', load);
    other.prepare('select count(*) from app_secrets').get();
    await cache.read('secrets', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after a write through Kysely on the same connection', async () => {
    const cache = createReadCache(handle);
    const load = counting();
    expect(await cache.read('secrets', load)).toBe(0);
    await insertSecret(handle.db, 'a');
    expect(await cache.read('secrets', load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads again after a commit by a second connection to the same file', async () => {
    const cache = createReadCache(handle);
    const load = counting();
    expect(await cache.read('secrets', load)).toBe(0);
    other.prepare("insert into app_secrets (name, value) values ('b', 'x')").run();
    expect(await cache.read('secrets', load)).toBe(1);
    expect(await cache.read('secrets', load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing while a transaction is open, so uncommitted rows are never served later', async () => {
    const cache = createReadCache(handle);
    const trx = await handle.db.startTransaction().execute();
    await insertSecret(trx, 'uncommitted');
    const insideLoad = vi.fn(() => countSecrets(trx));
    expect(await cache.read('secrets', insideLoad)).toBe(1);
    expect(await cache.read('secrets', insideLoad)).toBe(1);
    expect(insideLoad).toHaveBeenCalledTimes(2);
    await trx.rollback().execute();

    const load = counting();
    expect(await cache.read('secrets', load)).toBe(0);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('neither serves nor keeps entries while a transaction without writes is open', async () => {
    const cache = createReadCache(handle);
    const load = vi.fn(async () => 'value');
    await cache.read('key', load);
    handle.sqlite?.exec('begin');
    await cache.read('key', load);
    await cache.read('other key', load);
    handle.sqlite?.exec('commit');
    await cache.read('other key', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does not keep a value whose load overlapped a write of its own connection', async () => {
    const cache = createReadCache(handle);
    const overlapping = vi.fn(async () => {
      const before = await countSecrets(handle.db);
      await insertSecret(handle.db, 'during');
      return before;
    });
    expect(await cache.read('secrets', overlapping)).toBe(0);
    const load = counting();
    expect(await cache.read('secrets', load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a value whose load overlapped a commit of another connection', async () => {
    const cache = createReadCache(handle);
    const overlapping = vi.fn(async () => {
      const before = await countSecrets(handle.db);
      other.prepare("insert into app_secrets (name, value) values ('during', 'x')").run();
      return before;
    });
    expect(await cache.read('secrets', overlapping)).toBe(0);
    const load = counting();
    expect(await cache.read('secrets', load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing of a load that fails', async () => {
    const cache = createReadCache(handle);
    await expect(cache.read('key', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    const load = vi.fn(async () => 'value');
    expect(await cache.read('key', load)).toBe('value');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives reads of one key that arrive while its load is under way that same load', async () => {
    const cache = createReadCache(handle);
    const load = vi.fn(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return countSecrets(handle.db);
    });
    expect(await Promise.all([1, 2, 3].map(() => cache.read('secrets', load)))).toEqual([0, 0, 0]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not give a read that arrives after a commit the load started before it', async () => {
    const cache = createReadCache(handle);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = vi.fn(async () => {
      await held;
      return 'loaded before the commit';
    });
    const first = cache.read('secrets', before);
    other.prepare("insert into app_secrets (name, value) values ('meanwhile', 'x')").run();
    const load = counting();
    const second = cache.read('secrets', load);
    release();
    expect(await first).toBe('loaded before the commit');
    expect(await second).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails every read that shared a failed load, and loads again for the next read', async () => {
    const cache = createReadCache(handle);
    const failing = vi.fn(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('refused');
    });
    const reads = [cache.read('key', failing), cache.read('key', failing)];
    for (const read of reads) await expect(read).rejects.toThrow('refused');
    expect(failing).toHaveBeenCalledTimes(1);
    const load = vi.fn(async () => 'value');
    expect(await cache.read('key', load)).toBe('value');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('holds at most maxEntries entries, dropping all of them when full', async () => {
    const cache = createReadCache(handle, { maxEntries: 3 });
    const loads = new Map<string, number>();
    const read = (key: string) =>
      cache.read(key, async () => {
        loads.set(key, (loads.get(key) ?? 0) + 1);
        return key;
      });
    for (const key of ['a', 'b', 'c', 'a', 'b', 'c']) expect(await read(key)).toBe(key);
    expect([...loads.values()]).toEqual([1, 1, 1]);

    await read('d');
    await read('d');
    await read('a');
    expect(Object.fromEntries(loads)).toEqual({ a: 2, b: 1, c: 1, d: 1 });
  });
});

describe.runIf(onPostgres())('read cache (PostgreSQL)', () => {
  let store: TestStore;
  let handle: DatabaseHandle;
  /** Another instance's connection to the same database. */
  let other: DatabaseHandle;
  beforeAll(async () => {
    store = await createTestStore();
    handle = store.open();
    await prepareDatabase(handle, { demo: false });
    other = store.open();
  });
  afterAll(async () => {
    await other.db.destroy();
    await handle.db.destroy();
    await store.dispose();
  });

  const counting = () => vi.fn(() => countSecrets(handle.db));

  it('answers a repeated read without loading again while nobody writes', async () => {
    const cache = createReadCache(handle);
    const load = counting();
    const before = await cache.read('secrets', load);
    await other.db.selectFrom('app_secrets').selectAll().execute();
    expect(await cache.read('secrets', load)).toBe(before);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after another instance committed a write, and after a write outside a transaction', async () => {
    const cache = createReadCache(handle);
    const load = counting();
    const before = await cache.read('secrets', load);
    await other.db.transaction().execute((trx) => insertSecret(trx, 'pg-one'));
    expect(await cache.read('secrets', load)).toBe(before + 1);
    await insertSecret(other.db, 'pg-two');
    expect(await cache.read('secrets', load)).toBe(before + 2);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps its entries after a transaction that only read or was rolled back', async () => {
    const cache = createReadCache(handle);
    const load = counting();
    await cache.read('secrets', load);
    await other.db.transaction().execute((trx) => countSecrets(trx));
    await expect(
      other.db.transaction().execute(async (trx) => {
        await insertSecret(trx, 'pg-rolled-back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await cache.read('secrets', load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('versioned read cache (the PostgreSQL one, with a version read given by the test)', () => {
  /** Version reads that the test answers one by one. */
  function controlledVersions() {
    const pending: ((version: bigint) => void)[] = [];
    const readVersion = vi.fn(() => new Promise<bigint>((resolve) => pending.push(resolve)));
    return { readVersion, answer: (version: bigint) => pending.shift()?.(version) };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('makes reads that arrive while a version read is under way wait for the next one, which they share', async () => {
    const { readVersion, answer } = controlledVersions();
    const cache = createVersionedReadCache(readVersion);
    const load = vi.fn(async () => 'tree');
    const first = cache.read('k', load);
    const later = [cache.read('k', load), cache.read('k', load)];
    expect(readVersion).toHaveBeenCalledTimes(1);
    answer(1n);
    await first;
    await settle();
    // The later reads arrived after the first version read was sent: a second one, for both.
    expect(readVersion).toHaveBeenCalledTimes(2);
    answer(1n);
    expect(await Promise.all(later)).toEqual(['tree', 'tree']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives reads under one version that arrive while a load is under way that same load, and not those under a newer one', async () => {
    const { readVersion, answer } = controlledVersions();
    const cache = createVersionedReadCache(readVersion);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = vi.fn(async () => {
      const nth = load.mock.calls.length;
      await held;
      return `tree ${nth}`;
    });
    const scope = {};
    const first = cache.read('k', load, scope);
    answer(1n);
    await settle();
    const sameVersion = cache.read('k', load, scope);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    const newer = cache.read('k', load);
    answer(2n);
    await settle();
    release();
    expect(await Promise.all([first, sameVersion, newer])).toEqual(['tree 1', 'tree 1', 'tree 2']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads again under a new version and shares one version read per scope', async () => {
    const { readVersion, answer } = controlledVersions();
    const cache = createVersionedReadCache(readVersion);
    const load = vi.fn(async () => 'v');
    const request = {};
    const reading = cache.read('a', load, request);
    answer(1n);
    await reading;
    await cache.read('b', load, request);
    expect(readVersion).toHaveBeenCalledTimes(1);
    const next = cache.read('a', load);
    answer(2n);
    await next;
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('cached reads through the app follow changes from other connections and processes', () => {
  let t: TestApp;
  let token: string;
  let soparken1: string;
  let second: DatabaseHandle;
  beforeAll(async () => {
    t = await createTestApp();
    soparken1 = await accountIdOf(t.database.db, ACCOUNT_NAMES.soparken1);
    second = openDatabase(t.config);
  });
  afterAll(async () => {
    await second.db.destroy();
    await t.close();
  });
  beforeEach(async () => {
    token = await t.login('kunde@eksempel.dk');
  });

  const treeUrl = () => `/api/gateway/loadlistsimple/${soparken1}`;
  const getTree = () => t.inject({ method: 'GET', url: treeUrl(), token });

  it('answers a repeated tree read from the cache, as JSON the contract accepts', async () => {
    const first = await getTree();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.stringify(GatewayTree.parse(first.json()))).toBe(first.body);

    let again = first;
    const queries = await countQueries(t.database.db, async () => {
      again = await getTree();
    });
    expect(again.body).toBe(first.body);
    // The auth guard's user row and the tree both come from the cache; PostgreSQL reads the data
    // version first, once for both.
    expect(queries).toBe(onPostgres() ? 1 : 0);
  });

  it('shows a reading written by another connection at once', async () => {
    const point = (await meterOf(t.database.db, ...HOT_WATER_METER)).items.Volumen;
    const lastValue = async () =>
      GatewayTree.parse((await getTree()).json())
        .flatMap((g) => g.DeviceList)
        .flatMap((d) => d.DeviceItemList)
        .find((i) => i.DeviceItemId === point)?.LastValue;
    expect(await lastValue()).toBeNull();
    await second.db
      .insertInto('readings')
      .values({
        device_item_id: point ?? 0,
        date_record: '2026-11-01',
        value: '42.5',
        registered_at: '2026-11-01T08:00:00.000Z',
        registered_by: await userIdOf(second.db, 'kunde@eksempel.dk'),
        plausibility_override: 0,
      })
      .execute();
    expect(await lastValue()).toBe('42,5');
  });

  it('answers 404 at once when another connection removes the account membership', async () => {
    expect((await getTree()).statusCode).toBe(200);
    const userId = await userIdOf(second.db, 'kunde@eksempel.dk');
    const removed = await second.db
      .deleteFrom('user_accounts')
      .where('user_id', '=', userId)
      .where('account_id', '=', soparken1)
      .returningAll()
      .execute();
    try {
      expect((await getTree()).statusCode).toBe(404);
    } finally {
      await second.db.insertInto('user_accounts').values(removed).execute();
    }
    expect((await getTree()).statusCode).toBe(200);
  });

  it('refuses a user at once when another connection disables them or takes their role', async () => {
    for (const change of [{ disabled: 1 }, { role: null }] as const) {
      expect((await getTree()).statusCode).toBe(200);
      await second.db.updateTable('users').set(change).where('email', '=', 'kunde@eksempel.dk').execute();
      try {
        expect((await getTree()).statusCode).toBe(401);
        expect((await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token })).statusCode).toBe(401);
      } finally {
        await second.db
          .updateTable('users')
          .set({ disabled: 0, role: 2 })
          .where('email', '=', 'kunde@eksempel.dk')
          .execute();
      }
    }
  });

  it('refuses an earlier token at once when the CLI in another process sets a new password', async () => {
    expect((await getTree()).statusCode).toBe(200);
    expect((await getTree()).statusCode).toBe(200);
    const run = await runCliProcess(
      ['user:passwd', '--email', 'kunde@eksempel.dk', '--password', 'Ny_kode_2026'],
      {
        ...cliEnv(t.config.dataDir),
        DATABASE_URL: t.config.databaseUrl ?? '',
      },
    );
    expect(run).toMatchObject({ code: 0 });
    expect((await getTree()).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token })).statusCode).toBe(401);

    token = await t.login('kunde@eksempel.dk', 'Ny_kode_2026');
    expect((await getTree()).statusCode).toBe(200);
  }, 30_000);
});
