import {
  IMPORT_MESSAGES,
  ImportResult,
  METER_ADMIN_ERRORS,
  METER_CHANGE_ERRORS,
  MeterAdminWriteResponse,
} from '@maaler/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { openDatabase } from '../../../src/db/engine/connection.ts';
import { isSerialTaken } from '../../../src/db/repositories/meter-serials.ts';
import { meterWrite } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import type { DemoMeter } from '../../helpers/demo-fixtures.ts';
import { postToAccount } from '../../helpers/reading-requests.ts';
import { testClock, XSRF } from '../../helpers/test-app.ts';

// Issue 32, item 2: a serial number names one meter of a customer (ignoring case, retired meters
// included), held by the schema, and the writes that plan before they insert run one after the
// other per customer, so parallel requests (a double click on `Importér`) never store anything twice.

const METERS_FILE = [
  'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed',
  'Parallelvej 1;Parallelvej 1, 8000 Aarhus C;Varme 1;PAR-001;Varme;Energi;kWh',
  'Parallelvej 1;;Varme 1;PAR-001;Varme;Volumen;m³',
  'Parallelvej 1;;Vand 1;par-002;water;Volumen;m³',
].join('\r\n');

const csv = (text: string) => ({
  format: 'csv' as const,
  data: Buffer.from(`\uFEFF${text}\r\n`).toString('base64'),
});

