import { toDanishDate, toUsDate } from '@maaler/contract';
import { expect, test } from '@playwright/test';
import { ownTenantNames } from './support/cli';
import {
  addHeatMeterTenant,
  HEAT_METER,
  type HeatMeterIds,
  signInOnPhone,
  storeHeatReadings,
} from './support/heat-meter-tenant';
import { historyPoint, historyRow, openHistoryByKeyboard } from './support/reading-history';
import { chooseMeter, danishToday, daysBefore } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { postAsPage, postReadingsAsPage } from './support/session-calls';

// One timeline (issue 38, ADR 050) on a tenant of its own: a heat meter made Fjernaflæst in `Målere`,
// remote values from a wmbusmeters file, a reading typed by hand and a `Kontrol` reading; the history
// shows them together, each marked by its source and reason.
test.describe.configure({ mode: 'serial' });

const tenant = ownTenantNames('Fjernhuse', 'fjern');
const LOCATION = 'Fjernvej 5, kælder';
const today = danishToday().iso;
const days = { remote1: daysBefore(today, 9), manual: daysBefore(today, 6), remote2: daysBefore(today, 3) };
const CONTROL_DAY = daysBefore(today, 2);
let ids: HeatMeterIds;

test.beforeAll(() => {
  ids = addHeatMeterTenant(tenant, {
    address: { address: 'Fjernvej 5', postal: '5000', town: 'Odense C' },
    location: LOCATION,
    serial: `FJV-${tenant.run}`,
    user: { name: 'Frida Fjern', role: 1 },
  });
});

const telegram = (date: string, kwh: number, m3: number) =>
  JSON.stringify({
    media: 'heat',
    meter: 'kamheat',
    id: `FJV-${tenant.run}`,
    status: 'OK',
    total_energy_consumption_kwh: kwh,
    total_volume_m3: m3,
    timestamp: `${date}T04:00:00Z`,
  });

test('the history shows manual, remote and control readings together, marked by source', async ({ page }) => {
  await signInOnPhone(page, tenant);
  const meters = `/api/admin/meters/updatemeter/${ids.deviceId}/${ids.accountId}`;
  expect(await postAsPage(page, meters, { Remote: true })).toBe(200);
  const file = `${telegram(days.remote1, 1000, 30)}\n${telegram(days.remote2, 1090, 33)}\n`;
  const data = Buffer.from(file).toString('base64');
  const imported = `/api/admin/import/${ids.accountId}/readings?mode=apply`;
  expect(await postAsPage(page, imported, { format: 'wmbusmeters', data })).toBe(200);
  await storeHeatReadings(page, ids, [{ date: days.manual, energi: '1040', volumen: '31,5' }]);
  const control = { gatewayId: ids.gatewayId, deviceId: ids.deviceId, dateRecord: toUsDate(CONTROL_DAY) };
  expect(
    await postReadingsAsPage(page, ids.accountId, [
      { ...control, deviceItemId: ids.energi, value: '1120', reason: 'control' },
      { ...control, deviceItemId: ids.volumen, value: '33,4', reason: 'control' },
    ]),
  ).toBe(200);

  await page.reload();
  await chooseMeter(page, LOCATION, HEAT_METER);
  await openHistoryByKeyboard(page, HEAT_METER);
  const energi = historyPoint(page, 'Energi (kWh)');
  await expect(
    historyRow(energi, toDanishDate(days.remote1)).getByText('Fjernaflæst', { exact: true }),
  ).toBeVisible();
  await expect(
    historyRow(energi, toDanishDate(days.remote2)).getByText('Fjernaflæst', { exact: true }),
  ).toBeVisible();
  const manual = historyRow(energi, toDanishDate(days.manual));
  await expect(manual).toContainText(/1\.?040/);
  await expect(manual.getByText('Fjernaflæst', { exact: true })).toHaveCount(0);
  // The control reading is kept beside the readings (ADR 049) and shown on the one nearest its day.
  await expect(energi).toContainText(new RegExp(`Kontrol ${toDanishDate(CONTROL_DAY)}: 1\\.?120`));
  await expectSoundScreen(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '/tmp/screens/history-remote.png', animations: 'disabled' });
});
