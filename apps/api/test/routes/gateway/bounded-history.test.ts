import {
  averagePerDay,
  type DatedValue,
  HISTORY_ERRORS,
  HISTORY_PAGE_DATES,
  type HistoryEntry,
  HistoryList,
  MeterChangeResponse,
} from '@maaler/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { KLOVER_METER, meterOf, snapshotData } from '../../helpers/demo-fixtures.ts';
import { postReadings, postToAccount, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// ADR 053: the history answers a meter's newest HISTORY_PAGE_DATES reading dates, older ones page by page.

/** `MM/DD/YYYY` of the first of the month `months` before May 2026 (the demo history's first month). */
function monthsBeforeMay2026(months: number): { iso: string; us: string } {
  const date = new Date(Date.UTC(2026, 4 - months, 1));
  const iso = date.toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { iso, us: `${month}/${day}/${year}` };
}

const OLDER_MONTHS = 50;
/** The readings added `months` before May 2026, a value down each month (one decimal, as typed). */
const energiValue = (months: number) => (412.6 - 5 * months).toFixed(1);
const volumenValue = (months: number) => (8123.4 - 150 * months).toFixed(1);
const DEMO_DATES = 6;

const keyOf = (entry: Pick<HistoryEntry, 'DeviceItemId' | 'DateRecord'>) =>
  `${entry.DeviceItemId}|${entry.DateRecord}`;

/** A history entry as the plausibility rule reads it (the app's `datedValueOf`). */
const datedValueOf = (entry: HistoryEntry): DatedValue => ({
  date: entry.DateRecord,
  value: entry.Value.replace(',', '.'),
  ...(entry.MeterChange ? { finalValue: entry.MeterChange.FinalValue.replace(',', '.') } : {}),
});

describe('a bounded history: the newest dates, older ones with before (ADR 053)', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin', 'kunde', 'klover'] });

  const historyOf = async (
    body: object,
    options: { accountId?: string; token?: string } = {},
  ): Promise<HistoryEntry[]> => {
    const res = await history(body, options);
    expect(res.statusCode, res.body).toBe(200);
    return HistoryList.parse(res.json());
  };
  const history = (body: object, options: { accountId?: string; token?: string } = {}) =>
    t.inject({
      method: 'POST',
      url: `/api/gateway/loaddeviceitemhistorylist/${options.accountId ?? t.soparken1}`,
      token: options.token ?? t.admin,
      payload: body,
    });

  /** Every page from the newest on, following each page's oldest date while a point has older readings. */
  const allPages = async (deviceId: number, token = t.admin): Promise<HistoryEntry[][]> => {
    const pages: HistoryEntry[][] = [];
    let before: string | undefined;
    for (;;) {
      const page = await historyOf(
        { gatewayId: t.heat.gatewayId, deviceId, ...(before === undefined ? {} : { before }) },
        { token },
      );
      pages.push(page);
      if (!page.some((entry) => entry.Earliest)) return pages;
      before = page.at(-1)?.DateRecord;
      if (pages.length > 10) throw new Error('paging did not end');
    }
  };

  const storedKeysOf = async (deviceId: number, before = '9999-12-31') =>
    (
      await t.database.db
        .selectFrom('readings as r')
        .innerJoin('device_items as i', 'i.id', 'r.device_item_id')
        .select(['r.device_item_id as DeviceItemId', 'r.date_record as DateRecord'])
        .where('i.device_id', '=', deviceId)
        .where('r.date_record', '<', before)
        .execute()
    ).map(keyOf);

  const energi = () => t.heat.items.Energi ?? 0;

  // Four more years of monthly readings before the demo history.
  beforeAll(async () => {
    const payload = Array.from({ length: OLDER_MONTHS }, (_, index) => {
      const { us } = monthsBeforeMay2026(index + 1);
      return [
        readingOf(t.heat, 'Energi', us, energiValue(index + 1), { plausibilityOverride: true }),
        readingOf(t.heat, 'Volumen', us, volumenValue(index + 1), { plausibilityOverride: true }),
      ];
    }).flat();
    const res = await postReadings(t, { token: t.admin, accountId: t.soparken1, payload });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers the newest dates by default, in the documented shape, the oldest of each point with its earliest reading', async () => {
    const list = await historyOf({ gatewayId: t.heat.gatewayId, deviceId: t.heat.deviceId });
    const dates = [...new Set(list.map((entry) => entry.DateRecord))];
    expect(dates).toHaveLength(HISTORY_PAGE_DATES);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe('2026-10-01');
    expect(dates.at(-1)).toBe(monthsBeforeMay2026(HISTORY_PAGE_DATES - DEMO_DATES).iso);
    // Both points on every date: two rows a date.
    expect(list).toHaveLength(2 * HISTORY_PAGE_DATES);

    const first = monthsBeforeMay2026(OLDER_MONTHS).iso;
    const carrying = list.filter((entry) => entry.Earliest);
    expect(carrying.map((entry) => [entry.Name, entry.DateRecord, entry.Earliest])).toEqual([
      ['Energi', dates.at(-1), { DateRecord: first, Value: '162,6' }],
      ['Volumen', dates.at(-1), { DateRecord: first, Value: '623,4' }],
    ]);
  });

  it('pages with before reach every reading exactly once, the last page without Earliest', async () => {
    const pages = await allPages(t.heat.deviceId);
    expect(pages.map((page) => new Set(page.map((entry) => entry.DateRecord)).size)).toEqual([
      HISTORY_PAGE_DATES,
      DEMO_DATES + OLDER_MONTHS - HISTORY_PAGE_DATES,
    ]);
    const keys = pages.flat().map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual((await storedKeysOf(t.heat.deviceId)).sort());
    // Newest date first across the pages too.
    const dates = pages.flat().map((entry) => entry.DateRecord);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('starts the average per day at the earliest reading: the same as the whole history gives', async () => {
    const [page] = await allPages(t.heat.deviceId);
    const whole = (await allPages(t.heat.deviceId)).flat();
    const earliest = page?.filter((entry) => entry.DeviceItemId === energi()).at(-1)?.Earliest;
    if (!page || !earliest) throw new Error('the first page carries the earliest reading');
    const bounded = [
      { date: earliest.DateRecord, value: earliest.Value.replace(',', '.') },
      ...page.filter((entry) => entry.DeviceItemId === energi()).map(datedValueOf),
    ];
    const all = whole.filter((entry) => entry.DeviceItemId === energi()).map(datedValueOf);
    expect(averagePerDay(bounded)).toBeCloseTo(averagePerDay(all) ?? Number.NaN, 9);
  });

  it('keeps corrections and control readings on their readings, also at a page’s oldest date', async () => {
    const edgeMonths = HISTORY_PAGE_DATES - DEMO_DATES;
    const edge = monthsBeforeMay2026(edgeMonths);
    const beyond = monthsBeforeMay2026(edgeMonths + 1);
    const post = async (us: string, value: string, reason?: string) => {
      const res = await postReadings(t, {
        token: t.admin,
        accountId: t.soparken1,
        payload: [readingOf(t.heat, 'Energi', us, value, { plausibilityOverride: true, reason })],
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // A correction of the reading at the first page's edge and of the one just past it.
    const corrected = (Number(energiValue(edgeMonths)) + 0.5).toFixed(1);
    await post(edge.us, corrected);
    await post(beyond.us, (Number(energiValue(edgeMonths + 1)) + 0.5).toFixed(1));
    // Controls two days before the edge (nearest the edge's reading, a month from the one before it)
    // and two days after the one past it (nearest that one).
    const shifted = (iso: string, days: number) => {
      const date = new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
      const [year, month, day] = date.split('-');
      return { iso: date, us: `${month}/${day}/${year}` };
    };
    await post(shifted(edge.iso, -2).us, '300', 'control');
    await post(shifted(beyond.iso, 2).us, '290', 'control');

    const [first, second] = await allPages(t.heat.deviceId);
    const energiOn = (page: HistoryEntry[] | undefined, iso: string) =>
      page?.find((entry) => entry.DeviceItemId === energi() && entry.DateRecord === iso);
    expect(energiOn(first, edge.iso)).toMatchObject({
      Corrections: [expect.objectContaining({ NewValue: corrected.replace('.', ',') })],
      Controls: [expect.objectContaining({ DateRecord: shifted(edge.iso, -2).iso, Value: '300' })],
    });
    expect(energiOn(second, beyond.iso)).toMatchObject({
      Corrections: [expect.objectContaining({ OldValue: energiValue(edgeMonths + 1).replace('.', ',') })],
      Controls: [expect.objectContaining({ DateRecord: shifted(beyond.iso, 2).iso, Value: '290' })],
    });
    // Each control on one page only.
    const controls = [first, second].flat().flatMap((entry) => entry?.Controls ?? []);
    expect(controls).toHaveLength(2);
  });

  it('keeps the tenant scope: another tenant’s meter is 404 with before too', async () => {
    const klover = await meterOf(t.database.db, ...KLOVER_METER);
    const body = { gatewayId: klover.gatewayId, deviceId: klover.deviceId, before: '2026-06-01' };
    expect((await history(body, { accountId: klover.accountId, token: t.kunde })).statusCode).toBe(404);
    expect((await history(body, { accountId: t.soparken1, token: t.kunde })).statusCode).toBe(404);
    const own = await history(body, { accountId: klover.accountId, token: t.klover });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a before that is no date with 400 and a Danish message, and changes nothing', async () => {
    const before = await snapshotData(t.database.db);
    for (const bad of ['2026-13-01', '01-11-2026', '', '2026-1-1', 20261101, null, ['2026-01-01']]) {
      const res = await history({ gatewayId: t.heat.gatewayId, deviceId: t.heat.deviceId, before: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toEqual({ Message: HISTORY_ERRORS.beforeInvalid });
    }
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('continues across a meter change on every page, the earliest reading counted on across it', async () => {
    const res = await postToAccount(t, `meterchange/${t.heat.deviceId}`, {
      token: t.admin,
      accountId: t.soparken1,
      payload: {
        dateRecord: '11/21/2026',
        serialNumber: 'NY-VARME-53',
        points: [
          { deviceItemId: energi(), finalValue: '500', startValue: '0,5' },
          { deviceItemId: t.heat.items.Volumen, finalValue: '10000', startValue: '2' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { DeviceId: newDeviceId, Points } = MeterChangeResponse.parse(res.json());
    const newEnergi = Points.find((point) => point.OldDeviceItemId === energi())?.DeviceItemId ?? 0;

    // Three more years on the new meter: the first page no longer reaches the change.
    clock.set(new Date('2030-01-15T10:00:00Z'));
    const admin = await t.login('admin@eksempel.dk');
    const later = Array.from({ length: HISTORY_PAGE_DATES + 1 }, (_, index) => {
      const iso = new Date(Date.UTC(2026, 11 + index, 1)).toISOString().slice(0, 10);
      const [year, month, day] = iso.split('-');
      return {
        gatewayId: t.heat.gatewayId,
        deviceId: newDeviceId,
        deviceItemId: newEnergi,
        dateRecord: `${month}/${day}/${year}`,
        value: String(1 + 10 * index),
        plausibilityOverride: true,
      };
    });
    const posted = await postReadings(t, { token: admin, accountId: t.soparken1, payload: later });
    expect(posted.statusCode, posted.body).toBe(200);

    const pages = await allPages(newDeviceId, admin);
    const [first] = pages;
    expect(first?.some((entry) => entry.MeterChange)).toBe(false);
    const whole = pages.flat();
    const changeRow = whole.find((entry) => entry.MeterChange && entry.DeviceItemId === newEnergi);
    expect(changeRow).toMatchObject({ DateRecord: '2026-11-21', Value: '0,5' });
    expect(changeRow?.MeterChange?.FinalValue).toBe('500');
    // The old meter's readings before the change, under the new meter's points, each once.
    const keys = whole.map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
    const pointOf = new Map(Points.map((point) => [point.OldDeviceItemId, point.DeviceItemId]));
    const expected = [
      ...(await storedKeysOf(newDeviceId)),
      ...(await storedKeysOf(t.heat.deviceId, '2026-11-21')).map((key) => {
        const [item, date] = key.split('|');
        return `${pointOf.get(Number(item))}|${date}`;
      }),
    ];
    expect(keys.sort()).toEqual(expected.sort());

    // The first page's earliest reading starts the same average as the whole continued history.
    const firstEnergi = (first ?? []).filter((entry) => entry.DeviceItemId === newEnergi);
    const earliest = firstEnergi.at(-1)?.Earliest;
    if (!earliest) throw new Error('the first page carries the earliest reading');
    expect(earliest.DateRecord).toBe(monthsBeforeMay2026(OLDER_MONTHS).iso);
    const all = whole.filter((entry) => entry.DeviceItemId === newEnergi).map(datedValueOf);
    const bounded = [
      { date: earliest.DateRecord, value: earliest.Value.replace(',', '.') },
      ...firstEnergi.map(datedValueOf),
    ];
    expect(averagePerDay(bounded)).toBeCloseTo(averagePerDay(all) ?? Number.NaN, 9);
  });
});