describe('serial numbers and planned writes under parallel requests', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin'] });
  const db = () => t.database.db;

  const metersWithSerial = async (serial: string) =>
    db()
      .selectFrom('devices')
      .select(['id', 'serial_number as serial'])
      .where(sql<string>`lower(serial_number)`, '=', serial.toLowerCase())
      .execute();

  const locationOf = async (accountId: string) =>
    (
      await db()
        .selectFrom('gateways')
        .select('id')
        .where('account_id', '=', accountId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('stores one set of rows when applies of one meters file run in parallel on two instances', async () => {
    // One instance reads one import at a time (ADR 028: a double click gets 429), so the parallel
    // applies that reach the planning are those of several instances on one database.
    const other = await buildApp({ config: t.config, database: openDatabase(t.config), clock });
    const apply = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/import/${t.soparken1}/meters?mode=apply`,
        headers: { authorization: `Bearer ${t.admin}`, 'x-xsrf-token': XSRF },
        cookies: { 'XSRF-TOKEN': XSRF },
        payload: csv(METERS_FILE),
      });
    let answers: Awaited<ReturnType<typeof apply>>[];
    try {
      answers = await Promise.all([apply(t.app), apply(other), apply(t.app), apply(other)]);
    } finally {
      await other.close();
    }
    const applied = answers.filter((answer) => answer.statusCode === 200);
    for (const answer of answers) expect([200, 429], answer.body).toContain(answer.statusCode);
    expect(applied.length).toBeGreaterThanOrEqual(2);
    const results = applied.map((answer) => ImportResult.parse(answer.json()));
    expect(results.every((result) => result.applied)).toBe(true);
    // The first creates all three rows; each later one sees them and has nothing left to create.
    expect(results.map((result) => result.created).sort()).toEqual([...results.slice(1).map(() => 0), 3]);

    const locations = await db()
      .selectFrom('gateways')
      .select('id')
      .where('name', '=', 'Parallelvej 1')
      .execute();
    expect(locations).toHaveLength(1);
    expect(await metersWithSerial('PAR-001')).toHaveLength(1);
    expect(await metersWithSerial('PAR-002')).toHaveLength(1);
    const points = await db()
      .selectFrom('device_items as i')
      .innerJoin('devices as d', 'd.id', 'i.device_id')
      .select('i.id')
      .where(sql<string>`upper(d.serial_number)`, 'like', 'PAR-%')
      .execute();
    expect(points).toHaveLength(3);
  });

  it('lets one of three parallel addmeter with one serial number succeed; the others get the Danish 409', async () => {
    const gatewayId = await locationOf(t.soparken1);
    const add = (name: string) =>
      meterWrite(t, t.admin, 'addmeter', [gatewayId], t.soparken1, {
        Name: name,
        Type: 'water',
        SerialNumber: 'TRE-777',
      });
    const answers = await Promise.all([add('Første'), add('Anden'), add('Tredje')]);
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok, answers.map((answer) => answer.body).join('\n')).toHaveLength(1);
    const winner = await db()
      .selectFrom('devices as d')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .select(['d.name as meter', 'g.name as location'])
      .where('d.id', '=', MeterAdminWriteResponse.parse(ok[0]?.json()).Id)
      .executeTakeFirstOrThrow();
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        Message: METER_ADMIN_ERRORS.serialTaken('TRE-777', winner.meter, winner.location),
      });
    }
    expect(await metersWithSerial('TRE-777')).toHaveLength(1);
  });

  it('lets one of two parallel meter changes to one new serial number through; the other gets the Danish 406', async () => {
    const latest = async (itemId: number) =>
      (
        await db()
          .selectFrom('readings')
          .select('value')
          .where('device_item_id', '=', itemId)
          .orderBy('date_record', 'desc')
          .executeTakeFirst()
      )?.value ?? '0';
    const changeTo = async (meter: DemoMeter) => {
      const points = await Promise.all(
        Object.values(meter.items).map(async (deviceItemId) => ({
          deviceItemId,
          finalValue: String(Number(await latest(deviceItemId)) + 1),
          startValue: '0',
        })),
      );
      return postToAccount(t, `meterchange/${meter.deviceId}`, {
        token: t.admin,
        accountId: t.soparken1,
        payload: { dateRecord: '11/22/2026', serialNumber: 'SKIFT-42', points },
      });
    };
    const answers = await Promise.all([changeTo(t.coldWater), changeTo(t.hotWater)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([200, 406]);
    expect(answers.find((answer) => answer.statusCode === 406)?.json()).toMatchObject({
      validationError: METER_CHANGE_ERRORS.serialTaken('SKIFT-42'),
    });
    expect(await metersWithSerial('SKIFT-42')).toHaveLength(1);
  });

  it('refuses a serial number of another account of the same customer, in another case, by addmeter and import', async () => {
    // KAM-603-112233 is the heat meter's in Søparken afdeling 1; afdeling 2 is the same customer's.
    const gatewayId = await locationOf(t.soparken2);
    const res = await meterWrite(t, t.admin, 'addmeter', [gatewayId], t.soparken2, {
      Name: 'Ny',
      Type: 'heat',
      SerialNumber: 'kam-603-112233',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      Message: METER_ADMIN_ERRORS.serialTaken(
        'KAM-603-112233',
        'Varmemåler opgang 12',
        'Søparken 12, kælder',
      ),
    });

    const file = [
      'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed',
      'Ny vej;;Ny;kam-603-112233;Varme;Energi;MWh',
    ];
    const imported = await t.inject({
      method: 'POST',
      url: `/api/admin/import/${t.soparken2}/meters?mode=apply`,
      token: t.admin,
      payload: csv(file.join('\r\n')),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(ImportResult.parse(imported.json())).toMatchObject({
      applied: false,
      errors: [
        { line: 2, column: 'Serienummer', message: IMPORT_MESSAGES.serialInOtherAccount('kam-603-112233') },
      ],
    });
    expect(await metersWithSerial('KAM-603-112233')).toHaveLength(1);
  });

  it('keeps a retired meter’s serial number: addmeter refuses it', async () => {
    const gatewayId = await locationOf(t.soparken1);
    const added = await meterWrite(t, t.admin, 'addmeter', [gatewayId], t.soparken1, {
      Name: 'Udtjent',
      Type: 'water',
      SerialNumber: 'GAMMEL-1',
    });
    const { Id } = MeterAdminWriteResponse.parse(added.json());
    expect((await meterWrite(t, t.admin, 'retiremeter', [Id], t.soparken1)).statusCode).toBe(200);
    const again = await meterWrite(t, t.admin, 'addmeter', [gatewayId], t.soparken1, {
      Name: 'Ny',
      Type: 'water',
      SerialNumber: 'gammel-1',
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(await metersWithSerial('GAMMEL-1')).toHaveLength(1);
  });

  it('holds the rule in the schema itself: a direct insert of a taken serial number fails the unique index', async () => {
    // Another account of the customer, another case, the holder retired: the index still refuses it.
    const gatewayId = await locationOf(t.soparken2);
    await db()
      .updateTable('devices')
      .set({ retired_at: '2026-11-01T00:00:00.000Z' })
      .where('id', '=', t.heat.deviceId)
      .execute();
    const insert = (serial: string) =>
      db()
        .insertInto('devices')
        .values({ gateway_id: gatewayId, name: 'Direkte', type: 'heat', manual: 1, serial_number: serial })
        .execute();
    const error = await insert('Kam-603-112233').then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isSerialTaken(error), String(error)).toBe(true);
    // Empty means unknown: any number of meters may have none.
    await insert('');
    await insert('');
    // Another customer may use the same serial number.
    const klover = await db()
      .selectFrom('gateways as g')
      .innerJoin('accounts as a', 'a.id', 'g.account_id')
      .innerJoin('customers as c', 'c.id', 'a.customer_id')
      .select('g.id')
      .where('c.name', '=', 'Andelsboligforeningen Kløverhuse')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('devices')
      .values({
        gateway_id: klover.id,
        name: 'Andet sted',
        type: 'heat',
        manual: 1,
        serial_number: 'KAM-603-112233',
      })
      .execute();
    const stored = await db()
      .selectFrom('devices')
      .select('customer_id')
      .where('name', '=', 'Andet sted')
      .executeTakeFirstOrThrow();
    expect(stored.customer_id).toBeTruthy();
  });
});
