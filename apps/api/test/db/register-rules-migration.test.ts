import { describe, expect, it } from 'vitest';
import * as registerRules from '../../src/db/migrations/20261128T1000-register-rules.ts';
import { useDemoApp } from '../helpers/demo-app.ts';
import { redoMigration } from '../helpers/migration-redo.ts';
import { testClock } from '../helpers/test-app.ts';

// A database from before the register settings: nothing is declared, but a meter that came with a
// meter change was put in place on the change day.
describe('migration 20261128T1000-register-rules', () => {
  const t = useDemoApp({ clock: testClock(new Date('2026-11-22T10:00:00Z')), signIn: ['admin'] });

  it('declares nothing, and gives a meter change’s new meter the change day as its installation', async () => {
    const { admin, soparken1, heat } = t;
    const res = await t.inject({
      method: 'POST',
      url: `/api/gateway/meterchange/${heat.deviceId}/${soparken1}`,
      token: admin,
      payload: {
        dateRecord: '11/21/2026',
        serialNumber: 'MIGRERET-1',
        points: Object.values(heat.items).map((deviceItemId) => ({
          deviceItemId,
          finalValue: '99999',
          startValue: '1',
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);

    const db = await redoMigration(t.database.db, registerRules);

    const installed = await db.selectFrom('devices').select(['serial_number', 'installed_on']).execute();
    expect(installed.filter((row) => row.installed_on !== null)).toEqual([
      { serial_number: 'MIGRERET-1', installed_on: '2026-11-21' },
    ]);
    const points = await db
      .selectFrom('device_items')
      .select(['register_digits', 'counts_up_only'])
      .execute();
    expect(new Set(points.map((row) => JSON.stringify(row)))).toEqual(
      new Set([JSON.stringify({ register_digits: null, counts_up_only: 0 })]),
    );
  });
});
