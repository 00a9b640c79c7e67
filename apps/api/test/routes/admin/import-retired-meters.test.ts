import { IMPORT_MESSAGES } from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportKind, type ImportMode, postImport } from '../../helpers/admin-requests.ts';
import { ACCOUNT_NAMES, accountIdOf, snapshotData } from '../../helpers/demo-fixtures.ts';
import { changeMeter } from '../../helpers/reading-requests.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';

// Issue 32 item 5: the readings import wrote to replaced (retired) meters, which the form refuses with
// 406, and the billing export then billed the retired meter. Now such rows are row errors, and the
// meters import leaves retired meters as they are (ADR 019, ADR 028).

const csv = (lines: string[]) => ({
  format: 'csv' as const,
  data: Buffer.from(`${lines.join('\r\n')}\r\n`).toString('base64'),
});
const READINGS_HEADING = 'Serienummer;Målepunkt;Dato;Værdi';
const METERS_HEADING = 'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed';

describe('importing onto retired meters', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  let t: TestApp;
  let admin: string;
  let accountId: string;

  const importFile = (kind: ImportKind, mode: ImportMode, payload: object) =>
    postImport(t, admin, accountId, kind, mode, payload);
  const meterBySerial = (serial: string) =>
    t.database.db
      .selectFrom('devices as d')
      .innerJoin('device_items as i', 'i.device_id', 'd.id')
      .select(['d.id as deviceId', 'i.id as pointId', 'd.name', 'd.retired_at'])
      .where('d.serial_number', '=', serial)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp({ clock });
    accountId = await accountIdOf(t.database.db, ACCOUNT_NAMES.soparken1);
    admin = await t.login('admin@eksempel.dk');
    expect(
      await importFile(
        'meters',
        'apply',
        csv([
          METERS_HEADING,
          'Rørvej 1;;Vand R;RET-001;Vand;Volumen;m³',
          'Rørvej 1;;Vand S;RET-010;Vand;Volumen;m³',
        ]),
      ),
    ).toMatchObject({ applied: true, created: 2 });
    // RET-001 is replaced by RET-002 on 10 November; RET-010 is taken out of service today.
    const replaced = await meterBySerial('RET-001');
    await changeMeter(t, admin, accountId, replaced.deviceId, {
      dateRecord: '11/10/2026',
      serialNumber: 'RET-002',
      points: [{ deviceItemId: replaced.pointId, finalValue: '5', startValue: '0' }],
    });
    const outOfService = await meterBySerial('RET-010');
    const retire = await t.inject({
      method: 'POST',
      url: `/api/admin/meters/retiremeter/${outOfService.deviceId}/${accountId}`,
      token: admin,
      payload: {},
    });
    expect(retire.statusCode, retire.body).toBe(200);
  });
  afterAll(async () => t.close());

  it('refuses readings of a retired meter and of its replacement before the change, and stores nothing', async () => {
    const file = csv([
      READINGS_HEADING,
      'RET-001;Volumen;15-11-2026;7',
      'RET-001;Volumen;05-11-2026;4',
      'RET-002;Volumen;05-11-2026;1',
      'RET-002;Volumen;15-11-2026;1',
      'RET-010;Volumen;15-11-2026;1',
    ]);
    const expected = [
      {
        line: 2,
        column: 'Serienummer',
        message: 'Måleren er udskiftet 10-11-2026 og kan ikke få aflæsninger',
      },
      { line: 3, column: 'Serienummer', message: IMPORT_MESSAGES.meterReplaced('2026-11-10') },
      { line: 4, column: 'Dato', message: IMPORT_MESSAGES.beforeMeterChange('2026-11-10') },
      { line: 6, column: 'Serienummer', message: IMPORT_MESSAGES.meterOutOfService('2026-11-22') },
    ];
    expect((await importFile('readings', 'dry-run', file)).errors).toEqual(expected);

    const before = await snapshotData(t.database.db);
    expect(await importFile('readings', 'apply', file)).toMatchObject({ applied: false, errors: expected });
    expect(await snapshotData(t.database.db)).toBe(before);

    // The replacement's own reading alone goes in, as the form would take it.
    expect(
      await importFile('readings', 'apply', csv([READINGS_HEADING, 'RET-002;Volumen;15-11-2026;1'])),
    ).toMatchObject({ applied: true, created: 1, errors: [] });
  });

  it('leaves retired meters unchanged in a meters import: the row is refused with the day it was retired', async () => {
    const file = csv([
      METERS_HEADING,
      'Rørvej 1;;Vand R omdøbt;RET-001;Vand;Volumen;m³',
      'Rørvej 1;;Vand R;RET-001;Vand;Energi;kWh',
      'Rørvej 1;;Vand S;RET-010;El;Volumen;m³',
    ]);
    const expected = [
      {
        line: 2,
        column: 'Serienummer',
        message: IMPORT_MESSAGES.retiredMeterUnchangeable('RET-001', '2026-11-10'),
      },
      {
        line: 3,
        column: 'Serienummer',
        message: IMPORT_MESSAGES.retiredMeterUnchangeable('RET-001', '2026-11-10'),
      },
      {
        line: 4,
        column: 'Serienummer',
        message: IMPORT_MESSAGES.retiredMeterUnchangeable('RET-010', '2026-11-22'),
      },
    ];
    const before = await snapshotData(t.database.db);
    expect(await importFile('meters', 'apply', file)).toMatchObject({ applied: false, errors: expected });
    expect(await snapshotData(t.database.db)).toBe(before);
    expect(await meterBySerial('RET-001')).toMatchObject({ name: 'Vand R' });
  });
});
