import { FoundMeter } from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_NAMES, accountIdOf } from '../helpers/demo-fixtures.ts';
import { readingStatus } from '../helpers/route-requests.ts';
import { createTestApp, type TestApp, testClock } from '../helpers/test-app.ts';

describe('demo data: a 50-meter route for tekniker@eksempel.dk', () => {
  let t: TestApp;
  let tekniker: string;
  let norrevang: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(new Date('2026-11-22T10:00:00Z')) });
    tekniker = await t.login('tekniker@eksempel.dk');
    norrevang = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
  });
  afterAll(async () => t.close());

  it('walks Hybenvej up the odd side and down the even side, before the other location', async () => {
    const status = await readingStatus(t, tekniker, norrevang);
    expect(status.gateways.map((g) => g.Name)).toEqual(['Rækkehusene, Hybenvej', 'Nørrevang 4, kælder']);
    const meters = status.gateways[0]?.DeviceList ?? [];
    const houses = meters.map((meter) => Number(meter.Name.replace('Hybenvej ', '')));
    expect(houses).toEqual([
      ...Array.from({ length: 25 }, (_, i) => 2 * i + 1),
      ...Array.from({ length: 25 }, (_, i) => 50 - 2 * i),
    ]);
    expect(new Set(meters.map((meter) => meter.Serial)).size).toBe(50);
    for (const meter of meters) {
      expect(meter.DeviceItemList, meter.Name).toEqual([
        expect.objectContaining({
          Name: 'Volumen',
          Unit: 'm³',
          Status: 'Mangler',
          Expected: { min: expect.any(Number), max: expect.any(Number) },
        }),
      ]);
    }
  });

  it('gives every demo meter a serial number that findbyserial finds', async () => {
    const serials = await t.database.db.selectFrom('devices').select(['id', 'serial_number']).execute();
    expect(serials.every((meter) => meter.serial_number !== '')).toBe(true);
    expect(new Set(serials.map((meter) => meter.serial_number.toLowerCase())).size).toBe(serials.length);
    const res = await t.inject({
      method: 'GET',
      url: `/api/gateway/findbyserial/${norrevang}/HYB-050`,
      token: tekniker,
    });
    expect(FoundMeter.parse(res.json())).toMatchObject({
      GatewayName: 'Rækkehusene, Hybenvej',
      DeviceName: 'Hybenvej 50',
      Serial: 'HYB-050',
    });
  });
});
