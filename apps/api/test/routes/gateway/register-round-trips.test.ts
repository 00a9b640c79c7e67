import { expectedRange, RegisterReadingsResponse } from '@maaler/contract';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';
import { onPostgres } from '../../helpers/test-store.ts';

describe.skipIf(!onPostgres())('round trips of a reading request (PostgreSQL only, ADR 027)', () => {
  const t = useDemoApp({
    clock: testClock(new Date('2026-11-22T10:00:00Z')),
    signIn: ['kunde'],
    cleanUp: ['new-readings'],
  });

  /** The texts the pool's connections sent while `run` ran: one a round trip. */
  async function sentDuring(run: () => Promise<unknown>): Promise<string[]> {
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await run();
      return spy.mock.calls.map(([query]) =>
        typeof query === 'string' ? query : String((query as { text?: string }).text),
      );
    } finally {
      spy.mockRestore();
    }
  }

  /**
   * A value of the cold-water point on `isoDate` that the plausibility rule accepts: an implausible
   * one goes to `Til kontrol`, which is the transactional path's (issue 32).
   */
  async function plausibleOn(isoDate: string): Promise<string> {
    const known = await t.database.db
      .selectFrom('readings')
      .select(['date_record as date', 'value'])
      .where('device_item_id', '=', t.coldWater.items.Volumen as number)
      .where('date_record', '<', isoDate)
      .execute();
    const range = expectedRange(known, isoDate);
    if (!range) throw new Error('the demo history gives the cold-water point an expected range');
    return String(range.min).replace('.', ',');
  }

  it('stores a single plausible reading with a key in 4 round trips', async () => {
    const post = (dateRecord: string, key: string, value: string) =>
      postReadings(t, {
        token: t.kunde,
        accountId: t.soparken1,
        payload: [readingOf(t.coldWater, 'Volumen', dateRecord, value)],
        idempotencyKey: key,
      });
    // The first write of the app also sweeps expired keys (once a minute).
    expect((await post('11/01/2026', 'warm-up', await plausibleOn('2026-11-01'))).statusCode).toBe(200);
    const value = await plausibleOn('2026-11-02');
    const sent = await sentDuring(async () => {
      const res = await post('11/02/2026', 'counted', value);
      expect(res.statusCode).toBe(200);
      expect(RegisterReadingsResponse.parse(res.json()).Count).toBe(1);
    });
    // The guard's user row with the account, the points, the points' readings the plausibility rule
    // judges by (issue 32); then the write with its commit and the bump.
    expect(sent).toHaveLength(4);
    expect(sent.filter((text) => /register_readings/.test(text))).toEqual([
      expect.stringMatching(/^begin; select \* from "register_readings"\(.*\); commit; select nextval/s),
    ]);
  });

  it('reads the neighbours of a point that counts only up once for both judgements: still 4 round trips', async () => {
    const point = t.coldWater.items.Volumen as number;
    const countsUpOnly = (flag: 0 | 1) =>
      t.database.db
        .updateTable('device_items')
        .set({ counts_up_only: flag })
        .where('id', '=', point)
        .execute();
    await countsUpOnly(1);
    try {
      const value = await plausibleOn('2026-11-04');
      const sent = await sentDuring(async () => {
        const res = await postReadings(t, {
          token: t.kunde,
          accountId: t.soparken1,
          payload: [readingOf(t.coldWater, 'Volumen', '11/04/2026', value)],
          idempotencyKey: 'counts-up-only',
        });
        expect(res.statusCode, res.body).toBe(200);
      });
      // The register rule (ADR 020) and `Til kontrol` (issue 32) judge by the same neighbouring
      // readings: one query for both, as for a point without settings.
      expect(sent).toHaveLength(4);
      expect(sent.filter((text) => /with k as/.test(text))).toHaveLength(1);
    } finally {
      await countsUpOnly(0);
    }
  });

  it('quotes a key with quotes, backslashes and SQL in it as a value: stored once, answered again', async () => {
    const key = `it's \\'); drop table readings; -- \\\\ "x"`;
    const value = await plausibleOn('2026-11-03');
    const post = () =>
      postReadings(t, {
        token: t.kunde,
        accountId: t.soparken1,
        payload: [readingOf(t.coldWater, 'Volumen', '11/03/2026', value)],
        idempotencyKey: key,
      });
    let first: Awaited<ReturnType<typeof post>> | undefined;
    const sent = await sentDuring(async () => {
      first = await post();
    });
    expect(first?.statusCode).toBe(200);
    expect(sent.some((text) => text.includes('register_readings'))).toBe(true);
    const again = await post();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first?.json());
    const stored = await t.database.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', key)
      .execute();
    expect(stored).toEqual([{ key }]);
    const readings = await t.database.db
      .selectFrom('readings')
      .select('value')
      .where('device_item_id', '=', t.coldWater.items.Volumen as number)
      .where('date_record', '=', '2026-11-03')
      .execute();
    expect(readings).toHaveLength(1);
  });
});
