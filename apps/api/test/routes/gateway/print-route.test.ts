import { ReadingStatus } from '@maaler/contract';
import { pdfPageTexts } from '@maaler/test-support/pdf-text';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { ACCOUNT_NAMES, accountIdOf, meterOf } from '../../helpers/demo-fixtures.ts';
import { testClock } from '../../helpers/test-app.ts';

// `Udskriv rute` (issue 37): GET /api/gateway/routeprint/{accountId} gives the account's route as a PDF
// in route order, with the reader's facts per meter and a blank to write on; scoped to the account.

/** pdf-text reads Latin-1; the standard fonts write the en dash as WinAnsi's 0x96. */
const pageTexts = async (bytes: Uint8Array) =>
  (await pdfPageTexts(bytes)).map((page) => page.replaceAll('\u0096', '–'));

const HEADINGS = [
  'Nr.',
  'Lokation',
  'Måler',
  'Serienr.',
  'Placering',
  'Adgang',
  'Sidste værdi',
  'Aflæst værdi',
];

describe('Udskriv rute (GET /api/gateway/routeprint/{accountId})', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['tekniker', 'klover', 'kunde'] });
  const norrevang = () => accountIdOf(t.database.db, ACCOUNT_NAMES.norrevang);
  const print = (accountId: string, token = t.tekniker) =>
    t.inject({ method: 'GET', url: `/api/gateway/routeprint/${accountId}`, token });

  it('prints the route in route order with its facts, the headings on every A4 page, and a page count', async () => {
    const accountId = await norrevang();
    const hyben1 = await meterOf(t.database.db, 'Rækkehusene, Hybenvej', 'Hybenvej 1');
    await t.database.db
      .updateTable('gateways')
      .set({ access_note: 'Nøglen hænger i skabet ved porten' })
      .where('id', '=', hyben1.gatewayId)
      .execute();
    await t.database.db
      .updateTable('devices')
      .set({ placement: 'Kælder, bag trappen' })
      .where('id', '=', hyben1.deviceId)
      .execute();
    try {
      const res = await print(accountId);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="aflaesningsrute.pdf"');
      const status = ReadingStatus.parse(
        (
          await t.inject({ method: 'GET', url: `/api/gateway/readingstatus/${accountId}`, token: t.tekniker })
        ).json(),
      );
      const pages = await pageTexts(res.rawPayload);
      expect(pages.length).toBeGreaterThan(1);
      for (const [index, page] of pages.entries()) {
        expect(page).toContain('Aflæsningsrute – Nørrevang erhvervslejemål');
        expect(page).toContain('Periode: 01-11-2026 – 30-11-2026');
        expect(page).toContain('Udskrevet 22-11-2026');
        expect(page).toContain(HEADINGS.join(' '));
        expect(page).toContain(`Side ${index + 1} af ${pages.length}`);
      }
      const text = pages.join(' ');
      // Every meter once, in the route's order, each with its number.
      const meters = status.gateways.flatMap((gateway) => gateway.DeviceList);
      const serials = meters.map((meter) => meter.Serial ?? '');
      expect([...text.matchAll(/HYB-\d{3}/g)].map((match) => match[0])).toEqual(
        serials.filter((serial) => serial.startsWith('HYB-')),
      );
      expect(serials.slice(0, 3).filter((serial) => serial.startsWith('HYB-'))).not.toEqual([]);
      const first = meters.findIndex((meter) => meter.DeviceId === hyben1.deviceId);
      const point = meters[first]?.DeviceItemList[0];
      expect(text).toContain(
        `${first + 1} Rækkehusene, Hybenvej Hybenvej 1 HYB-001 Kælder, bag trappen Nøglen hænger i skabet ved porten ${point?.Name}: ${point?.LastValue} ${point?.Unit} (${point?.LastDateValueFormatted})`,
      );
      expect(text).toContain(`${meters.length} `);
    } finally {
      await t.database.db
        .updateTable('gateways')
        .set({ access_note: null })
        .where('id', '=', hyben1.gatewayId)
        .execute();
      await t.database.db
        .updateTable('devices')
        .set({ placement: null })
        .where('id', '=', hyben1.deviceId)
        .execute();
    }
  });

  it('answers 404 for another tenant’s account and an unknown one, exactly alike, and 401 without a token', async () => {
    const accountId = await norrevang();
    const other = await print(accountId, t.klover);
    const unknown = await print('00000000-0000-4000-8000-000000000000', t.klover);
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(other.body).toBe(unknown.body);
    expect(other.headers['content-type']).not.toBe('application/pdf');
    expect((await print(accountId, t.kunde)).statusCode).toBe(404);
    const anonymous = await t.inject({ method: 'GET', url: `/api/gateway/routeprint/${accountId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('prints another account’s route for its own user, the serial number whole', async () => {
    const res = await print(await accountIdOf(t.database.db, ACCOUNT_NAMES.klover), t.klover);
    expect(res.statusCode).toBe(200);
    const [page] = await pageTexts(res.rawPayload);
    expect(page).toContain('Aflæsningsrute – Kløverhuse');
    expect(page).toContain('1 Kløvervej 3, kælder Vandmåler DIE-HYD-101010 Volumen: 8500,4 m³ (01-10-2026)');
  });
});
