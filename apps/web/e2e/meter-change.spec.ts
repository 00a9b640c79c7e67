import { toDanishDate } from '@maaler/contract';
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
import { chooseMeter, danishToday, daysBefore, homeFields, pointHint } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';

// Meter change (`Målerskift`, issue 19) on a tenant of its own, made with the operator's CLI, so the
// retired meter changes no other browser test: one location with one heat meter ('Varmemåler', points
// 'Energi' and 'Volumen', two readings each) and a meter reader. Each run (and retry) makes a new one.
test.describe.configure({ mode: 'serial' });

const tenant = ownTenantNames('Skiftehuse', 'skifter');
const LOCATION = 'Skiftevej 2, kælder';
const OLD_SERIAL = `GML-${tenant.run}`;
const NEW_SERIAL = `NY-${tenant.run}`;
const today = danishToday();
const READINGS = [
  { date: daysBefore(today.iso, 60), energi: '1000', volumen: '30' },
  { date: daysBefore(today.iso, 30), energi: '1200', volumen: '36,5' },
];
let ids: HeatMeterIds;

test.beforeAll(() => {
  ids = addHeatMeterTenant(tenant, {
    address: { address: 'Skiftevej 2', postal: '8000', town: 'Aarhus C' },
    location: LOCATION,
    serial: OLD_SERIAL,
    user: { name: 'Mette Skifter', role: 0 },
  });
});

test('Målerskift from the reading form: final and start readings, the new meter in the form and its history', async ({
  page,
}) => {
  // A meter reader of one customer goes straight to the reading screen.
  await signInOnPhone(page, tenant);
  await storeHeatReadings(page, ids, READINGS);
  // A new sign-in loads the tree fresh, with the history just stored.
  await page.evaluate(() => window.sessionStorage.removeItem('gatewaylist'));
  await page.reload();
  await chooseMeter(page, LOCATION, HEAT_METER);

  // Opened from the keyboard; the dialog is sound at 375 px.
  const open = page.getByRole('button', { name: 'Målerskift', exact: true });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Målerskift' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Dato', { exact: true })).toHaveValue(today.danish);
  await expectSoundScreen(page);

  // Sent empty: Danish texts, and the focus on the first field to fix.
  await dialog.getByRole('button', { name: 'Gem målerskift' }).click();
  await expect(dialog.getByText('Skriv slutaflæsningen for Energi')).toBeVisible();
  await expect(dialog.getByText('Skriv den nye målers serienummer')).toBeVisible();
  await expect(dialog.getByText('Skriv startaflæsningen for Volumen')).toBeVisible();
  const finalEnergi = dialog.getByRole('textbox', { name: 'Slutaflæsning Energi (kWh)' });
  await expect(finalEnergi).toBeFocused();
  await expectSoundScreen(page);

  // Typed from the keyboard, with decimal commas; one value that is no number first.
  await page.keyboard.type('12x');
  await page.keyboard.press('Tab');
  await page.keyboard.type('40,25');
  await page.keyboard.press('Tab');
  await page.keyboard.type(NEW_SERIAL);
  await page.keyboard.press('Tab');
  await page.keyboard.type('0,5');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Skriv et tal, fx 1234,5')).toBeVisible();
  await expect(finalEnergi).toBeFocused();
  await finalEnergi.fill('1250,5');
  await page.keyboard.press('Enter');

  // Saved: the dialog closes, and the form shows the new meter with its start readings.
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Målerskift gemt: ${HEAT_METER} har nu måler ${NEW_SERIAL}.`)).toBeVisible();
  const fields = homeFields(page);
  await expect(fields.meter.locator('option:checked')).toHaveText(HEAT_METER);
  await expect(fields.meter.locator('option')).toHaveCount(2); // the placeholder and the new meter only
  await expect(await pointHint(page, 'Energi')).toHaveText(
    `Sidste indberettet måling: 0,5 (${today.danish})`,
  );

  // The history: the change is a marked row with both serials, final and start readings, and the
  // consumption across it (1250,5 − 1200 = 50,5); the old meter's readings are there before it.
  // The form has put the focus on the new meter's first value; from there by keyboard.
  await expect(fields.value('Energi')).toBeFocused();
  await openHistoryByKeyboard(page, HEAT_METER);
  const energi = historyPoint(page, 'Energi (kWh)');
  const changeRow = historyRow(energi, today.danish);
  await expect(changeRow).toContainText('Målerskift');
  await expect(changeRow).toContainText(
    `${OLD_SERIAL} → ${NEW_SERIAL} · Slutaflæsning 1.250,5 · Startaflæsning 0,5`,
  );
  await expect(changeRow.getByRole('cell').nth(1)).toHaveText('50,5');
  await expect(historyRow(energi, toDanishDate(READINGS[1]?.date ?? ''))).toContainText('1.200');
  await expect(
    historyRow(energi, toDanishDate(READINGS[1]?.date ?? ''))
      .getByRole('cell')
      .nth(1),
  ).toHaveText('200');
  // The consumption per month, the change's rule included, folded under its summary.
  await energi.getByText('Forbrug pr. måned', { exact: true }).click();
  const byMonth = energi.getByRole('table', { name: 'Forbrug pr. måned for Energi, nyeste først' });
  await expect(byMonth.locator('tbody tr').first()).toBeVisible();
  await expectSoundScreen(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '/tmp/screens/history-meter-change.png', animations: 'disabled' });
});
