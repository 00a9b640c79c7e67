import { IMPORT_EXAMPLE_ROWS, IMPORTED_VALUE_MESSAGES, ImportResult } from '@maaler/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportKind, type ImportMode, postImport } from '../../helpers/admin-requests.ts';
import { ACCOUNT_NAMES, accountIdOf, snapshotData } from '../../helpers/demo-fixtures.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';

const BOM = '\uFEFF';
const METERS_HEADING = 'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed';
const METERS = [
  METERS_HEADING,
  'Importvej 1;Importvej 1, 8000 Aarhus C;Varme 1;IMP-001;Varme;Energi;kWh',
  'Importvej 1;;Varme 1;IMP-001;Varme;Volumen;m³',
  'Importvej 1;;Vand 1;imp-002;water;Volumen;m³',
].join('\r\n');

const csv = (text: string) => ({
  format: 'csv' as const,
  data: Buffer.from(`${BOM}${text}\r\n`).toString('base64'),
});
/** A readings file: its heading and the rows. */
const readingsCsv = (...rows: string[]) => csv(['Serienummer;Målepunkt;Dato;Værdi', ...rows].join('\r\n'));
/** The row errors of an answer as [line, column, message]. */
const errorsOf = (answer: ImportResult) =>
  answer.errors.map((error) => [error.line, error.column, error.message]);

