import {
  FoundMeter,
  GatewayTree,
  MESSAGES,
  METER_CHANGE_ERRORS,
  MeterChangeResponse,
  READING_ERRORS,
} from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { exportReadings } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  type DemoMeter,
  meterOf,
  snapshotData,
} from '../../helpers/demo-fixtures.ts';
import { meterHistory, postReadings, postToAccount, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

describe('POST /api/gateway/meterchange/{deviceId}/{accountId}', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin', 'kunde'] });

  const change = (
    meter: DemoMeter,
    payload: object,
    options: { token?: string; accountId?: string; key?: string } = {},
  ) =>
    postToAccount(t, `meterchange/${meter.deviceId}`, {
      token: options.token ?? t.admin,
      accountId: options.accountId ?? t.soparken1,
      payload,
      idempotencyKey: options.key,
    });

  /** Everything a meter change writes, next to what any write could change. */
  const snapshot = async () =>
    JSON.stringify([
      await snapshotData(t.database.db),
      await t.database.db.selectFrom('devices').selectAll().orderBy('id').execute(),
      await t.database.db.selectFrom('device_items').selectAll().orderBy('id').execute(),
      await t.database.db.selectFrom('meter_changes').selectAll().orderBy('id').execute(),
      await t.database.db.selectFrom('meter_change_items').selectAll().orderBy('old_item_id').execute(),
    ]);

  const latestOf = (itemId: number) =>
    t.database.db
      .selectFrom('readings')
      .select(['date_record', 'value'])
      .where('device_item_id', '=', itemId)
      .orderBy('date_record', 'desc')
      .executeTakeFirst();

  const pointsOf = (meter: DemoMeter, finalValue: string, startValue: string) =>
    Object.values(meter.items).map((deviceItemId) => ({ deviceItemId, finalValue, startValue }));

  it('replaces the meter in one step: final and start readings, the new meter in the old one’s place', async () => {
    const energi = t.heat.items.Energi ?? 0;
    const volumen = t.heat.items.Volumen ?? 0;
    const [lastEnergi, lastVolumen] = await Promise.all([latestOf(energi), latestOf(volumen)]);
    if (!lastEnergi || !lastVolumen) throw new Error('the demo heat meter has history');
    const old = await t.database.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', t.heat.deviceId)
      .executeTakeFirstOrThrow();
    const finalEnergi = String(Number(lastEnergi.value) + 10);
    const finalVolumen = String(Number(lastVolumen.value) + 1);

    const res = await change(t.heat, {
      dateRecord: '11/21/2026',
      serialNumber: ' NY-VARME-1 ',
      points: [
        { deviceItemId: energi, finalValue: finalEnergi.replace('.', ','), startValue: '0,5' },
        { deviceItemId: volumen, finalValue: finalVolumen, startValue: '2' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = MeterChangeResponse.parse(res.json());
    expect(answer.GatewayId).toBe(t.heat.gatewayId);
    const newEnergi = answer.Points.find((p) => p.OldDeviceItemId === energi)?.DeviceItemId ?? 0;

    const meters = await t.database.db
      .selectFrom('devices')
      .selectAll()
      .where('id', 'in', [t.heat.deviceId, answer.DeviceId])
      .orderBy('id')
      .execute();
    expect(meters).toEqual([
      { ...old, retired_at: '2026-11-22T10:00:00.000Z' },
      {
        ...old,
        id: answer.DeviceId,
        serial_number: 'NY-VARME-1',
        retired_at: null,
        installed_on: '2026-11-21',
      },
    ]);
    const newPoints = await t.database.db
      .selectFrom('device_items')
      .select(['id', 'name', 'unit'])
      .where('device_id', '=', answer.DeviceId)
      .orderBy('id')
      .execute();
    expect(newPoints.map((p) => p.name).sort()).toEqual(['Energi', 'Volumen']);
    expect(await latestOf(energi)).toEqual({ date_record: '2026-11-21', value: finalEnergi });
    expect(await latestOf(newEnergi)).toEqual({ date_record: '2026-11-21', value: '0.5' });

    // The tree and the route show the new meter only, with its start reading as the last value.
    const treeRes = await t.inject({
      method: 'GET',
      url: `/api/gateway/loadlistsimple/${t.soparken1}`,
      token: t.admin,
    });
    const devices = GatewayTree.parse(treeRes.json()).flatMap((g) => g.DeviceList);
    expect(devices.some((d) => d.DeviceId === t.heat.deviceId)).toBe(false);
    const replacement = devices.find((d) => d.DeviceId === answer.DeviceId);
    expect(replacement?.DeviceItemList.find((i) => i.DeviceItemId === newEnergi)?.LastValue).toBe('0,5');

    // The new meter's history continues the old one's, with the change as a marked row.
    const newMeter = { ...t.heat, deviceId: answer.DeviceId, items: { Energi: newEnergi } };
    const history = (await meterHistory(t, t.admin, t.soparken1, newMeter)).filter(
      (e) => e.DeviceItemId === newEnergi,
    );
    expect(history[0]).toMatchObject({
      DateRecord: '2026-11-21',
      Value: '0,5',
      Name: 'Energi',
      MeterChange: {
        OldSerialNumber: old.serial_number,
        NewSerialNumber: 'NY-VARME-1',
        FinalValue: finalEnergi.replace('.', ','),
      },
    });
    expect(history[1]?.DateRecord).toBe(lastEnergi.date_record);
    expect(history[1]?.MeterChange).toBeUndefined();
    expect(history.filter((e) => e.MeterChange)).toHaveLength(1);

    // The billing export: one marked row, consumption (final − previous) + (start − start).
    const csv = (await exportReadings(t, t.admin, t.soparken1, 'date=2026-11-22&format=csv')).body;
    const rows = csv.split('\r\n').filter((line) => line.includes('NY-VARME-1') && line.includes(';Energi;'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`Målerskift ${old.serial_number} → NY-VARME-1; Slutaflæsning`);
    expect(rows[0]).toContain(';21-11-2026;0,5;10;');

    // The old meter takes no readings any more; the new one none from before the change.
    const onOld = await postReadings(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: [readingOf(t.heat, 'Energi', '11/22/2026', '99999')],
    });
    expect(onOld.statusCode).toBe(406);
    expect(onOld.json()).toEqual({ validationError: READING_ERRORS.meterRetired('Energi') });
    const beforeChange = await postReadings(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: [readingOf(newMeter, 'Energi', '11/20/2026', '1')],
    });
    expect(beforeChange.json()).toEqual({
      validationError: READING_ERRORS.beforeMeterInstalled('Energi', '2026-11-21'),
    });
    const after = await postReadings(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: [readingOf(newMeter, 'Energi', '11/22/2026', '3')],
    });
    expect(after.statusCode).toBe(200);

    // The serial lookup finds the new meter, not the retired one.
    const lookup = (serial: string) =>
      t.inject({ method: 'GET', url: `/api/gateway/findbyserial/${t.soparken1}/${serial}`, token: t.admin });
    expect((await lookup(old.serial_number)).statusCode).toBe(404);
    expect(FoundMeter.parse((await lookup('ny-varme-1')).json()).DeviceId).toBe(answer.DeviceId);

    // A retired meter cannot be changed again.
    const again = await change(t.heat, {
      dateRecord: '11/22/2026',
      serialNumber: 'NY-2',
      points: pointsOf(t.heat, '1', '0'),
    });
    expect(again.json()).toEqual({ validationError: METER_CHANGE_ERRORS.meterRetired });
  });

  it('refuses a broken change in Danish and stores nothing of it', async () => {
    const item = Object.values(t.coldWater.items)[0] ?? 0;
    const latest = await latestOf(item);
    if (!latest) throw new Error('the demo cold-water meter has history');
    const dayBefore = new Date(`${latest.date_record}T12:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    const usDayBefore = `${dayBefore.toISOString().slice(5, 7)}/${dayBefore.toISOString().slice(8, 10)}/${dayBefore.toISOString().slice(0, 4)}`;
    const takenSerial = (
      await t.database.db
        .selectFrom('devices')
        .select('serial_number')
        .where('id', '=', t.hotWater.deviceId)
        .executeTakeFirstOrThrow()
    ).serial_number;
    const good = {
      dateRecord: '11/22/2026',
      serialNumber: 'KOLD-NY',
      points: pointsOf(t.coldWater, '999999', '0'),
    };
    const before = await snapshot();
    const cases: [object, number, object][] = [
      [{ ...good, dateRecord: '11/23/2026' }, 406, { validationError: METER_CHANGE_ERRORS.dateInFuture }],
      [{ ...good, dateRecord: '2026-11-22' }, 406, { validationError: METER_CHANGE_ERRORS.dateInvalid }],
      [
        { ...good, dateRecord: usDayBefore },
        406,
        { validationError: METER_CHANGE_ERRORS.dateBeforeLastReading(latest.date_record) },
      ],
      [
        { ...good, serialNumber: takenSerial.toLowerCase() },
        406,
        { validationError: METER_CHANGE_ERRORS.serialTaken(takenSerial.toLowerCase()) },
      ],
      [{ ...good, points: [] }, 400, { Message: MESSAGES.readingsEmpty }],
      [{ ...good, serialNumber: '  ' }, 400, { Message: MESSAGES.serialInvalid }],
      [
        { ...good, points: [...good.points, ...good.points] },
        406,
        { validationError: METER_CHANGE_ERRORS.pointsMismatch },
      ],
      [
        { ...good, points: [{ deviceItemId: t.heat.items.Energi, finalValue: '1', startValue: '1' }] },
        406,
        { validationError: METER_CHANGE_ERRORS.pointsMismatch },
      ],
      [
        { ...good, points: good.points.map((p) => ({ ...p, finalValue: '12a' })) },
        406,
        { validationError: expect.stringMatching(/^Slutaflæsning for målepunktet/) },
      ],
      [
        { ...good, points: good.points.map((p) => ({ ...p, startValue: '' })) },
        406,
        { validationError: expect.stringMatching(/^Startaflæsning for målepunktet/) },
      ],
      [
        { ...good, points: good.points.map((p) => ({ ...p, finalValue: '0' })) },
        406,
        { validationError: expect.stringMatching(/^Slutaflæsning for målepunktet .* må ikke være mindre/) },
      ],
    ];
    for (const [payload, status, body] of cases) {
      const res = await change(t.coldWater, payload);
      expect({ status: res.statusCode, body: res.json() }, JSON.stringify(payload)).toEqual({ status, body });
    }
    expect(await snapshot()).toBe(before);
  });

  it('lets one of two concurrent changes of a meter through and leaves nothing of the other', async () => {
    const body = (serial: string) => ({
      dateRecord: '11/22/2026',
      serialNumber: serial,
      points: pointsOf(t.hotWater, '5', '0'),
    });
    const answers = await Promise.all([
      change(t.hotWater, body('VARMT-A')),
      change(t.hotWater, body('VARMT-B')),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 406]);
    const refused = answers.find((res) => res.statusCode === 406);
    expect(refused?.json()).toEqual({ validationError: METER_CHANGE_ERRORS.meterRetired });
    const replacements = await t.database.db
      .selectFrom('meter_changes')
      .select('new_device_id')
      .where('old_device_id', '=', t.hotWater.deviceId)
      .execute();
    expect(replacements).toHaveLength(1);
    const serials = await t.database.db
      .selectFrom('devices')
      .select('serial_number')
      .where('serial_number', 'in', ['VARMT-A', 'VARMT-B'])
      .execute();
    expect(serials).toHaveLength(1);
  });

  it('answers a replay with the same Idempotency-Key with the first answer, and 422 for another request', async () => {
    const norrevang = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
    const tekniker = await t.login('tekniker@eksempel.dk');
    const hyb1 = await meterOf(t.database.db, 'Rækkehusene, Hybenvej', 'Hybenvej 1');
    const hyb2 = await meterOf(t.database.db, 'Rækkehusene, Hybenvej', 'Hybenvej 2');
    const body = { dateRecord: '11/22/2026', serialNumber: 'HYB-NY-1', points: pointsOf(hyb1, '99999', '1') };
    const options = { token: tekniker, accountId: norrevang, key: 'change-key-1' };
    const first = await change(hyb1, body, options);
    expect(first.statusCode, first.body).toBe(200);
    clock.advance(60_000);
    const replay = await change(hyb1, body, options);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const other = await change(hyb2, { ...body, points: pointsOf(hyb2, '99999', '1') }, options);
    expect(other.statusCode).toBe(422);
    const sameBodyOtherMeter = await change(hyb2, body, options);
    expect(sameBodyOtherMeter.statusCode).toBe(422);
    const made = await t.database.db
      .selectFrom('devices')
      .select('id')
      .where('serial_number', '=', 'HYB-NY-1')
      .execute();
    expect(made).toHaveLength(1);
  });

  it('is for meter readers and administrators: 403 for a customer user, 404 out of reach, nothing stored', async () => {
    const before = await snapshot();
    const body = {
      dateRecord: '11/22/2026',
      serialNumber: 'X-1',
      points: pointsOf(t.coldWater, '999999', '0'),
    };
    expect((await change(t.coldWater, body, { token: t.kunde })).statusCode).toBe(403);
    const tekniker = await t.login('tekniker@eksempel.dk');
    expect((await change(t.coldWater, body, { token: tekniker })).statusCode).toBe(404);
    const kloverMeter = await meterOf(t.database.db, 'Kløvervej 3, kælder', 'Vandmåler');
    expect((await change(kloverMeter, body)).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });
});
