import {
  ApproveResponse,
  CreateEstimatesResponse,
  ImportResult,
  MeterChangeResponse,
} from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, correct, meterWrite, reviewList } from '../helpers/admin-requests.ts';
import { capturedLog } from '../helpers/captured-log.ts';
import { type DemoMeter, soparken1Meters, userIdOf } from '../helpers/demo-fixtures.ts';
import { postReadings, postToAccount, readingOf } from '../helpers/reading-requests.ts';
import { createTestApp, type TestApp, testClock } from '../helpers/test-app.ts';

/** pino's number for the info level: routine office work, not an alarm. */
const INFO = 30;

const csv = (text: string) => ({
  format: 'csv' as const,
  data: Buffer.from(`${text}\r\n`).toString('base64'),
});

/**
 * The office's bulk operations (issue 32, item 12) each leave one security event with the account,
 * who did it and what it counted, so that a mass change or download can be traced and alerted on.
 */
describe('security events of the office’s bulk operations', () => {
  // The demo history, seeded on this day, ends on 1 October; November is over on the day of the tests.
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const log = capturedLog();
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let meters: Awaited<ReturnType<typeof soparken1Meters>>;

  beforeAll(async () => {
    t = await createTestApp({ clock, logger: log.logger });
    clock.set(new Date('2026-12-03T10:00:00Z'));
    admin = await t.login('admin@eksempel.dk');
    adminId = await userIdOf(t.database.db, 'admin@eksempel.dk');
    meters = await soparken1Meters(t.database.db);
  });
  afterAll(async () => t.close());

  /** The one line of the event since `from` lines of it, at info level, by the administrator. */
  const onlyEvent = (event: string, from = 0) => {
    const lines = log.events(event).slice(from);
    expect(lines, event).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: INFO, userId: adminId, accountId: meters.soparken1 });
    return lines[0];
  };
  const itemOf = (meter: DemoMeter, point: string) => meter.items[point] ?? 0;

  it('import.applied: the kind and the rows created, changed and unchanged; never for a dry run', async () => {
    const file = csv(
      [
        'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed',
        'Hændelsesvej 1;;Varme 9;EVT-001;Varme;Energi;kWh',
        'Hændelsesvej 1;;Varme 9;EVT-001;Varme;Volumen;m³',
      ].join('\r\n'),
    );
    const url = `/api/admin/import/${meters.soparken1}/meters`;
    expect(
      (await t.inject({ method: 'POST', url: `${url}?mode=dry-run`, token: admin, payload: file }))
        .statusCode,
    ).toBe(200);
    expect(log.events('import.applied')).toEqual([]);
    const res = await t.inject({ method: 'POST', url: `${url}?mode=apply`, token: admin, payload: file });
    expect(ImportResult.parse(res.json()).applied).toBe(true);
    expect(onlyEvent('import.applied')).toMatchObject({
      kind: 'meters',
      rows: 2,
      created: 2,
      changed: 0,
      unchanged: 0,
    });
  });

  it('export.downloaded: which file, the format, the period and the rows in it', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/admin/export/${meters.soparken1}?date=2026-09-15&format=csv`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    const dataRows = res.body.trim().split('\r\n').length - 1;
    expect(dataRows).toBeGreaterThan(0);
    expect(onlyEvent('export.downloaded')).toMatchObject({
      file: 'aflaesninger',
      format: 'csv',
      periodStart: '2026-09-01',
      periodEnd: '2026-09-30',
      rows: dataRows,
    });
    const monthly = await t.inject({
      method: 'GET',
      url: `/api/admin/monthlyconsumption/${meters.soparken1}?date=2026-09-15&format=xlsx`,
      token: admin,
    });
    expect(monthly.statusCode).toBe(200);
    expect(onlyEvent('export.downloaded', 1)).toMatchObject({ file: 'forbrug-pr-maaned', format: 'xlsx' });
  });

  it('estimates.created: the period’s date and the number stored', async () => {
    const res = await t.inject({
      method: 'POST',
      url: `/api/admin/estimates/${meters.soparken1}`,
      token: admin,
      payload: { date: '2026-11-15', deviceItemIds: [itemOf(meters.coldWater, 'Volumen')] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(CreateEstimatesResponse.parse(res.json()).Count).toBe(1);
    expect(onlyEvent('estimates.created')).toMatchObject({ date: '2026-11-15', count: 1 });
  });

  it('review.approved and review.corrected: how many were asked for and how many changed', async () => {
    const sentAnyway = await postReadings(t, {
      token: admin,
      accountId: meters.soparken1,
      payload: [
        readingOf(meters.heat, 'Energi', '11/10/2026', '100', { plausibilityOverride: true }),
        readingOf(meters.heat, 'Volumen', '11/10/2026', '99999', { plausibilityOverride: true }),
      ],
    });
    expect(sentAnyway.statusCode, sentAnyway.body).toBe(200);
    const [first, second] = await reviewList(t, admin, meters.soparken1);
    if (!first || !second) throw new Error('two readings to review');

    const approved = await approve(t, admin, meters.soparken1, [first.ReadingId, first.ReadingId]);
    expect(ApproveResponse.parse(approved.json()).Count).toBe(1);
    const approvedEvent = onlyEvent('review.approved');
    expect(approvedEvent).toMatchObject({ requested: 2, count: 1 });
    // Only a control's approval names its kind (ADR 050); a reading's reads as before controls existed.
    expect(approvedEvent).not.toHaveProperty('kind');

    const corrected = await correct(t, admin, meters.soparken1, { readingId: second.ReadingId, value: '1' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(onlyEvent('review.corrected')).toMatchObject({ readingId: second.ReadingId, count: 1 });
  });

  it('meter.changed: the old and the new meter and the points moved over', async () => {
    const volumen = itemOf(meters.coldWater, 'Volumen');
    const last = await t.database.db
      .selectFrom('readings')
      .select('value')
      .where('device_item_id', '=', volumen)
      .orderBy('date_record', 'desc')
      .executeTakeFirstOrThrow();
    const res = await postToAccount(t, `meterchange/${meters.coldWater.deviceId}`, {
      token: admin,
      accountId: meters.soparken1,
      payload: {
        dateRecord: '12/02/2026',
        serialNumber: 'EVT-NY-1',
        points: [{ deviceItemId: volumen, finalValue: String(Number(last.value) + 1), startValue: '0' }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = MeterChangeResponse.parse(res.json());
    expect(onlyEvent('meter.changed')).toMatchObject({
      deviceId: meters.coldWater.deviceId,
      newDeviceId: answer.DeviceId,
      points: 1,
    });
  });

  it('meter.retired: the meter', async () => {
    const res = await meterWrite(t, admin, 'retiremeter', [meters.hotWater.deviceId], meters.soparken1);
    expect(res.statusCode, res.body).toBe(200);
    expect(onlyEvent('meter.retired')).toMatchObject({ deviceId: meters.hotWater.deviceId, count: 1 });
  });

  it('setting.changed: the key saved or deleted, never its value', async () => {
    const setting = (action: string, payload: object) =>
      t.inject({ method: 'POST', url: `/api/account/${action}`, token: admin, payload });
    const key = { accountid: meters.soparken1, key: 'readingPeriod' };
    expect((await setting('settingsave', { ...key, value: 'quarterly' })).statusCode).toBe(200);
    const saved = onlyEvent('setting.changed');
    expect(saved).toMatchObject({ key: 'readingPeriod', saved: 1 });
    expect(JSON.stringify(saved)).not.toContain('quarterly');
    expect((await setting('settingdelete', key)).statusCode).toBe(200);
    expect(onlyEvent('setting.changed', 1)).toMatchObject({ key: 'readingPeriod', deleted: 1 });
  });
});
