import {
  CreateEstimatesResponse,
  Device,
  ESTIMATE_ERRORS,
  ESTIMATE_TEXTS,
  EstimatesResponse,
  estimateReading,
  toWireValue,
} from '@maaler/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { exportReadings, periodStatus, reviewList } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { type DemoMeter, KLOVER_METER, meterOf, snapshotData } from '../../helpers/demo-fixtures.ts';
import { meterHistory, postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// The demo history ends on 1 October 2026; on 3 December November is a past period without readings.
const NOVEMBER = '2026-11-15';
const NOVEMBER_END = '2026-11-30';

describe('estimates: GET and POST /api/admin/estimates/{accountId}', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, cleanUp: ['new-readings'] });
  let admin = '';

  beforeEach(async () => {
    clock.set(new Date('2026-12-03T10:00:00Z'));
    admin = await t.login('admin@eksempel.dk');
  });

  const proposals = async (date: string) => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/admin/estimates/${t.soparken1}?date=${date}`,
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return EstimatesResponse.parse(res.json());
  };
  const create = (deviceItemIds: unknown, date = NOVEMBER, headers: Record<string, string> = {}) =>
    t.inject({
      method: 'POST',
      url: `/api/admin/estimates/${t.soparken1}`,
      token: admin,
      payload: { date, deviceItemIds },
      headers,
    });
  const itemOf = (meter: DemoMeter, point: string) => {
    const id = meter.items[point];
    if (id === undefined) throw new Error(`no point ${point}`);
    return id;
  };
  const storedReadings = (itemId: number) =>
    t.database.db
      .selectFrom('readings')
      .select(['date_record as date', 'value', 'source'])
      .where('device_item_id', '=', itemId)
      .orderBy('date_record')
      .execute();
  const history = (meter: DemoMeter) => meterHistory(t, admin, t.soparken1, meter);
  const device = async (meter: DemoMeter) => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/gateway/loaddevice/${meter.deviceId}/${t.soparken1}`,
      token: admin,
    });
    return Device.parse(res.json());
  };
  const read = (meter: DemoMeter, point: string, usDate: string, value: string, override = false) =>
    postReadings(t, {
      token: admin,
      accountId: t.soparken1,
      payload: [readingOf(meter, point, usDate, value, { plausibilityOverride: override })],
    });

  it('proposes, per point without a real reading, the rule’s value on the period’s last day, or why not', async () => {
    const answer = await proposals(NOVEMBER);
    expect(answer.period).toEqual({ start: '2026-11-01', end: NOVEMBER_END, label: 'november 2026' });
    expect(answer.Ended).toBe(true);
    const energi = answer.Points.find((p) => p.DeviceItemId === itemOf(t.heat, 'Energi'));
    const expected = estimateReading(await storedReadings(itemOf(t.heat, 'Energi')), NOVEMBER_END);
    if (expected.rule === null) throw new Error('the demo heat meter should be estimated');
    expect(energi).toMatchObject({
      GatewayId: t.heat.gatewayId,
      DeviceId: t.heat.deviceId,
      Name: 'Energi',
      Unit: 'MWh',
      LastValue: '466,15',
      LastDate: '2026-10-01',
      Value: toWireValue(expected.value),
      DateRecord: NOVEMBER_END,
      Rule: 'linear',
      Reason: null,
    });
    const hotWater = answer.Points.find((p) => p.DeviceItemId === itemOf(t.hotWater, 'Volumen'));
    expect(hotWater).toMatchObject({ Value: null, Rule: null, Reason: ESTIMATE_TEXTS.tooFewReadings });
    // October was read on the 1st: nothing to estimate there but the point without readings.
    expect((await proposals('2026-10-15')).Points.map((p) => p.DeviceItemId)).toEqual([
      itemOf(t.hotWater, 'Volumen'),
    ]);
    expect((await proposals('2026-12-01')).Ended).toBe(false);
  });

  it('creates estimates as Estimeret readings: stored, audited, in the history, the export and the status, not the basis of Expected', async () => {
    const energi = itemOf(t.heat, 'Energi');
    const expectedBefore = (await device(t.heat)).DeviceItemList.find((i) => i.DeviceItemId === energi);
    const proposal = (await proposals(NOVEMBER)).Points.find((p) => p.DeviceItemId === energi);

    const res = await create([energi, energi]);
    expect(res.statusCode, res.body).toBe(200);
    expect(CreateEstimatesResponse.parse(res.json())).toEqual({ Success: true, Message: '', Count: 1 });

    const stored = await t.database.db
      .selectFrom('readings')
      .innerJoin('reading_audit as a', 'a.reading_id', 'readings.id')
      .select([
        'readings.value',
        'readings.source',
        'readings.plausibility_override',
        'a.source as auditSource',
      ])
      .where('device_item_id', '=', energi)
      .where('date_record', '=', NOVEMBER_END)
      .execute();
    expect(stored).toEqual([
      {
        value: proposal?.Value?.replace(',', '.'),
        source: 'estimate',
        plausibility_override: 0,
        auditSource: 'estimate',
      },
    ]);

    const entry = (await history(t.heat)).find(
      (e) => e.DeviceItemId === energi && e.DateRecord === NOVEMBER_END,
    );
    expect(entry).toMatchObject({ Value: proposal?.Value, Source: 'estimate', Corrections: [] });

    const csv = (await exportReadings(t, admin, t.soparken1, `date=${NOVEMBER}&format=csv`)).body;
    const row = csv.split('\r\n').find((line) => line.includes(';Energi;'));
    expect(row).toContain(';Estimeret;');

    const status = await periodStatus(t, admin, t.soparken1, NOVEMBER);
    expect(status.totals.Estimated).toBe(1);
    expect(status.totals.Read).toBe(0);
    expect(status.totals.Missing + status.totals.Skipped + 1).toBe(status.totals.Total);
    expect(status.missing.map((p) => p.DeviceItemId)).not.toContain(energi);
    // Already estimated: no longer proposed.
    expect((await proposals(NOVEMBER)).Points.map((p) => p.DeviceItemId)).not.toContain(energi);

    const after = (await device(t.heat)).DeviceItemList.find((i) => i.DeviceItemId === energi);
    expect(after).toMatchObject({
      LastValue: proposal?.Value,
      LastDateValue: NOVEMBER_END,
      LastEstimated: true,
    });
    expect(after?.Expected).toEqual(expectedBefore?.Expected);
  });

  it('refuses a period that has not ended and changes nothing', async () => {
    const before = await snapshotData(t.database.db);
    const res = await create([itemOf(t.heat, 'Energi')], '2026-12-01');
    expect(res.statusCode).toBe(406);
    expect(res.json().validationError).toBe(ESTIMATE_ERRORS.periodRunning('2026-12-31'));
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('is all or nothing: a point without an estimate, of another account, or read by now refuses the whole call', async () => {
    const energi = itemOf(t.heat, 'Energi');
    const klover = await meterOf(t.database.db, ...KLOVER_METER);
    const before = await snapshotData(t.database.db);
    const cases: [unknown[], string][] = [
      [[energi, itemOf(t.hotWater, 'Volumen')], ESTIMATE_ERRORS.noEstimate('Volumen')],
      [[energi, itemOf(klover, 'Volumen')], ESTIMATE_ERRORS.unknownPoint(itemOf(klover, 'Volumen'))],
    ];
    for (const [ids, message] of cases) {
      const res = await create(ids);
      expect(res.statusCode, res.body).toBe(406);
      expect(res.json().validationError).toBe(message);
    }
    expect(await snapshotData(t.database.db)).toBe(before);

    expect((await read(t.heat, 'Volumen', '11/20/2026', '9300')).statusCode).toBe(200);
    const read406 = await create([energi, itemOf(t.heat, 'Volumen')]);
    expect(read406.statusCode).toBe(406);
    expect(read406.json().validationError).toBe(ESTIMATE_ERRORS.alreadyRead('Volumen'));
    expect((await storedReadings(energi)).map((r) => r.source)).not.toContain('estimate');
  });

  it('answers a replay with the same Idempotency-Key with the first answer', async () => {
    const energi = itemOf(t.heat, 'Energi');
    const headers = { 'idempotency-key': 'estimates-1' };
    const first = await create([energi], NOVEMBER, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await create([energi], NOVEMBER, headers);
    expect(again.json()).toEqual(first.json());
    expect((await create([energi, energi + 1], NOVEMBER, headers)).statusCode).toBe(422);
  });

  it('is replaced by a real reading of its period, on another day or the same, without a correction mark', async () => {
    const energi = itemOf(t.heat, 'Energi');
    const volumen = itemOf(t.heat, 'Volumen');
    expect((await create([energi, volumen])).statusCode).toBe(200);
    const estimated = await storedReadings(energi);

    expect((await read(t.heat, 'Energi', '11/20/2026', '480')).statusCode).toBe(200);
    expect((await read(t.heat, 'Volumen', '11/30/2026', '9350,5')).statusCode).toBe(200);

    expect((await storedReadings(energi)).filter((r) => r.date > '2026-10-01')).toEqual([
      { date: '2026-11-20', value: '480', source: 'web' },
    ]);
    expect((await storedReadings(volumen)).filter((r) => r.date > '2026-10-01')).toEqual([
      { date: NOVEMBER_END, value: '9350.5', source: 'web' },
    ]);
    const entries = (await history(t.heat)).filter((e) => e.DateRecord > '2026-10-01');
    expect(entries.map((e) => [e.Name, e.DateRecord, e.Source, e.Corrections])).toEqual([
      ['Volumen', NOVEMBER_END, 'web', []],
      ['Energi', '2026-11-20', 'web', []],
    ]);
    const csv = (await exportReadings(t, admin, t.soparken1, `date=${NOVEMBER}&format=csv`)).body;
    expect(csv).not.toContain('Estimeret');

    const trail = await t.database.db
      .selectFrom('replaced_estimates')
      .select([
        'device_item_id',
        'date_record',
        'value',
        'replacing_date',
        'replacing_value',
        'replacing_source',
      ])
      .orderBy('device_item_id')
      .execute();
    expect(trail).toHaveLength(2);
    expect(trail).toContainEqual({
      device_item_id: energi,
      date_record: NOVEMBER_END,
      value: estimated.at(-1)?.value,
      replacing_date: '2026-11-20',
      replacing_value: '480',
      replacing_source: 'web',
    });
    expect(trail).toContainEqual(
      expect.objectContaining({
        device_item_id: volumen,
        replacing_date: NOVEMBER_END,
        replacing_value: '9350.5',
      }),
    );
    const status = await periodStatus(t, admin, t.soparken1, NOVEMBER);
    expect(status.totals).toMatchObject({ Estimated: 0, Read: 2 });
  });

  it('leaves the estimate of another period alone, and never judges a real reading against an estimate', async () => {
    const volumen = itemOf(t.heat, 'Volumen');
    expect((await create([volumen])).statusCode).toBe(200);
    const [lastReal, estimate] = (await storedReadings(volumen)).slice(-2);
    if (!lastReal || estimate?.source !== 'estimate') throw new Error('no estimate stored');
    // December: between the last real reading (1 October) and the estimate, sent anyway.
    const between = ((Number(estimate.value) + Number(lastReal.value)) / 2).toFixed(0);
    expect((await read(t.heat, 'Volumen', '12/02/2026', between, true)).statusCode).toBe(200);
    expect((await storedReadings(volumen)).map((r) => r.source).filter((s) => s === 'estimate')).toHaveLength(
      1,
    );
    const [review] = await reviewList(t, admin, t.soparken1);
    expect(review?.Warnings.map((w) => w.Kind) ?? []).not.toContain('backwards');
    for (const warning of review?.Warnings ?? []) expect(warning.ComparedDate).not.toBe(NOVEMBER_END);
  });

  it('is no basis of the register rules either: a point counting only up takes a real reading below an estimate', async () => {
    const volumen = itemOf(t.heat, 'Volumen');
    await t.database.db
      .updateTable('device_items')
      .set({ counts_up_only: 1 })
      .where('id', '=', volumen)
      .execute();
    try {
      expect((await create([volumen])).statusCode).toBe(200);
      const [lastReal, estimate] = (await storedReadings(volumen)).slice(-2);
      if (!lastReal || estimate?.source !== 'estimate') throw new Error('no estimate stored');
      // Above the last real reading, below the November estimate: the register ran slower than estimated.
      const below = (Number(lastReal.value) + 0.5).toFixed(1).replace('.', ',');
      expect(Number(lastReal.value) + 0.5).toBeLessThan(Number(estimate.value));
      const res = await read(t.heat, 'Volumen', '12/02/2026', below);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await t.database.db
        .updateTable('device_items')
        .set({ counts_up_only: 0 })
        .where('id', '=', volumen)
        .execute();
    }
  });

  it('refuses a third estimate in a row: the period status marks the point Skal aflæses af personale, as many as the account allows', async () => {
    const energi = itemOf(t.heat, 'Energi');
    const setting = (value: string) =>
      t.inject({
        method: 'POST',
        url: '/api/account/settingsave',
        token: admin,
        payload: { accountid: t.soparken1, key: 'estimatesInARow', value },
      });
    const missingEnergi = async (date: string) =>
      (await periodStatus(t, admin, t.soparken1, date)).missing.find((p) => p.DeviceItemId === energi);
    clock.set(new Date('2027-02-03T10:00:00Z'));
    admin = await t.login('admin@eksempel.dk');
    try {
      expect((await create([energi], NOVEMBER)).statusCode).toBe(200);
      expect((await missingEnergi('2026-12-15'))?.StaffReadingNeeded).toBeUndefined();
      expect((await create([energi], '2026-12-15')).statusCode).toBe(200);

      // November and December estimated: January must be read by someone.
      expect(await missingEnergi('2027-01-15')).toMatchObject({ StaffReadingNeeded: true });
      const january = (await proposals('2027-01-15')).Points.find((p) => p.DeviceItemId === energi);
      expect(january).toMatchObject({ Value: null, Rule: null, Reason: ESTIMATE_TEXTS.staffReadingNeeded });
      const refused = await create([energi], '2027-01-15');
      expect(refused.statusCode).toBe(406);
      expect(refused.json()).toEqual({ validationError: ESTIMATE_ERRORS.staffReadingNeeded('Energi', 2) });
      expect((await storedReadings(energi)).filter((r) => r.date === '2027-01-31')).toEqual([]);

      // The account may allow three in a row (1–24; 0 is refused): January can be estimated then.
      expect((await setting('0')).statusCode).toBe(400);
      expect((await setting('3')).json()).toEqual({ Success: true, Message: '' });
      expect((await missingEnergi('2027-01-15'))?.StaffReadingNeeded).toBeUndefined();
      expect((await create([energi], '2027-01-15')).statusCode).toBe(200);
    } finally {
      await t.database.db
        .deleteFrom('account_settings')
        .where('account_id', '=', t.soparken1)
        .where('key', '=', 'estimatesInARow')
        .execute();
    }
  });
});
