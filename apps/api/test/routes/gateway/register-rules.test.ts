import {
  GatewayTree,
  ImportResult,
  METER_ADMIN_ERRORS,
  MeterAdminWriteResponse,
  MeterChangeResponse,
  registerRefusalText,
} from '@maaler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { correct, meterPage, meterWrite, reviewList } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { type DemoMeter, snapshotData } from '../../helpers/demo-fixtures.ts';
import { keptOffline, postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// ADR 020: the hard rules refuse (406) only on points and meters that declare them; the demo heat
// meter's Energi ends its history at 466,15 on 1 October 2026, Volumen at a larger value.

describe('hard plausibility rules (ADR 020)', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin', 'kunde'], cleanUp: ['new-readings'] });

  afterEach(async () => {
    const { db } = t.database;
    await db.updateTable('device_items').set({ register_digits: null, counts_up_only: 0 }).execute();
    await db.updateTable('devices').set({ installed_on: null }).execute();
  });

  const write = async (call: string, ids: number[], payload: object) => {
    const res = await meterWrite(t, t.admin, call, ids, t.soparken1, payload);
    expect(res.statusCode, res.body).toBe(200);
    return MeterAdminWriteResponse.parse(res.json()).Id;
  };
  const energi = () => t.heat.items.Energi ?? 0;
  const post = (payload: object[], token = t.kunde) =>
    postReadings(t, { token, accountId: t.soparken1, payload });
  const refused = async (payload: object[], text: string) => {
    const before = await snapshotData(t.database.db);
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(406);
    expect(res.json()).toEqual({ validationError: text });
    expect(await snapshotData(t.database.db)).toBe(before);
  };
  const belowLast = registerRefusalText('Energi', {
    kind: 'below-previous',
    previous: { date: '2026-10-01', value: '466.15' },
  });

  it('an undeclared point still takes a lower value (the soft warning is the app’s)', async () => {
    const res = await post([readingOf(t.heat, 'Energi', '11/10/2026', '100')]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a point counting only up refuses a lower value, with the batch’s good readings, all or nothing', async () => {
    await write('updatepoint', [energi()], { CountsUpOnly: true });
    await refused(
      [
        readingOf(t.heat, 'Volumen', '11/10/2026', '99999'),
        readingOf(t.heat, 'Energi', '11/10/2026', '466,14'),
      ],
      belowLast,
    );
    // The offline sync sends the same POST: refused the same way.
    await refused(
      [readingOf(t.heat, 'Energi', '11/10/2026', '466,14', keptOffline('2026-11-10T09:00:00Z'))],
      belowLast,
    );
    // Equal to the reading before, and two new readings that count up among themselves, are fine.
    const res = await post([
      readingOf(t.heat, 'Energi', '11/10/2026', '466,15'),
      readingOf(t.heat, 'Energi', '11/20/2026', '470'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an old reading above a later one, and a batch that runs backwards within itself', async () => {
    await write('updatepoint', [energi()], { CountsUpOnly: true });
    expect((await post([readingOf(t.heat, 'Energi', '11/20/2026', '470')])).statusCode).toBe(200);
    await refused(
      [readingOf(t.heat, 'Energi', '11/10/2026', '470,5')],
      registerRefusalText('Energi', { kind: 'above-next', next: { date: '2026-11-20', value: '470' } }),
    );
    await refused(
      [readingOf(t.heat, 'Energi', '11/12/2026', '469'), readingOf(t.heat, 'Energi', '11/11/2026', '469,5')],
      registerRefusalText('Energi', {
        kind: 'below-previous',
        previous: { date: '2026-11-11', value: '469.5' },
      }),
    );
    // Replacing the later reading itself is judged against the others only.
    expect((await post([readingOf(t.heat, 'Energi', '11/20/2026', '467')])).statusCode).toBe(200);
  });

  it('refuses more integer digits than the register has; decimals and leading zeros do not count', async () => {
    await write('updatepoint', [energi()], { RegisterDigits: 5 });
    await refused(
      [readingOf(t.heat, 'Energi', '11/10/2026', '100000')],
      registerRefusalText('Energi', { kind: 'too-many-digits', registerDigits: 5 }),
    );
    expect((await post([readingOf(t.heat, 'Energi', '11/10/2026', '0099999,999')])).statusCode).toBe(200);
  });

  it('refuses a date before the meter’s installation, and the installation cannot move past a reading', async () => {
    const gatewayId = t.heat.gatewayId;
    const deviceId = await write('addmeter', [gatewayId], {
      Name: 'Ny vandmåler',
      Type: 'water',
      SerialNumber: 'REG-001',
      InstalledOn: '2026-11-05',
    });
    const pointId = await write('addpoint', [deviceId], {
      Name: 'Volumen',
      Unit: 'm³',
      RegisterDigits: 4,
      CountsUpOnly: true,
    });
    const meter: DemoMeter = { accountId: t.soparken1, gatewayId, deviceId, items: { Volumen: pointId } };
    await refused(
      [readingOf(meter, 'Volumen', '11/04/2026', '1')],
      registerRefusalText('Volumen', { kind: 'before-installation', installedOn: '2026-11-05' }),
    );
    expect((await post([readingOf(meter, 'Volumen', '11/05/2026', '12')])).statusCode).toBe(200);

    const later = await meterWrite(t, t.admin, 'updatemeter', [deviceId], t.soparken1, {
      InstalledOn: '2026-11-06',
    });
    expect(later.statusCode).toBe(409);
    expect(later.json().Message).toBe(METER_ADMIN_ERRORS.installedAfterFirstReading('2026-11-05'));
    await write('updatemeter', [deviceId], { InstalledOn: '2026-11-01' });

    const tree = GatewayTree.parse(
      (
        await t.inject({ method: 'GET', url: `/api/gateway/loadlistsimple/${t.soparken1}`, token: t.kunde })
      ).json(),
    );
    const device = tree.flatMap((g) => g.DeviceList).find((d) => d.DeviceId === deviceId);
    expect(device).toMatchObject({
      InstalledOn: '2026-11-01',
      DeviceItemList: [expect.objectContaining({ RegisterDigits: 4, CountsUpOnly: true })],
    });
    const [location] = (await meterPage(t, t.admin, t.soparken1, 'q=REG-001')).Locations;
    expect(location?.Meters[0]).toMatchObject({
      InstalledOn: '2026-11-01',
      Points: [{ DeviceItemId: pointId, RegisterDigits: 4, CountsUpOnly: true }],
    });

    // The import refuses the same way, each row with its line and column, and stores nothing.
    const file = [
      'Serienummer;Målepunkt;Dato;Værdi',
      'REG-001;Volumen;31-10-2026;5',
      'REG-001;Volumen;10-11-2026;11',
      'REG-001;Volumen;11-11-2026;12345',
      'REG-001;Volumen;12-11-2026;13',
    ];
    const payload = { format: 'csv', data: Buffer.from(`${file.join('\r\n')}\r\n`).toString('base64') };
    const before = await snapshotData(t.database.db);
    const res = await t.inject({
      method: 'POST',
      url: `/api/admin/import/${t.soparken1}/readings?mode=apply`,
      token: t.admin,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = ImportResult.parse(res.json());
    expect(result.applied).toBe(false);
    expect(result.errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [2, 'Dato', registerRefusalText('Volumen', { kind: 'before-installation', installedOn: '2026-11-01' })],
      [
        3,
        'Værdi',
        registerRefusalText('Volumen', {
          kind: 'below-previous',
          previous: { date: '2026-11-05', value: '12' },
        }),
      ],
      [4, 'Værdi', registerRefusalText('Volumen', { kind: 'too-many-digits', registerDigits: 4 })],
    ]);
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('the review’s Ret refuses a value the register cannot have', async () => {
    await write('updatepoint', [energi()], { CountsUpOnly: true });
    expect(
      (
        await post(
          [readingOf(t.heat, 'Energi', '11/10/2026', '9000', { plausibilityOverride: true })],
          t.admin,
        )
      ).statusCode,
    ).toBe(200);
    const [reading] = await reviewList(t, t.admin, t.soparken1);
    const res = await correct(t, t.admin, t.soparken1, { readingId: reading?.ReadingId, value: '400' });
    expect(res.statusCode).toBe(406);
    expect(res.json().validationError).toBe(belowLast);
  });

  it('administrators declare the settings within their limits (400 in Danish otherwise)', async () => {
    for (const [call, id, body, message] of [
      ['updatepoint', energi(), { RegisterDigits: 0 }, METER_ADMIN_ERRORS.registerDigitsInvalid],
      ['updatepoint', energi(), { RegisterDigits: 13 }, METER_ADMIN_ERRORS.registerDigitsInvalid],
      ['updatepoint', energi(), { RegisterDigits: '5' }, METER_ADMIN_ERRORS.registerDigitsInvalid],
      ['updatepoint', energi(), { CountsUpOnly: 'ja' }, METER_ADMIN_ERRORS.countsUpOnlyInvalid],
      ['updatemeter', t.heat.deviceId, { InstalledOn: '2026-13-01' }, METER_ADMIN_ERRORS.installedOnInvalid],
      ['updatemeter', t.heat.deviceId, { InstalledOn: '2026-11-23' }, METER_ADMIN_ERRORS.installedOnInvalid],
    ] as const) {
      const res = await meterWrite(t, t.admin, call, [id], t.soparken1, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    await write('updatepoint', [energi()], { RegisterDigits: 12, CountsUpOnly: true });
    await write('updatepoint', [energi()], { RegisterDigits: null, CountsUpOnly: false });
    const [location] = (await meterPage(t, t.admin, t.soparken1)).Locations;
    const point = location?.Meters.flatMap((m) => m.Points).find((p) => p.DeviceItemId === energi());
    expect(point).toMatchObject({ RegisterDigits: null, CountsUpOnly: false });
  });

  // Last: it retires the demo heat meter.
  it('a meter change gives the new meter the old one’s register settings and the change day as installation', async () => {
    await write('updatepoint', [energi()], { CountsUpOnly: true, RegisterDigits: 6 });
    const points = Object.values(t.heat.items).map((deviceItemId) => ({
      deviceItemId,
      finalValue: '999999',
      startValue: '1000000',
    }));
    const change = (startValue: string) =>
      t.inject({
        method: 'POST',
        url: `/api/gateway/meterchange/${t.heat.deviceId}/${t.soparken1}`,
        token: t.admin,
        payload: {
          dateRecord: '11/21/2026',
          serialNumber: 'REG-SKIFT',
          points: points.map((point) => ({ ...point, startValue })),
        },
      });
    const tooLong = await change('1000000');
    expect(tooLong.statusCode).toBe(406);
    expect(tooLong.json().validationError).toBe(
      registerRefusalText('Energi', { kind: 'too-many-digits', registerDigits: 6 }),
    );
    const res = await change('3');
    expect(res.statusCode, res.body).toBe(200);
    const answer = MeterChangeResponse.parse(res.json());
    const newEnergi = answer.Points.find((p) => p.OldDeviceItemId === energi())?.DeviceItemId ?? 0;
    const stored = await t.database.db
      .selectFrom('device_items as i')
      .innerJoin('devices as d', 'd.id', 'i.device_id')
      .select(['i.register_digits', 'i.counts_up_only', 'd.installed_on'])
      .where('i.id', '=', newEnergi)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ register_digits: 6, counts_up_only: 1, installed_on: '2026-11-21' });
    // The new meter counts from its start reading, not from the old meter's final one.
    const replacement: DemoMeter = { ...t.heat, deviceId: answer.DeviceId, items: { Energi: newEnergi } };
    expect((await post([readingOf(replacement, 'Energi', '11/22/2026', '4')])).statusCode).toBe(200);
    await refused(
      [readingOf(replacement, 'Energi', '11/22/2026', '2')],
      registerRefusalText('Energi', { kind: 'below-previous', previous: { date: '2026-11-21', value: '3' } }),
    );
  });
});
