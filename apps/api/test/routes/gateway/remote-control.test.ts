import {
  CONTROL_DEVIATION_REASON,
  CONTROL_TOLERANCE_SETTING,
  controlDeviationNote,
  MESSAGES,
} from '@maaler/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyCsvImport } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { type OnePointMeter, onePointMeterOf } from '../../helpers/demo-fixtures.ts';
import { onePointReading, postReadings } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// Issue 38 (ADR 050): a `Kontrol` reading on a remote meter is compared with the remote value of its
// day (interpolated between the nearest two); beyond 0.5 % of the value or one unit of its last digit
// the meter gets a task `Afvigelse mellem kontrol og fjernaflæsning`. The control reading is kept
// beside the day's reading (ADR 049), never instead of it.

describe('control readings on remote meters', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin'] });
  type Meter = OnePointMeter;
  let remote: Meter;
  let manual: Meter;
  let small: Meter;

  const meterOf = (serial: string) => onePointMeterOf(t.database.db, serial);

  beforeAll(async () => {
    const imported = (kind: 'meters' | 'readings', lines: string[]) =>
      applyCsvImport(t, t.admin, t.soparken1, kind, lines);
    await imported('meters', [
      'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed;Fjernaflæst;Radio-id',
      'Kontrolvej 1;;Koldt vand;KTR-1;Vand;Volumen;m³;ja;',
      'Kontrolvej 1;;Manuel;KTR-2;Vand;Volumen;m³;nej;',
      'Kontrolvej 1;;Lille;KTR-3;Vand;Volumen;m³;ja;',
    ]);
    // 1000 m³ on the 1st, 1100 on the 11th: 1010 a day between; 1000 exactly on the 1st.
    await imported('readings', [
      'Radio-id;Tidspunkt;Værdi',
      'KTR-1;01-11-2026 04:00;1000',
      'KTR-1;11-11-2026 04:00;1100',
      'KTR-3;15-11-2026 04:00;1,5',
      'KTR-3;17-11-2026 04:00;1,7',
    ]);
    remote = await meterOf('KTR-1');
    manual = await meterOf('KTR-2');
    small = await meterOf('KTR-3');
  });

  /** Sends a control reading (US date as the form does) and answers how it was stored: a control beside the readings, any other reason among them. */
  const control = async (usDate: string, value: string, reason = 'control', meter = remote) => {
    const res = await postReadings(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: [onePointReading(meter, usDate, value, { reason, plausibilityOverride: true })],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [month, day, year] = usDate.split('/');
    return t.database.db
      .selectFrom(reason === 'control' ? 'control_readings' : 'readings')
      .select(['value', 'source'])
      .where('device_item_id', '=', meter.pointId)
      .where('date_record', '=', `${year}-${month}-${day}`)
      .executeTakeFirstOrThrow();
  };
  const dayReading = (date: string, meter = remote) =>
    t.database.db
      .selectFrom('readings')
      .select(['value', 'source'])
      .where('device_item_id', '=', meter.pointId)
      .where('date_record', '=', date)
      .executeTakeFirst();
  const deviationTasks = (meter = remote) =>
    t.database.db
      .selectFrom('tasks')
      .leftJoin('task_comments as c', 'c.task_id', 'tasks.id')
      .select(['tasks.note', 'c.text as comment'])
      .where('device_id', '=', meter.id)
      .where('reason', '=', CONTROL_DEVIATION_REASON)
      .orderBy('tasks.id')
      .orderBy('c.id')
      .execute();

  it('takes a control reading within 0.5 % of the interpolated remote value, the boundary included', async () => {
    // 6 November: halfway, 1050; 0.5 % is 5.25.
    // (Whether `Til kontrol` takes it is then the plausibility rule's matter alone: no task says the
    // control rule found nothing.)
    expect(await control('11/06/2026', '1055.25')).toMatchObject({ value: '1055.25', source: 'web' });
    expect(await control('11/06/2026', '1044.75')).toMatchObject({ value: '1044.75' });
    expect(await deviationTasks()).toEqual([]);
  });

  it('opens a task on the meter for one just beyond the tolerance, and keeps it beside the readings', async () => {
    expect(await control('11/06/2026', '1055.26')).toMatchObject({ value: '1055.26' });
    expect(await dayReading('2026-11-06')).toBeUndefined();
    expect(await deviationTasks()).toEqual([
      { note: controlDeviationNote('2026-11-06', '1055.26', 1050, 5.26, 5.25), comment: null },
    ]);
  });

  it("compares with the day's own remote value", async () => {
    // 11 November: remote 1100 that day; 0.5 % is 5.5. The remote value stays the day's reading.
    const before = await deviationTasks();
    expect(await control('11/11/2026', '1105.5')).toMatchObject({ value: '1105.5', source: 'web' });
    expect(await deviationTasks()).toEqual(before);
    expect(await dayReading('2026-11-11')).toEqual({ value: '1100', source: 'remote' });
  });

  it('allows one unit of the last digit where that is more than 0.5 % of a small value', async () => {
    // 16 November: 1.6 between 1.5 and 1.7; 0.5 % is 0.008, one unit of `1.7`'s last digit 0.1.
    await control('11/16/2026', '1.7', 'control', small);
    expect(await deviationTasks(small)).toEqual([]);
    // `1.71` has two decimals: one unit is 0.01, so a difference of 0.11 is beyond.
    expect(await control('11/16/2026', '1.71', 'control', small)).toMatchObject({ value: '1.71' });
    expect(await deviationTasks(small)).toHaveLength(1);
  });

  it('leaves a periodic reading, a day past the remote values and a meter read by hand uncompared', async () => {
    const before = await deviationTasks();
    await control('11/07/2026', '1060', 'periodic');
    // After the last remote value (17 November): nothing to interpolate with.
    await control('11/21/2026', '1200');
    expect(await deviationTasks()).toEqual(before);
    await control('11/07/2026', '5', 'control', manual);
    expect(await deviationTasks(manual)).toEqual([]);
  });

  it("takes the account's tolerance (controlTolerancePercent) instead of 0.5 %", async () => {
    const setting = (value: string) =>
      t.inject({
        method: 'POST',
        url: '/api/account/settingsave',
        token: t.admin,
        payload: { accountid: t.soparken1, key: CONTROL_TOLERANCE_SETTING, value },
      });
    for (const refused of ['0', '1,5', '11']) {
      const res = await setting(refused);
      expect(res.statusCode, refused).toBe(400);
      expect(res.body).toContain(MESSAGES.controlToleranceInvalid);
    }
    expect((await setting('1')).statusCode, 'saved').toBe(200);
    const before = await deviationTasks(small);
    // 16 November on the small meter: 1.6; 1 % is 0.016, so 1.615 (beyond 0.5 %) is within.
    await control('11/16/2026', '1.615', 'control', small);
    expect(await deviationTasks(small)).toEqual(before);
    await control('11/16/2026', '1.617', 'control', small);
    // The meter's open task of this reason takes the new deviation as a comment (ADR 047).
    expect((await deviationTasks(small)).at(-1)?.comment).toBe(
      controlDeviationNote('2026-11-16', '1.617', 1.6, 1.617 - 1.6, 0.016),
    );
  });
});
