import { ApproveResponse, CONTROL_DEVIATION_REASON, ControlReviewList, ReviewList } from '@maaler/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyCsvImport } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  type OnePointMeter,
  onePointMeterOf,
} from '../../helpers/demo-fixtures.ts';
import { onePointReading, postReadings } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// Issue 38 (ADR 050, amended 2026-11-28): a `Kontrol` reading on a remote meter that deviates from the
// remote value of its day (interpolated between the nearest two) beyond the tolerance is on `Til
// kontrol` with both values and the difference, until the office approves it; the readings' list of
// `Til kontrol` is left as it was.

describe('deviating control readings on Til kontrol', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin'] });
  let norrevang: string;
  type Meter = OnePointMeter;
  let remote: Meter;
  let other: Meter;

  const meterOf = (serial: string) => onePointMeterOf(t.database.db, serial);

  const imported = (accountId: string, kind: 'meters' | 'readings', lines: string[]) =>
    applyCsvImport(t, t.admin, accountId, kind, lines);

  /** A remote meter with 1000 m³ on 1 November and 1100 on the 11th: 1050 on the 6th, 0.5 % is 5.25. */
  const remoteMeter = async (accountId: string, serial: string) => {
    await imported(accountId, 'meters', [
      'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed;Fjernaflæst;Radio-id',
      `Kontrolvej ${serial};;Koldt vand;${serial};Vand;Volumen;m³;ja;`,
    ]);
    await imported(accountId, 'readings', [
      'Radio-id;Tidspunkt;Værdi',
      `${serial};01-11-2026 04:00;1000`,
      `${serial};11-11-2026 04:00;1100`,
    ]);
    return meterOf(serial);
  };

  beforeAll(async () => {
    norrevang = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
    remote = await remoteMeter(t.soparken1, 'KRV-1');
    other = await remoteMeter(norrevang, 'KRV-2');
  });

  const control = async (
    usDate: string,
    value: string,
    options: { meter?: Meter; accountId?: string; idempotencyKey?: string } = {},
  ) => {
    const meter = options.meter ?? remote;
    const res = await postReadings(t, {
      token: t.admin,
      accountId: options.accountId ?? t.soparken1,
      idempotencyKey: options.idempotencyKey,
      payload: [onePointReading(meter, usDate, value, { reason: 'control', plausibilityOverride: true })],
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const controlsToReview = async (accountId = t.soparken1) => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/admin/review/controls/${accountId}`,
      token: t.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ControlReviewList.parse(res.json());
  };
  const readingsToReview = async () => {
    const res = await t.inject({ method: 'GET', url: `/api/admin/review/${t.soparken1}`, token: t.admin });
    expect(res.statusCode, res.body).toBe(200);
    return ReviewList.parse(res.json());
  };
  const approve = (controlReadingIds: number[], accountId = t.soparken1) =>
    t.inject({
      method: 'POST',
      url: `/api/admin/review/controls/approve/${accountId}`,
      token: t.admin,
      payload: { controlReadingIds },
    });
  const taskNotes = async (meter: Meter) =>
    t.database.db
      .selectFrom('tasks')
      .leftJoin('task_comments as c', 'c.task_id', 'tasks.id')
      .select(['tasks.id', 'c.text as comment'])
      .where('device_id', '=', meter.id)
      .where('reason', '=', CONTROL_DEVIATION_REASON)
      .execute();

  it('never lists a control within the tolerance, the boundary included', async () => {
    const readingsBefore = await readingsToReview();
    await control('11/06/2026', '1055.25');
    // 7 November: 1060 interpolated, 0.5 % is 5.3.
    await control('11/07/2026', '1063');
    expect(await controlsToReview()).toEqual([]);
    // The readings' own list of `Til kontrol` is untouched by controls.
    expect(await readingsToReview()).toEqual(readingsBefore);
  });

  it('lists a deviating control with its value, the interpolated remote value and the difference', async () => {
    const readingsBefore = await readingsToReview();
    await control('11/06/2026', '1055.26');
    await control('11/08/2026', '1060');
    const list = await controlsToReview();
    expect(list).toEqual([
      expect.objectContaining({
        Reason: CONTROL_DEVIATION_REASON,
        DeviceId: remote.id,
        DeviceItemId: remote.pointId,
        GatewayId: remote.gatewayId,
        DateRecord: '2026-11-06',
        DateRecordFormatted: '06-11-2026',
        Value: '1055,26',
        RemoteValue: '1050',
        Difference: '5,26',
        RegisteredBy: expect.any(String),
      }),
      // 8 November: 1070 interpolated, 1060 is 10 below.
      expect.objectContaining({ DateRecord: '2026-11-08', RemoteValue: '1070', Difference: '-10' }),
    ]);
    expect(await readingsToReview()).toEqual(readingsBefore);
  });

  it('a resent control (a retry, with or without the same Idempotency-Key) makes no second entry and no second note', async () => {
    const tasksBefore = await taskNotes(remote);
    const listBefore = await controlsToReview();
    await control('11/06/2026', '1055.26');
    await control('11/06/2026', '1055.26', { idempotencyKey: 'control-retry-1' });
    await control('11/06/2026', '1055.26', { idempotencyKey: 'control-retry-1' });
    expect(await controlsToReview()).toEqual(listBefore);
    expect(await taskNotes(remote)).toEqual(tasksBefore);
  });

  it('a new value within the tolerance for the same day takes the control off the list', async () => {
    await control('11/08/2026', '1070.5');
    expect((await controlsToReview()).map((entry) => entry.DateRecord)).toEqual(['2026-11-06']);
  });

  it("shows another account's controls only on that account, and approves none of them from here", async () => {
    await control('11/06/2026', '990', { meter: other, accountId: norrevang });
    const [elsewhere] = await controlsToReview(norrevang);
    expect(elsewhere).toMatchObject({
      DeviceId: other.id,
      Value: '990',
      RemoteValue: '1050',
      Difference: '-60',
    });
    const here = await controlsToReview();
    expect(here.map((entry) => entry.DeviceId)).toEqual([remote.id]);
    if (!elsewhere) throw new Error('a control to review on Nørrevang');
    const res = await approve([elsewhere.ControlReadingId]);
    expect(res.statusCode).toBe(404);
    expect(await controlsToReview(norrevang)).toHaveLength(1);
  });

  it('approving clears the entry (once); ids that are not deviating controls of the account are 404 and change nothing', async () => {
    const [entry] = await controlsToReview();
    if (!entry) throw new Error('a control to review');
    const within = await t.database.db
      .selectFrom('control_readings')
      .select('id')
      .where('device_item_id', '=', remote.pointId)
      .where('date_record', '=', '2026-11-07')
      .executeTakeFirstOrThrow();
    const refused = await approve([entry.ControlReadingId, within.id]);
    expect(refused.statusCode).toBe(404);
    expect(await controlsToReview()).toHaveLength(1);

    const res = await approve([entry.ControlReadingId]);
    expect(res.statusCode, res.body).toBe(200);
    expect(ApproveResponse.parse(res.json()).Count).toBe(1);
    const event = await t.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('event', '=', 'review.approved')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.details)).toMatchObject({ kind: 'control', requested: 1, count: 1 });
    expect(await controlsToReview()).toEqual([]);
    const again = await approve([entry.ControlReadingId]);
    expect(ApproveResponse.parse(again.json()).Count).toBe(0);

    // A retry of the approved control does not bring it back; a new value for that day does.
    await control('11/06/2026', '1055.26');
    expect(await controlsToReview()).toEqual([]);
    await control('11/06/2026', '1056');
    expect(await controlsToReview()).toEqual([
      expect.objectContaining({ ControlReadingId: entry.ControlReadingId, Value: '1056', Difference: '6' }),
    ]);
  });

  it('is for administrators only', async () => {
    const reader = await t.login('tekniker@eksempel.dk');
    const res = await t.inject({
      method: 'GET',
      url: `/api/admin/review/controls/${norrevang}`,
      token: reader,
    });
    expect(res.statusCode).toBe(403);
  });
});
