import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as remoteMeters from '../../src/db/migrations/20261204T1200-remote-meters.ts';
import { useDemoApp } from '../helpers/demo-app.ts';
import { redoMigration } from '../helpers/migration-redo.ts';
import { testClock } from '../helpers/test-app.ts';

// Migration 20261204T1200-remote-meters (issue 38): taken back, the remote values go and the other
// readings stay; applied again, the source remote and a meter's radio id are taken once more.
describe('migration 20261204T1200-remote-meters', () => {
  const t = useDemoApp({ clock: testClock(new Date('2026-11-22T10:00:00Z')) });

  it('keeps every reading of the sources before it, both ways, and takes remote readings and radio ids after', async () => {
    const db = t.database.db;
    const itemId = t.heat.items.Energi ?? 0;
    const count = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from readings`.execute(db)).rows[0]?.n);
    const before = await count();
    await db
      .insertInto('readings')
      .values({
        device_item_id: itemId,
        date_record: '2026-11-21',
        value: '1',
        registered_at: '2026-11-22T10:00:00.000Z',
        registered_by: (await db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id,
        plausibility_override: 0,
        source: 'remote',
      })
      .execute();
    await db.updateTable('devices').set({ radio_id: '123' }).where('id', '=', t.heat.deviceId).execute();

    const redone = await redoMigration(db, remoteMeters);

    expect(await count()).toBe(before);
    const device = await redone
      .selectFrom('devices')
      .select('radio_id')
      .where('id', '=', t.heat.deviceId)
      .executeTakeFirstOrThrow();
    expect(device.radio_id).toBeNull();
    await redone.updateTable('devices').set({ radio_id: '123' }).where('id', '=', t.heat.deviceId).execute();
    await redone
      .updateTable('readings')
      .set({ source: 'remote' })
      .where('device_item_id', '=', itemId)
      .where(
        'date_record',
        '=',
        (
          await redone
            .selectFrom('readings')
            .select('date_record')
            .where('device_item_id', '=', itemId)
            .executeTakeFirstOrThrow()
        ).date_record,
      )
      .execute();
    expect(
      await redone.selectFrom('readings').select('id').where('source', '=', 'remote').execute(),
    ).toHaveLength(1);
  });
});
