import { MESSAGES } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { meterWrite, periodStatus } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  type DemoMeter,
  HEAT_METER,
  setReadingPeriod,
} from '../../helpers/demo-fixtures.ts';
import { postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { postSkip } from '../../helpers/route-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

describe('GET /api/admin/periodstatus/{accountId}', () => {
  // The demo history holds a reading on the first of each month from May to October 2026.
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin'], cleanUp: ['skips', 'new-readings', 'settings'] });

  const read = async (meter: DemoMeter, point: string, usDate: string, value: string) => {
    const res = await postReadings(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: [readingOf(meter, point, usDate, value)],
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const missingIds = (status: { missing: { DeviceItemId: number }[] }) =>
    new Set(status.missing.map((point) => point.DeviceItemId));

  it('judges the current period by default, and offers it and the earlier ones back to the first reading', async () => {
    const status = await periodStatus(t, t.admin, t.soparken1);
    expect(status.readingPeriod).toBe('monthly');
    expect(status.period).toEqual({ start: '2026-11-01', end: '2026-11-30', label: 'november 2026' });
    expect(status.periods.map((p) => p.label)).toEqual([
      'november 2026',
      'oktober 2026',
      'september 2026',
      'august 2026',
      'juli 2026',
      'juni 2026',
      'maj 2026',
    ]);
    expect(status.totals.Read).toBe(0);
    expect(status.totals.Missing).toBe(status.totals.Total);
    expect(status.missing).toHaveLength(status.totals.Total);
    const heatEnergy = status.missing.find((p) => p.DeviceItemId === t.heat.items.Energi);
    expect(heatEnergy).toMatchObject({
      GatewayId: t.heat.gatewayId,
      DeviceId: t.heat.deviceId,
      LastDateValue: '2026-10-01',
      LastDateValueFormatted: '01-10-2026',
    });
    const bars = status.gateways.reduce((sum, g) => sum + g.Counts.Total, 0);
    expect(bars).toBe(status.totals.Total);
  });

  it('judges a past period by the readings dated in it, with the last reading up to its end', async () => {
    await read(t.heat, 'Energi', '11/02/2026', '999,5');
    const october = await periodStatus(t, t.admin, t.soparken1, '2026-10-15');
    expect(october.period).toEqual({ start: '2026-10-01', end: '2026-10-31', label: 'oktober 2026' });
    // Every point with history has its reading of 1 October; the hot water point has none at all.
    expect(missingIds(october)).toEqual(new Set([t.hotWater.items.Volumen]));
    expect(october.missing[0]).toMatchObject({ LastValue: null, LastDateValue: '-' });
    expect(october.totals).toMatchObject({ Read: october.totals.Total - 1, Missing: 1, Skipped: 0 });
    const may = await periodStatus(t, t.admin, t.soparken1, '2026-05-31');
    expect(may.totals.Read).toBe(october.totals.Read);
  });

  it('counts a reading dated on the last day of the previous period in that period, not in this one', async () => {
    await read(t.coldWater, 'Volumen', '10/31/2026', '30000');
    const november = await periodStatus(t, t.admin, t.soparken1);
    expect(missingIds(november).has(t.coldWater.items.Volumen ?? 0)).toBe(true);
    expect(november.missing.find((p) => p.DeviceItemId === t.coldWater.items.Volumen)).toMatchObject({
      LastValue: '30000',
      LastDateValue: '2026-10-31',
    });
    await read(t.coldWater, 'Volumen', '11/01/2026', '30001');
    const after = await periodStatus(t, t.admin, t.soparken1);
    expect(missingIds(after).has(t.coldWater.items.Volumen ?? 0)).toBe(false);
    expect(after.totals.Read).toBe(1);
  });

  it('counts skipped points per reason, and per location', async () => {
    const res = await postSkip(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: { gatewayId: t.heat.gatewayId, deviceId: t.heat.deviceId, reason: 'Ingen adgang' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const status = await periodStatus(t, t.admin, t.soparken1);
    expect(status.totals.Skipped).toBe(2);
    expect(status.skipReasons).toEqual([{ Reason: 'Ingen adgang', Count: 2 }]);
    expect(status.gateways.find((g) => g.GatewayId === t.heat.gatewayId)?.Counts.Skipped).toBe(2);
    // The skip was recorded in November: October does not see it.
    expect((await periodStatus(t, t.admin, t.soparken1, '2026-10-01')).totals.Skipped).toBe(0);
  });

  it('shows the account setting Foto påkrævet (issue 36), off by default', async () => {
    expect((await periodStatus(t, t.admin, t.soparken1)).photoRequired).toBe(false);
    const saved = await t.inject({
      method: 'POST',
      url: '/api/account/settingsave',
      token: t.admin,
      payload: { accountid: t.soparken1, key: 'photoRequired', value: 'true' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await periodStatus(t, t.admin, t.soparken1)).photoRequired).toBe(true);
  });

  it('follows the account setting: quarters with Danish names', async () => {
    await setReadingPeriod(t.database.db, t.soparken1, 'quarterly');
    const status = await periodStatus(t, t.admin, t.soparken1, '2026-08-01');
    expect(status.readingPeriod).toBe('quarterly');
    expect(status.period).toEqual({ start: '2026-07-01', end: '2026-09-30', label: '3. kvartal 2026' });
    expect(status.periods.map((p) => p.label)).toEqual([
      '4. kvartal 2026',
      '3. kvartal 2026',
      '2. kvartal 2026',
    ]);
  });

  it('refuses a date that is not a calendar day, is in the future or before 1 February 2022 (400, Danish)', async () => {
    for (const [date, message] of [
      ['2026-13-01', MESSAGES.periodDateInvalid],
      ['22-11-2026', MESSAGES.periodDateInvalid],
      ['2026-11-23', MESSAGES.periodDateOutOfRange],
      ['2022-01-31', MESSAGES.periodDateOutOfRange],
    ] as const) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/admin/periodstatus/${t.soparken1}?date=${date}`,
        token: t.admin,
      });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().Message, date).toContain(message);
    }
  });

  it('answers 403 to roles 0 and 2, and 404 for an account outside the administrator’s customers', async () => {
    for (const email of ['tekniker@eksempel.dk', 'kunde@eksempel.dk']) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/admin/periodstatus/${t.soparken1}`,
        token: await t.login(email),
      });
      expect(res.statusCode, email).toBe(403);
    }
    const klover = await accountIdOf(t.database.db, ACCOUNT_NAMES.klover);
    const res = await t.inject({ method: 'GET', url: `/api/admin/periodstatus/${klover}`, token: t.admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Message: 'Det efterspurgte findes ikke.' });
  });

  it('shows the reason of each point’s reading in the period, and control readings beside them (issue 37)', async () => {
    const send = async (meter: DemoMeter, point: string, usDate: string, value: string, reason: string) => {
      const res = await postReadings(t, {
        token: t.admin,
        accountId: t.soparken1,
        payload: [readingOf(meter, point, usDate, value, { plausibilityOverride: true, reason })],
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await send(t.heat, 'Energi', '11/10/2026', '470', 'move-out');
    await send(t.heat, 'Volumen', '11/10/2026', '9999', 'periodic');
    await send(t.coldWater, 'Volumen', '11/12/2026', '9999', 'control');

    const status = await periodStatus(t, t.admin, t.soparken1);
    const byReason = Object.fromEntries((status.readingReasons ?? []).map((r) => [r.Reason, r.Count]));
    expect(byReason).toEqual({ 'move-out': 1, periodic: 1, control: 1 });
    // Route order: the cold-water meter comes before the heat meter.
    expect(status.reasonedReadings).toEqual([
      expect.objectContaining({
        DeviceItemId: t.coldWater.items.Volumen,
        DateRecord: '2026-11-12',
        Reason: 'control',
      }),
      {
        GatewayName: HEAT_METER[0],
        DeviceId: t.heat.deviceId,
        DeviceName: HEAT_METER[1],
        Serial: expect.any(String),
        DeviceItemId: t.heat.items.Energi,
        Name: 'Energi',
        DateRecord: '2026-11-10',
        Reason: 'move-out',
      },
    ]);
    // The control reading is no reading of the period: the cold-water point is still missing.
    expect(missingIds(status).has(t.coldWater.items.Volumen ?? 0)).toBe(true);
    // October's readings are the demo's periodic ones: no reason to list.
    const october = await periodStatus(t, t.admin, t.soparken1, '2026-10-15');
    expect(october.reasonedReadings).toEqual([]);
    expect(october.readingReasons?.map((r) => r.Reason)).toEqual(['periodic']);
  });
});

describe('GET /api/admin/periodstatus/{accountId}: meters added later (issue 33)', () => {
  const t = useDemoApp({ clock: testClock(new Date('2026-11-22T10:00:00Z')), signIn: ['admin'] });

  const addMeterWithPoint = async (name: string, installedOn?: string) => {
    const added = await meterWrite(t, t.admin, 'addmeter', [t.heat.gatewayId], t.soparken1, {
      Name: name,
      Type: 'water',
      ...(installedOn ? { InstalledOn: installedOn } : {}),
    });
    expect(added.statusCode, added.body).toBe(200);
    const deviceId = (added.json() as { Id: number }).Id;
    const point = await meterWrite(t, t.admin, 'addpoint', [deviceId], t.soparken1, {
      Name: 'Volumen',
      Unit: 'm³',
    });
    expect(point.statusCode, point.body).toBe(200);
    return { deviceId, pointId: (point.json() as { Id: number }).Id };
  };
  const missingIn = async (date: string) =>
    new Set((await periodStatus(t, t.admin, t.soparken1, date)).missing.map((p) => p.DeviceItemId));

  it('counts a meter without an installation day only from the day it was added', async () => {
    const before = await periodStatus(t, t.admin, t.soparken1, '2026-10-15');
    const { pointId } = await addMeterWithPoint('Tilføjet i dag');
    const october = await periodStatus(t, t.admin, t.soparken1, '2026-10-15');
    expect(october.totals).toEqual(before.totals);
    expect(await missingIn('2026-08-15')).not.toContain(pointId);
    expect(await missingIn('2026-11-22')).toContain(pointId);
  });

  it('counts a meter from its installation day when it has one', async () => {
    const { pointId } = await addMeterWithPoint('Sat op i september', '2026-09-10');
    expect(await missingIn('2026-08-15')).not.toContain(pointId);
    expect(await missingIn('2026-09-15')).toContain(pointId);
    expect(await missingIn('2026-10-15')).toContain(pointId);
  });

  it('counts a meter added today from its first reading when its history came with it', async () => {
    const before = await periodStatus(t, t.admin, t.soparken1, '2026-09-15');
    const { deviceId, pointId } = await addMeterWithPoint('Med historik');
    const meter = {
      accountId: t.soparken1,
      gatewayId: t.heat.gatewayId,
      deviceId,
      items: { Volumen: pointId },
    };
    const sent = await postReadings(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: [readingOf(meter, 'Volumen', '09/15/2026', '12')],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const september = await periodStatus(t, t.admin, t.soparken1, '2026-09-15');
    expect(september.missing.map((p) => p.DeviceItemId)).not.toContain(pointId);
    expect(september.totals.Read).toBe(before.totals.Read + 1);
    expect(await missingIn('2026-10-15')).toContain(pointId);
    expect(await missingIn('2026-08-15')).not.toContain(pointId);
  });

  it('keeps counting the demo meters, whose day is unknown, in every period', async () => {
    expect(await missingIn('2026-05-15')).toContain(t.hotWater.items.Volumen);
  });
});
