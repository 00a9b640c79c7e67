import { MESSAGES, toDanishDate, toUsDate } from '@maaler/contract';
import { expect, test } from '@playwright/test';
import { openAdminSection } from './support/administration';
import { ownTenantNames } from './support/cli';
import {
  addHeatMeterTenant,
  HEAT_METER,
  type HeatMeterIds,
  signInOnPhone,
} from './support/heat-meter-tenant';
import { danishToday, daysBefore } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { postAsPage, postReadingsAsPage } from './support/session-calls';

// Issue 38 (ADR 050, amended 2026-11-28), at a phone's width on a tenant of its own: a `Kontrol`
// reading that deviates from the remote value of its day is on `Til kontrol` with both values and the
// difference, and the office approves it; the tolerance is the account's field in `Status for perioden`.
test.describe.configure({ mode: 'serial' });

const SCREENSHOTS = new URL('../../../docs/screenshots/', import.meta.url).pathname;
const tenant = ownTenantNames('Kontrolhuse', 'kontrol');
const LOCATION = 'Kontrolvej 3, kælder';
const today = danishToday().iso;
const days = { remote1: daysBefore(today, 9), control: daysBefore(today, 6), remote2: daysBefore(today, 3) };
let ids: HeatMeterIds;

test.beforeAll(() => {
  ids = addHeatMeterTenant(tenant, {
    address: { address: 'Kontrolvej 3', postal: '5000', town: 'Odense C' },
    location: LOCATION,
    serial: `KTV-${tenant.run}`,
    user: { name: 'Karen Kontrol', role: 1 },
  });
});

const telegram = (date: string, kwh: number, m3: number) =>
  JSON.stringify({
    media: 'heat',
    meter: 'kamheat',
    id: `KTV-${tenant.run}`,
    status: 'OK',
    total_energy_consumption_kwh: kwh,
    total_volume_m3: m3,
    timestamp: `${date}T04:00:00Z`,
  });

test('Til kontrol shows a deviating control reading with the remote value and the difference, and approves it', async ({
  page,
}) => {
  await signInOnPhone(page, tenant);
  const meters = `/api/admin/meters/updatemeter/${ids.deviceId}/${ids.accountId}`;
  expect(await postAsPage(page, meters, { Remote: true })).toBe(200);
  const file = `${telegram(days.remote1, 1000, 30)}\n${telegram(days.remote2, 1090, 33)}\n`;
  const imported = `/api/admin/import/${ids.accountId}/readings?mode=apply`;
  expect(
    await postAsPage(page, imported, { format: 'wmbusmeters', data: Buffer.from(file).toString('base64') }),
  ).toBe(200);
  // Halfway between the telegrams: 1045 kWh and 31,5 m³. Energi is 55 off; Volumen is within.
  const control = { gatewayId: ids.gatewayId, deviceId: ids.deviceId, dateRecord: toUsDate(days.control) };
  const controls = [
    { ...control, deviceItemId: ids.energi, value: '1100', reason: 'control' },
    { ...control, deviceItemId: ids.volumen, value: '31,5', reason: 'control' },
  ];
  expect(await postReadingsAsPage(page, ids.accountId, controls)).toBe(200);
  // A retry of the same batch makes no second entry.
  expect(await postReadingsAsPage(page, ids.accountId, controls)).toBe(200);

  await page.getByRole('link', { name: 'Administration' }).click();
  const review = await openAdminSection(page, 'Til kontrol');
  const entries = review.getByRole('region', { name: 'Kontrolaflæsninger til kontrol' }).getByRole('row');
  const entry = entries.filter({ hasText: HEAT_METER });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Energi');
  await expect(entry).toContainText(toDanishDate(days.control));
  await expect(entry).toContainText('Afvigelse mellem kontrol og fjernaflæsning');
  await expect(entry.getByText('Kontrol: 1100 kWh', { exact: true })).toBeVisible();
  await expect(entry.getByText('Fjernaflæst: 1045 kWh', { exact: true })).toBeVisible();
  await expect(entry.getByText('Forskel: +55 kWh', { exact: true })).toBeVisible();
  await expect(review.getByText('Der er ingen aflæsninger til kontrol.')).toBeVisible();
  await expectSoundScreen(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({
    path: `${SCREENSHOTS}review-control-deviation.png`,
    fullPage: true,
    animations: 'disabled',
  });

  await entry
    .getByRole('button', { name: `Godkend kontrol ${HEAT_METER}, Energi, ${toDanishDate(days.control)}` })
    .click();
  await expect(
    review.getByRole('status').filter({ hasText: `Godkendt: ${HEAT_METER}, Energi` }),
  ).toBeVisible();
  await expect(review.getByRole('region', { name: 'Kontrolaflæsninger til kontrol' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Til kontrol', exact: true })).toBeVisible();
  await expect(page.getByText('Afvigelse mellem kontrol og fjernaflæsning')).toHaveCount(0);
});

test('the tolerance field refuses a bad value in Danish, saves a good one, and empty is the default', async ({
  page,
}) => {
  await signInOnPhone(page, tenant);
  await page.getByRole('link', { name: 'Administration' }).click();
  const status = page.getByRole('region', { name: 'Status for perioden', exact: true });
  const field = status.getByRole('textbox', { name: 'Tolerance for kontrolaflæsning (%)' });
  const save = status.getByRole('button', { name: 'Gem tolerance' });
  await expect(field).toHaveValue('');
  await expect(field).toHaveAttribute('placeholder', '0,5');

  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/account/setting'))
      posts.push(request.url());
  });
  await field.fill('12');
  await save.click();
  await expect(status.getByRole('alert').filter({ hasText: MESSAGES.controlToleranceInvalid })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);
  await expectSoundScreen(page);

  await field.fill('1,5');
  await save.click();
  await expect(status.getByText('Tolerancen er gemt')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Tolerance for kontrolaflæsning (%)' })).toHaveValue('1,5');

  const emptied = page.getByRole('textbox', { name: 'Tolerance for kontrolaflæsning (%)' });
  await emptied.fill('');
  await page.getByRole('button', { name: 'Gem tolerance' }).click();
  await expect(page.getByText('Tolerancen er gemt')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Tolerance for kontrolaflæsning (%)' })).toHaveValue('');
});
