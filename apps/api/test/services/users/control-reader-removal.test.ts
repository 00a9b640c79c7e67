import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUserEverywhere } from '../../../src/services/users/user-updates.ts';
import { soparken1Meters } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertTestUser } from '../../helpers/test-users.ts';

// A user whose only trace is a control reading (ADR 049) is disabled, not deleted: the control keeps
// saying who took it, and deleting the user would break its reference.
describe('removing a user who took a control reading', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('disables the user and keeps the control reading', async () => {
    const { db } = t.database;
    const { heat } = await soparken1Meters(db);
    const userId = await insertTestUser(db, {
      email: 'kontrol@eksempel.dk',
      role: 0,
      customerIds: [],
      accountIds: [],
    });
    await db
      .insertInto('control_readings')
      .values({
        device_item_id: heat.items.Energi ?? 0,
        date_record: '2026-11-10',
        value: '470',
        registered_at: '2026-11-10T08:00:00.000Z',
        registered_by: userId,
        source: 'web',
      })
      .execute();

    expect(await deleteUserEverywhere(db, { userId, now: new Date('2026-11-22T10:00:00Z') })).toBe(
      'disabled',
    );
    const kept = await db.selectFrom('control_readings').select('registered_by').execute();
    expect(kept).toEqual([{ registered_by: userId }]);
  });
});
