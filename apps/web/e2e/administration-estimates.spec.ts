import { periodContaining, previousPeriod, toDanishDate, toUsDate } from '@maaler/contract';
import { expect, type Page, test } from '@playwright/test';
import { ownTenantNames } from './support/cli';
import {
  addHeatMeterTenant,
  HEAT_METER,
  type HeatMeterIds,
  signInOnPhone,
  storeHeatReadings,
} from './support/heat-meter-tenant';
import { historyPoint, historyRow, openHistoryByKeyboard } from './support/reading-history';
import { chooseMeter, danishToday, daysBefore, pointHint } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { postAsPage } from './support/session-calls';

// Estimates (`Estimeret`, issue 19, ADR 021) on a tenant of its own, made with the operator's CLI: one
// heat meter ('Varmemåler', points 'Energi' and 'Volumen') with two readings and a meter change before
// last month, and no reading in last month, and an administrator. Each run (and retry) makes a new one.
test.describe.configure({ mode: 'serial' });

const tenant = ownTenantNames('Estimathuse', 'estimat');
const LOCATION = 'Estimatvej 3, kælder';
const today = danishToday();
const lastMonth = previousPeriod(periodContaining(today.iso, 'monthly'), 'monthly');
const READINGS = [
  { date: daysBefore(lastMonth.start, 61), energi: '1000', volumen: '30' },
  { date: daysBefore(lastMonth.start, 31), energi: '1300', volumen: '36,5' },
];
const CHANGE_DATE = daysBefore(lastMonth.start, 11);
let ids: HeatMeterIds;

test.beforeAll(() => {
  ids = addHeatMeterTenant(tenant, {
    address: { address: 'Estimatvej 3', postal: '5000', town: 'Odense C' },
    location: LOCATION,
    serial: `EST-${tenant.run}`,
    user: { name: 'Eva Estimat', role: 1 },
  });
});

/** The meter's history before last month: two readings, then a meter change, with the page's session. */
async function storeHistory(page: Page): Promise<void> {
  await storeHeatReadings(page, ids, READINGS);
  const change = {
    dateRecord: toUsDate(CHANGE_DATE),
    serialNumber: `EST-NY-${tenant.run}`,
    points: [
      { deviceItemId: ids.energi, finalValue: '1500', startValue: '0,5' },
      { deviceItemId: ids.volumen, finalValue: '40', startValue: '0' },
    ],
  };
  expect(await postAsPage(page, `/api/gateway/meterchange/${ids.deviceId}/${ids.accountId}`, change)).toBe(
    200,
  );
}

test("'Opret estimater' for last month: the proposals, Estimeret in the status, the form and the history", async ({
  page,
}) => {
  await signInOnPhone(page, tenant);
  await storeHistory(page);
  await page.getByRole('link', { name: 'Administration' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();

  const status = page.getByRole('region', { name: 'Status for perioden' });
  const period = status.getByLabel('Periode', { exact: true });
  // The running month offers no estimates; last month does.
  await expect(status.getByRole('button', { name: 'Opret estimater' })).toHaveCount(0);
  await period.selectOption({ value: lastMonth.start });
  await expect(status.getByTestId('admin-progress')).toHaveText('0 af 2 målepunkter aflæst');

  const open = status.getByRole('button', { name: 'Opret estimater' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Opret estimater for / });
  await expect(dialog).toBeVisible();
  const rows = dialog.getByTestId('estimate-proposal');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Lineært fra de to seneste målinger');
  const energiRow = rows.filter({ hasText: 'Energi' });
  // Across the change: the start reading 0,5 on, at the old meter's last 200 kWh over 20 days.
  await expect(energiRow).toContainText('0,5 kWh');
  const proposed = ((await energiRow.getByRole('cell').nth(2).textContent()) ?? '').replace(' kWh', '');
  await expectSoundScreen(page);

  // Annuller closes without creating; then Opret from the keyboard.
  await dialog.getByRole('button', { name: 'Annuller' }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Opret' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(status.getByRole('status').filter({ hasText: '2 estimater er oprettet' })).toBeVisible();
  await expect(open).toBeFocused();
  // An estimate is not a reading: still nothing read, and both points counted as Estimeret.
  await expect(status.getByTestId('admin-progress')).toHaveText('0 af 2 målepunkter aflæst');
  await expect(status.locator('dt:text-is("Estimeret") + dd')).toHaveText('2');
  await expectSoundScreen(page);

  // The reading form: the last value is the estimate, marked as such.
  await page.getByRole('link', { name: 'Til indberetning' }).click();
  await chooseMeter(page, LOCATION, HEAT_METER);
  await expect(await pointHint(page, 'Energi')).toHaveText(
    `Sidste indberettet måling: ${proposed} (${toDanishDate(lastMonth.end)}, Estimeret)`,
  );

  // The history: the estimate's row carries the badge, its bar is marked; the change is there too.
  await openHistoryByKeyboard(page, HEAT_METER);
  const energi = historyPoint(page, 'Energi (kWh)');
  const estimateRow = historyRow(energi, toDanishDate(lastMonth.end));
  await expect(estimateRow.getByText('Estimeret', { exact: true })).toBeVisible();
  await expect(estimateRow).not.toContainText('Rettet');
  await expect(historyRow(energi, toDanishDate(CHANGE_DATE))).toContainText('Målerskift');
  await expect(energi.locator('rect[data-estimated]')).toHaveCount(1);
  await expect(energi.locator('rect[data-estimated] title')).toHaveText(
    new RegExp(`^Estimeret ${toDanishDate(lastMonth.end)}: `),
  );
  await expectSoundScreen(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '/tmp/screens/history-estimate.png', animations: 'disabled' });
});

test("'Estimater i træk': with one allowed, last month's estimate means this month's points must be read by staff", async ({
  page,
}) => {
  await signInOnPhone(page, tenant);
  await page.getByRole('link', { name: 'Administration' }).click();
  const status = page.getByRole('region', { name: 'Status for perioden' });
  const missing = status.getByRole('table', { name: 'Mangler aflæsning' });
  await expect(missing.getByRole('cell', { name: /^Energi/ })).toBeVisible();
  await expect(missing.getByText('Skal aflæses af personale')).toHaveCount(0);

  const setting = status.getByLabel('Estimater i træk');
  await expect(setting).toHaveValue('2');
  await setting.focus();
  await setting.selectOption('1');
  await expect(
    status.getByRole('status').filter({ hasText: 'Antallet af estimater i træk er gemt' }),
  ).toBeVisible();
  await expect(setting).toHaveValue('1');
  await expect(missing.getByText('Skal aflæses af personale')).toHaveCount(2);
  await expectSoundScreen(page);
});
