import { CreateEstimatesResponse } from '@maaler/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_READING_ERRORS } from '../../../src/messages.ts';
import { applyCsvImport } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { ACCOUNT_NAMES, accountIdOf, type DemoMeter, meterOf } from '../../helpers/demo-fixtures.ts';
import { postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { issueLinkToken, sendThroughLink } from '../../helpers/self-reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';
import { requirePhoto } from '../../helpers/test-photos.ts';

// Where `Foto påkrævet` applies (ADR 045, amended 2026-11-28; `PHOTO_REQUIRED_FOR` in
// services/readings/write-checks.ts): a reader's (role 0) SEND from the form, online or kept offline;
// not the office's import, not an estimate, not a resident's self-reading link. Every path runs on an
// account that requires a photo.
describe('Foto påkrævet by the reading’s source', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin', 'tekniker'], cleanUp: ['new-readings', 'settings'] });
  let norrevang = '';

  const hybenvej = () => meterOf(t.database.db, 'Rækkehusene, Hybenvej', 'Hybenvej 1');
  const onlyPoint = (meter: DemoMeter) => Object.keys(meter.items)[0] ?? '';
  /** A SEND of 123 on 20 November for the meter's only point on Nørrevang. */
  const sendOnly = (token: string, meter: DemoMeter, extra: object = {}) =>
    postReadings(t, {
      token,
      accountId: norrevang,
      payload: [readingOf(meter, onlyPoint(meter), '11/20/2026', '123', extra)],
    });
  const sourcesOn = (deviceItemId: number | undefined) =>
    t.database.db
      .selectFrom('readings')
      .select(['source', 'date_record as date'])
      .where('device_item_id', '=', deviceItemId ?? 0)
      .where('date_record', '>=', '2026-11-01')
      .orderBy('date_record')
      .execute();

  beforeEach(async () => {
    clock.set(new Date('2026-11-22T10:00:00Z'));
    norrevang = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
    await requirePhoto(t, t.admin, norrevang);
    await requirePhoto(t, t.admin, t.soparken1);
  });

  it('refuses a reader’s SEND without a photo, from the form and kept offline alike', async () => {
    const meter = await hybenvej();
    const point = onlyPoint(meter);
    for (const extra of [{}, { source: 'offline', enteredAt: '2026-11-21T08:00:00.000Z' }]) {
      const res = await sendOnly(t.tekniker, meter, extra);
      expect({ status: res.statusCode, body: res.json() }, JSON.stringify(extra)).toEqual({
        status: 406,
        body: { validationError: PHOTO_READING_ERRORS.photoRequired(point) },
      });
    }
    expect(await sourcesOn(meter.items[point])).toEqual([]);
  });

  it('takes an administrator’s SEND without a photo', async () => {
    const res = await sendOnly(t.admin, await hybenvej());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('takes a resident’s values through the self-reading link without a photo', async () => {
    const token = await issueLinkToken(t, t.heat);
    const res = await sendThroughLink(t, {
      token,
      values: [{ deviceItemId: t.heat.items.Energi, value: '900' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sourcesOn(t.heat.items.Energi)).toEqual([{ source: 'selfreading', date: '2026-11-22' }]);
  });

  it('takes the office’s import of readings without a photo', async () => {
    const meter = await t.database.db
      .selectFrom('devices')
      .select('serial_number')
      .where('id', '=', t.heat.deviceId)
      .executeTakeFirstOrThrow();
    const imported = await applyCsvImport(t, t.admin, t.soparken1, 'readings', [
      'Serienummer;Målepunkt;Dato;Værdi',
      `${meter.serial_number};Energi;20-11-2026;901`,
    ]);
    expect(imported).toMatchObject({ created: 1 });
    expect(await sourcesOn(t.heat.items.Energi)).toEqual([{ source: 'import', date: '2026-11-20' }]);
  });

  it('creates estimates without a photo', async () => {
    clock.set(new Date('2026-12-03T10:00:00Z'));
    const admin = await t.login('admin@eksempel.dk');
    const res = await t.inject({
      method: 'POST',
      url: `/api/admin/estimates/${t.soparken1}`,
      token: admin,
      payload: { date: '2026-11-15', deviceItemIds: [t.heat.items.Energi] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(CreateEstimatesResponse.parse(res.json())).toMatchObject({ Count: 1 });
    expect(await sourcesOn(t.heat.items.Energi)).toEqual([{ source: 'estimate', date: '2026-11-30' }]);
  });
});
