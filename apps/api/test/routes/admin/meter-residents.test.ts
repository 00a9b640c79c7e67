import { MeterAdminWriteResponse, RESIDENT_ERRORS } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { type ImportMode, meterPage, meterWrite, postImport } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  KLOVER_METER,
  meterOf,
  snapshotData,
} from '../../helpers/demo-fixtures.ts';
import { changeMeter } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// Residents' contacts per meter (issue 35, ADR 039): edited in Målere and by the meters import, seen by
// administrators only, moved to the new meter by a meter change.

const BOM = '\uFEFF';
const csv = (lines: readonly string[]) => ({
  format: 'csv' as const,
  data: Buffer.from(`${BOM}${lines.join('\r\n')}\r\n`).toString('base64'),
});

describe("residents' contacts per meter", () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin', 'tekniker'] });

  const residentOf = async (accountId: string, deviceId: number) => {
    const page = await meterPage(t, t.admin, accountId);
    const meter = page.Locations.flatMap((l) => l.Meters).find((m) => m.DeviceId === deviceId);
    if (!meter) throw new Error(`meter ${deviceId} not on the first page`);
    return { name: meter.ResidentName, email: meter.ResidentEmail, phone: meter.ResidentPhone };
  };
  const update = (deviceId: number, payload: object, accountId = t.soparken1) =>
    meterWrite(t, t.admin, 'updatemeter', [deviceId], accountId, payload);

  it('shows the demo residents of the Hybenvej meters to the administrator', async () => {
    const norrevang = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
    const page = await meterPage(t, t.admin, norrevang, 'q=HYB-001');
    const [meter] = page.Locations.flatMap((l) => l.Meters);
    expect(meter?.Name).toBe('Hybenvej 1');
    expect(meter?.ResidentEmail).toBe('beboer1@eksempel.dk');
    expect(meter?.ResidentName).not.toBe('');
    expect(meter?.ResidentPhone).toMatch(/^[0-9+ ]+$/);
  });

  it('sets, changes in part and clears a meter’s resident; empty fields leave no row', async () => {
    const { deviceId } = t.coldWater;
    const set = await update(deviceId, {
      ResidentName: ' Karen Holm ',
      ResidentEmail: 'Karen.Holm@Eksempel.dk',
      ResidentPhone: '+45 12 34 56 78',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(MeterAdminWriteResponse.parse(set.json()).Id).toBe(deviceId);
    expect(await residentOf(t.soparken1, deviceId)).toEqual({
      name: 'Karen Holm',
      email: 'karen.holm@eksempel.dk',
      phone: '+45 12 34 56 78',
    });

    expect((await update(deviceId, { ResidentPhone: '' })).statusCode).toBe(200);
    expect(await residentOf(t.soparken1, deviceId)).toEqual({
      name: 'Karen Holm',
      email: 'karen.holm@eksempel.dk',
      phone: '',
    });

    expect((await update(deviceId, { ResidentName: '', ResidentEmail: '' })).statusCode).toBe(200);
    expect(await residentOf(t.soparken1, deviceId)).toEqual({ name: '', email: '', phone: '' });
    const rows = await t.database.db
      .selectFrom('meter_residents')
      .selectAll()
      .where('device_id', '=', deviceId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a bad e-mail, phone or too long name with 400 in Danish and changes nothing', async () => {
    const before = await snapshotData(t.database.db);
    for (const [payload, message] of [
      [{ ResidentEmail: 'ikke-en-adresse' }, RESIDENT_ERRORS.emailInvalid],
      [{ ResidentPhone: '12-34-56-78' }, RESIDENT_ERRORS.phoneInvalid],
      [{ ResidentPhone: '1'.repeat(21) }, RESIDENT_ERRORS.phoneInvalid],
      [{ ResidentName: 'x'.repeat(101) }, RESIDENT_ERRORS.nameInvalid],
      [{ ResidentName: 'Ka\u0000ren' }, RESIDENT_ERRORS.nameInvalid],
    ] as const) {
      const res = await update(t.coldWater.deviceId, { ResidentName: 'Ny beboer', ...payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ Message: message });
    }
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('answers 404 for another tenant’s meter and 403 to a meter reader', async () => {
    const before = await snapshotData(t.database.db);
    const klover = await meterOf(t.database.db, ...KLOVER_METER);
    const other = await update(klover.deviceId, { ResidentName: 'X' });
    expect(other.statusCode).toBe(404);
    const reader = await meterWrite(t, t.tekniker, 'updatemeter', [t.heat.deviceId], t.soparken1, {
      ResidentName: 'X',
    });
    expect(reader.statusCode).toBe(403);
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('moves the contact to the new meter on a meter change: the resident stays with the place', async () => {
    const { deviceId } = t.hotWater;
    const resident = { name: 'Ole Lund', email: 'ole@eksempel.dk', phone: '87 65 43 21' };
    expect(
      (
        await update(deviceId, {
          ResidentName: resident.name,
          ResidentEmail: resident.email,
          ResidentPhone: resident.phone,
        })
      ).statusCode,
    ).toBe(200);
    const { DeviceId: newId } = await changeMeter(t, t.admin, t.soparken1, deviceId, {
      dateRecord: '11/22/2026',
      serialNumber: 'VV-NY-001',
      points: [{ deviceItemId: t.hotWater.items.Volumen, finalValue: '10', startValue: '0' }],
    });
    expect(await residentOf(t.soparken1, newId)).toEqual(resident);
    expect(await residentOf(t.soparken1, deviceId)).toEqual({ name: '', email: '', phone: '' });
  });

  it('imports the optional columns: rows with errors in Danish, a dry run counting changes, apply storing them', async () => {
    const norrevang = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
    const importFile = (mode: ImportMode, lines: readonly string[]) =>
      postImport(t, t.admin, norrevang, 'meters', mode, csv(lines));
    const heading =
      'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed;Beboer;Beboer e-mail;Beboer telefon';
    const location = 'Rækkehusene, Hybenvej';

    const bad = await importFile('dry-run', [
      heading,
      `${location};;Hybenvej 1;HYB-001;Vand;Volumen;m³;Nina Lund;nina@;12 34`,
      `${location};;Hybenvej 3;HYB-003;Vand;Volumen;m³;Per;per@eksempel.dk;tlf. 1234`,
      `${location};;Hybenvej 5;HYB-005;Vand;Volumen;m³;Per;per@eksempel.dk;`,
      `${location};;Hybenvej 5;HYB-005;Vand;Energi;kWh;Pia;per@eksempel.dk;`,
      `${location};;Hybenvej 7;HYB-007;Vand;Volumen;m³;${'x'.repeat(101)};;`,
    ]);
    expect(bad.errors).toEqual([
      { line: 2, column: 'Beboer e-mail', message: 'Beboer e-mail er ikke en gyldig e-mailadresse' },
      {
        line: 3,
        column: 'Beboer telefon',
        message: 'Beboer telefon må kun indeholde cifre, mellemrum og +, højst 20 tegn',
      },
      {
        line: 5,
        column: 'Serienummer',
        message:
          'Måleren med serienummer HYB-005 står anderledes (lokation, navn, type eller beboer) i linje 4',
      },
      {
        line: 6,
        column: 'Beboer',
        message: 'Beboer må højst være 100 tegn og ingen styretegn indeholde',
      },
    ]);

    const before = await snapshotData(t.database.db);
    const lines = [
      heading,
      `${location};;Hybenvej 1;HYB-001;Vand;Volumen;m³;Nina Lund;Nina@Eksempel.dk;+45 11 22 33 44`,
      `${location};;Hybenvej 3;HYB-003;Vand;Volumen;m³;;;`,
    ];
    // A short row leaves its last cells empty: the columns are in the file, so HYB-005's resident goes too.
    const dryRun = await importFile('dry-run', [
      ...lines,
      `${location};;Hybenvej 5;HYB-005;Vand;Volumen;m³;`,
    ]);
    expect(dryRun).toMatchObject({ applied: false, rows: 3, created: 0, changed: 3, errors: [] });
    expect(await snapshotData(t.database.db)).toBe(before);

    expect(await importFile('apply', lines)).toMatchObject({ applied: true, changed: 2, errors: [] });
    const hyb = async (serial: string) => {
      const page = await meterPage(t, t.admin, norrevang, `q=${serial}`);
      const [meter] = page.Locations.flatMap((l) => l.Meters);
      return [meter?.ResidentName, meter?.ResidentEmail, meter?.ResidentPhone];
    };
    expect(await hyb('HYB-001')).toEqual(['Nina Lund', 'nina@eksempel.dk', '+45 11 22 33 44']);
    expect(await hyb('HYB-003')).toEqual(['', '', '']);

    // A file without the columns leaves the residents as they are.
    const unchanged = await importFile('apply', [
      'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed',
      `${location};;Hybenvej 1;HYB-001;Vand;Volumen;m³`,
    ]);
    expect(unchanged).toMatchObject({ unchanged: 1, changed: 0 });
    expect(await hyb('HYB-001')).toEqual(['Nina Lund', 'nina@eksempel.dk', '+45 11 22 33 44']);
  });

  it('never carries a resident in the answers a meter reader or the exports get', async () => {
    const norrevang = await accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
    const hyb = await meterOf(t.database.db, 'Rækkehusene, Hybenvej', 'Hybenvej 7');
    const [resident] = await t.database.db
      .selectFrom('meter_residents')
      .select(['name', 'email', 'phone'])
      .where('device_id', '=', hyb.deviceId)
      .execute();
    expect(resident?.email).toBe('beboer7@eksempel.dk');
    const secrets = [resident?.email ?? '', resident?.name ?? '', resident?.phone ?? '', 'beboer'];

    const answers: { url: string; body: string; status: number }[] = [];
    const get = async (url: string, token: string) => {
      const res = await t.inject({ method: 'GET', url, token });
      answers.push({ url, body: res.body, status: res.statusCode });
    };
    const item = Object.values(hyb.items)[0] ?? 0;
    for (const token of [t.tekniker, t.admin]) {
      await get(`/api/gateway/loadlistsimple/${norrevang}`, token);
      await get(`/api/gateway/loaditemlist/${hyb.gatewayId}/${norrevang}`, token);
      await get(`/api/gateway/loaddevicelist/${hyb.gatewayId}/${norrevang}`, token);
      await get(`/api/gateway/loaddevicelistbytype/water/${norrevang}`, token);
      await get(`/api/gateway/loaddevice/${hyb.deviceId}/${norrevang}`, token);
      await get(`/api/gateway/loaddeviceitemlist/${hyb.deviceId}/${norrevang}`, token);
      await get(`/api/gateway/findbyserial/${norrevang}/HYB-007`, token);
      await get(`/api/gateway/readingstatus/${norrevang}`, token);
      const history = await t.inject({
        method: 'POST',
        url: `/api/gateway/loaddeviceitemhistorylist/${norrevang}`,
        token,
        payload: { gatewayId: hyb.gatewayId, deviceId: hyb.deviceId, deviceItemId: item },
      });
      answers.push({ url: 'history', body: history.body, status: history.statusCode });
    }
    // CSV, not .xlsx: a zipped answer could not be searched as text.
    await get(`/api/admin/export/${norrevang}?format=csv&date=2026-09-15`, t.admin);
    await get(`/api/admin/monthlyconsumption/${norrevang}?format=csv&date=2026-09-15`, t.admin);
    await get(`/api/admin/periodstatus/${norrevang}?date=2026-09-15`, t.admin);
    await get(`/api/admin/estimates/${norrevang}?date=2026-09-15`, t.admin);
    await get(`/api/admin/review/${norrevang}`, t.admin);

    for (const answer of answers) {
      expect(answer.status, `${answer.url}: ${answer.body.slice(0, 200)}`).toBe(200);
      for (const secret of secrets) expect(answer.body, answer.url).not.toContain(secret);
    }
  });
});
