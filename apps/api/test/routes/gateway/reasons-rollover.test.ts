import { READING_ERRORS } from '@maaler/contract';
import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { exportReadings } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import type { DemoMeter } from '../../helpers/demo-fixtures.ts';
import { changeMeter, meterHistory, postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// Issue 37 (ADR 046): every reading has a reason, shown in the history and the exports, and a
// register with declared digits may go round (`Omløb`). The demo heat meter's Energi ends its history
// at 466,15 on 1 October 2026.

describe('reading reasons and register rollover (issue 37)', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin', 'kunde'], cleanUp: ['new-readings'] });

  afterEach(async () => {
    await t.database.db
      .updateTable('device_items')
      .set({ register_digits: null, counts_up_only: 0 })
      .execute();
  });

  const declare = (meter: DemoMeter, point: string, registerDigits: number) =>
    t.database.db
      .updateTable('device_items')
      .set({ register_digits: registerDigits, counts_up_only: 1 })
      .where('id', '=', meter.items[point] ?? 0)
      .execute();
  const post = (payload: object[]) => postReadings(t, { token: t.admin, accountId: t.soparken1, payload });
  const read = async (usDate: string, value: string, extra: object = {}) => {
    const res = await post([
      readingOf(t.heat, 'Energi', usDate, value, { plausibilityOverride: true, ...extra }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
  };
  const historyOf = (meter: DemoMeter) => meterHistory(t, t.admin, meter.accountId, meter);
  const csvRows = (body: string) =>
    Papa.parse<string[]>(body.slice(1), { delimiter: ';', newline: '\r\n', skipEmptyLines: true }).data;
  const energiRows = async (query: string) => {
    const res = await exportReadings(t, t.admin, t.soparken1, query);
    expect(res.statusCode, res.body).toBe(200);
    const [headings = [], ...rows] = csvRows(res.body);
    const column = (name: string) => headings.indexOf(name);
    return rows
      .filter((row) => row[column('Målepunkt')] === 'Energi')
      .map((row) => ({
        date: row[column('Dato')],
        consumption: row[column('Forbrug siden forrige')],
        reason: row[column('Årsag')],
        rollover: row[column('Omløb')],
      }));
  };

  it('99 990 → 12 on five digits is a rollover: stored, consumption 22, marked Omløb in history and export', async () => {
    await declare(t.heat, 'Energi', 5);
    await read('11/10/2026', '99990');
    await read('11/20/2026', '12');

    const energi = (await historyOf(t.heat)).filter((entry) => entry.Name === 'Energi');
    expect(
      energi
        .slice(0, 2)
        .map(({ DateRecord, Value, Reason, Rollover }) => ({ DateRecord, Value, Reason, Rollover })),
    ).toEqual([
      { DateRecord: '2026-11-20', Value: '12', Reason: 'periodic', Rollover: 5 },
      { DateRecord: '2026-11-10', Value: '99990', Reason: 'periodic', Rollover: undefined },
    ]);
    expect(await energiRows('date=2026-11-15')).toEqual([
      { date: '10-11-2026', consumption: '99523,85', reason: 'Periodisk', rollover: 'Nej' },
      { date: '20-11-2026', consumption: '22', reason: 'Periodisk', rollover: 'Ja' },
    ]);
  });

  it('a drop of exactly 90 % of the range is no rollover and is refused as before; one more is taken', async () => {
    await declare(t.heat, 'Energi', 5);
    await read('11/10/2026', '99990');
    const refused = await post([readingOf(t.heat, 'Energi', '11/20/2026', '9990')]);
    expect(refused.statusCode, refused.body).toBe(406);
    await read('11/20/2026', '9989,99');
    const [latest] = (await historyOf(t.heat)).filter((entry) => entry.Name === 'Energi');
    expect(latest).toMatchObject({ Value: '9989,99', Rollover: 5 });
  });

  it('without declared digits a lower value is no rollover: history unmarked, consumption negative as before', async () => {
    await read('11/10/2026', '99990');
    await read('11/20/2026', '12');
    const [latest] = (await historyOf(t.heat)).filter((entry) => entry.Name === 'Energi');
    expect(latest?.Rollover).toBeUndefined();
    expect((await energiRows('date=2026-11-15')).at(-1)).toMatchObject({
      consumption: '-99978',
      rollover: 'Nej',
    });
  });

  it('monthly consumption counts across a rollover', async () => {
    await declare(t.heat, 'Energi', 5);
    await read('11/10/2026', '99990');
    await read('11/20/2026', '12');
    const res = await t.inject({
      method: 'GET',
      url: `/api/admin/monthlyconsumption/${t.soparken1}?date=2026-11-15`,
      token: t.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = csvRows(res.body).find((cells) => cells[3] === 'Energi');
    // 1 October → 10 November: 99 523,85 over 40 days, 9 of them in November (a reading closes the
    // day before its date); then the rollover's 22, not −99 978.
    expect(Number(row?.[6]?.replace(',', '.'))).toBeCloseTo((99523.85 * 9) / 40 + 22, 2);
  });

  it('takes a reason, shows it in the history and the export, and refuses one a client may not send', async () => {
    // A `Kontrol` reading is kept beside the readings (ADR 049, control-readings.test.ts).
    await read('11/10/2026', '470', { reason: 'move-in' });
    await read('11/20/2026', '480', { reason: 'move-out' });
    const energi = (await historyOf(t.heat)).filter((entry) => entry.Name === 'Energi');
    expect(energi.slice(0, 2).map((entry) => entry.Reason)).toEqual(['move-out', 'move-in']);
    expect((await energiRows('date=2026-11-15')).map((row) => row.reason)).toEqual([
      'Indflytning',
      'Fraflytning',
    ]);

    for (const reason of ['meter-change', 'Periodisk', '']) {
      const res = await post([readingOf(t.heat, 'Energi', '11/21/2026', '490', { reason })]);
      expect(res.statusCode, res.body).toBe(406);
      expect(res.json()).toEqual({ validationError: READING_ERRORS.reasonInvalid('Energi') });
    }
  });

  it('a Fraflytning reading clears the meter’s resident in its own commit; other reasons keep it', async () => {
    const { db } = t.database;
    const resident = {
      device_id: t.heat.deviceId,
      name: 'Rasmus Rejse',
      email: 'rasmus@eksempel.dk',
      phone: '',
    };
    const residentOfHeat = () =>
      db.selectFrom('meter_residents').selectAll().where('device_id', '=', t.heat.deviceId).execute();
    await db.insertInto('meter_residents').values(resident).execute();
    try {
      await read('11/10/2026', '470', { reason: 'move-in' });
      expect(await residentOfHeat()).toHaveLength(1);
      // Refused (no reading stored): the contact stays too.
      await declare(t.heat, 'Energi', 5);
      const refused = await post([readingOf(t.heat, 'Energi', '11/20/2026', '400', { reason: 'move-out' })]);
      expect(refused.statusCode, refused.body).toBe(406);
      expect(await residentOfHeat()).toHaveLength(1);
      await read('11/20/2026', '480', { reason: 'move-out' });
      expect(await residentOfHeat()).toEqual([]);
    } finally {
      await db.deleteFrom('meter_residents').where('device_id', '=', t.heat.deviceId).execute();
    }
  });

  it('a meter change’s readings get the reason Målerskift', async () => {
    const answer = await changeMeter(t, t.admin, t.soparken1, t.coldWater.deviceId, {
      dateRecord: '11/15/2026',
      serialNumber: 'RR-KV-2',
      points: [{ deviceItemId: t.coldWater.items.Volumen, finalValue: '99999', startValue: '5' }],
    });
    const reasons = await t.database.db
      .selectFrom('readings')
      .select(['device_item_id as itemId', 'reason'])
      .where('date_record', '=', '2026-11-15')
      .execute();
    expect(reasons).toEqual(
      expect.arrayContaining([
        { itemId: t.coldWater.items.Volumen, reason: 'meter-change' },
        { itemId: answer.Points[0]?.DeviceItemId, reason: 'meter-change' },
      ]),
    );
  });
});
