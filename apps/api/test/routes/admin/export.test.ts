import { MESSAGES } from '@maaler/contract';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_HEADINGS } from '../../../src/services/exports/export-files.ts';
import { exportReadings } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { ACCOUNT_NAMES, accountIdOf, type DemoMeter } from '../../helpers/demo-fixtures.ts';
import { keptOffline, postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

const BOM = '\uFEFF';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** ExcelJS declares its input as an ArrayBuffer (its own `Buffer`); a copy gives it one. */
const arrayBufferOf = (bytes: Buffer): ArrayBuffer => new Uint8Array(bytes).buffer;

describe('GET /api/admin/export/{accountId}', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin'], cleanUp: ['new-readings'] });
  let heatGatewayName: string;

  beforeAll(async () => {
    const gateway = await t.database.db
      .selectFrom('gateways')
      .select('name')
      .where('id', '=', t.heat.gatewayId)
      .executeTakeFirstOrThrow();
    heatGatewayName = gateway.name;
  });
  afterEach(async () => {
    await t.database.db
      .updateTable('gateways')
      .set({ name: heatGatewayName })
      .where('id', '=', t.heat.gatewayId)
      .execute();
  });

  const read = async (meter: DemoMeter, point: string, usDate: string, value: string, override = false) => {
    const res = await postReadings(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: [readingOf(meter, point, usDate, value, override ? { plausibilityOverride: true } : {})],
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The CSV's text without its BOM, parsed back into rows of cells. */
  const csvRows = (body: string) => {
    expect(body.startsWith(BOM)).toBe(true);
    return Papa.parse<string[]>(body.slice(1), { delimiter: ';', newline: '\r\n', skipEmptyLines: true })
      .data;
  };

  it('sends CSV for Danish Excel: BOM, semicolons, CRLF, decimal comma, Danish headings, as an attachment', async () => {
    const res = await exportReadings(t, t.admin, t.soparken1, 'date=2026-10-15');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="aflaesninger-soeparken-afdeling-1-2026-10.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toMatch(
      /^\uFEFFLokation;Måler;Serienummer;Målepunkt;Enhed;Dato;Værdi;Forbrug siden forrige;Registreret af;Registreret;Rettet;Sendt alligevel;Kilde;Indtastet;Målerskift;Foto;Bemærkning;Årsag;Omløb\r\n/,
    );
    expect(res.body.replace(/\r\n/g, '')).not.toContain('\n');
    const [headings, ...rows] = csvRows(res.body);
    expect(headings).toEqual(EXPORT_HEADINGS);
    // One row per point with history (all dated 1 October), none for the points without readings.
    const readingsInOctober = await t.database.db
      .selectFrom('readings as r')
      .innerJoin('device_items as i', 'i.id', 'r.device_item_id')
      .innerJoin('devices as d', 'd.id', 'i.device_id')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select('r.id')
      .where('g.account_id', '=', t.soparken1)
      .where('r.date_record', '=', '2026-10-01')
      .execute();
    expect(rows).toHaveLength(readingsInOctober.length);
    const energy = rows.find((row) => row[1] === 'Varmemåler opgang 12' && row[3] === 'Energi');
    expect(energy?.[5]).toBe('01-10-2026');
    expect(energy?.[6]).toMatch(/^\d+(,\d+)?$/);
    expect(energy?.[7]).toMatch(/^\d+(,\d+)?$/);
    // The demo registers its readings at 08:15 UTC: 10:15 in Copenhagen summer time; its history is imported.
    expect(energy?.slice(9)).toEqual([
      '01-10-2026 10:15',
      'Nej',
      'Nej',
      'Import',
      '',
      '',
      'Nej',
      '',
      'Periodisk',
      'Nej',
    ]);
  });

  it('has the consumption since the reading before, marks corrections and readings sent anyway, and leaves out the day before the period', async () => {
    await read(t.coldWater, 'Volumen', '10/31/2026', '30000,5');
    await read(t.coldWater, 'Volumen', '11/10/2026', '30100,25');
    await read(t.coldWater, 'Volumen', '11/10/2026', '30100,75');
    await read(t.heat, 'Energi', '11/12/2026', '100', true);
    const res = await exportReadings(t, t.admin, t.soparken1, 'format=csv');
    const [, ...rows] = csvRows(res.body);
    expect(rows.map((row) => [row[3], row[5], row[6], row[7], row[10], row[11]])).toEqual([
      // Route order: the location's meters by name, so 'Koldt vand hovedmåler' before 'Varmemåler opgang 12'.
      ['Volumen', '10-11-2026', '30100,75', '100,25', 'Ja', 'Nej'],
      ['Energi', '12-11-2026', '100', '-366,15', 'Nej', 'Ja'],
    ]);
    expect(rows[0]?.[8]).toBe('Anders Administrator');
  });

  it('names each reading’s source in Danish and, for one entered offline, when it was entered', async () => {
    await read(t.coldWater, 'Volumen', '11/10/2026', '30100,25');
    const offline = await postReadings(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: [readingOf(t.heat, 'Energi', '11/12/2026', '470', keptOffline('2026-11-12T07:42:00Z'))],
    });
    expect(offline.statusCode, offline.body).toBe(200);
    const [, ...rows] = csvRows((await exportReadings(t, t.admin, t.soparken1, 'format=csv')).body);
    expect(rows.map((row) => [row[3], row[12], row[13]])).toEqual([
      ['Volumen', 'Web', ''],
      // 07:42 UTC is 08:42 in Copenhagen winter time.
      ['Energi', 'Offline', '12-11-2026 08:42'],
    ]);

    const xlsx = await exportReadings(t, t.admin, t.soparken1, 'format=xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(arrayBufferOf(xlsx.rawPayload));
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(2).getCell(13).value).toBe('Web');
    expect(sheet?.getRow(2).getCell(14).value).toBeNull();
    expect(sheet?.getRow(3).getCell(13).value).toBe('Offline');
    expect(sheet?.getRow(3).getCell(14).value).toEqual(new Date(Date.UTC(2026, 10, 12, 8, 42)));
    expect(sheet?.getRow(3).getCell(14).numFmt).toBe('dd-mm-yyyy hh:mm');
  });

  it('neutralises text that a spreadsheet would run as a formula, in CSV and in xlsx', async () => {
    await t.database.db
      .updateTable('gateways')
      .set({ name: '=HYPERLINK("http://x";"klik")' })
      .where('id', '=', t.heat.gatewayId)
      .execute();
    const csv = await exportReadings(t, t.admin, t.soparken1, 'date=2026-10-01');
    const [, ...rows] = csvRows(csv.body);
    const injected = rows.filter((row) => row[0]?.includes('HYPERLINK'));
    expect(injected.length).toBeGreaterThan(0);
    for (const row of injected) expect(row[0]).toBe(`'=HYPERLINK("http://x";"klik")`);

    const xlsx = await exportReadings(t, t.admin, t.soparken1, 'date=2026-10-01&format=xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(arrayBufferOf(xlsx.rawPayload));
    const cells = workbook.worksheets[0]?.getColumn(1).values ?? [];
    expect(cells).toContain(`'=HYPERLINK("http://x";"klik")`);
    for (const cell of cells)
      expect(typeof cell === 'object' && cell !== null && 'formula' in cell).toBe(false);
  });

  it('sends xlsx with numbers as numbers and dates as dates, which ExcelJS reads back', async () => {
    await read(t.coldWater, 'Volumen', '11/10/2026', '30100,25');
    const res = await exportReadings(t, t.admin, t.soparken1, 'format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="aflaesninger-soeparken-afdeling-1-2026-11.xlsx"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(arrayBufferOf(res.rawPayload));
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('november 2026');
    expect(sheet?.getRow(1).values).toEqual([undefined, ...EXPORT_HEADINGS]);
    expect(sheet?.rowCount).toBe(2);
    const row = sheet?.getRow(2);
    expect(row?.getCell(3).value).toBe('DIE-HYD-778899');
    expect(row?.getCell(4).value).toBe('Volumen');
    expect(row?.getCell(6).value).toEqual(new Date(Date.UTC(2026, 10, 10)));
    expect(row?.getCell(6).numFmt).toBe('dd-mm-yyyy');
    expect(row?.getCell(7).value).toBe(30100.25);
    expect(typeof row?.getCell(8).value).toBe('number');
    // Registered at 10:00 UTC on 22 November: 11:00 in Copenhagen.
    expect(row?.getCell(10).value).toEqual(new Date(Date.UTC(2026, 10, 22, 11, 0)));
  });

  it('refuses an unknown format or a bad date with 400 and a Danish message', async () => {
    const format = await exportReadings(t, t.admin, t.soparken1, 'format=pdf');
    expect(format.statusCode).toBe(400);
    expect(format.json().Message).toContain(MESSAGES.exportFormatInvalid);
    const date = await exportReadings(t, t.admin, t.soparken1, 'date=2030-01-01');
    expect(date.statusCode).toBe(400);
    expect(date.json().Message).toBe(MESSAGES.periodDateOutOfRange);
  });

  it('answers 403 to roles 0 and 2, and 404 for an account outside the administrator’s customers', async () => {
    for (const email of ['tekniker@eksempel.dk', 'kunde@eksempel.dk']) {
      const res = await exportReadings(t, await t.login(email), t.soparken1, 'format=csv');
      expect(res.statusCode, email).toBe(403);
    }
    const klover = await accountIdOf(t.database.db, ACCOUNT_NAMES.klover);
    expect((await exportReadings(t, t.admin, klover, 'format=csv')).statusCode).toBe(404);
  });
});
