import {
  Device,
  DeviceItemList,
  DeviceList,
  ErrorResponse,
  expectedRange,
  GatewayTree,
  HistoryList,
  MESSAGES,
  normalizeReadingValue,
} from '@maaler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { COLD_WATER_METER, meterOf } from '../../helpers/demo-fixtures.ts';
import { testClock } from '../../helpers/test-app.ts';

describe('gateway tree routes', () => {
  const START = new Date('2026-11-22T10:00:00Z');
  const clock = testClock(START);
  const t = useDemoApp({ clock, signIn: ['kunde', 'admin'] });

  afterEach(() => clock.set(START));

  const get = (url: string, token: string) => t.inject({ method: 'GET', url, token });

  it('loadlistsimple returns the nested tree in Danish name order with the latest readings', async () => {
    const res = await get(`/api/gateway/loadlistsimple/${t.soparken1}`, t.kunde);
    expect(res.statusCode).toBe(200);
    const tree = GatewayTree.parse(res.json());
    expect(tree.map((g) => g.Name)).toEqual(['Søparken 12, kælder', 'Søparken 14, teknikrum']);
    expect(tree[0]?.DeviceList.map((d) => d.Name)).toEqual(['Koldt vand hovedmåler', 'Varmemåler opgang 12']);
    expect(tree[1]?.DeviceList.map((d) => d.Name)).toEqual(['Elmåler fællesarealer', 'Varmt vand']);

    const heatMeter = tree[0]?.DeviceList[1];
    expect(heatMeter).toMatchObject({ DeviceId: t.heat.deviceId, Type: 'heat', Manual: true });
    const energy = heatMeter?.DeviceItemList[0];
    expect(energy).toMatchObject({
      DeviceItemId: t.heat.items.Energi,
      Name: 'Energi',
      Unit: 'MWh',
      LastDateValue: '2026-10-01',
      LastDateValueFormatted: '01-10-2026',
    });
    const latest = await t.database.db
      .selectFrom('readings')
      .select('value')
      .where('device_item_id', '=', t.heat.items.Energi ?? 0)
      .where('date_record', '=', '2026-10-01')
      .executeTakeFirstOrThrow();
    expect(energy?.LastValue).toBe(latest.value.replace('.', ','));
  });

  it('marks a measurement point without readings with null and "-"', async () => {
    const tree = GatewayTree.parse((await get(`/api/gateway/loadlistsimple/${t.soparken1}`, t.kunde)).json());
    const point = tree[1]?.DeviceList[1]?.DeviceItemList[0];
    expect(point).toEqual({
      DeviceItemId: t.hotWater.items.Volumen,
      Name: 'Volumen',
      Unit: 'm³',
      LastValue: null,
      LastDateValue: '-',
      LastDateValueFormatted: '-',
      Expected: null,
      RegisterDigits: null,
      CountsUpOnly: false,
    });
  });

  it('gives each point the expected range of a reading today by the contract’s rule on its history, day by day', async () => {
    // 23:30 in Copenhagen on 22 November; a token of its own, as the suite's expires at 22:00 UTC.
    clock.set(new Date('2026-11-22T22:30:00Z'));
    const token = await t.login('kunde@eksempel.dk');
    const energyOnTree = async () => {
      const tree = GatewayTree.parse((await get(`/api/gateway/loadlistsimple/${t.soparken1}`, token)).json());
      return tree[0]?.DeviceList[1]?.DeviceItemList[0];
    };
    const history = HistoryList.parse(
      (
        await t.inject({
          method: 'POST',
          url: `/api/gateway/loaddeviceitemhistorylist/${t.soparken1}`,
          token,
          payload: { gatewayId: t.heat.gatewayId, deviceId: t.heat.deviceId },
        })
      ).json(),
    )
      .filter((entry) => entry.DeviceItemId === t.heat.items.Energi)
      .map((entry) => ({ date: entry.DateRecord, value: normalizeReadingValue(entry.Value) ?? '' }));
    expect(history.length).toBeGreaterThan(2);

    const today = await energyOnTree();
    expect(today?.Expected).toEqual(expectedRange(history, '2026-11-22'));
    expect(today?.Expected).not.toBeNull();

    // Past midnight in Copenhagen, with nothing written in between, the range has moved on by a day.
    clock.advance(3_600_000);
    const tomorrow = await energyOnTree();
    expect(tomorrow?.Expected).toEqual(expectedRange(history, '2026-11-23'));
    expect(tomorrow?.Expected?.max).toBeGreaterThan(today?.Expected?.max ?? Number.POSITIVE_INFINITY);
  });

  it('loaditemlist returns every point of a location; a location of another account is 404', async () => {
    const res = await get(`/api/gateway/loaditemlist/${t.heat.gatewayId}/${t.soparken1}`, t.kunde);
    const items = DeviceItemList.parse(res.json());
    expect(items.map((i) => [i.Name, i.DeviceItemId])).toEqual([
      ['Volumen', (await meterOf(t.database.db, ...COLD_WATER_METER)).items.Volumen],
      ['Energi', t.heat.items.Energi],
      ['Volumen', t.heat.items.Volumen],
    ]);
    const wrongAccount = await get(`/api/gateway/loaditemlist/${t.heat.gatewayId}/${t.soparken2}`, t.kunde);
    expect(wrongAccount.statusCode).toBe(404);
    expect(ErrorResponse.parse(wrongAccount.json()).Message).toBe('Det efterspurgte findes ikke.');
  });

  it('loaddevicelist returns the meters of a location', async () => {
    const res = await get(`/api/gateway/loaddevicelist/${t.hotWater.gatewayId}/${t.soparken1}`, t.kunde);
    const devices = DeviceList.parse(res.json());
    expect(devices.map((d) => [d.Name, d.Type, d.DeviceItemList.length])).toEqual([
      ['Elmåler fællesarealer', 'electricity', 2],
      ['Varmt vand', 'water', 1],
    ]);
    expect((await get(`/api/gateway/loaddevicelist/999999/${t.soparken1}`, t.kunde)).statusCode).toBe(404);
  });

  it('loaddevicelistbytype returns the account’s meters of one type across locations', async () => {
    const water = DeviceList.parse(
      (await get(`/api/gateway/loaddevicelistbytype/water/${t.soparken1}`, t.kunde)).json(),
    );
    expect(water.map((d) => d.Name)).toEqual(['Koldt vand hovedmåler', 'Varmt vand']);
    const gas = DeviceList.parse(
      (await get(`/api/gateway/loaddevicelistbytype/gas/${t.soparken1}`, t.kunde)).json(),
    );
    expect(gas).toEqual([]);
    const bad = await get(`/api/gateway/loaddevicelistbytype/steam/${t.soparken1}`, t.kunde);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ Message: MESSAGES.deviceTypeInvalid });
  });

  it('loaddevice and loaddeviceitemlist return one meter and its points', async () => {
    const device = Device.parse(
      (await get(`/api/gateway/loaddevice/${t.heat.deviceId}/${t.soparken1}`, t.kunde)).json(),
    );
    expect(device).toMatchObject({ DeviceId: t.heat.deviceId, Name: 'Varmemåler opgang 12', Manual: true });
    const items = DeviceItemList.parse(
      (await get(`/api/gateway/loaddeviceitemlist/${t.heat.deviceId}/${t.soparken1}`, t.kunde)).json(),
    );
    expect(items).toEqual(device.DeviceItemList);
    expect((await get(`/api/gateway/loaddevice/${t.heat.deviceId}/${t.soparken2}`, t.kunde)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/gateway/loaddeviceitemlist/abc/${t.soparken1}`, t.kunde)).statusCode).toBe(400);
  });

  it('loadlistbymanual keeps only meters with that flag and drops locations without any', async () => {
    const automatic = GatewayTree.parse((await get('/api/gateway/loadlistbymanual/0', t.admin)).json());
    expect(automatic.map((g) => [g.Name, g.DeviceList.map((d) => d.Name)])).toEqual([
      ['Nørrevang 4, kælder', ['Varmemåler (fjernaflæst)']],
    ]);
    const manual = GatewayTree.parse((await get('/api/gateway/loadlistbymanual/1', t.admin)).json());
    expect(manual.map((g) => g.Name)).toEqual([
      'Nørrevang 4, kælder',
      'Rækkehusene, Hybenvej',
      'Søparken 12, kælder',
      'Søparken 14, teknikrum',
      'Søparken 20, fyrrum',
    ]);
    expect(manual.flatMap((g) => g.DeviceList).every((d) => d.Manual)).toBe(true);
    expect(manual[0]?.DeviceList.map((d) => d.Name)).toEqual(['Elmåler hovedtavle', 'Vandmåler']);

    const kundeAutomatic = await get('/api/gateway/loadlistbymanual/0', t.kunde);
    expect(GatewayTree.parse(kundeAutomatic.json())).toEqual([]);
    expect((await get('/api/gateway/loadlistbymanual/2', t.kunde)).json()).toEqual({
      Message: MESSAGES.manualFlagInvalid,
    });
  });
});
