import type { ReadingPayload } from '@maaler/contract';
import {
  GatewayTree,
  MESSAGES,
  READING_ERRORS,
  RegisterReadingsResponse,
  ValidationErrorResponse,
} from '@maaler/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  type DemoMeter,
  meterOf,
  snapshotData,
  userIdOf,
} from '../../helpers/demo-fixtures.ts';
import { postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

describe('POST /api/gateway/manualregisterdeviceitemdata/{accountId}', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['kunde', 'admin'] });
  let gas: DemoMeter;

  beforeAll(async () => {
    gas = await meterOf(t.database.db, 'Søparken 20, fyrrum', 'Gasmåler kedel');
  });

  const post = (payload: object, token = t.kunde) =>
    postReadings(t, { token, accountId: t.soparken1, payload });

  async function storedReading(deviceItemId: number | undefined, isoDate: string) {
    return t.database.db
      .selectFrom('readings')
      .selectAll()
      .where('device_item_id', '=', deviceItemId ?? 0)
      .where('date_record', '=', isoDate)
      .executeTakeFirst();
  }

  async function auditOf(readingId: number) {
    return t.database.db
      .selectFrom('reading_audit')
      .selectAll()
      .where('reading_id', '=', readingId)
      .orderBy('id')
      .execute();
  }

  async function lastValueOf(deviceItemId: number | undefined) {
    const tree = GatewayTree.parse(
      (
        await t.inject({ method: 'GET', url: `/api/gateway/loadlistsimple/${t.soparken1}`, token: t.kunde })
      ).json(),
    );
    const point = tree
      .flatMap((g) => g.DeviceList)
      .flatMap((d) => d.DeviceItemList)
      .find((i) => i.DeviceItemId === deviceItemId);
    return (
      point && { value: point.LastValue, date: point.LastDateValue, formatted: point.LastDateValueFormatted }
    );
  }

  describe('refuses every invalid reading with 406 naming the point, and stores nothing', () => {
    const cases: [string, () => ReadingPayload[], () => string][] = [
      [
        'an unknown measurement point',
        () => [{ ...readingOf(t.heat, 'Energi', '11/01/2026', '1'), deviceItemId: 999_999 }],
        () => READING_ERRORS.unknownDeviceItem(999_999),
      ],
      [
        'a point of another meter',
        () => [{ ...readingOf(t.heat, 'Energi', '11/01/2026', '1'), deviceId: t.coldWater.deviceId }],
        () => READING_ERRORS.unknownDeviceItem(t.heat.items.Energi ?? 0),
      ],
      [
        'a point at another location',
        () => [{ ...readingOf(t.heat, 'Energi', '11/01/2026', '1'), gatewayId: t.hotWater.gatewayId }],
        () => READING_ERRORS.unknownDeviceItem(t.heat.items.Energi ?? 0),
      ],
      [
        'a point of another account of the same user',
        () => [readingOf(gas, 'Volumen', '11/01/2026', '1')],
        () => READING_ERRORS.unknownDeviceItem(gas.items.Volumen ?? 0),
      ],
      [
        'an ISO date instead of MM/DD/YYYY',
        () => [readingOf(t.heat, 'Energi', '2026-11-01', '1')],
        () => READING_ERRORS.dateInvalid('Energi'),
      ],
      [
        'a date that is not in the calendar (02/30/2024)',
        () => [readingOf(t.heat, 'Energi', '02/30/2024', '1')],
        () => READING_ERRORS.dateInvalid('Energi'),
      ],
      [
        'a date before 1 Feb 2022 (01/31/2022)',
        () => [readingOf(t.heat, 'Energi', '01/31/2022', '1')],
        () => READING_ERRORS.dateTooEarly('Energi'),
      ],
      [
        'tomorrow in Copenhagen',
        () => [readingOf(t.heat, 'Energi', '11/23/2026', '1')],
        () => READING_ERRORS.dateInFuture('Energi'),
      ],
      [
        'a value that is not a number',
        () => [readingOf(t.heat, 'Volumen', '11/01/2026', '12a')],
        () => READING_ERRORS.valueInvalid('Volumen'),
      ],
      [
        'a negative value',
        () => [readingOf(t.heat, 'Volumen', '11/01/2026', '-1')],
        () => READING_ERRORS.valueInvalid('Volumen'),
      ],
      [
        'two decimal separators',
        () => [readingOf(t.heat, 'Volumen', '11/01/2026', '1,5,3')],
        () => READING_ERRORS.valueInvalid('Volumen'),
      ],
      [
        'an empty value',
        () => [readingOf(t.heat, 'Volumen', '11/01/2026', '')],
        () => READING_ERRORS.valueInvalid('Volumen'),
      ],
      [
        'more digits than can be stored exactly',
        () => [readingOf(t.heat, 'Volumen', '11/01/2026', '1234567890123')],
        () => READING_ERRORS.valueInvalid('Volumen'),
      ],
      [
        'one point and date twice with different values',
        () => [
          readingOf(t.heat, 'Energi', '11/01/2026', '1'),
          readingOf(t.heat, 'Energi', '11/01/2026', '2'),
        ],
        () => READING_ERRORS.duplicate('Energi'),
      ],
      [
        'one bad reading among good ones',
        () => [
          readingOf(t.heat, 'Energi', '11/01/2026', '500'),
          readingOf(t.coldWater, 'Volumen', '11/01/2026', '21000'),
          readingOf(t.heat, 'Volumen', '11/01/2026', 'x'),
        ],
        () => READING_ERRORS.valueInvalid('Volumen'),
      ],
    ];

    it.each(cases)('%s', async (_name, batch, expected) => {
      const before = await snapshotData(t.database.db);
      const res = await post(batch());
      expect(res.statusCode).toBe(406);
      const body = ValidationErrorResponse.parse(res.json());
      expect(body.validationError).toBe(expected());
      expect(await snapshotData(t.database.db)).toBe(before);
    });

    it('names the point in Danish', async () => {
      const res = await post([readingOf(t.heat, 'Energi', '11/23/2026', '1')]);
      expect(res.json().validationError).toBe('Dato for målepunktet "Energi" må ikke være efter dags dato');
    });
  });

  it('answers malformed bodies with 400 and a Danish message', async () => {
    const notArray = await post({ value: '1' });
    expect(notArray.statusCode).toBe(400);
    expect(notArray.json()).toEqual({ Message: MESSAGES.readingsEmpty });
    const wrongType = await post([{ ...readingOf(t.heat, 'Energi', '11/01/2026', '1'), value: 12.5 }]);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ Message: MESSAGES.readingValueRequired });
    const stringId = await post([{ ...readingOf(t.heat, 'Energi', '11/01/2026', '1'), deviceItemId: '5' }]);
    expect(stringId.json()).toEqual({ Message: MESSAGES.deviceItemInvalid });
    expect((await post([])).json()).toEqual({ Message: MESSAGES.readingsEmpty });
  });

  it('accepts 1 Feb 2022 and today, and stores the batch with Count = its length', async () => {
    const res = await post([
      readingOf(t.heat, 'Energi', '02/01/2022', '100,5'),
      readingOf(t.heat, 'Volumen', '11/22/2026', '9000'),
    ]);
    expect(res.statusCode).toBe(200);
    expect(RegisterReadingsResponse.parse(res.json())).toEqual({ Success: true, Message: '', Count: 2 });
    expect((await storedReading(t.heat.items.Energi, '2022-02-01'))?.value).toBe('100.5');
    expect((await storedReading(t.heat.items.Volumen, '2026-11-22'))?.value).toBe('9000');
  });

  it('takes "today" in Copenhagen, not in UTC', async () => {
    clock.set(new Date('2026-11-22T23:30:00Z'));
    try {
      // 00:30 on 23 November in Copenhagen; a fresh token, as the morning's has expired.
      const token = await t.login('kunde@eksempel.dk');
      const res = await post([readingOf(t.coldWater, 'Volumen', '11/23/2026', '21500')], token);
      expect(res.statusCode).toBe(200);
    } finally {
      clock.set(new Date('2026-11-22T10:00:00Z'));
    }
  });

  it('writes an audit entry with no old value when it creates a reading', async () => {
    const kundeId = await userIdOf(t.database.db, 'kunde@eksempel.dk');
    await post([readingOf(t.heat, 'Energi', '11/02/2026', '480,25')]);
    const reading = await storedReading(t.heat.items.Energi, '2026-11-02');
    expect(reading).toMatchObject({ value: '480.25', registered_by: kundeId, plausibility_override: 0 });
    const audit = await auditOf(reading?.id ?? 0);
    expect(audit).toMatchObject([
      { old_value: null, new_value: '480.25', changed_by: kundeId, changed_at: clock.now().toISOString() },
    ]);
  });

  it('replaces a value for the same point and date and keeps the old one in the audit trail', async () => {
    const adminId = await userIdOf(t.database.db, 'admin@eksempel.dk');
    await post([readingOf(t.heat, 'Energi', '11/03/2026', '481')]);
    clock.advance(60_000);
    const res = await post([readingOf(t.heat, 'Energi', '11/03/2026', '482,5')], t.admin);
    expect(res.json()).toEqual({ Success: true, Message: '', Count: 1 });

    const reading = await storedReading(t.heat.items.Energi, '2026-11-03');
    expect(reading).toMatchObject({
      value: '482.5',
      registered_by: adminId,
      registered_at: clock.now().toISOString(),
    });
    const audit = await auditOf(reading?.id ?? 0);
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      old_value: '481',
      new_value: '482.5',
      changed_by: adminId,
      changed_at: clock.now().toISOString(),
    });
    const count = await t.database.db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('device_item_id', '=', t.heat.items.Energi ?? 0)
      .where('date_record', '=', '2026-11-03')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('creates, replaces and keeps readings in one batch', async () => {
    await post([
      readingOf(t.coldWater, 'Volumen', '11/07/2026', '21010'),
      readingOf(t.heat, 'Energi', '11/07/2026', '490'),
    ]);
    const res = await post([
      readingOf(t.heat, 'Volumen', '11/07/2026', '8100'),
      readingOf(t.coldWater, 'Volumen', '11/07/2026', '21011'),
      readingOf(t.heat, 'Energi', '11/07/2026', '490,0'),
    ]);
    expect(res.json()).toEqual({ Success: true, Message: '', Count: 3 });
    const created = await storedReading(t.heat.items.Volumen, '2026-11-07');
    const replaced = await storedReading(t.coldWater.items.Volumen, '2026-11-07');
    const kept = await storedReading(t.heat.items.Energi, '2026-11-07');
    expect([created?.value, replaced?.value, kept?.value]).toEqual(['8100', '21011', '490']);
    expect((await auditOf(created?.id ?? 0)).map((a) => [a.old_value, a.new_value])).toEqual([
      [null, '8100'],
    ]);
    expect((await auditOf(replaced?.id ?? 0)).map((a) => [a.old_value, a.new_value])).toEqual([
      [null, '21010'],
      ['21010', '21011'],
    ]);
    expect(await auditOf(kept?.id ?? 0)).toHaveLength(1);
  });

  it('accepts an identical resend and changes nothing, even when the value is written differently', async () => {
    await post([readingOf(t.heat, 'Volumen', '11/04/2026', '12,50')]);
    const before = await snapshotData(t.database.db);
    clock.advance(60_000);
    const res = await post([readingOf(t.heat, 'Volumen', '11/04/2026', '12.5')], t.admin);
    expect(res.json()).toEqual({ Success: true, Message: '', Count: 1 });
    expect(await snapshotData(t.database.db)).toBe(before);
    expect((await storedReading(t.heat.items.Volumen, '2026-11-04'))?.value).toBe('12.5');
  });

  it('merges identical repeats inside one batch and counts every entry', async () => {
    const res = await post([
      readingOf(t.coldWater, 'Volumen', '11/05/2026', '21001'),
      readingOf(t.coldWater, 'Volumen', '11/05/2026', '21001,0'),
    ]);
    expect(res.json()).toEqual({ Success: true, Message: '', Count: 2 });
    const reading = await storedReading(t.coldWater.items.Volumen, '2026-11-05');
    expect(await auditOf(reading?.id ?? 0)).toHaveLength(1);
  });

  it('stores plausibilityOverride on the reading and its audit entry', async () => {
    await post([readingOf(t.coldWater, 'Volumen', '11/06/2026', '99999', { plausibilityOverride: true })]);
    const reading = await storedReading(t.coldWater.items.Volumen, '2026-11-06');
    expect(reading?.plausibility_override).toBe(1);
    expect((await auditOf(reading?.id ?? 0))[0]?.plausibility_override).toBe(1);
  });

  it('keeps decimals exact', async () => {
    await post([readingOf(t.hotWater, 'Volumen', '10/01/2026', '0,000001')]);
    expect((await lastValueOf(t.hotWater.items.Volumen))?.value).toBe('0,000001');
    await post([readingOf(t.hotWater, 'Volumen', '10/02/2026', '123456789012,123456')]);
    expect((await lastValueOf(t.hotWater.items.Volumen))?.value).toBe('123456789012,123456');
    await post([readingOf(t.hotWater, 'Volumen', '10/03/2026', '999999999999.999999')]);
    expect((await storedReading(t.hotWater.items.Volumen, '2026-10-03'))?.value).toBe('999999999999.999999');
    await post([readingOf(t.hotWater, 'Volumen', '10/04/2026', '007,10')]);
    expect((await lastValueOf(t.hotWater.items.Volumen))?.value).toBe('7,1');
  });

  it('shows as LastValue the reading with the latest date, not the latest insert', async () => {
    await post([readingOf(t.hotWater, 'Volumen', '11/20/2026', '50')]);
    await post([readingOf(t.hotWater, 'Volumen', '11/10/2026', '40')]);
    expect(await lastValueOf(t.hotWater.items.Volumen)).toEqual({
      value: '50',
      date: '2026-11-20',
      formatted: '20-11-2026',
    });
    await post([readingOf(t.hotWater, 'Volumen', '11/21/2026', '51,5')]);
    expect((await lastValueOf(t.hotWater.items.Volumen))?.value).toBe('51,5');
  });

  it('answers 404 for an account the user does not reach', async () => {
    const klover = await accountIdOf(t.database.db, ACCOUNT_NAMES.klover);
    const res = await postReadings(t, {
      token: t.kunde,
      accountId: klover,
      payload: [readingOf(t.heat, 'Energi', '11/01/2026', '1')],
    });
    expect(res.statusCode).toBe(404);
  });
});
