import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectNeighbourReadings } from '../../../src/db/repositories/reading-neighbours.ts';
import { insertReadingsIfAbsent, type ReadingWrite } from '../../../src/db/repositories/readings.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

// A write is judged by a few readings around its date (ADR 008/014/020), so what the server loads for
// it must not grow with the point's history: a remote meter gets a reading every day.
describe('the readings a write is judged by', () => {
  let t: TestApp;
  let pointId: number;
  let userId: string;
  const weeks = Array.from({ length: 60 }, (_, week) =>
    new Date(Date.UTC(2024, 0, 1 + week * 7)).toISOString().slice(0, 10),
  );
  const write = (
    dateRecord: string,
    value: number,
    source: ReadingWrite['source'] = 'web',
  ): ReadingWrite => ({
    deviceItemId: pointId,
    dateRecord,
    value: String(value),
    at: '2025-06-01T10:00:00.000Z',
    by: userId,
    plausibilityOverride: 0,
    needsReview: 0,
    source,
    enteredAt: null,
    reason: 'periodic',
  });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    pointId = (await db.selectFrom('device_items').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    userId = (await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await insertReadingsIfAbsent(
      db,
      weeks.map((date, week) => write(date, 100 + week)),
    );
    // An estimate after every real reading is never a basis (ADR 021).
    await insertReadingsIfAbsent(db, [write('2030-01-01', 999, 'estimate')]);
  });
  afterAll(() => t.close());

  /** The point's real readings' dates in order: the whole history the expectations are read from. */
  const realDates = async () =>
    (
      await t.database.db
        .selectFrom('readings')
        .select('date_record')
        .where('device_item_id', '=', pointId)
        .where('source', '!=', 'estimate')
        .orderBy('date_record')
        .execute()
    ).map((row) => row.date_record);

  const datesOf = async (dateRecord: string) =>
    (
      (await selectNeighbourReadings(t.database.db, [{ deviceItemId: pointId, dateRecord }])).get(pointId) ??
      []
    )
      .map((row) => row.dateRecord)
      .sort();

  it('loads the earliest, the two latest, and around the date the reading on it, before it and after it', async () => {
    const real = await realDates();
    expect(real.length).toBeGreaterThanOrEqual(weeks.length);
    const onDate = weeks[30] ?? '';
    const at = real.indexOf(onDate);
    const expected = new Set([real[0], real[at - 1], onDate, real[at + 1], real.at(-2), real.at(-1)]);
    expect(await datesOf(onDate)).toEqual([...expected].sort());
  });

  it('for a date without a reading: the latest before and the earliest after; for no keys nothing', async () => {
    const real = await realDates();
    const between = '2024-03-13';
    expect(real).not.toContain(between);
    const after = real.findIndex((date) => date > between);
    const needed = [real[0], real[after - 1], real[after], real.at(-2), real.at(-1)];
    const found = await datesOf(between);
    expect(found).toEqual(expect.arrayContaining(needed));
    // Six seeks at the most: never the point's whole history.
    expect(found.length).toBeLessThanOrEqual(6);
    expect((await selectNeighbourReadings(t.database.db, [])).size).toBe(0);
  });
});
