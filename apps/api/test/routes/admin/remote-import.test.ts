import { IMPORT_MESSAGES, READING_SOURCE_LABELS, REMOTE_FAULT_REASON } from '@maaler/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  exportReadings,
  type ImportKind,
  type ImportMode,
  periodStatus,
  postImport,
} from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { snapshotData } from '../../helpers/demo-fixtures.ts';
import { meterHistory, postReadings } from '../../helpers/reading-requests.ts';
import { pointsOf, readingStatus } from '../../helpers/route-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// Issue 38 (ADR 050): remote meters (`Fjernaflæst`, `Radio-id`) set by the meters import, and their
// values brought in by the readings import from wmbusmeters' JSON lines or a `Radio-id;Tidspunkt;Værdi` CSV.

const BOM = '\uFEFF';
const METERS = [
  'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed;Fjernaflæst;Radio-id',
  'Fjernvej 1;Fjernvej 1, 8000 Aarhus C;Koldt vand;FJ-VAND;Vand;Volumen;m3;ja;12345678',
  'Fjernvej 1;;Varme;FJ-VARME;Varme;Energi;kWh;ja;',
  'Fjernvej 1;;Varme;FJ-VARME;Varme;Volumen;m³;ja;',
  'Fjernvej 1;;Elmåler;FJ-EL;El;Forbrug;kWh;nej;',
].join('\r\n');

const csv = (text: string) => ({
  format: 'csv' as const,
  data: Buffer.from(`${BOM}${text}\r\n`).toString('base64'),
});
const wmbus = (lines: readonly object[] | string) => ({
  format: 'wmbusmeters' as const,
  data: Buffer.from(
    typeof lines === 'string' ? lines : lines.map((line) => JSON.stringify(line)).join('\n'),
  ).toString('base64'),
});

// Lines as three wmbusmeters drivers write them: a cold-water meter (multical21), a heat meter
// (kamheat, energy and volume) and a water meter whose status reports a leak (iperl-like).
const multical21 = (timestamp: string, total: number, status = 'OK') => ({
  media: 'cold water',
  meter: 'multical21',
  name: 'Koldt vand',
  id: '12345678',
  total_m3: total,
  target_m3: total - 0.5,
  flow_temperature_c: 9,
  current_status: status,
  time_dry: '',
  time_reversed: '',
  timestamp,
});
const kamheat = (timestamp: string, kwh: number, m3: number) => ({
  media: 'heat',
  meter: 'kamheat',
  name: 'Varme',
  id: 'FJ-VARME',
  status: 'OK',
  total_energy_consumption_kwh: kwh,
  total_volume_m3: m3,
  volume_flow_m3h: 0.1,
  timestamp,
});

