import { AccountList, GatewayTree, HistoryList, PeriodStatus } from '@maaler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { inProcessCli } from '../cli/in-process-cli.ts';
import { createTestApp, type TestApp, testClock } from '../helpers/test-app.ts';

/** 2 accounts, 5 locations, 12 meters, 30 points, 600 readings over a year up to 20 November 2026. */
const TINY = [
  '--accounts',
  '2',
  '--locations',
  '5',
  '--meters',
  '12',
  '--points',
  '30',
  '--readings',
  '600',
  '--years',
  '1',
  '--until',
  '2026-11-20',
];
const FIRST_DAY = '2025-11-20';
const TABLES: (keyof Database)[] = [
  'customers',
  'accounts',
  'account_settings',
  'users',
  'user_customers',
  'user_accounts',
  'gateways',
  'devices',
  'device_items',
  'readings',
  'reading_audit',
  'reading_skips',
];

describe('generate-tenant: a large deterministic tenant for measuring (issue 20)', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });

  /** A new empty (migrated, not demo-seeded) database with the command run on it. */
  async function generated(...args: string[]) {
    const t = await createTestApp({ demo: false, clock: testClock() });
    apps.push(t);
    const run = await inProcessCli(() => t.database.db)('generate-tenant', ...args);
    return { t, run };
  }

  /** Every row of every generated table, as sorted JSON lines. */
  async function contents(t: TestApp): Promise<Record<string, string[]>> {
    const dump: Record<string, string[]> = {};
    for (const table of TABLES) {
      const rows = await t.database.db.selectFrom(table).selectAll().execute();
      dump[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return dump;
  }

  it('fills an empty database with exactly the asked counts, printing its progress as JSON lines', async () => {
    const { t, run } = await generated(...TINY, '--seed', '7');
    expect(run.code).toBe(0);
    const lines = run.out.split('\n').map((line) => JSON.parse(line));
    expect(lines.every((line) => line.event === 'generate-tenant')).toBe(true);
    expect(lines.map((line) => line.step)).toEqual(
      expect.arrayContaining(['start', 'users', 'meters', 'readings']),
    );
    const done = lines.at(-1);
    expect(done).toMatchObject({
      step: 'done',
      accounts: 2,
      locations: 5,
      meters: 12,
      points: 30,
      readings: 600,
    });

    const count = async (table: keyof Database) =>
      Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('customers')).toBe(1);
    expect(await count('accounts')).toBe(2);
    // An administrator, one meter reader for both accounts, a board member per account.
    expect(await count('users')).toBe(4);
    expect(await count('gateways')).toBe(5);
    expect(await count('devices')).toBe(12);
    expect(await count('device_items')).toBe(30);
    expect(await count('readings')).toBe(600);
    expect(await count('reading_audit')).toBe(done.auditRows);
    expect(await count('reading_skips')).toBe(done.skips);

    // Each reading has its creation in the audit trail, and a correction's last value is the reading's.
    const audits = await t.database.db
      .selectFrom('reading_audit as a')
      .innerJoin('readings as r', 'r.id', 'a.reading_id')
      .select(['a.reading_id', 'a.old_value', 'a.new_value', 'r.value', 'a.id'])
      .orderBy('a.id')
      .execute();
    const creations = audits.filter((a) => a.old_value === null);
    expect(new Set(creations.map((a) => a.reading_id)).size).toBe(600);
    expect(creations).toHaveLength(600);
    const lastOf = new Map(audits.map((a) => [a.reading_id, a.new_value]));
    expect(audits.every((a) => lastOf.get(a.reading_id) === a.value)).toBe(true);

    // Every point's readings lie in the year up to --until and rise from one date to the next.
    const readings = await t.database.db
      .selectFrom('readings')
      .select(['device_item_id', 'date_record', 'value'])
      .orderBy('device_item_id')
      .orderBy('date_record')
      .execute();
    expect(readings.every((r) => r.date_record >= FIRST_DAY && r.date_record <= '2026-11-20')).toBe(true);
    for (let i = 1; i < readings.length; i++) {
      const [before, after] = [readings[i - 1], readings[i]];
      if (before?.device_item_id === after?.device_item_id) {
        expect(Number(after?.value)).toBeGreaterThan(Number(before?.value));
      }
    }
    expect(new Set(readings.map((r) => r.device_item_id)).size).toBe(30);

    // The id sequences continue after the given ids (PostgreSQL's serial columns need setval).
    const next = await t.database.db
      .insertInto('gateways')
      .values({
        account_id: (await t.database.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow()).id,
        name: 'Ny',
        address: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBe(6);
  });

  it('makes the same tenant from the same seed and another from another seed', async () => {
    const [first, again, other] = await Promise.all([
      generated(...TINY, '--seed', '3'),
      generated(...TINY, '--seed', '3'),
      generated(...TINY, '--seed', '4'),
    ]);
    const [a, b, c] = await Promise.all([contents(first.t), contents(again.t), contents(other.t)]);
    expect(b).toEqual(a);
    expect(c.readings).not.toEqual(a.readings);
    expect(c.users).not.toEqual(a.users);
  });

  it('serves the generated tenant through the API: sign-in, tree, history and period status', async () => {
    const { t, run } = await generated(...TINY, '--password', 'maaling2026');
    expect(run.code).toBe(0);
    const admin = await t.login('admin@skala.eksempel.dk', 'maaling2026');
    const accounts = AccountList.parse(
      (
        await t.inject({ method: 'GET', url: '/api/account/loadlistbycurrentuser/v2/9', token: admin })
      ).json(),
    );
    expect(accounts.map((a) => a.name)).toEqual(['Afdeling 001', 'Afdeling 002']);
    const accountId = accounts[0]?.guid ?? '';

    const reader = await t.login('aflaeser001@skala.eksempel.dk', 'maaling2026');
    const tree = GatewayTree.parse(
      (
        await t.inject({ method: 'GET', url: `/api/gateway/loadlistsimple/${accountId}`, token: reader })
      ).json(),
    );
    const points = tree.flatMap((g) => g.DeviceList.flatMap((d) => d.DeviceItemList));
    // The first account: 2 of the 5 locations, 4 of the 12 meters, 10 of the 30 points.
    expect(points.length).toBe(10);
    expect(points.every((p) => p.LastValue !== null)).toBe(true);

    const gateway = tree[0];
    const device = gateway?.DeviceList[0];
    const history = HistoryList.parse(
      (
        await t.inject({
          method: 'POST',
          url: `/api/gateway/loaddeviceitemhistorylist/${accountId}`,
          token: reader,
          payload: { gatewayId: gateway?.GatewayId, deviceId: device?.DeviceId },
        })
      ).json(),
    );
    expect(history.length).toBeGreaterThan(0);
    expect(history[0]?.DateRecord).toBe(device?.DeviceItemList[0]?.LastDateValue);

    const status = PeriodStatus.parse(
      (await t.inject({ method: 'GET', url: `/api/admin/periodstatus/${accountId}`, token: admin })).json(),
    );
    // The route holds the meters read by hand; a year of monthly periods is selectable.
    const { Read, Missing, Skipped, Estimated, Total } = status.totals;
    expect(Total).toBeGreaterThan(0);
    expect(Read + Missing + Skipped + Estimated).toBe(Total);
    expect(status.periods.length).toBeGreaterThanOrEqual(12);
  });

  it('refuses a database that holds data, and a shape it cannot make', async () => {
    const t = await createTestApp({ clock: testClock() });
    apps.push(t);
    const onDemo = await inProcessCli(() => t.database.db)('generate-tenant', ...TINY);
    expect(onDemo).toMatchObject({
      code: 1,
      err: 'Error: The database is not empty: generate-tenant fills a new one',
    });
    expect(await t.database.db.selectFrom('customers').select('name').execute()).not.toContainEqual({
      name: 'Boligselskabet Skala',
    });

    const { run } = await generated(...TINY.slice(0, -6), '--readings', '6000', '--years', '1');
    expect(run).toMatchObject({ code: 1, out: '' });
    expect(run.err).toMatch(/more readings per point than every other day/);
  });
});
