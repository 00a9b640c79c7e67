import { describe, expect, it } from 'vitest';
import type { TreeRow } from '../../src/db/repositories/gateway-tree.ts';
import { itemsInTreeOrder, toDeviceList, toGatewayTree } from '../../src/services/gateway-tree.ts';

const row = (overrides: Partial<TreeRow>): TreeRow => ({
  gatewayId: 1,
  gatewayName: 'Lokation',
  deviceId: 10,
  deviceName: 'Måler',
  deviceType: 'water',
  manual: 1,
  itemId: 100,
  itemName: 'Volumen',
  unit: 'm³',
  lastValue: null,
  lastDate: null,
  ...overrides,
});

describe('gateway tree assembly', () => {
  it('nests rows and orders every level by Danish name', () => {
    const tree = toGatewayTree([
      row({ gatewayId: 2, gatewayName: 'Åvej', deviceId: 20, itemId: 200 }),
      row({ gatewayId: 1, gatewayName: 'Zonen', deviceId: 11, deviceName: 'Ølmåler', itemId: 110 }),
      row({
        gatewayId: 1,
        gatewayName: 'Zonen',
        deviceId: 10,
        deviceName: 'Ældre måler',
        itemId: 101,
        itemName: 'B',
      }),
      row({
        gatewayId: 1,
        gatewayName: 'Zonen',
        deviceId: 10,
        deviceName: 'Ældre måler',
        itemId: 100,
        itemName: 'A',
      }),
    ]);
    expect(tree.map((g) => g.Name)).toEqual(['Zonen', 'Åvej']);
    expect(tree[0]?.DeviceList.map((d) => d.Name)).toEqual(['Ældre måler', 'Ølmåler']);
    expect(tree[0]?.DeviceList[0]?.DeviceItemList.map((i) => i.Name)).toEqual(['A', 'B']);
  });

  it('keeps locations without meters and meters without points as empty lists', () => {
    const tree = toGatewayTree([
      row({ deviceId: null, deviceName: null, deviceType: null, manual: null, itemId: null, itemName: null }),
      row({ gatewayId: 2, gatewayName: 'Mellemvej', itemId: null, itemName: null, unit: null }),
    ]);
    expect(tree).toEqual([
      { GatewayId: 1, Name: 'Lokation', DeviceList: [] },
      {
        GatewayId: 2,
        Name: 'Mellemvej',
        DeviceList: [{ DeviceId: 10, Name: 'Måler', Type: 'water', Manual: true, DeviceItemList: [] }],
      },
    ]);
  });

  it('shows the latest reading in comma form with both date forms, or null and "-"', () => {
    const items = itemsInTreeOrder([
      row({ itemId: 1, itemName: 'A', lastValue: '1234.5', lastDate: '2026-03-09' }),
      row({ itemId: 2, itemName: 'B' }),
    ]);
    expect(items).toEqual([
      {
        DeviceItemId: 1,
        Name: 'A',
        Unit: 'm³',
        LastValue: '1234,5',
        LastDateValue: '2026-03-09',
        LastDateValueFormatted: '09-03-2026',
      },
      {
        DeviceItemId: 2,
        Name: 'B',
        Unit: 'm³',
        LastValue: null,
        LastDateValue: '-',
        LastDateValueFormatted: '-',
      },
    ]);
  });

  it('flattens meters of several locations into one list', () => {
    const devices = toDeviceList([
      row({ gatewayId: 1, deviceId: 10, deviceName: 'B', deviceType: 'heat', manual: 0 }),
      row({ gatewayId: 2, deviceId: 20, deviceName: 'A', itemId: 200 }),
    ]);
    expect(devices.map((d) => [d.Name, d.Type, d.Manual])).toEqual([
      ['A', 'water', true],
      ['B', 'heat', false],
    ]);
  });
});
