import { expectedRange } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { applyCsvImport, reviewList } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import type { DemoMeter } from '../../helpers/demo-fixtures.ts';
import { keptOffline, postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// Issue 32, item 6: `Til kontrol` no longer depends on the client's plausibilityOverride. The server
// judges every value at write time with the contract's rule, for every source; on PostgreSQL the
// form's readings take the one-statement path (ADR 027), on SQLite the transactional one.

describe('Til kontrol: the server flags implausible readings itself', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin', 'kunde'], cleanUp: ['new-readings'] });

  const pointOf = (meter: DemoMeter) => {
    const [name, id] = Object.entries(meter.items)[0] ?? [];
    if (name === undefined || id === undefined) throw new Error('the demo meter has a point');
    return { name, id };
  };
  const inReview = async (itemId: number) =>
    (await reviewList(t, t.admin, t.soparken1)).filter((entry) => entry.DeviceItemId === itemId);
  /** The server's verdict and the client's flag as stored. */
  const storedFlags = (itemId: number, date: string) =>
    t.database.db
      .selectFrom('readings')
      .select(['needs_review', 'plausibility_override'])
      .where('device_item_id', '=', itemId)
      .where('date_record', '=', date)
      .executeTakeFirstOrThrow();

  it('sends 99999 from the form without plausibilityOverride to the review list, with its warning', async () => {
    const point = pointOf(t.heat);
    const res = await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: [readingOf(t.heat, point.name, '11/20/2026', '99999')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = await inReview(point.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ Value: '99999', DateRecord: '2026-11-20' });
    expect(listed[0]?.Warnings.map((warning) => warning.Kind)).toEqual(['consumption-high']);
    // The user never said they saw a warning: the client's flag stays as sent.
    expect(await storedFlags(point.id, '2026-11-20')).toEqual({ needs_review: 1, plausibility_override: 0 });
  });

  it('sends an offline reading of 99999 to the review list too', async () => {
    const point = pointOf(t.coldWater);
    const res = await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: [
        readingOf(t.coldWater, point.name, '11/21/2026', '99999', keptOffline('2026-11-21T08:00:00.000Z')),
      ],
      idempotencyKey: 'offline-review-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await inReview(point.id)).map((entry) => entry.Value)).toEqual(['99999']);
  });

  it('sends an imported 99999 to the review list', async () => {
    const point = pointOf(t.heat);
    const imported = await applyCsvImport(t, t.admin, t.soparken1, 'readings', [
      'Serienummer;Målepunkt;Dato;Værdi',
      `KAM-603-112233;${point.name};19-11-2026;99999`,
    ]);
    expect(imported).toMatchObject({ created: 1 });
    expect((await inReview(point.id)).map((entry) => [entry.DateRecord, entry.Value])).toEqual([
      ['2026-11-19', '99999'],
    ]);
  });

  it('leaves a plausible value out of the review list, from the form (even sent anyway) and from the import', async () => {
    const point = pointOf(t.heat);
    const known = (
      await t.database.db
        .selectFrom('readings')
        .select(['date_record as date', 'value'])
        .where('device_item_id', '=', point.id)
        .execute()
    ).filter((reading) => reading.date < '2026-11-20');
    const range = expectedRange(known, '2026-11-20');
    if (!range) throw new Error('the demo history gives the heat point an expected range');
    const res = await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      // Sent with the flag (the user saw some warning): the flag is kept, the value is not to review.
      payload: [
        readingOf(t.heat, point.name, '11/20/2026', String(range.min).replace('.', ','), {
          plausibilityOverride: true,
        }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedFlags(point.id, '2026-11-20')).toEqual({ needs_review: 0, plausibility_override: 1 });

    const next = expectedRange([...known, { date: '2026-11-20', value: String(range.min) }], '2026-11-21');
    if (!next) throw new Error('a range for the next day');
    const imported = await applyCsvImport(t, t.admin, t.soparken1, 'readings', [
      'Serienummer;Målepunkt;Dato;Værdi',
      `KAM-603-112233;${point.name};21-11-2026;${String(next.max).replace('.', ',')}`,
    ]);
    expect(imported).toMatchObject({ created: 1 });
    expect(await storedFlags(point.id, '2026-11-21')).toEqual({ needs_review: 0, plausibility_override: 0 });
    expect(await inReview(point.id)).toEqual([]);
  });
});
