import { CONTROL_DEVIATION_REASON, CONTROL_TOLERANCE_SETTING } from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCsvImport } from '../../helpers/admin-requests.ts';
import { ACCOUNT_NAMES, accountIdOf, type OnePointMeter } from '../../helpers/demo-fixtures.ts';
import { countQueriesWithTransactions } from '../../helpers/query-count.ts';
import { onePointReading, postReadings } from '../../helpers/reading-requests.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';

// Issue 34: a reading write asks the account's settings once (services/readings/account-rules.ts),
// however many of its steps need one. A meter reader's control reading without a photo on a remote
// meter needs two: `Foto påkrævet` (the reader is bound by it) and the control rule's tolerance.

describe("a reading write reads the account's settings once", () => {
  let t: TestApp;
  let admin: string;
  let tekniker: string;
  let accountId: string;
  let meter: OnePointMeter;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(new Date('2026-11-22T10:00:00Z')) });
    accountId = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
    admin = await t.login('admin@eksempel.dk');
    tekniker = await t.login('tekniker@eksempel.dk');
    const imported = (kind: 'meters' | 'readings', lines: string[]) =>
      applyCsvImport(t, admin, accountId, kind, lines);
    await imported('meters', [
      'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed;Fjernaflæst;Radio-id',
      'Indstillingsvej 1;;Koldt vand;SET-1;Vand;Volumen;m³;ja;',
    ]);
    // 1000 m³ on the 1st, 1100 on the 11th: 1050 on the 6th.
    await imported('readings', [
      'Radio-id;Tidspunkt;Værdi',
      'SET-1;01-11-2026 04:00;1000',
      'SET-1;11-11-2026 04:00;1100',
    ]);
    meter = await t.database.db
      .selectFrom('devices as d')
      .innerJoin('device_items as i', 'i.device_id', 'd.id')
      .select(['d.id as id', 'd.gateway_id as gatewayId', 'i.id as pointId'])
      .where('d.serial_number', '=', 'SET-1')
      .executeTakeFirstOrThrow();
    const saved = await t.inject({
      method: 'POST',
      url: '/api/account/settingsave',
      token: admin,
      payload: { accountid: accountId, key: CONTROL_TOLERANCE_SETTING, value: '1' },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it('asks once for `Foto påkrævet` and the tolerance, and applies the tolerance it read', async () => {
    const statements: string[] = [];
    await countQueriesWithTransactions(
      t.database.db,
      async () => {
        // 0.7 % above 1050: a deviation at the default 0.5 %, within the account's 1 %.
        const res = await postReadings(t, {
          token: tekniker,
          accountId,
          payload: [
            onePointReading(meter, '11/06/2026', '1057.35', {
              reason: 'control',
              plausibilityOverride: true,
            }),
          ],
        });
        expect(res.statusCode, res.body).toBe(200);
      },
      (sql) => statements.push(sql),
    );
    expect(statements.filter((sql) => sql.includes('account_settings'))).toHaveLength(1);
    const tasks = await t.database.db
      .selectFrom('tasks')
      .select('id')
      .where('device_id', '=', meter.id)
      .where('reason', '=', CONTROL_DEVIATION_REASON)
      .execute();
    expect(tasks).toEqual([]);
  });
});
