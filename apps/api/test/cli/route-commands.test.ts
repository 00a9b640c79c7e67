import { FoundMeter } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../helpers/demo-app.ts';
import { KLOVER_METER, meterOf } from '../helpers/demo-fixtures.ts';
import { readingStatus } from '../helpers/route-requests.ts';
import { inProcessCli } from './in-process-cli.ts';

describe('operator CLI: route order and serial numbers', () => {
  const t = useDemoApp({ signIn: ['kunde', 'klover'] });

  const cli = inProcessCli(() => t.database.db);
  const routeOrder = async () =>
    (await readingStatus(t, t.kunde, t.soparken1)).gateways.map((g) => [
      g.Name,
      g.DeviceList.map((d) => d.Name),
    ]);
  const find = async (serial: string, accountId = t.soparken1, token = t.kunde) => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/gateway/findbyserial/${accountId}/${serial}`,
      token,
    });
    return res.statusCode === 200 ? FoundMeter.parse(res.json()).DeviceId : res.statusCode;
  };

  it('puts locations and meters in route order, and back to name order with none', async () => {
    const byName = await routeOrder();
    expect(byName).toEqual([
      ['Søparken 12, kælder', ['Koldt vand hovedmåler', 'Varmemåler opgang 12']],
      ['Søparken 14, teknikrum', ['Elmåler fællesarealer', 'Varmt vand']],
    ]);

    const location = await cli(
      'location:sequence',
      '--location',
      String(t.hotWater.gatewayId),
      '--sequence',
      '1',
    );
    expect(location).toEqual({
      code: 0,
      out: `Location Søparken 14, teknikrum (id ${t.hotWater.gatewayId}) now has place 1 in the route`,
      err: '',
    });
    expect((await cli('meter:sequence', '--meter', String(t.heat.deviceId), '--sequence', '0')).code).toBe(0);
    expect(await routeOrder()).toEqual([
      ['Søparken 14, teknikrum', ['Elmåler fællesarealer', 'Varmt vand']],
      ['Søparken 12, kælder', ['Varmemåler opgang 12', 'Koldt vand hovedmåler']],
    ]);

    const back = await cli(
      'location:sequence',
      '--location',
      String(t.hotWater.gatewayId),
      '--sequence',
      'none',
    );
    expect(back.out).toMatch(/now follows in name order$/);
    await cli('meter:sequence', '--meter', String(t.heat.deviceId), '--sequence', 'none');
    expect(await routeOrder()).toEqual(byName);
  });

  it("sets a location's whole route from serial numbers in one go, or nothing when one is wrong", async () => {
    const kaelder = String(t.heat.gatewayId);
    const set = await cli(
      'location:route',
      '--location',
      kaelder,
      '--serials',
      'kam-603-112233,DIE-HYD-778899',
    );
    expect(set).toEqual({
      code: 0,
      out: `Location Søparken 12, kælder (id ${kaelder}): 2 meters in route order`,
      err: '',
    });
    const routed = [
      ['Søparken 12, kælder', ['Varmemåler opgang 12', 'Koldt vand hovedmåler']],
      ['Søparken 14, teknikrum', ['Elmåler fællesarealer', 'Varmt vand']],
    ];
    expect(await routeOrder()).toEqual(routed);

    for (const [serials, message] of [
      [
        'DIE-HYD-778899,KAM-382-445566',
        'No meter at Søparken 12, kælder has the serial number KAM-382-445566',
      ],
      ['DIE-HYD-778899,NY-0000', 'No meter at Søparken 12, kælder has the serial number NY-0000'],
      ['DIE-HYD-778899,die-hyd-778899', 'The serial number die-hyd-778899 is named twice'],
    ] as const) {
      const refused = await cli('location:route', '--location', kaelder, '--serials', serials);
      expect(refused).toEqual({ code: 1, out: '', err: `Error: ${message}` });
    }
    // The first meter of each refused route was not moved either.
    expect(await routeOrder()).toEqual(routed);

    for (const meter of [t.heat, t.coldWater]) {
      await cli('meter:sequence', '--meter', String(meter.deviceId), '--sequence', 'none');
    }
  });

  it('sets a serial number that findbyserial then finds, unique within the customer whatever the case', async () => {
    expect(await find('NY-4711')).toBe(404);
    const set = await cli('meter:serial', '--meter', String(t.hotWater.deviceId), '--serial', ' NY-4711 ');
    expect(set).toEqual({
      code: 0,
      out: `Meter Varmt vand (id ${t.hotWater.deviceId}) has the serial number NY-4711`,
      err: '',
    });
    expect(await find('ny-4711')).toBe(t.hotWater.deviceId);
    // Setting a meter's own serial number again is no conflict.
    expect(
      (await cli('meter:serial', '--meter', String(t.hotWater.deviceId), '--serial', 'NY-4711')).code,
    ).toBe(0);

    const taken = await cli('meter:serial', '--meter', String(t.coldWater.deviceId), '--serial', 'ny-4711');
    expect(taken.code).toBe(1);
    expect(taken.err).toBe(
      `Error: The meter Varmt vand (id ${t.hotWater.deviceId}) at Søparken 14, teknikrum already has the serial number NY-4711 in this customer`,
    );
    const added = await cli(
      'meter:add',
      '--location',
      String(t.coldWater.gatewayId),
      '--name',
      'Ny måler',
      '--type',
      'water',
      '--serial',
      'NY-4711',
    );
    expect(added.code).toBe(1);
    expect(added.err).toMatch(/already has the serial number NY-4711/);

    // Another account of the same customer may not (issue 32), another customer's account may.
    const gas = await meterOf(t.database.db, 'Søparken 20, fyrrum', 'Gasmåler kedel');
    const sameCustomer = await cli('meter:serial', '--meter', String(gas.deviceId), '--serial', 'ny-4711');
    expect(sameCustomer.code).toBe(1);
    expect(sameCustomer.err).toMatch(/already has the serial number NY-4711 in this customer/);
    const klover = await meterOf(t.database.db, ...KLOVER_METER);
    expect((await cli('meter:serial', '--meter', String(klover.deviceId), '--serial', 'NY-4711')).code).toBe(
      0,
    );
    expect(await find('NY-4711')).toBe(t.hotWater.deviceId);
    expect(await find('NY-4711', klover.accountId, t.klover)).toBe(klover.deviceId);
  });

  it.each([
    [['location:sequence', '--location', '1'], /--sequence is required/],
    [['location:sequence', '--location', '999999', '--sequence', '1'], /No location has the id 999999/],
    [['meter:sequence', '--meter', '1', '--sequence=-1'], /--sequence: must be a whole number from 0 up/],
    [['meter:sequence', '--meter', '1', '--sequence', '1.5'], /--sequence: must be a whole number/],
    [
      ['meter:sequence', '--meter', '1', '--sequence', '9999999999'],
      /--sequence: must be at most 2147483647/,
    ],
    [['meter:sequence', '--meter', '999999', '--sequence', '1'], /No meter has the id 999999/],
    [['meter:serial', '--meter', '1', '--serial', 'x'.repeat(65)], /--serial: Serienummeret skal udfyldes/],
    [['meter:serial', '--meter', '1'], /--serial is required/],
    [['location:route', '--location', '1'], /--serials is required/],
    [['location:route', '--location', '1', '--serials', 'A,,B'], /--serials: /],
  ])('refuses %j with exit code 1 and a clear message', async (argv, message) => {
    const res = await cli(...argv);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(message);
  });
});
