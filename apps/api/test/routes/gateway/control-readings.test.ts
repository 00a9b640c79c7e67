import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { periodStatus } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { meterHistory, postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// Issue 37 (ADR 049): a `Kontrol` reading is kept beside the period's reading, never instead of it,
// is not counted as a reading of the period, and is compared with it in the history. The demo heat
// meter's Energi ends its history at 466,15 on 1 October 2026.

describe('control readings beside the period reading (issue 37)', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin'], cleanUp: ['new-readings'] });

  const read = async (usDate: string, value: string, reason?: string) => {
    const res = await postReadings(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: [readingOf(t.heat, 'Energi', usDate, value, { plausibilityOverride: true, reason })],
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const energiHistory = async () =>
    (await meterHistory(t, t.admin, t.soparken1, t.heat)).filter((entry) => entry.Name === 'Energi');
  const storedOn = (isoDate: string) =>
    t.database.db
      .selectFrom('readings')
      .select(['value', 'reason'])
      .where('device_item_id', '=', t.heat.items.Energi ?? 0)
      .where('date_record', '=', isoDate)
      .execute();

  it('a control on the day of the period reading leaves it as it was and shows beside it with the difference', async () => {
    await read('11/10/2026', '470');
    await read('11/10/2026', '471,5', 'control');

    expect(await storedOn('2026-11-10')).toEqual([{ value: '470', reason: 'periodic' }]);
    const [latest, ...earlier] = await energiHistory();
    expect(latest).toMatchObject({
      DateRecord: '2026-11-10',
      Value: '470',
      Reason: 'periodic',
      Corrections: [],
    });
    expect(latest?.Controls).toEqual([
      expect.objectContaining({ DateRecord: '2026-11-10', Value: '471,5', Difference: '1,5' }),
    ]);
    // One history row per reading: the control is no row of its own.
    expect(earlier[0]?.DateRecord).toBe('2026-10-01');
  });

  it('a control on another day is compared with the reading nearest in date', async () => {
    await read('11/10/2026', '470');
    await read('11/14/2026', '469', 'control');
    const [latest, before] = await energiHistory();
    expect(latest?.Controls).toEqual([
      expect.objectContaining({ DateRecord: '2026-11-14', Value: '469', Difference: '-1' }),
    ]);
    expect(before?.Controls).toBeUndefined();
  });

  it('a control alone is no reading of the period: the point is still missing and no consumption counts it', async () => {
    await read('11/10/2026', '9999', 'control');
    const status = await periodStatus(t, t.admin, t.soparken1);
    expect(status.missing.map((point) => point.DeviceItemId)).toContain(t.heat.items.Energi);
    expect(await storedOn('2026-11-10')).toEqual([]);

    const res = await t.inject({
      method: 'GET',
      url: `/api/admin/monthlyconsumption/${t.soparken1}?date=2026-11-15`,
      token: t.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = Papa.parse<string[]>(res.body.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    // No reading after 1 October: no November day lies between two readings of Energi.
    expect(rows.filter((cells) => cells[3] === 'Energi')).toEqual([]);
  });
});
