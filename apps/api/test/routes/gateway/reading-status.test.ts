import { GatewayTree, MESSAGES, type PointStatus } from '@maaler/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { ACCOUNT_NAMES, accountIdOf, type DemoMeter, meterOf } from '../../helpers/demo-fixtures.ts';
import { postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { pointsOf, postSkip, readingStatus } from '../../helpers/route-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

const START = new Date('2026-11-22T10:00:00Z');

describe('GET /api/gateway/readingstatus/{accountId}', () => {
  const clock = testClock(START);
  // The demo history ends on the first of last month: on 22 November every point still lacks its reading.
  const t = useDemoApp({ clock, cleanUp: ['skips', 'new-readings', 'settings'] });
  let electricity: DemoMeter;

  beforeAll(async () => {
    electricity = await meterOf(t.database.db, 'Søparken 14, teknikrum', 'Elmåler fællesarealer');
  });
  afterEach(async () => {
    clock.set(START);
    await t.database.db.updateTable('gateways').set({ sequence: null }).execute();
    await t.database.db.updateTable('devices').set({ sequence: null }).execute();
  });

  /** Signs in at the clock's present time (a token lasts 12 hours, the tests move the clock by more). */
  const kunde = () => t.login('kunde@eksempel.dk');
  const read = async (token: string, meter: DemoMeter, point: string, usDate: string, value: string) => {
    const res = await postReadings(t, {
      token,
      accountId: t.soparken1,
      payload: [readingOf(meter, point, usDate, value)],
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const skip = async (token: string, meter: DemoMeter, reason: string, note?: string) => {
    const res = await postSkip(t, {
      token,
      accountId: t.soparken1,
      payload: { gatewayId: meter.gatewayId, deviceId: meter.deviceId, reason, note },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const statusesOf = async (token: string) => {
    const points = pointsOf(await readingStatus(t, token, t.soparken1));
    return new Map([...points].map(([id, point]) => [id, point.Status]));
  };
  /** Every point of the account's meters read by hand, straight from the tables. */
  const routePoints = async () => {
    const rows = await t.database.db
      .selectFrom('device_items as i')
      .innerJoin('devices as d', 'd.id', 'i.device_id')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select(['i.id', 'd.id as deviceId'])
      .where('g.account_id', '=', t.soparken1)
      .where('d.manual', '=', 1)
      .execute();
    return rows;
  };

  it('is the route minus the points read and the meters skipped in the period', async () => {
    const token = await kunde();
    const route = await routePoints();
    const initial = await readingStatus(t, token, t.soparken1);
    expect(initial.period).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect([...pointsOf(initial).keys()].sort()).toEqual(route.map((p) => p.id).sort());

    await read(token, t.heat, 'Energi', '11/01/2026', '999999');
    await skip(token, t.coldWater, 'Ingen adgang');
    await skip(token, electricity, 'Andet', '  Tavlen var låst  ');
    await read(token, electricity, 'Forbrug dag', '11/22/2026', '999999');

    const readPoints = new Set([t.heat.items.Energi, electricity.items['Forbrug dag']]);
    const skippedMeters = new Set([t.coldWater.deviceId, electricity.deviceId]);
    const expected = new Map<number, PointStatus>(
      route.map((point) => [
        point.id,
        readPoints.has(point.id) ? 'Aflæst' : skippedMeters.has(point.deviceId) ? 'Sprunget over' : 'Mangler',
      ]),
    );
    expect(await statusesOf(token)).toEqual(expected);

    const points = pointsOf(await readingStatus(t, token, t.soparken1));
    expect(points.get(t.coldWater.items.Volumen ?? 0)).toMatchObject({
      SkipReason: 'Ingen adgang',
      SkipNote: null,
    });
    expect(points.get(electricity.items['Forbrug nat'] ?? 0)).toMatchObject({
      SkipReason: 'Andet',
      SkipNote: 'Tavlen var låst',
    });
    // A point read in the period shows no skip, even where its meter was skipped.
    expect(points.get(electricity.items['Forbrug dag'] ?? 0)).toMatchObject({
      Status: 'Aflæst',
      SkipReason: null,
      LastDateValue: '2026-11-22',
    });
  });

  it('shows the latest skip of a meter in the period', async () => {
    const token = await kunde();
    await skip(token, t.hotWater, 'Måler ikke fundet');
    clock.advance(60_000);
    await skip(token, t.hotWater, 'Måler defekt');
    const point = pointsOf(await readingStatus(t, token, t.soparken1)).get(t.hotWater.items.Volumen ?? 0);
    expect(point).toMatchObject({ Status: 'Sprunget over', SkipReason: 'Måler defekt' });
  });

  it('changes period at midnight in Copenhagen: a reading dated the day before the start is missing', async () => {
    // 23:30 on 31 October in Copenhagen (22:30 UTC): October, whose first day has the demo readings.
    clock.set(new Date('2026-10-31T22:30:00Z'));
    let token = await kunde();
    let status = await readingStatus(t, token, t.soparken1);
    expect(status.period).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(pointsOf(status).get(t.heat.items.Energi ?? 0)).toMatchObject({
      Status: 'Aflæst',
      LastDateValue: '2026-10-01',
    });
    await read(token, t.coldWater, 'Volumen', '10/31/2026', '999999');
    await skip(token, t.hotWater, 'Ingen adgang');
    expect((await statusesOf(token)).get(t.hotWater.items.Volumen ?? 0)).toBe('Sprunget over');

    // 00:30 on 1 November in Copenhagen, still 31 October in UTC.
    clock.set(new Date('2026-10-31T23:30:00Z'));
    token = await kunde();
    status = await readingStatus(t, token, t.soparken1);
    expect(status.period).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    const points = pointsOf(status);
    expect(points.get(t.coldWater.items.Volumen ?? 0)).toMatchObject({
      Status: 'Mangler',
      LastDateValue: '2026-10-31',
    });
    expect(points.get(t.heat.items.Energi ?? 0)?.Status).toBe('Mangler');
    // October's skip does not carry over.
    expect(points.get(t.hotWater.items.Volumen ?? 0)?.Status).toBe('Mangler');

    // The Danish date is already 1 November: a reading dated on the period's first day counts.
    await read(token, t.coldWater, 'Volumen', '11/01/2026', '1000000');
    await skip(token, t.hotWater, 'Ingen adgang');
    const statuses = await statusesOf(token);
    expect(statuses.get(t.coldWater.items.Volumen ?? 0)).toBe('Aflæst');
    expect(statuses.get(t.hotWater.items.Volumen ?? 0)).toBe('Sprunget over');
    const stored = await t.database.db
      .selectFrom('reading_skips')
      .select('skipped_on')
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.skipped_on)).toEqual(['2026-10-31', '2026-11-01']);
  });

  it('says whether the account requires a photo (Foto påkrævet, issue 36), off by default', async () => {
    const token = await kunde();
    const admin = await t.login('admin@eksempel.dk');
    const setPhotoRequired = (value: string) =>
      t.inject({
        method: 'POST',
        url: '/api/account/settingsave',
        token: admin,
        payload: { accountid: t.soparken1, key: 'photoRequired', value },
      });
    expect((await readingStatus(t, token, t.soparken1)).photoRequired).toBe(false);
    expect((await setPhotoRequired('true')).json()).toEqual({ Success: true, Message: '' });
    expect((await readingStatus(t, token, t.soparken1)).photoRequired).toBe(true);
    await setPhotoRequired('false');
    expect((await readingStatus(t, token, t.soparken1)).photoRequired).toBe(false);
  });

  it('follows the account’s reading period: quarterly and yearly, monthly by default', async () => {
    const token = await kunde();
    const admin = await t.login('admin@eksempel.dk');
    const setPeriod = (value: string) =>
      t.inject({
        method: 'POST',
        url: '/api/account/settingsave',
        token: admin,
        payload: { accountid: t.soparken1, key: 'readingPeriod', value },
      });
    const heatEnergy = async () => {
      const status = await readingStatus(t, token, t.soparken1);
      return { period: status.period, status: pointsOf(status).get(t.heat.items.Energi ?? 0)?.Status };
    };

    expect((await setPeriod('quarterly')).json()).toEqual({ Success: true, Message: '' });
    // The demo's reading on 1 October lies in the fourth quarter.
    expect(await heatEnergy()).toEqual({
      period: { start: '2026-10-01', end: '2026-12-31' },
      status: 'Aflæst',
    });
    await setPeriod('yearly');
    expect(await heatEnergy()).toEqual({
      period: { start: '2026-01-01', end: '2026-12-31' },
      status: 'Aflæst',
    });
    await setPeriod('monthly');
    expect(await heatEnergy()).toEqual({
      period: { start: '2026-11-01', end: '2026-11-30' },
      status: 'Mangler',
    });

    const refused = await setPeriod('weekly');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ Message: MESSAGES.readingPeriodInvalid });
    expect((await heatEnergy()).period).toEqual({ start: '2026-11-01', end: '2026-11-30' });
  });

  it('lists the locations and meters read by hand in route order: sequence, then Danish name', async () => {
    const token = await kunde();
    const order = async () =>
      (await readingStatus(t, token, t.soparken1)).gateways.map((g) => [
        g.Name,
        g.DeviceList.map((d) => d.Name),
      ]);
    expect(await order()).toEqual([
      ['Søparken 12, kælder', ['Koldt vand hovedmåler', 'Varmemåler opgang 12']],
      ['Søparken 14, teknikrum', ['Elmåler fællesarealer', 'Varmt vand']],
    ]);

    const db = t.database.db;
    await db.updateTable('gateways').set({ sequence: 2 }).where('id', '=', t.hotWater.gatewayId).execute();
    await db.updateTable('devices').set({ sequence: 7 }).where('id', '=', t.heat.deviceId).execute();
    await db.updateTable('devices').set({ sequence: 3 }).where('id', '=', t.hotWater.deviceId).execute();
    expect(await order()).toEqual([
      ['Søparken 14, teknikrum', ['Varmt vand', 'Elmåler fællesarealer']],
      ['Søparken 12, kælder', ['Varmemåler opgang 12', 'Koldt vand hovedmåler']],
    ]);

    // The tree keeps its Danish name order.
    const tree = GatewayTree.parse(
      (await t.inject({ method: 'GET', url: `/api/gateway/loadlistsimple/${t.soparken1}`, token })).json(),
    );
    expect(tree.map((g) => g.Name)).toEqual(['Søparken 12, kælder', 'Søparken 14, teknikrum']);
  });

  it('leaves out meters read automatically, and gives serial numbers', async () => {
    const tekniker = await t.login('tekniker@eksempel.dk');
    const norrevang = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
    const status = await readingStatus(t, tekniker, norrevang);
    const meters = status.gateways.flatMap((g) => g.DeviceList);
    expect(meters.map((d) => d.Name)).not.toContain('Varmemåler (fjernaflæst)');
    expect(meters.find((d) => d.Name === 'Elmåler hovedtavle')?.Serial).toBe('ECH-EM-2231');
  });

  it('gives each point the same expected range as the tree', async () => {
    const token = await kunde();
    const tree = GatewayTree.parse(
      (await t.inject({ method: 'GET', url: `/api/gateway/loadlistsimple/${t.soparken1}`, token })).json(),
    );
    const treePoints = tree.flatMap((g) => g.DeviceList).flatMap((d) => d.DeviceItemList);
    const points = pointsOf(await readingStatus(t, token, t.soparken1));
    for (const point of treePoints) expect(points.get(point.DeviceItemId)?.Expected).toEqual(point.Expected);
    expect(points.get(t.heat.items.Energi ?? 0)?.Expected).toEqual({
      min: expect.any(Number),
      max: expect.any(Number),
    });
    expect(points.get(t.hotWater.items.Volumen ?? 0)?.Expected).toBeNull();
  });

  it('answers an account out of reach and a user who must change password exactly like the tree does', async () => {
    const klover = await t.login('klover@eksempel.dk');
    for (const url of [
      `/api/gateway/readingstatus/${t.soparken1}`,
      `/api/gateway/loadlistsimple/${t.soparken1}`,
    ]) {
      const res = await t.inject({ method: 'GET', url, token: klover });
      expect({ status: res.statusCode, body: res.json() }, url).toEqual({
        status: 404,
        body: { Message: 'Det efterspurgte findes ikke.' },
      });
    }
    const ny = await t.login('ny@eksempel.dk');
    const forced = await t.inject({
      method: 'GET',
      url: `/api/gateway/readingstatus/${t.soparken1}`,
      token: ny,
    });
    expect(forced.statusCode).toBe(403);
    const unknown = await t.inject({
      method: 'GET',
      url: '/api/gateway/readingstatus/3f0c2a1e-8b7d-4c5e-9a6f-1b2c3d4e5f60',
      token: await kunde(),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