async function xlsx(rows: (string | number | Date)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Ark1');
  for (const row of rows) sheet.addRow(row);
  return { format: 'xlsx' as const, data: Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64') };
}

describe('POST /api/admin/import/{accountId}/{kind}', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  let t: TestApp;
  let admin: string;
  let soparken1: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    soparken1 = await accountIdOf(t.database.db, ACCOUNT_NAMES.soparken1);
    admin = await t.login('admin@eksempel.dk');
  });
  afterAll(async () => t.close());

  const importFile = async (
    kind: string,
    mode: 'dry-run' | 'apply',
    payload: object,
    { token = admin, accountId = soparken1 } = {},
  ) =>
    t.inject({ method: 'POST', url: `/api/admin/import/${accountId}/${kind}?mode=${mode}`, token, payload });
  const result = (kind: ImportKind, mode: ImportMode, payload: object) =>
    postImport(t, admin, soparken1, kind, mode, payload);
  /** The points of the meters these tests import: serial numbers `IMP-…` in any case. */
  const importedPoints = () =>
    t.database.db
      .selectFrom('device_items as i')
      .innerJoin('devices as d', 'd.id', 'i.device_id')
      .where(sql<string>`upper(d.serial_number)`, 'like', 'IMP-%');
  const importedMeters = () =>
    importedPoints()
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select([
        'g.name as location',
        'g.address',
        'd.name as meter',
        'd.serial_number as serial',
        'd.type',
        'd.manual',
        'i.name as point',
        'i.unit',
      ])
      .orderBy('i.id')
      .execute();

  it('checks a meter file without storing it, then applies it; the same file again changes nothing', async () => {
    const before = await snapshotData(t.database.db);
    const dry = await result('meters', 'dry-run', csv(METERS));
    expect(dry).toMatchObject({ applied: false, rows: 3, created: 3, changed: 0, unchanged: 0, errors: [] });
    expect(await snapshotData(t.database.db)).toBe(before);
    expect(await importedMeters()).toEqual([]);

    const applied = await result('meters', 'apply', csv(METERS));
    expect(applied).toMatchObject({
      applied: true,
      rows: 3,
      created: 3,
      errors: [],
      message: 'Importeret: 3 rækker',
    });
    expect(await importedMeters()).toEqual([
      {
        location: 'Importvej 1',
        address: 'Importvej 1, 8000 Aarhus C',
        meter: 'Varme 1',
        serial: 'IMP-001',
        type: 'heat',
        manual: 1,
        point: 'Energi',
        unit: 'kWh',
      },
      {
        location: 'Importvej 1',
        address: 'Importvej 1, 8000 Aarhus C',
        meter: 'Varme 1',
        serial: 'IMP-001',
        type: 'heat',
        manual: 1,
        point: 'Volumen',
        unit: 'm³',
      },
      {
        location: 'Importvej 1',
        address: 'Importvej 1, 8000 Aarhus C',
        meter: 'Vand 1',
        serial: 'imp-002',
        type: 'water',
        manual: 1,
        point: 'Volumen',
        unit: 'm³',
      },
    ]);

    const stored = await importedMeters();
    const again = await result('meters', 'apply', csv(METERS.replace('IMP-001', 'imp-001')));
    expect(again).toMatchObject({ applied: true, created: 0, changed: 0, unchanged: 3 });
    expect(await importedMeters()).toEqual(stored);
  });

  it('changes what differs (unit, meter name) and counts each row once', async () => {
    const file = METERS.replace('Vand 1;imp-002;water;Volumen;m³', 'Koldt vand 1;IMP-002;Vand;Volumen;liter');
    expect(await result('meters', 'dry-run', csv(file))).toMatchObject({
      created: 0,
      changed: 1,
      unchanged: 2,
    });
    await result('meters', 'apply', csv(file));
    expect((await importedMeters())[2]).toMatchObject({
      meter: 'Koldt vand 1',
      unit: 'liter',
      serial: 'imp-002',
    });
    await result('meters', 'apply', csv(METERS));
  });

  it('lists every bad meter row with its line, column and a Danish reason, and an apply stores nothing', async () => {
    const file = [
      METERS_HEADING,
      'Ny lokation;;Ny måler;IMP-100;Varme;Energi;kWh',
      'Ny lokation;;Ny måler;IMP-101;Damp;Energi;kWh',
      ';;Ny måler;IMP-102;Varme;Energi;',
      'Søparken 12, kælder;;Flyttet;IMP-001;Varme;Energi;kWh',
      'Ny lokation;;Ny måler;IMP-100;Varme;Energi;kWh',
    ].join('\r\n');
    const dry = await result('meters', 'dry-run', csv(file));
    expect(dry.errors).toEqual([
      { line: 3, column: 'Type', message: 'Type skal være Varme, Vand, El, Gas eller Andet' },
      { line: 4, column: 'Lokation', message: 'Lokation skal udfyldes' },
      { line: 4, column: 'Enhed', message: 'Enhed skal udfyldes' },
      {
        line: 5,
        column: 'Lokation',
        message:
          'Måleren med serienummer IMP-001 står på lokationen "Importvej 1"; flyt den ikke med en import',
      },
      { line: 6, column: 'Målepunkt', message: 'Samme måler og målepunkt står også i linje 2' },
    ]);
    expect(dry).toMatchObject({
      rows: 5,
      created: 1,
      message: 'Filen har fejl i 4 rækker; intet er importeret',
    });

    const before = await snapshotData(t.database.db);
    const meters = await importedMeters();
    const refused = await result('meters', 'apply', csv(file));
    expect(refused).toMatchObject({ applied: false, errors: dry.errors });
    expect(await snapshotData(t.database.db)).toBe(before);
    expect(await importedMeters()).toEqual(meters);
  });

  it('answers a file without the columns, or one that is no spreadsheet, with a Danish error on line 1', async () => {
    expect(
      (await result('readings', 'dry-run', csv('Serienummer;Dato\r\nIMP-001;01-11-2026'))).errors,
    ).toEqual([
      { line: 1, column: 'Målepunkt', message: 'Kolonnen "Målepunkt" mangler i overskriftsrækken' },
      { line: 1, column: 'Værdi', message: 'Kolonnen "Værdi" mangler i overskriftsrækken' },
    ]);
    const notXlsx = { format: 'xlsx', data: Buffer.from('ikke en zip').toString('base64') };
    expect((await result('readings', 'dry-run', notXlsx)).errors).toEqual([
      { line: 1, column: null, message: 'Filen kan ikke læses som en Excel-fil (.xlsx)' },
    ]);
  });

  const readingRows = async () =>
    importedPoints()
      .innerJoin('readings as r', 'r.device_item_id', 'i.id')
      .select([
        'd.serial_number as serial',
        'i.name as point',
        'r.date_record',
        'r.value',
        'r.source',
        'r.registered_at',
      ])
      .orderBy('r.id')
      .execute();
  const auditCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('reading_audit')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('imports readings from Excel (date cells, numbers, text) as source import; again, nothing changes', async () => {
    const file = await xlsx([
      ['Serienummer', 'Målepunkt', 'Dato', 'Værdi'],
      ['IMP-001', 'Energi', new Date(Date.UTC(2026, 10, 1)), 1234.5],
      ['imp-001', 'volumen', '02-11-2026', '17,250'],
      ['IMP-002', 'Volumen', '2026-11-03', '3'],
      ['IMP-002', 'Volumen', '2026-11-03', '3,0'],
    ]);
    const dry = await result('readings', 'dry-run', file);
    expect(dry).toMatchObject({ applied: false, rows: 4, created: 3, changed: 0, unchanged: 1, errors: [] });
    expect(await readingRows()).toEqual([]);

    const audits = await auditCount();
    expect(await result('readings', 'apply', file)).toMatchObject({ applied: true, created: 3 });
    const stored = await readingRows();
    expect(stored.map(({ registered_at: _, ...row }) => row)).toEqual([
      { serial: 'IMP-001', point: 'Energi', date_record: '2026-11-01', value: '1234.5', source: 'import' },
      { serial: 'IMP-001', point: 'Volumen', date_record: '2026-11-02', value: '17.25', source: 'import' },
      { serial: 'imp-002', point: 'Volumen', date_record: '2026-11-03', value: '3', source: 'import' },
    ]);
    expect(await auditCount()).toBe(audits + 3);

    clock.advance(60_000);
    expect(await result('readings', 'apply', file)).toMatchObject({
      applied: true,
      created: 0,
      changed: 0,
      unchanged: 4,
    });
    expect(await readingRows()).toEqual(stored);
    expect(await auditCount()).toBe(audits + 3);
  });

  it('reads a CSV as Danish Excel may save it: Windows-1252, tab-separated, headings in another order and case', async () => {
    const text = 'målepunkt\tVÆRDI\tserienummer\tDato\r\nEnergi\t1234,5\tIMP-001\t01.11.2026\r\n';
    const file = { format: 'csv', data: Buffer.from(text, 'latin1').toString('base64') };
    expect(await result('readings', 'dry-run', file)).toMatchObject({ rows: 1, unchanged: 1, errors: [] });
  });

  it('replaces a changed value and audits it, like a second reading from the form', async () => {
    const file = readingsCsv('IMP-002;Volumen;03-11-2026;4,5');
    expect(await result('readings', 'dry-run', file)).toMatchObject({ created: 0, changed: 1 });
    const audits = await auditCount();
    await result('readings', 'apply', file);
    expect((await readingRows()).find((row) => row.date_record === '2026-11-03')?.value).toBe('4.5');
    expect(await auditCount()).toBe(audits + 1);
  });

  it('refuses readings by the form’s rules, every bad row with its line, and an apply stores nothing', async () => {
    const file = readingsCsv(
      'IMP-001;Energi;04-11-2026;1300',
      'IMP-001;Energi;23-11-2026;1400',
      'IMP-001;Energi;31-01-2022;1',
      'IMP-001;Energi;2026-13-01;1',
      'IMP-001;Energi;05-11-2026;-5',
      'IMP-999;Energi;05-11-2026;5',
      'IMP-001;Flow;05-11-2026;5',
      'IMP-001;Energi;04-11-2026;1301',
    );
    expect(errorsOf(await result('readings', 'dry-run', file))).toEqual([
      [3, 'Dato', 'Dato må ikke være efter dags dato'],
      [4, 'Dato', 'Dato må ikke være før 01-02-2022'],
      [5, 'Dato', 'Dato er ugyldig (forventet DD-MM-ÅÅÅÅ eller ÅÅÅÅ-MM-DD)'],
      [6, 'Værdi', 'Værdi må ikke være negativ'],
      [7, 'Serienummer', 'Ingen måler på kontoen har serienummeret IMP-999'],
      [8, 'Målepunkt', 'Måleren med serienummer IMP-001 har intet målepunkt, der hedder "Flow"'],
      [9, 'Værdi', 'Samme målepunkt og dato står med en anden værdi i linje 2'],
    ]);
    const before = await snapshotData(t.database.db);
    expect(await result('readings', 'apply', file)).toMatchObject({ applied: false, created: 1 });
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('reads values as Danish Excel writes them, with dots between thousands, and says what is wrong with others', async () => {
    const file = readingsCsv(
      'IMP-001;Energi;06-11-2026;1.234,5',
      'IMP-001;Energi;07-11-2026;1.23,5',
      'IMP-001;Energi;08-11-2026;1,1234567',
    );
    expect(errorsOf(await result('readings', 'dry-run', file))).toEqual([
      [3, 'Værdi', IMPORTED_VALUE_MESSAGES.thousandsGroups],
      [4, 'Værdi', IMPORTED_VALUE_MESSAGES.fractionDigits],
    ]);
    const good = readingsCsv('IMP-001;Energi;06-11-2026;1.234,5');
    expect(await result('readings', 'apply', good)).toMatchObject({ applied: true, created: 1 });
    expect((await readingRows()).find((row) => row.date_record === '2026-11-06')?.value).toBe('1234.5');
  });

  it('imports 10,000 readings of a file in one call (slices below the databases’ parameter limits)', async () => {
    const lines = ['Serienummer;Målepunkt;Dato;Værdi'];
    const start = Date.UTC(2022, 2, 1);
    for (let day = 0; day < 5000; day++) {
      const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
      if (date > '2026-11-22') break;
      lines.push(`IMP-001;Energi;${date};${day}`, `IMP-001;Volumen;${date};${day},5`);
    }
    const file = csv(lines.join('\r\n'));
    const applied = await result('readings', 'apply', file);
    expect(applied).toMatchObject({ applied: true, errors: [] });
    expect(applied.created + applied.changed + applied.unchanged).toBe(lines.length - 1);
    expect(await result('readings', 'dry-run', file)).toMatchObject({
      created: 0,
      changed: 0,
      unchanged: lines.length - 1,
    });
  }, 60_000);

  it('refuses a body that is no import request with 400 and its Danish reason, read in the worker, and stores nothing', async () => {
    const before = await snapshotData(t.database.db);
    const send = (payload: string, contentType = 'application/json') =>
      t.inject({
        method: 'POST',
        url: `/api/admin/import/${soparken1}/readings?mode=apply`,
        token: admin,
        headers: { 'content-type': contentType },
        payload,
      });
    const refusals = [];
    for (const [payload, contentType] of [
      [JSON.stringify({ format: 'csv', data: 'ikke base64!' })],
      [JSON.stringify({ format: 'pdf', data: csv(METERS).data })],
      ['{"format": "csv", "data": '],
      [''],
      [JSON.stringify(csv(METERS)), 'text/plain'],
      [JSON.stringify({ format: 'csv', data: 'QUFB'.repeat(1_500_000) })],
    ] as const) {
      const res = await send(payload, contentType);
      refusals.push([res.statusCode, res.json()]);
    }
    expect(refusals).toEqual([
      [400, { Message: 'Filen skal sendes som base64' }],
      [400, { Message: 'Filformatet skal være csv, xlsx eller wmbusmeters' }],
      [400, { Message: 'Anmodningen er ugyldig.' }],
      [400, { Message: 'Anmodningen er ugyldig.' }],
      [415, { Message: 'Anmodningen skal sendes som JSON.' }],
      // Over the route's body limit (a 4 MB file in base64 and a little more), refused while it arrives.
      [413, { Message: 'Anmodningen er for stor.' }],
    ]);
    expect(await snapshotData(t.database.db)).toEqual(before);
    // A JSON body with a charset, as browsers send it, is read as before.
    const answer = await send(JSON.stringify(readingsCsv()), 'application/json; charset=utf-8');
    expect([answer.statusCode, answer.json().Message]).toEqual([200, undefined]);
  });

  it('reads one import at a time: a second one meanwhile gets 429 with a Danish message, then imports run again', async () => {
    const file = csv(METERS);
    const answers = await Promise.all([
      importFile('meters', 'dry-run', file),
      importFile('meters', 'dry-run', file),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 429]);
    const busy = answers.find((res) => res.statusCode === 429);
    expect(busy?.json()).toEqual({ Message: 'Der kører allerede en import. Prøv igen om lidt.' });
    expect(busy?.headers['retry-after']).toBe('5');
    expect((await importFile('meters', 'dry-run', file)).statusCode).toBe(200);
  });

  it('is for administrators only (403) and only on their customers’ accounts (404)', async () => {
    const file = csv(METERS);
    const reader = await t.login('kunde@eksempel.dk');
    expect((await importFile('meters', 'dry-run', file, { token: reader })).statusCode).toBe(403);
    const klover = await accountIdOf(t.database.db, ACCOUNT_NAMES.klover);
    const res = await importFile('meters', 'apply', file, { accountId: klover });
    expect(res.statusCode).toBe(404);
    expect(await importFile('kunder', 'dry-run', file)).toMatchObject({ statusCode: 400 });
  });
});

