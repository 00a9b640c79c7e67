import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { MONTH_HEADINGS } from '../../../src/services/exports/monthly-consumption-files.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import {
  COLD_WATER_METER,
  type DemoMeter,
  HEAT_METER,
  setReadingPeriod,
} from '../../helpers/demo-fixtures.ts';
import { changeMeter, postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** ExcelJS declares its input as an ArrayBuffer (its own `Buffer`); a copy gives it one. */
const arrayBufferOf = (bytes: Buffer): ArrayBuffer => new Uint8Array(bytes).buffer;

/** The CSV's rows of cells, its BOM and heading line checked and dropped. */
function csvRows(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const [headings, ...rows] = Papa.parse<string[]>(body.slice(1), {
    delimiter: ';',
    newline: '\r\n',
    skipEmptyLines: true,
  }).data;
  expect(headings).toEqual(MONTH_HEADINGS);
  return rows;
}

describe('GET /api/admin/monthlyconsumption/{accountId}', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin', 'tekniker'], cleanUp: ['new-readings', 'settings'] });

  const months = (query: string, token = t.admin) =>
    t.inject({ method: 'GET', url: `/api/admin/monthlyconsumption/${t.soparken1}?${query}`, token });

  const read = async (meter: DemoMeter, point: string, usDate: string, value: string) => {
    const res = await postReadings(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: [readingOf(meter, point, usDate, value, { plausibilityOverride: true })],
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** The demo's reading of 1 October 2026 of a point, as a number. */
  const firstOfOctober = async (meter: DemoMeter, point: string) => {
    const row = await t.database.db
      .selectFrom('readings')
      .select('value')
      .where('device_item_id', '=', meter.items[point] ?? 0)
      .where('date_record', '=', '2026-10-01')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  };

  const rowOf = (rows: string[][], point: string, meter: string) =>
    rows.find((row) => row[3] === point && row[1] === meter);

  it('splits an interval that crosses a month boundary by its days, and says how many days are covered', async () => {
    const start = await firstOfOctober(t.coldWater, 'Volumen');
    // 1 → 21 October: 100; 21 October → 10 November: 20 days of 10, 11 of them in October.
    await read(t.coldWater, 'Volumen', '10/21/2026', String(start + 100).replace('.', ','));
    await read(t.coldWater, 'Volumen', '11/10/2026', String(start + 300).replace('.', ','));

    const october = await months('date=2026-10-15');
    expect(october.statusCode, october.body).toBe(200);
    expect(october.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(october.headers['content-disposition']).toBe(
      'attachment; filename="forbrug-pr-maaned-soeparken-afdeling-1-2026-10.csv"',
    );
    const coldWater = rowOf(csvRows(october.body), 'Volumen', COLD_WATER_METER[1]);
    expect(coldWater?.slice(5)).toEqual(['oktober 2026', '210', '31', '31', '', '01-10-2026', '31-10-2026']);

    const november = csvRows((await months('date=2026-11-15')).body);
    // 1 → 9 November are covered; the days after the last reading are not.
    expect(rowOf(november, 'Volumen', COLD_WATER_METER[1])?.slice(5, 9)).toEqual([
      'november 2026',
      '90',
      '9',
      '30',
    ]);
    // Points with no reading after 1 October have nothing to spread in November: left out.
    expect(rowOf(november, 'Energi', HEAT_METER[1])).toBeUndefined();
  });

  it('gives every month of a quarter, an empty amount where no day is covered, and numbers in xlsx', async () => {
    const start = await firstOfOctober(t.coldWater, 'Volumen');
    await setReadingPeriod(t.database.db, t.soparken1, 'quarterly');
    await read(t.coldWater, 'Volumen', '10/11/2026', String(start + 12.5).replace('.', ','));
    const res = await months('date=2026-11-15&format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="forbrug-pr-maaned-soeparken-afdeling-1-2026-k4.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(arrayBufferOf(res.rawPayload));
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('4. kvartal 2026');
    const rows = (sheet?.getSheetValues() ?? []).slice(2) as unknown[][];
    const coldWater = rows.filter((row) => row[4] === 'Volumen' && row[2] === COLD_WATER_METER[1]);
    expect(coldWater.map((row) => row.slice(6, 10))).toEqual([
      ['oktober 2026', 12.5, 10, 31],
      // An empty cell reads back as a hole in the row.
      ['november 2026', undefined, 0, 30],
      ['december 2026', undefined, 0, 31],
    ]);
  });

  it('counts each meter for itself across a meter change: the old one up to its final reading, the new one from its start', async () => {
    const energi = t.heat.items.Energi ?? 0;
    const volumen = t.heat.items.Volumen ?? 0;
    const old = await t.database.db
      .selectFrom('devices')
      .select('serial_number')
      .where('id', '=', t.heat.deviceId)
      .executeTakeFirstOrThrow();
    const lastEnergi = await firstOfOctober(t.heat, 'Energi');
    const lastVolumen = await firstOfOctober(t.heat, 'Volumen');
    // 1 October → 11 November is 41 days: the old meter's Energi runs 1 a day, 10 of the days in November.
    const change = await changeMeter(t, t.admin, t.soparken1, t.heat.deviceId, {
      dateRecord: '11/11/2026',
      serialNumber: 'NY-VARME-9',
      points: [
        { deviceItemId: energi, finalValue: String(lastEnergi + 41).replace('.', ','), startValue: '0,5' },
        { deviceItemId: volumen, finalValue: String(lastVolumen).replace('.', ','), startValue: '0' },
      ],
    });
    const newEnergi = change.Points.find((point) => point.OldDeviceItemId === energi)?.DeviceItemId;
    await read(
      { ...t.heat, deviceId: change.DeviceId, items: { Energi: newEnergi ?? 0 } },
      'Energi',
      '11/21/2026',
      '10,5',
    );

    const rows = csvRows((await months('date=2026-11-15')).body).filter(
      (row) => row[3] === 'Energi' && row[1] === HEAT_METER[1],
    );
    expect(rows.map((row) => [row[2], ...row.slice(6, 9)])).toEqual([
      [old.serial_number, '10', '10', '30'],
      ['NY-VARME-9', '10', '10', '30'],
    ]);
  });

  it('gives each month’s share with at most three decimals, and the xlsx filter buttons on its headings', async () => {
    const start = await firstOfOctober(t.coldWater, 'Volumen');
    // 1 October → 3 November is 33 days of 10/33 each: 310/33 = 9.3939… in October, 20/33 in November.
    await read(t.coldWater, 'Volumen', '11/03/2026', String(start + 10).replace('.', ','));
    const october = rowOf(csvRows((await months('date=2026-10-15')).body), 'Volumen', COLD_WATER_METER[1]);
    expect(october?.[6]).toBe('9,394');
    const november = rowOf(csvRows((await months('date=2026-11-15')).body), 'Volumen', COLD_WATER_METER[1]);
    expect(november?.[6]).toBe('0,606');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(arrayBufferOf((await months('date=2026-10-15&format=xlsx')).rawPayload));
    const sheet = workbook.worksheets[0];
    const amounts = ((sheet?.getSheetValues() ?? []).slice(2) as unknown[][]).map((row) => row[7]);
    expect(amounts).toContain(9.394);
    for (const amount of amounts)
      if (typeof amount === 'number') expect(amount).toBe(Number(amount.toFixed(3)));
    expect(sheet?.autoFilter).toBe(`A1:L${sheet?.rowCount}`);
  });

  it('splits a month at a move between the leaving and the next resident, the parts adding up (issue 37)', async () => {
    const start = await firstOfOctober(t.coldWater, 'Volumen');
    const send = async (usDate: string, value: number, reason: string) => {
      const res = await postReadings(t, {
        token: t.admin,
        accountId: t.soparken1,
        payload: [
          readingOf(t.coldWater, 'Volumen', usDate, String(value).replace('.', ','), {
            plausibilityOverride: true,
            reason,
          }),
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // 1 October → 11 November: 1 a day, 10 of the days in November, the leaving resident's; then
    // 11 → 21 November: 2 a day, the next resident's.
    await send('11/11/2026', start + 41, 'move-out');
    await send('11/21/2026', start + 61, 'periodic');
    const coldWaterRows = async () =>
      csvRows((await months('date=2026-11-15')).body)
        .filter((row) => row[3] === 'Volumen' && row[1] === COLD_WATER_METER[1])
        .map((row) => row.slice(5));
    const split = [
      ['november 2026', '10', '10', '10', 'Fraflyttet', '01-11-2026', '10-11-2026'],
      ['november 2026', '20', '10', '20', 'Indflyttet', '11-11-2026', '30-11-2026'],
    ];
    expect(await coldWaterRows()).toEqual(split);
    // `Indflytning` the same day with the same value: the same move, the same split.
    await send('11/11/2026', start + 41, 'move-in');
    expect(await coldWaterRows()).toEqual(split);
    // The move's month in October's export is whole: a move splits only the period it falls in.
    const october = rowOf(csvRows((await months('date=2026-10-15')).body), 'Volumen', COLD_WATER_METER[1]);
    expect(october?.slice(5)).toEqual(['oktober 2026', '31', '31', '31', '', '01-10-2026', '31-10-2026']);
  });

  it('refuses an unknown format or a bad date with 400, and the administration’s roles with 403', async () => {
    expect((await months('format=pdf')).statusCode).toBe(400);
    expect((await months('date=2026-13-01')).statusCode).toBe(400);
    expect((await months('', t.tekniker)).statusCode).toBe(403);
  });
});
