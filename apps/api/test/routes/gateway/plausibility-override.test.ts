import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  type DemoMeter,
  KLOVER_METER,
  meterOf,
} from '../../helpers/demo-fixtures.ts';
import { meterHistory, postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';

// A reading the user sent after the app's plausibility warning ('Send alligevel') carries
// plausibilityOverride: the server records it on the reading and its audit entry and shows it in the history.
describe('plausibilityOverride on readings', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  let t: TestApp;
  let klover: string;
  let accountId: string;
  let meter: DemoMeter;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    klover = await t.login('klover@eksempel.dk');
    accountId = await accountIdOf(t.database.db, ACCOUNT_NAMES.klover);
    meter = await meterOf(t.database.db, ...KLOVER_METER);
  });
  afterAll(async () => t.close());

  const send = (dateRecord: string, value: string, plausibilityOverride?: boolean) =>
    postReadings(t, {
      token: klover,
      accountId,
      payload: [
        readingOf(
          meter,
          'Volumen',
          dateRecord,
          value,
          plausibilityOverride === undefined ? {} : { plausibilityOverride },
        ),
      ],
    });

  async function stored(isoDate: string) {
    const reading = await t.database.db
      .selectFrom('readings')
      .selectAll()
      .where('device_item_id', '=', meter.items.Volumen ?? 0)
      .where('date_record', '=', isoDate)
      .executeTakeFirstOrThrow();
    const audit = await t.database.db
      .selectFrom('reading_audit')
      .select(['old_value', 'new_value', 'plausibility_override'])
      .where('reading_id', '=', reading.id)
      .orderBy('id')
      .execute();
    return { reading, audit };
  }

  async function historyEntry(isoDate: string) {
    return (await meterHistory(t, klover, accountId, meter)).find((entry) => entry.DateRecord === isoDate);
  }

  it('records a confirmed reading on the reading and its audit entry, and the history returns it', async () => {
    // Far below the demo history's last value: the app warned that the meter ran backwards.
    const res = await send('11/20/2026', '12,5', true);
    expect(res.statusCode).toBe(200);

    const { reading, audit } = await stored('2026-11-20');
    expect(reading.plausibility_override).toBe(1);
    expect(audit).toEqual([{ old_value: null, new_value: '12.5', plausibility_override: 1 }]);
    expect(await historyEntry('2026-11-20')).toMatchObject({
      Value: '12,5',
      RegisteredBy: 'Kim Kløver',
      PlausibilityOverride: true,
      Corrections: [],
    });
  });

  it('clears the flag when the value is replaced without a confirmation; the audit keeps both', async () => {
    clock.advance(60_000);
    expect((await send('11/20/2026', '7412')).statusCode).toBe(200);

    const { reading, audit } = await stored('2026-11-20');
    expect(reading.plausibility_override).toBe(0);
    expect(audit).toEqual([
      { old_value: null, new_value: '12.5', plausibility_override: 1 },
      { old_value: '12.5', new_value: '7412', plausibility_override: 0 },
    ]);
    expect(await historyEntry('2026-11-20')).toMatchObject({
      Value: '7412',
      PlausibilityOverride: false,
      Corrections: [{ OldValue: '12,5', NewValue: '7412', ChangedBy: 'Kim Kløver' }],
    });
  });

  it('records a confirmed replacement, and an explicit false like no flag', async () => {
    clock.advance(60_000);
    expect((await send('11/20/2026', '7000', true)).statusCode).toBe(200);
    expect((await stored('2026-11-20')).audit.at(-1)).toEqual({
      old_value: '7412',
      new_value: '7000',
      plausibility_override: 1,
    });
    expect(await historyEntry('2026-11-20')).toMatchObject({ Value: '7000', PlausibilityOverride: true });

    expect((await send('11/21/2026', '7010', false)).statusCode).toBe(200);
    const next = await stored('2026-11-21');
    expect(next.reading.plausibility_override).toBe(0);
    expect(next.audit).toEqual([{ old_value: null, new_value: '7010', plausibility_override: 0 }]);
    expect(await historyEntry('2026-11-21')).toMatchObject({ PlausibilityOverride: false });
  });
});
