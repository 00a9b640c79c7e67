import { READING_ERRORS, ValidationErrorResponse } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import type { DemoMeter } from '../../helpers/demo-fixtures.ts';
import { keptOffline, meterHistory, postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// ADR 017: every reading keeps where it came from; a client may claim only `web` and `offline`.
describe('the source of a reading', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['kunde'] });

  const post = (payload: object) => postReadings(t, { token: t.kunde, accountId: t.soparken1, payload });

  async function historyOf(meter: DemoMeter, isoDate: string) {
    return (await meterHistory(t, t.kunde, t.soparken1, meter)).filter(
      (entry) => entry.DateRecord === isoDate,
    );
  }

  async function storedOn(deviceItemId: number | undefined, isoDate: string) {
    return t.database.db
      .selectFrom('readings')
      .select(['id', 'value', 'source', 'entered_at'])
      .where('device_item_id', '=', deviceItemId ?? 0)
      .where('date_record', '=', isoDate)
      .executeTakeFirst();
  }

  it('is web when the body does not say, as the contract’s own readings are', async () => {
    expect((await post([readingOf(t.heat, 'Energi', '11/02/2026', '402')])).statusCode).toBe(200);
    expect(await storedOn(t.heat.items.Energi, '2026-11-02')).toMatchObject({
      source: 'web',
      entered_at: null,
    });
    expect(await historyOf(t.heat, '2026-11-02')).toMatchObject([{ Source: 'web', EnteredAt: null }]);
  });

  it('stores an offline reading with its time of entry, in UTC, and returns both in the history', async () => {
    const res = await post([
      readingOf(t.heat, 'Energi', '11/03/2026', '403', keptOffline('2026-11-03T07:15:00+01:00')),
      readingOf(t.heat, 'Volumen', '11/03/2026', '13', { source: 'web' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await historyOf(t.heat, '2026-11-03')).toMatchObject([
      { Name: 'Energi', Source: 'offline', EnteredAt: '2026-11-03T06:15:00.000Z' },
      { Name: 'Volumen', Source: 'web', EnteredAt: null },
    ]);
  });

  it.each([
    ['import', { source: 'import' }, READING_ERRORS.sourceInvalid('Volumen')],
    ['cli', { source: 'cli' }, READING_ERRORS.sourceInvalid('Volumen')],
    ['estimate', { source: 'estimate' }, READING_ERRORS.sourceInvalid('Volumen')],
    ['offline without a time of entry', { source: 'offline' }, READING_ERRORS.enteredAtRequired('Volumen')],
    [
      'a time of entry without offline',
      { enteredAt: '2026-11-04T08:00:00Z' },
      READING_ERRORS.enteredAtNotAllowed('Volumen'),
    ],
    [
      'a time of entry in the future',
      keptOffline('2026-11-22T10:06:00Z'),
      READING_ERRORS.enteredAtInFuture('Volumen'),
    ],
    ['a time of entry that is no time', keptOffline('i går'), READING_ERRORS.enteredAtInvalid('Volumen')],
  ])('refuses %s with 406 and stores nothing of the batch', async (_case, fields, expected) => {
    const res = await post([
      readingOf(t.coldWater, 'Volumen', '11/04/2026', '30004'),
      readingOf(t.heat, 'Volumen', '11/04/2026', '14', fields),
    ]);
    expect(res.statusCode).toBe(406);
    expect(ValidationErrorResponse.parse(res.json())).toEqual({ validationError: expected });
    expect(await storedOn(t.coldWater.items.Volumen, '2026-11-04')).toBeUndefined();
    expect(await storedOn(t.heat.items.Volumen, '2026-11-04')).toBeUndefined();
  });

  it('moves to the source of a replacing value, while the audit trail keeps the earlier one', async () => {
    await post([readingOf(t.heat, 'Energi', '11/05/2026', '405', keptOffline('2026-11-05T06:00:00Z'))]);
    // An identical resend changes nothing, not even the source.
    await post([readingOf(t.heat, 'Energi', '11/05/2026', '405')]);
    expect(await storedOn(t.heat.items.Energi, '2026-11-05')).toMatchObject({
      source: 'offline',
      entered_at: '2026-11-05T06:00:00.000Z',
    });

    await post([readingOf(t.heat, 'Energi', '11/05/2026', '405,5')]);
    const stored = await storedOn(t.heat.items.Energi, '2026-11-05');
    expect(stored).toMatchObject({ value: '405.5', source: 'web', entered_at: null });
    const audit = await t.database.db
      .selectFrom('reading_audit')
      .select(['old_value', 'new_value', 'source', 'entered_at'])
      .where('reading_id', '=', stored?.id ?? 0)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { old_value: null, new_value: '405', source: 'offline', entered_at: '2026-11-05T06:00:00.000Z' },
      { old_value: '405', new_value: '405.5', source: 'web', entered_at: null },
    ]);
    expect(await historyOf(t.heat, '2026-11-05')).toMatchObject([
      {
        Value: '405,5',
        Source: 'web',
        EnteredAt: null,
        Corrections: [{ OldValue: '405', NewValue: '405,5' }],
      },
    ]);
  });

  it('marks the demo history as imported', async () => {
    const sources = await t.database.db
      .selectFrom('readings')
      .select('source')
      .where('date_record', '<', '2026-11-01')
      .distinct()
      .execute();
    expect(sources).toEqual([{ source: 'import' }]);
  });
});
