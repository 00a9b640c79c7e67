import { GatewayTree } from '@maaler/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ImportKind, type ImportMode, postImport } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { readingCountOf } from '../../helpers/demo-fixtures.ts';
import { postReadings } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// ADR 052: a large remote file is planned beside the other requests and stored in committed slices,
// so a reader's SEND and a tree read are answered while the import still runs (measured with real
// requests and their order, not with times), and the import's rules still hold: a day a person read
// keeps that reading, the same file again changes nothing. On SQLite the slices are stored by the
// writer thread on its own connection (ADR 052, "worker"); the server's reads see its commits.

const METERS = 200;
const DAYS = 40;
const FIRST_DAY = Date.UTC(2026, 9, 1, 6);
const radioId = (m: number) => `SLICE-${String(m).padStart(3, '0')}`;
const isoDay = (d: number) => new Date(FIRST_DAY + d * 86_400_000).toISOString().slice(0, 10);

const metersFile = () => {
  const lines = ['Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed;Fjernaflæst;Radio-id'];
  for (let m = 0; m < METERS; m++)
    lines.push(`Skivevej ${Math.floor(m / 20)};;Måler ${m};${radioId(m)};Vand;Volumen;m³;ja;`);
  return { format: 'csv' as const, data: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`).toString('base64') };
};

/** One telegram a day of every meter, in time order as wmbusmeters writes them: 8,000 lines. */
const telegramsFile = () => {
  const lines: string[] = [];
  for (let d = 0; d < DAYS; d++)
    for (let m = 0; m < METERS; m++)
      lines.push(
        JSON.stringify({
          meter: 'multical21',
          id: radioId(m),
          total_m3: 100 + d + m / 1000,
          current_status: 'OK',
          timestamp: new Date(FIRST_DAY + d * 86_400_000).toISOString(),
        }),
      );
  return { format: 'wmbusmeters' as const, data: Buffer.from(lines.join('\n')).toString('base64') };
};

describe('a large remote import in committed slices', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin'] });

  beforeAll(async () => {
    expect(await importFile('meters', 'apply', metersFile())).toMatchObject({ applied: true, errors: [] });
  });

  const importFile = (kind: ImportKind, mode: ImportMode, payload: object) =>
    postImport(t, t.admin, t.soparken1, kind, mode, payload);
  const remoteCount = () => readingCountOf(t.database.db, 'remote');
  const lastMeter = () =>
    t.database.db
      .selectFrom('devices as d')
      .innerJoin('device_items as i', 'i.device_id', 'd.id')
      .select(['d.id as deviceId', 'd.gateway_id as gatewayId', 'i.id as deviceItemId'])
      .where('d.serial_number', '=', radioId(METERS - 1))
      .executeTakeFirstOrThrow();

  it("answers a reader's SEND and a tree read while it stores, keeps the person's reading, and the same file again changes nothing", async () => {
    const file = telegramsFile();
    const meter = await lastMeter();
    let answered = false;
    const applying = importFile('readings', 'apply', file).finally(() => {
      answered = true;
    });
    // Wait until the import has committed a part of the file: the plan is done and slices are stored.
    while (!answered && (await remoteCount()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(answered).toBe(false);

    // A person reads the last meter (the last slice) on a day the file also brings.
    let sends = 0;
    let lastValue = '';
    const send = async () => {
      lastValue = String(5000 + sends++);
      const sent = await postReadings(t, {
        token: t.admin,
        accountId: t.soparken1,
        payload: [{ ...meter, dateRecord: '11/05/2026', value: lastValue }],
      });
      expect(sent.statusCode, sent.body).toBe(200);
    };
    await send();
    const tree = await t.inject({
      method: 'GET',
      url: `/api/gateway/loadlistsimple/${t.soparken1}`,
      token: t.admin,
    });
    expect(tree.statusCode).toBe(200);
    // Both were answered before the import: they did not wait for the whole file.
    expect(answered).toBe(false);
    expect(await remoteCount()).toBeLessThan(METERS * DAYS);
    // The person corrects it again and again while the import stores: every SEND is stored (on
    // SQLite none fails waiting for the writer thread's write lock).
    while (!answered) await send();
    expect(sends).toBeGreaterThan(1);

    expect(await applying).toMatchObject({
      applied: true,
      rows: METERS * DAYS,
      created: METERS * DAYS,
      errors: [],
    });
    expect(await remoteCount()).toBe(METERS * DAYS - 1);
    const kept = await t.database.db
      .selectFrom('readings')
      .select(['value', 'source'])
      .where('device_item_id', '=', meter.deviceItemId)
      .where('date_record', '=', isoDay(35))
      .executeTakeFirstOrThrow();
    expect(isoDay(35)).toBe('2026-11-05');
    expect(kept).toEqual({ value: lastValue, source: 'web' });

    const again = { created: 0, changed: 0, unchanged: METERS * DAYS, errors: [] };
    expect(await importFile('readings', 'dry-run', file)).toMatchObject({ applied: false, ...again });
    expect(await importFile('readings', 'apply', file)).toMatchObject({ applied: true, ...again });
    expect(await remoteCount()).toBe(METERS * DAYS - 1);
  });

  it('a tree read after the import shows the value it stored, though the read before was kept in the cache', async () => {
    const meter = await lastMeter();
    const treeValue = async () => {
      const res = await t.inject({
        method: 'GET',
        url: `/api/gateway/loadlistsimple/${t.soparken1}`,
        token: t.admin,
      });
      expect(res.statusCode).toBe(200);
      const points = GatewayTree.parse(res.json()).flatMap((g) =>
        g.DeviceList.flatMap((d) => d.DeviceItemList),
      );
      const point = points.find((p) => p.DeviceItemId === meter.deviceItemId);
      return point && { value: point.LastValue, date: point.LastDateValue };
    };
    const before = await treeValue();
    expect(await treeValue()).toEqual(before);
    const line = JSON.stringify({
      meter: 'multical21',
      id: radioId(METERS - 1),
      total_m3: 777,
      current_status: 'OK',
      timestamp: '2026-11-20T06:00:00Z',
    });
    const file = { format: 'wmbusmeters' as const, data: Buffer.from(line).toString('base64') };
    expect(await importFile('readings', 'apply', file)).toMatchObject({ applied: true, created: 1 });
    expect(await treeValue()).toEqual({ value: '777', date: '2026-11-20' });
  });
});