describe('remote meters and their readings import', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin'] });

  beforeAll(async () => {
    expect(await importFile('meters', 'apply', csv(METERS))).toMatchObject({ applied: true, errors: [] });
  });

  const importFile = (kind: ImportKind, mode: ImportMode, payload: object) =>
    postImport(t, t.admin, t.soparken1, kind, mode, payload);
  const result = (mode: ImportMode, payload: object) => importFile('readings', mode, payload);
  const meter = (serial: string) =>
    t.database.db
      .selectFrom('devices')
      .select(['id', 'gateway_id as gatewayId', 'radio_id as radioId'])
      .where('serial_number', '=', serial)
      .executeTakeFirstOrThrow();
  const pointOf = async (serial: string, name: string) =>
    (
      await t.database.db
        .selectFrom('device_items as i')
        .innerJoin('devices as d', 'd.id', 'i.device_id')
        .select('i.id')
        .where('d.serial_number', '=', serial)
        .where('i.name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  const readingsOf = async (serial: string, name: string) =>
    t.database.db
      .selectFrom('readings')
      .select(['date_record as date', 'value', 'source'])
      .where('device_item_id', '=', await pointOf(serial, name))
      .orderBy('date_record')
      .execute();
  const tasksOf = async (serial: string) =>
    t.database.db
      .selectFrom('tasks')
      .leftJoin('task_comments as c', 'c.task_id', 'tasks.id')
      .select(['tasks.reason', 'tasks.note', 'tasks.status', 'c.text as comment'])
      .where('device_id', '=', (await meter(serial)).id)
      .orderBy('tasks.id')
      .execute();

  it('marks meters Fjernaflæst with their radio id, the serial number when the cell is empty', async () => {
    expect(await meter('FJ-VAND')).toMatchObject({ radioId: '12345678' });
    expect(await meter('FJ-VARME')).toMatchObject({ radioId: 'FJ-VARME' });
    expect(await meter('FJ-EL')).toMatchObject({ radioId: null });
    const bad = await importFile(
      'meters',
      'dry-run',
      csv(
        [
          'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed;Fjernaflæst;Radio-id',
          'Fjernvej 1;;Elmåler;FJ-EL;El;Forbrug;kWh;måske;',
          'Fjernvej 1;;Koldt vand;FJ-VAND;Vand;Volumen;m3;nej;12345678',
        ].join('\r\n'),
      ),
    );
    expect(bad.errors).toEqual([
      { line: 2, column: 'Fjernaflæst', message: IMPORT_MESSAGES.remoteFlagInvalid },
      { line: 3, column: 'Radio-id', message: IMPORT_MESSAGES.radioIdWithoutRemote },
    ]);
  });

  it('imports wmbusmeters lines of several drivers by radio id and unit, as Fjernaflæst; the same file again changes nothing', async () => {
    const file = wmbus([
      multical21('2026-11-01T04:00:00Z', 101.25),
      kamheat('2026-11-01T05:00:00Z', 5000, 60.5),
      // The same day's later telegram is that day's value.
      multical21('2026-11-01T20:00:00Z', 101.5),
      multical21('2026-11-02T04:00:00Z', 101.75),
    ]);
    const before = await snapshotData(t.database.db);
    const dry = await result('dry-run', file);
    expect(dry).toMatchObject({ applied: false, rows: 4, created: 3, changed: 0, unchanged: 1, errors: [] });
    expect(await snapshotData(t.database.db)).toBe(before);

    expect(await result('apply', file)).toMatchObject({ applied: true, rows: 4, created: 3, errors: [] });
    expect(await readingsOf('FJ-VAND', 'Volumen')).toEqual([
      { date: '2026-11-01', value: '101.5', source: 'remote' },
      { date: '2026-11-02', value: '101.75', source: 'remote' },
    ]);
    expect(await readingsOf('FJ-VARME', 'Energi')).toEqual([
      { date: '2026-11-01', value: '5000', source: 'remote' },
    ]);
    expect(await readingsOf('FJ-VARME', 'Volumen')).toEqual([
      { date: '2026-11-01', value: '60.5', source: 'remote' },
    ]);

    const again = await result('apply', file);
    expect(again).toMatchObject({ applied: true, rows: 4, created: 0, changed: 0, unchanged: 4 });
    expect(await readingsOf('FJ-VAND', 'Volumen')).toHaveLength(2);
  });

  it('lists unknown radio ids, lines that are not telegrams and units without a point as row errors, and stores nothing', async () => {
    const lines = [
      JSON.stringify(multical21('2026-11-03T04:00:00Z', 102)),
      JSON.stringify({ ...multical21('2026-11-03T04:00:00Z', 7), id: '99999999' }),
      'ikke json',
      JSON.stringify({ id: 'FJ-VARME', total_hca: 12, timestamp: '2026-11-03T04:00:00Z' }),
      JSON.stringify({ ...multical21('2026-11-03T04:00:00Z', 1), id: 'FJ-EL' }),
    ].join('\n');
    const before = await snapshotData(t.database.db);
    const answer = await result('apply', wmbus(lines));
    expect(answer).toMatchObject({ applied: false, rows: 5, created: 1 });
    expect(answer.errors).toEqual([
      { line: 2, column: 'Radio-id', message: IMPORT_MESSAGES.radioIdUnknown('99999999') },
      { line: 3, column: null, message: 'Linjen er ikke et JSON-objekt fra wmbusmeters' },
      { line: 4, column: null, message: IMPORT_MESSAGES.remoteUnitUnknown('FJ-VARME', 'HCA') },
      // A meter read by hand only has no radio id, even though its serial number is in the line.
      { line: 5, column: 'Radio-id', message: IMPORT_MESSAGES.radioIdUnknown('FJ-EL') },
    ]);
    expect(answer.message).toBe(IMPORT_MESSAGES.checked(5, 4));
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('imports a Radio-id;Tidspunkt;Værdi CSV; a meter with several points needs the unit wmbusmeters gives', async () => {
    const file = csv(
      [
        'Radio-id;Tidspunkt;Værdi',
        '12345678;05-11-2026 06:00;102,5',
        '12345678;2026-11-06T05:00:00Z;103',
      ].join('\r\n'),
    );
    expect(await result('apply', file)).toMatchObject({ applied: true, rows: 2, created: 2, errors: [] });
    expect((await readingsOf('FJ-VAND', 'Volumen')).slice(-2)).toEqual([
      { date: '2026-11-05', value: '102.5', source: 'remote' },
      { date: '2026-11-06', value: '103', source: 'remote' },
    ]);
    expect((await result('apply', file)).unchanged).toBe(2);

    const ambiguous = await result(
      'dry-run',
      csv(['Radio-id;Tidspunkt;Værdi', 'FJ-VARME;05-11-2026;5100', '12345678;i går;1'].join('\r\n')),
    );
    expect(ambiguous.errors).toEqual([
      { line: 2, column: null, message: IMPORT_MESSAGES.remotePointAmbiguous('FJ-VARME') },
      { line: 3, column: 'Tidspunkt', message: IMPORT_MESSAGES.timestampInvalid },
    ]);
  });

  it("keeps a person's reading of the same day: a remote value never replaces it", async () => {
    const vand = await meter('FJ-VAND');
    const res = await postReadings(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: [
        {
          gatewayId: vand.gatewayId,
          deviceId: vand.id,
          deviceItemId: await pointOf('FJ-VAND', 'Volumen'),
          dateRecord: '11/07/2026',
          value: '103.5',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = await result('apply', wmbus([multical21('2026-11-07T04:00:00Z', 103.6)]));
    expect(answer).toMatchObject({ applied: true, created: 0, changed: 0, unchanged: 1 });
    expect((await readingsOf('FJ-VAND', 'Volumen')).at(-1)).toEqual({
      date: '2026-11-07',
      value: '103.5',
      source: 'web',
    });
  });

  it('opens a task on the meter for a telegram that reports a fault, once, not again when the file comes again', async () => {
    const file = wmbus([multical21('2026-11-10T04:00:00Z', 104, 'LEAK')]);
    await result('apply', file);
    await result('apply', file);
    expect(await tasksOf('FJ-VAND')).toEqual([
      {
        reason: REMOTE_FAULT_REASON,
        note: IMPORT_MESSAGES.remoteFaultNote('LEAK', '2026-11-10', '12345678'),
        status: 'open',
        comment: null,
      },
    ]);
  });

  it('shows remote values in the history, the export and the period status as read', async () => {
    const vand = await meter('FJ-VAND');
    const history = await meterHistory(t, t.admin, t.soparken1, {
      gatewayId: vand.gatewayId,
      deviceId: vand.id,
    });
    const sources = history.map((entry) => entry.Source);
    expect(sources).toContain('remote');
    expect(sources).toContain('web');

    const exported = (await exportReadings(t, t.admin, t.soparken1, 'date=2026-11-15&format=csv')).body;
    expect(exported.split('\r\n').filter((line) => line.includes('FJ-VAND'))[0]).toContain(
      `;${READING_SOURCE_LABELS.remote};`,
    );

    const status = await periodStatus(t, t.admin, t.soparken1, '2026-11-15');
    const volumen = await pointOf('FJ-VAND', 'Volumen');
    expect(status.missing.map((p) => p.DeviceItemId)).not.toContain(volumen);
    // The route: read this period, so the reader is not sent to it, yet it stays findable for a Kontrol.
    const route = pointsOf(await readingStatus(t, t.admin, t.soparken1));
    expect(route.get(volumen)?.Status).toBe('Aflæst');
  });
});
