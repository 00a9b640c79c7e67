import {
  DeviceList,
  MESSAGES,
  METER_ADMIN_ERRORS,
  METER_ADMIN_PAGE_SIZE,
  MeterAdminWriteResponse,
} from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { meterPage, meterWrite } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  type DemoMeter,
  KLOVER_METER,
  meterOf,
  snapshotData,
} from '../../helpers/demo-fixtures.ts';
import { changeMeter, postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

describe('meter administration: /api/admin/meters/…', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin'] });

  /** A write that must succeed; its id. */
  async function write(call: string, ids: readonly number[], payload?: object): Promise<number> {
    const res = await meterWrite(t, t.admin, call, ids, t.soparken1, payload);
    expect(res.statusCode, `${call}: ${res.body}`).toBe(200);
    return MeterAdminWriteResponse.parse(res.json()).Id;
  }

  async function refused(call: string, ids: readonly number[], payload: object | undefined, status: number) {
    const res = await meterWrite(t, t.admin, call, ids, t.soparken1, payload);
    expect(res.statusCode, res.body).toBe(status);
    return (res.json() as { Message: string }).Message;
  }

  const devicesAt = async (gatewayId: number) => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/gateway/loaddevicelist/${gatewayId}/${t.soparken1}`,
      token: t.admin,
    });
    expect(res.statusCode).toBe(200);
    return DeviceList.parse(res.json()).map((d) => d.Name);
  };

  it('lists the locations in route order with their meters, serial numbers, status and points', async () => {
    const page = await meterPage(t, t.admin, t.soparken1);
    expect(page).toMatchObject({ Page: 1, PageCount: 1, LocationCount: 2 });
    expect(page.Locations.map((l) => l.Name)).toEqual(['Søparken 12, kælder', 'Søparken 14, teknikrum']);
    const [first] = page.Locations;
    expect(first?.Address).toBe('Søparken 12, 8260 Viby J');
    expect(first?.Meters.find((m) => m.DeviceId === t.heat.deviceId)).toEqual({
      DeviceId: t.heat.deviceId,
      Name: 'Varmemåler opgang 12',
      Type: 'heat',
      Manual: true,
      Serial: 'KAM-603-112233',
      Status: 'active',
      RetiredAt: null,
      InstalledOn: null,
      ResidentName: '',
      ResidentEmail: '',
      ResidentPhone: '',
      Access: '',
      Placement: '',
      RadioId: null,
      Points: [
        {
          DeviceItemId: t.heat.items.Energi,
          Name: 'Energi',
          Unit: 'MWh',
          RegisterDigits: null,
          CountsUpOnly: false,
        },
        {
          DeviceItemId: t.heat.items.Volumen,
          Name: 'Volumen',
          Unit: 'm³',
          RegisterDigits: null,
          CountsUpOnly: false,
        },
      ],
    });
  });

  it('searches location names and addresses (whole location) and meter names and serials (those meters)', async () => {
    const bySerial = await meterPage(t, t.admin, t.soparken1, 'q=kam-603');
    expect(bySerial.Locations).toHaveLength(1);
    expect(bySerial.Locations[0]?.Meters.map((m) => m.Name)).toEqual(['Varmemåler opgang 12']);
    const byAddress = await meterPage(
      t,
      t.admin,
      t.soparken1,
      `q=${encodeURIComponent('søparken 12, 8260')}`,
    );
    expect(byAddress.Locations[0]?.Meters).toHaveLength(2);
    const none = await meterPage(t, t.admin, t.soparken1, 'q=findes-ikke');
    expect(none).toEqual({ Page: 1, PageCount: 0, LocationCount: 0, Locations: [] });
  });

  it('adds a location, a meter with a serial number and a point, which the reading screen then offers', async () => {
    const gatewayId = await write('addlocation', [], { Name: '  Kedelrum  ', Address: 'Søparken 16' });
    const deviceId = await write('addmeter', [gatewayId], {
      Name: 'Gasmåler',
      Type: 'gas',
      SerialNumber: 'GAS-0001',
    });
    const pointId = await write('addpoint', [deviceId], { Name: 'Volumen', Unit: 'm³' });
    const page = await meterPage(t, t.admin, t.soparken1, 'q=kedelrum');
    expect(page.Locations).toEqual([
      {
        GatewayId: gatewayId,
        Name: 'Kedelrum',
        Address: 'Søparken 16',
        Access: '',
        Placement: '',
        Meters: [
          {
            DeviceId: deviceId,
            Name: 'Gasmåler',
            Type: 'gas',
            Manual: true,
            Serial: 'GAS-0001',
            Status: 'active',
            RetiredAt: null,
            InstalledOn: null,
            ResidentName: '',
            ResidentEmail: '',
            ResidentPhone: '',
            Access: '',
            Placement: '',
            RadioId: null,
            Points: [
              {
                DeviceItemId: pointId,
                Name: 'Volumen',
                Unit: 'm³',
                RegisterDigits: null,
                CountsUpOnly: false,
              },
            ],
          },
        ],
      },
    ]);
    expect(await devicesAt(gatewayId)).toEqual(['Gasmåler']);
    const found = await t.inject({
      method: 'GET',
      url: `/api/gateway/findbyserial/${t.soparken1}/gas-0001`,
      token: t.admin,
    });
    expect(found.json()).toMatchObject({ DeviceId: deviceId });
  });

  it('refuses a serial number in use (ignoring case, retired meters too), empty names and empty changes, in Danish', async () => {
    const before = await snapshotData(t.database.db);
    expect(
      await refused(
        'addmeter',
        [t.heat.gatewayId],
        { Name: 'Ny', Type: 'water', SerialNumber: 'kam-603-112233' },
        409,
      ),
    ).toBe(METER_ADMIN_ERRORS.serialTaken('KAM-603-112233', 'Varmemåler opgang 12', 'Søparken 12, kælder'));
    expect(
      await refused('updatemeter', [t.coldWater.deviceId], { SerialNumber: 'KAM-603-112233' }, 409),
    ).toMatch(/^Serienummeret KAM-603-112233 bruges allerede/);
    expect(await refused('addlocation', [], { Name: '   ' }, 400)).toBe(MESSAGES.nameRequired);
    expect(await refused('addpoint', [t.heat.deviceId], { Name: 'X', Unit: '' }, 400)).toBe(
      METER_ADMIN_ERRORS.unitRequired,
    );
    expect(await refused('updatelocation', [t.heat.gatewayId], {}, 400)).toBe(
      METER_ADMIN_ERRORS.nothingToChange,
    );
    expect(await refused('movemeter', [t.heat.deviceId], { Direction: 'sideways' }, 400)).toBe(
      METER_ADMIN_ERRORS.directionInvalid,
    );
    expect(await refused('addmeter', [t.heat.gatewayId], { Name: 'Ny', Type: 'steam' }, 400)).toBe(
      MESSAGES.deviceTypeInvalid,
    );
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('renames a location, a meter and a point and sets a serial number (its own in other case too)', async () => {
    const gatewayId = await write('addlocation', [], { Name: 'Omdøbes' });
    const deviceId = await write('addmeter', [gatewayId], { Name: 'Gammel', Type: 'water', Manual: false });
    const pointId = await write('addpoint', [deviceId], { Name: 'Vol', Unit: 'm3' });
    await write('updatelocation', [gatewayId], { Name: 'Omdøbt', Address: 'Vej 2' });
    await write('updatemeter', [deviceId], { Name: 'Ny måler', SerialNumber: 'SER-77' });
    await write('updatemeter', [deviceId], { SerialNumber: 'ser-77' });
    await write('updatepoint', [pointId], { Name: 'Volumen', Unit: 'm³' });
    const [location] = (await meterPage(t, t.admin, t.soparken1, 'q=omdøbt')).Locations;
    expect(location).toMatchObject({ Name: 'Omdøbt', Address: 'Vej 2' });
    expect(location?.Meters[0]).toMatchObject({
      Name: 'Ny måler',
      Manual: false,
      Serial: 'ser-77',
      Points: [
        { DeviceItemId: pointId, Name: 'Volumen', Unit: 'm³', RegisterDigits: null, CountsUpOnly: false },
      ],
    });
  });

  it('makes a meter Fjernaflæst with its radio id, the serial number when none is given, and back', async () => {
    const gatewayId = await write('addlocation', [], { Name: 'Fjernvej' });
    const deviceId = await write('addmeter', [gatewayId], { Name: 'Fjern', Type: 'water' });
    const radioIdOf = async () =>
      (await meterPage(t, t.admin, t.soparken1, 'q=fjernvej')).Locations[0]?.Meters[0]?.RadioId;
    expect(await radioIdOf()).toBeNull();
    // Without a serial number there is nothing to default to.
    expect(await refused('updatemeter', [deviceId], { Remote: true }, 400)).toBe(
      METER_ADMIN_ERRORS.radioIdNeeded,
    );
    await write('updatemeter', [deviceId], { SerialNumber: 'FJ-1', Remote: true });
    expect(await radioIdOf()).toBe('FJ-1');
    await write('updatemeter', [deviceId], { RadioId: '87654321' });
    expect(await radioIdOf()).toBe('87654321');
    // Ticked again (the form sends what changed): the radio id stays.
    await write('updatemeter', [deviceId], { Remote: true });
    expect(await radioIdOf()).toBe('87654321');
    await write('updatemeter', [deviceId], { RadioId: '' });
    expect(await radioIdOf()).toBe('FJ-1');
    await write('updatemeter', [deviceId], { Remote: false });
    expect(await radioIdOf()).toBeNull();
  });

  it('changes a unit only while the point has no readings; a rename is always allowed', async () => {
    const withReadings = t.heat.items.Energi ?? 0;
    expect(await refused('updatepoint', [withReadings], { Unit: 'kWh' }, 409)).toBe(
      METER_ADMIN_ERRORS.unitHasReadings,
    );
    await write('updatepoint', [withReadings], { Name: 'Energi', Unit: 'MWh' });
    await write('updatepoint', [t.hotWater.items.Volumen ?? 0], { Unit: 'liter' });
    await write('updatepoint', [t.hotWater.items.Volumen ?? 0], { Unit: 'm³' });
  });

  it('moves a meter up and down its location’s route, and a location in the account’s', async () => {
    const order = async () =>
      (await meterPage(t, t.admin, t.soparken1, 'q=søparken 12')).Locations[0]?.Meters.map((m) => m.Name);
    expect(await order()).toEqual(['Koldt vand hovedmåler', 'Varmemåler opgang 12']);
    await write('movemeter', [t.heat.deviceId], { Direction: 'up' });
    expect(await order()).toEqual(['Varmemåler opgang 12', 'Koldt vand hovedmåler']);
    await write('movemeter', [t.heat.deviceId], { Direction: 'up' });
    expect(await order()).toEqual(['Varmemåler opgang 12', 'Koldt vand hovedmåler']);
    const route = await t.inject({
      method: 'GET',
      url: `/api/gateway/readingstatus/${t.soparken1}`,
      token: t.admin,
    });
    expect(route.body.indexOf('Varmemåler opgang 12')).toBeLessThan(
      route.body.indexOf('Koldt vand hovedmåler'),
    );
    await write('movemeter', [t.heat.deviceId], { Direction: 'down' });
    expect(await order()).toEqual(['Koldt vand hovedmåler', 'Varmemåler opgang 12']);

    const names = async () => (await meterPage(t, t.admin, t.soparken1)).Locations.map((l) => l.Name);
    const before = await names();
    await write('movelocation', [t.hotWater.gatewayId], { Direction: 'up' });
    const after = await names();
    const at = before.indexOf('Søparken 14, teknikrum');
    expect(after.indexOf('Søparken 14, teknikrum')).toBe(at - 1);
    await write('movelocation', [t.hotWater.gatewayId], { Direction: 'down' });
    expect(await names()).toEqual(before);
  });

  it('retires a meter: marked, out of the route and the serial lookup, no readings, no changes; history stays', async () => {
    const gatewayId = await write('addlocation', [], { Name: 'Udtages' });
    const deviceId = await write('addmeter', [gatewayId], {
      Name: 'Gammel vandmåler',
      Type: 'water',
      SerialNumber: 'UD-1',
    });
    const pointId = await write('addpoint', [deviceId], { Name: 'Volumen', Unit: 'm³' });
    await write('addmeter', [gatewayId], { Name: 'Anden', Type: 'water' });
    const meter: DemoMeter = { accountId: t.soparken1, gatewayId, deviceId, items: { Volumen: pointId } };
    const read = (date: string) =>
      postReadings(t, {
        token: t.admin,
        accountId: t.soparken1,
        payload: [readingOf(meter, 'Volumen', date, '5')],
      });
    expect((await read('11/20/2026')).statusCode).toBe(200);

    await write('retiremeter', [deviceId]);
    await write('retiremeter', [deviceId]);
    const [location] = (await meterPage(t, t.admin, t.soparken1, 'q=udtages')).Locations;
    expect(location?.Meters.map((m) => [m.Name, m.Status, m.RetiredAt])).toEqual([
      ['Anden', 'active', null],
      ['Gammel vandmåler', 'retired', '2026-11-22T10:00:00.000Z'],
    ]);
    expect(await devicesAt(gatewayId)).toEqual(['Anden']);
    expect((await read('11/21/2026')).statusCode).toBe(406);
    const found = await t.inject({
      method: 'GET',
      url: `/api/gateway/findbyserial/${t.soparken1}/UD-1`,
      token: t.admin,
    });
    expect(found.statusCode).toBe(404);
    expect(
      await refused('addmeter', [gatewayId], { Name: 'Ny', Type: 'water', SerialNumber: 'ud-1' }, 409),
    ).toMatch(/^Serienummeret UD-1 bruges allerede af måleren Gammel vandmåler/);
    const before = await snapshotData(t.database.db);
    for (const [call, ids, body] of [
      ['updatemeter', [deviceId], { Name: 'X' }],
      ['movemeter', [deviceId], { Direction: 'up' }],
      ['addpoint', [deviceId], { Name: 'X', Unit: 'm³' }],
      ['updatepoint', [pointId], { Name: 'X' }],
    ] as const) {
      expect(await refused(call, ids, body, 409)).toBe(METER_ADMIN_ERRORS.meterRetired);
    }
    expect(await snapshotData(t.database.db)).toBe(before);
    const history = await t.database.db
      .selectFrom('readings')
      .select('value')
      .where('device_item_id', '=', pointId)
      .execute();
    expect(history).toEqual([{ value: '5' }]);
  });

  it('marks a meter replaced by a meter change as such', async () => {
    await changeMeter(t, t.admin, t.soparken1, t.coldWater.deviceId, {
      dateRecord: '11/22/2026',
      serialNumber: 'DIE-HYD-NY',
      points: [{ deviceItemId: t.coldWater.items.Volumen, finalValue: '99999', startValue: '0' }],
    });
    const [location] = (await meterPage(t, t.admin, t.soparken1, 'q=die-hyd')).Locations;
    expect(location?.Meters.map((m) => [m.Serial, m.Status])).toEqual([
      ['DIE-HYD-NY', 'active'],
      ['DIE-HYD-778899', 'replaced'],
    ]);
  });

  it('pages by location, 20 to a page, a page past the end giving the last', async () => {
    for (let i = 1; i <= METER_ADMIN_PAGE_SIZE + 1; i++) {
      await write('addlocation', [], { Name: `Blok ${i}` });
    }
    const first = await meterPage(t, t.admin, t.soparken1, 'q=blok');
    expect(first).toMatchObject({ Page: 1, PageCount: 2, LocationCount: 21 });
    expect(first.Locations.slice(0, 3).map((l) => l.Name)).toEqual(['Blok 1', 'Blok 2', 'Blok 3']);
    const last = await meterPage(t, t.admin, t.soparken1, 'q=blok&page=9');
    expect(last.Page).toBe(2);
    expect(last.Locations.map((l) => l.Name)).toEqual(['Blok 21']);
    const bad = await t.inject({
      method: 'GET',
      url: `/api/admin/meters/${t.soparken1}?page=0`,
      token: t.admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ Message: METER_ADMIN_ERRORS.pageInvalid });
  });

  it('answers 403 to roles 0 and 2, and 404 for ids outside the account', async () => {
    const before = await snapshotData(t.database.db);
    for (const email of ['tekniker@eksempel.dk', 'kunde@eksempel.dk']) {
      const token = await t.login(email);
      const list = await t.inject({ method: 'GET', url: `/api/admin/meters/${t.soparken1}`, token });
      expect(list.statusCode).toBe(403);
      const add = await meterWrite(t, token, 'addlocation', [], t.soparken1, { Name: 'X' });
      expect(add.statusCode).toBe(403);
    }
    const klover = await meterOf(t.database.db, ...KLOVER_METER);
    for (const [call, ids, body] of [
      ['updatelocation', [klover.gatewayId], { Name: 'X' }],
      ['movelocation', [klover.gatewayId], { Direction: 'up' }],
      ['addmeter', [klover.gatewayId], { Name: 'X', Type: 'water' }],
      ['updatemeter', [klover.deviceId], { Name: 'X' }],
      ['movemeter', [klover.deviceId], { Direction: 'up' }],
      ['retiremeter', [klover.deviceId], undefined],
      ['addpoint', [klover.deviceId], { Name: 'X', Unit: 'm³' }],
      ['updatepoint', [klover.items.Volumen ?? 0], { Name: 'X' }],
    ] as const) {
      expect(await refused(call, ids, body, 404)).toBe('Det efterspurgte findes ikke.');
    }
    const other = await accountIdOf(t.database.db, ACCOUNT_NAMES.klover);
    const res = await t.inject({ method: 'GET', url: `/api/admin/meters/${other}`, token: t.admin });
    expect(res.statusCode).toBe(404);
    expect(await snapshotData(t.database.db)).toBe(before);
  });
});