describe('GET /api/admin/import/template/{kind}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('sends the headings and a marked example row as CSV (BOM, semicolons) and as an Excel file, to administrators only', async () => {
    const admin = await t.login('admin@eksempel.dk');
    const res = await t.inject({ method: 'GET', url: '/api/admin/import/template/readings', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="skabelon-aflaesninger.csv"');
    expect(res.body).toBe(
      `${BOM}Serienummer;Målepunkt;Dato;Værdi\r\n${IMPORT_EXAMPLE_ROWS.readings.join(';')}\r\n`,
    );

    const excel = await t.inject({
      method: 'GET',
      url: '/api/admin/import/template/meters?format=xlsx',
      token: admin,
    });
    expect(excel.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(excel.rawPayload).buffer);
    expect(workbook.worksheets[0]?.getRow(1).values).toEqual([
      undefined,
      ...METERS_HEADING.split(';'),
      'Beboer',
      'Beboer e-mail',
      'Beboer telefon',
      'Adgang',
      'Placering',
      'Fjernaflæst',
      'Radio-id',
    ]);
    expect(workbook.worksheets[0]?.getRow(2).values).toEqual([undefined, ...IMPORT_EXAMPLE_ROWS.meters]);

    const reader = await t.login('kunde@eksempel.dk');
    expect(
      (await t.inject({ method: 'GET', url: '/api/admin/import/template/meters', token: reader })).statusCode,
    ).toBe(403);
  });

  it('skips the example row, so a template filled in below it imports as it is', async () => {
    const admin = await t.login('admin@eksempel.dk');
    const accountId = await accountIdOf(t.database.db, ACCOUNT_NAMES.soparken1);
    const template = await t.inject({
      method: 'GET',
      url: '/api/admin/import/template/meters',
      token: admin,
    });
    const filled = `${template.body}Skabelonvej 2;;Vand 2;TPL-002;Vand;Volumen;m³\r\n`;
    const res = await t.inject({
      method: 'POST',
      url: `/api/admin/import/${accountId}/meters?mode=dry-run`,
      token: admin,
      payload: { format: 'csv', data: Buffer.from(filled).toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ImportResult.parse(res.json())).toMatchObject({ rows: 1, created: 1, errors: [] });
  });
});
