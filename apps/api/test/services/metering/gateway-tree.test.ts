import { expectedRange } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import type { TreeRow } from '../../../src/db/repositories/gateway-tree.ts';
import {
  itemsInTreeOrder,
  toDeviceList,
  toGatewayTree,
} from '../../../src/services/metering/gateway-tree.ts';

const row = (overrides: Partial<TreeRow>): TreeRow => ({
  gatewayId: 1,
  gatewayName: 'Lokation',
  gatewaySequence: null,
  deviceId: 10,
  deviceName: 'Måler',
  deviceType: 'water',
  manual: 1,
  deviceSequence: null,
  serial: '',
  itemId: 100,
  itemName: 'Volumen',
  unit: 'm³',
  lastValue: null,
  lastDate: null,
  lastSource: null,
  firstValue: null,
  firstDate: null,
  priorValue: null,
  priorDate: null,
  registerDigits: null,
  countsUpOnly: 0,
  installedOn: null,
  addedOn: null,
  gatewayAddress: '',
  gatewayAccess: null,
  gatewayPlacement: null,
  deviceAccess: null,
  devicePlacement: null,
  openDefect: null,
  ...overrides,
});
const TODAY = '2026-11-22';

describe('gateway tree assembly', () => {
  it('nests rows and orders every level by Danish name', () => {
    const tree = toGatewayTree(
      [
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
      ],
      TODAY,
    );
    expect(tree.map((g) => g.Name)).toEqual(['Zonen', 'Åvej']);
    expect(tree[0]?.DeviceList.map((d) => d.Name)).toEqual(['Ældre måler', 'Ølmåler']);
    expect(tree[0]?.DeviceList[0]?.DeviceItemList.map((i) => i.Name)).toEqual(['A', 'B']);
  });

  it('keeps locations without meters and meters without points as empty lists', () => {
    const tree = toGatewayTree(
      [
        row({
          deviceId: null,
          deviceName: null,
          deviceType: null,
          manual: null,
          itemId: null,
          itemName: null,
        }),
        row({ gatewayId: 2, gatewayName: 'Mellemvej', itemId: null, itemName: null, unit: null }),
      ],
      TODAY,
    );
    expect(tree).toEqual([
      { GatewayId: 1, Name: 'Lokation', DeviceList: [] },
      {
        GatewayId: 2,
        Name: 'Mellemvej',
        DeviceList: [
          {
            DeviceId: 10,
            Name: 'Måler',
            Type: 'water',
            Manual: true,
            InstalledOn: null,
            Serial: null,
            DeviceItemList: [],
          },
        ],
      },
    ]);
  });

  it("gives each meter its label's serial number, or null when it has none", () => {
    const meters = toDeviceList(
      [
        row({ deviceId: 10, serial: 'HYB-001' }),
        row({ deviceId: 11, deviceName: 'Uden', serial: '', itemId: 101 }),
      ],
      TODAY,
    );
    expect(meters.map((meter) => [meter.Name, meter.Serial])).toEqual([
      ['Måler', 'HYB-001'],
      ['Uden', null],
    ]);
  });

  it('shows the latest reading in comma form with both date forms, or null and "-"', () => {
    const items = itemsInTreeOrder(
      [
        row({ itemId: 1, itemName: 'A', lastValue: '1234.5', lastDate: '2026-03-09' }),
        row({ itemId: 2, itemName: 'B' }),
      ],
      TODAY,
    );
    expect(items).toEqual([
      {
        DeviceItemId: 1,
        Name: 'A',
        Unit: 'm³',
        LastValue: '1234,5',
        LastDateValue: '2026-03-09',
        LastDateValueFormatted: '09-03-2026',
        Expected: null,
        RegisterDigits: null,
        CountsUpOnly: false,
      },
      {
        DeviceItemId: 2,
        Name: 'B',
        Unit: 'm³',
        LastValue: null,
        LastDateValue: '-',
        LastDateValueFormatted: '-',
        Expected: null,
        RegisterDigits: null,
        CountsUpOnly: false,
      },
    ]);
  });

  it('gives each point the contract’s expected range on the day, from its earliest reading and the latest before the day', () => {
    // 10 a day from 1 September to 1 November; 21 days on from 1 November at 10/3 to 30 a day.
    const history = {
      firstValue: '1000',
      firstDate: '2026-09-01',
      priorValue: '1610',
      priorDate: '2026-11-01',
    };
    const [item] = itemsInTreeOrder([row({ ...history, lastValue: '1700', lastDate: TODAY })], TODAY);
    expect(item?.Expected).toEqual(
      expectedRange(
        [
          { date: '2026-09-01', value: '1000' },
          { date: '2026-11-01', value: '1610' },
        ],
        TODAY,
      ),
    );
    expect(item?.Expected).toEqual({ min: 1680, max: 2240 });
    // One reading before the day gives no scale, even when the earliest and the prior are that one.
    const single = {
      firstValue: '1610',
      firstDate: '2026-11-01',
      priorValue: '1610',
      priorDate: '2026-11-01',
    };
    expect(itemsInTreeOrder([row(single)], TODAY)[0]?.Expected).toBeNull();
  });

  it('flattens meters of several locations into one list', () => {
    const devices = toDeviceList(
      [
        row({ gatewayId: 1, deviceId: 10, deviceName: 'B', deviceType: 'heat', manual: 0 }),
        row({ gatewayId: 2, deviceId: 20, deviceName: 'A', itemId: 200 }),
      ],
      TODAY,
    );
    expect(devices.map((d) => [d.Name, d.Type, d.Manual])).toEqual([
      ['A', 'water', true],
      ['B', 'heat', false],
    ]);
  });
});
