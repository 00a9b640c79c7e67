import { GatewayTree, PeriodStatus, ReadingStatus } from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_NAMES, accountIdOf, userIdOf } from '../../helpers/demo-fixtures.ts';
import { countQueries } from '../../helpers/query-count.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';

describe('query counts of the tree and the route: flat however large the account', () => {
  let t: TestApp;
  let kunde: string;
  let admin: string;
  let soparken1: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock() });
    kunde = await t.login('kunde@eksempel.dk');
    admin = await t.login('admin@eksempel.dk');
    soparken1 = await accountIdOf(t.database.db, ACCOUNT_NAMES.soparken1);
  });
  afterAll(async () => t.close());

  const loadTree = async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/gateway/loadlistsimple/${soparken1}`,
      token: kunde,
    });
    return GatewayTree.parse(res.json());
  };

  /** Adds locations of 3 meters each, every meter with one point, three readings and a skip. */
  async function growAccount(prefix: string, locations: number) {
    const db = t.database.db;
    const registeredBy = await userIdOf(db, 'kunde@eksempel.dk');
    for (let g = 0; g < locations; g++) {
      const gateway = await db
        .insertInto('gateways')
        .values({ account_id: soparken1, name: `${prefix} ${g}`, address: '', sequence: g })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let d = 0; d < 3; d++) {
        const device = await db
          .insertInto('devices')
          .values({ gateway_id: gateway.id, name: `Måler ${d}`, type: 'water', manual: 1, serial_number: '' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('reading_skips')
          .values({
            account_id: soparken1,
            gateway_id: gateway.id,
            device_id: device.id,
            reason: 'Ingen adgang',
            skipped_on: '2026-11-20',
            created_by: registeredBy,
            created_at: '2026-11-20T09:00:00.000Z',
          })
          .execute();
        const item = await db
          .insertInto('device_items')
          .values({ device_id: device.id, name: 'Volumen', unit: 'm³' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('readings')
          .values(
            ['2026-01-01', '2026-03-01', '2026-02-01'].map((date, n) => ({
              device_item_id: item.id,
              date_record: date,
              value: String(n),
              registered_at: '2026-03-01T00:00:00.000Z',
              registered_by: registeredBy,
              plausibility_override: 0,
            })),
          )
          .execute();
      }
    }
  }

  it('GET loadlistsimple does not grow with the number of locations, meters, points and readings', async () => {
    const small = await countQueries(t.database.db, loadTree);
    expect(small).toBeGreaterThan(0);

    await growAccount('Ekstra', 10);
    let tree: GatewayTree = [];
    const large = await countQueries(t.database.db, async () => {
      tree = await loadTree();
    });
    expect(tree).toHaveLength(12);
    expect(tree.find((g) => g.Name === 'Ekstra 0')?.DeviceList[0]?.DeviceItemList[0]).toMatchObject({
      LastValue: '1',
      LastDateValue: '2026-03-01',
    });
    expect(large).toBe(small);
    // The auth guard's user look-up, the account check and the tree itself.
    expect(large).toBeLessThanOrEqual(3);
  });

  it('GET readingstatus does not grow with the route, its readings and its skips', async () => {
    const loadStatus = async () =>
      ReadingStatus.parse(
        (
          await t.inject({ method: 'GET', url: `/api/gateway/readingstatus/${soparken1}`, token: kunde })
        ).json(),
      );
    // Each count after a first call, so that the guard's look-up is cached (SQLite) both times or neither.
    await loadStatus();
    const small = await countQueries(t.database.db, loadStatus);
    await growAccount('Rute', 5);
    await loadStatus();
    let status: ReadingStatus | undefined;
    const large = await countQueries(t.database.db, async () => {
      status = await loadStatus();
    });
    expect(status?.gateways.filter((g) => g.Name.startsWith('Rute'))).toHaveLength(5);
    expect(status?.gateways.flatMap((g) => g.DeviceList).flatMap((d) => d.DeviceItemList)).toContainEqual(
      expect.objectContaining({ Status: 'Sprunget over' }),
    );
    expect(large).toBe(small);
    // At most the auth guard's user look-up, the account check, the reading period, the route, the skips.
    expect(large).toBeLessThanOrEqual(5);
  });

  it('GET periodstatus reads the account settings it needs in one query, however large the route', async () => {
    const loadPeriodStatus = async () =>
      PeriodStatus.parse(
        (await t.inject({ method: 'GET', url: `/api/admin/periodstatus/${soparken1}`, token: admin })).json(),
      );
    await loadPeriodStatus();
    const queried: string[] = [];
    const small = await countQueries(t.database.db, loadPeriodStatus, (sql) => queried.push(sql));
    expect(queried.filter((sql) => sql.includes('account_settings'))).toHaveLength(1);
    await growAccount('Periode', 4);
    await loadPeriodStatus();
    let status: PeriodStatus | undefined;
    const large = await countQueries(t.database.db, async () => {
      status = await loadPeriodStatus();
    });
    expect(status?.gateways.filter((g) => g.Name.startsWith('Periode'))).toHaveLength(4);
    expect(large).toBe(small);
  });
});
