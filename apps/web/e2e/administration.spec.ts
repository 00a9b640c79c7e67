import { readFileSync } from 'node:fs';
import { READING_ERRORS, toUsDate } from '@maaler/contract';
import { expect, type Page, test } from '@playwright/test';
import { openAdminSection } from './support/administration';
import { demoUsers, fillLogin } from './support/auth';
import { addOwnTenant, addUser, ownTenantNames } from './support/cli';
import { danishToday, daysBefore } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { postReadingsAsPage } from './support/session-calls';
import { openSignedIn } from './support/stored-session';

// Administration (issue 18) on a tenant of its own, made with the operator's CLI, so what these tests
// store changes no other browser test: one customer, one account, one location with one water meter
// ('Kontrolmåler', point 'Volumen') and an administrator. Each run (and retry) makes a new one.
test.describe.configure({ mode: 'serial' });

const names = ownTenantNames('Kontrolhuse', 'kontrol');
const tenant = { ...names, reader: `maaler-${names.run}@eksempel.dk` };
const METER = 'Kontrolmåler';
const today = danishToday().iso;
const monthStart = `${today.slice(0, 8)}01`;
/**
 * Two plausible readings in the two months before this one (the account's period is monthly), then
 * one sent anyway today, lower than the one before (the plausibility check says: backwards).
 */
const READINGS = [
  { date: daysBefore(monthStart, 31), value: '100' },
  { date: daysBefore(monthStart, 1), value: '130' },
];
const SENT_ANYWAY = { date: today, value: '120' };
let ids: { accountId: string; gatewayId: number; deviceId: number; itemId: number };

test.beforeAll(() => {
  const {
    accountId,
    gatewayId,
    meters: [meter],
  } = addOwnTenant(names, {
    address: { address: 'Kontrolvej 1', postal: '7100', town: 'Vejle' },
    location: 'Kontrolvej 1, kælder',
    meters: [{ name: METER, type: 'water', serial: `KTR-${tenant.run}`, points: { Volumen: 'm³' } }],
    user: { name: 'Kim Kontrol', role: 1 },
  });
  addUser({
    email: tenant.reader,
    name: 'Mads Måler',
    role: 0,
    customer: tenant.customer,
    password: tenant.password,
    accountIds: [accountId],
  });
  ids = { accountId, gatewayId, deviceId: meter?.deviceId ?? 0, itemId: meter?.items.Volumen ?? 0 };
});

/** Stores readings of the meter with the page's session, as SEND (or 'Send alligevel') does. */
async function storeReadings(page: Page, readings: { date: string; value: string }[], sentAnyway = false) {
  const body = readings.map((reading) => ({
    gatewayId: ids.gatewayId,
    deviceId: ids.deviceId,
    deviceItemId: ids.itemId,
    dateRecord: toUsDate(reading.date),
    value: reading.value,
    ...(sentAnyway ? { plausibilityOverride: true } : {}),
  }));
  expect(await postReadingsAsPage(page, ids.accountId, body)).toBe(200);
}

/** Signs the tenant's administrator in and opens Administration from the home header. */
async function openAdministration(page: Page): Promise<void> {
  await openSignedIn(page, tenant);
  // The header has room for the link too, also at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: '/tmp/screens/admin-home-header.png' });
  await page.getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/administration\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await expect(page.getByLabel('Konto').locator('option:checked')).toHaveText(tenant.account);
}

const statusRegion = (page: Page) => page.getByRole('region', { name: 'Status for perioden' });

test.describe('administration', () => {
  test('is for administrators only: no way in for a meter reader, and the address leads home', async ({
    page,
  }) => {
    await openSignedIn(page, demoUsers.technician);
    await expect(page.getByRole('link', { name: 'Administration' })).toHaveCount(0);
    await page.goto('/administration');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('Status for perioden counts per status and location, lists what is missing, and switches period', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openAdministration(page);
    await storeReadings(page, READINGS);
    await page.reload();
    const status = statusRegion(page);
    await expect(status.getByTestId('admin-progress')).toHaveText('0 af 1 målepunkt aflæst');
    await expect(
      status.getByRole('progressbar', { name: 'Kontrolvej 1, kælder: 0 af 1 aflæst' }),
    ).toBeVisible();
    const missing = status.getByRole('table', { name: 'Mangler aflæsning' });
    await expect(missing.getByRole('row').nth(1)).toContainText(`${METER}KTR-${tenant.run}Volumen130 m³`);
    await expectSoundScreen(page);
    // Usable at 375 px: the tables scroll inside their box, the page itself does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '/tmp/screens/admin-status.png', fullPage: true });

    // Last month holds the reading of its last day.
    const period = status.getByLabel('Periode', { exact: true });
    const labels = await period.locator('option').allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(2);
    await period.selectOption({ label: labels[1] ?? '' });
    await expect(period.locator('option:checked')).toHaveText(labels[1] ?? '');
    await expect(status.getByTestId('admin-progress')).toHaveText('1 af 1 målepunkt aflæst');
    await expect(status.getByText('Alle målepunkter er aflæst i perioden.')).toBeVisible();

    // The account's setting: quarters hold last month's reading too; then back to months.
    const setting = status.getByLabel('Aflæsningsperiode');
    await expect(setting.locator('option:checked')).toHaveText('Månedlig');
    await setting.selectOption({ label: 'Kvartalsvis' });
    await expect(status.getByText('Aflæsningsperioden er gemt')).toBeVisible();
    await expect(period.locator('option:checked')).toHaveText(/^\d\. kvartal \d{4}$/);
    await setting.selectOption({ label: 'Månedlig' });
    await expect(period.locator('option:checked')).toHaveText(labels[0] ?? '');
    await expect(status.getByTestId('admin-progress')).toHaveText('0 af 1 målepunkt aflæst');
  });

  test("Til kontrol lists a reading sent anyway with its warning, and 'Godkend' marks it approved", async ({
    page,
  }) => {
    await openAdministration(page);
    await storeReadings(page, [SENT_ANYWAY], true);
    await page.reload();
    await expect(statusRegion(page).getByTestId('admin-progress')).toHaveText('1 af 1 målepunkt aflæst');
    // The navigation counts the readings to review.
    const reviewEntry = page.getByRole('navigation', { name: 'Administration' }).getByRole('link', {
      name: /^Til kontrol/,
    });
    await expect(reviewEntry).toHaveText('Til kontrol (1)');

    const review = await openAdminSection(page, 'Til kontrol');
    const row = review.getByRole('row').filter({ hasText: METER });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Værdien er lavere end sidste måling (130 den');
    await expectSoundScreen(page);
    await page.screenshot({ path: '/tmp/screens/admin-review.png', fullPage: true });

    await row.getByRole('button', { name: new RegExp(`^Godkend ${METER}, Volumen, `) }).click();
    await expect(review.getByRole('status')).toHaveText(`Godkendt: ${METER}, Volumen`);
    await expect(row).toHaveCount(0);
    await expect(review.getByText('Der er ingen aflæsninger til kontrol.')).toBeVisible();
    await expect(reviewEntry).toHaveText('Til kontrol (0)');
  });

  test('Eksport downloads the period as CSV for Danish Excel and as .xlsx', async ({ page }) => {
    await openAdministration(page);
    const exports = await openAdminSection(page, 'Eksport');
    await expect(exports.getByLabel('Periode', { exact: true }).locator('option:checked')).toHaveText(/\S/);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      exports.getByRole('button', { name: 'Hent CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = readFileSync((await csv.path()) ?? '', 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [heading, ...rows] = text.slice(1).trimEnd().split('\r\n');
    expect(heading?.split(';').length).toBeGreaterThan(5);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`;${METER};`);
    expect(rows[0]).toContain(';120;');

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      exports.getByRole('button', { name: 'Hent Excel' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    // An .xlsx file is a ZIP archive.
    expect(
      readFileSync((await xlsx.path()) ?? '')
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');

    const [months] = await Promise.all([
      page.waitForEvent('download'),
      exports.getByRole('button', { name: 'Hent forbrug pr. måned som CSV' }).click(),
    ]);
    expect(months.suggestedFilename()).toMatch(/^forbrug-pr-maaned-.*\.csv$/);
    const [monthHeading, ...monthRows] = readFileSync((await months.path()) ?? '', 'utf8')
      .slice(1)
      .trimEnd()
      .split('\r\n');
    expect(monthHeading).toBe(
      'Lokation;Måler;Serienummer;Målepunkt;Enhed;Måned;Forbrug;Dage med aflæsninger;Dage i perioden;Beboer;Fra;Til',
    );
    // The stretch from the last day of last month to today covers this month's days before today.
    expect(monthRows).toHaveLength(today === monthStart ? 0 : 1);
  });

  test("'Ret' corrects a reading sent anyway by the reading rules, keyboard only, and it leaves the list", async ({
    page,
  }) => {
    await openAdministration(page);
    // Today's reading again, lower than the month's first one once more: back for review.
    await storeReadings(page, [{ date: today, value: '125' }], true);
    await page.reload();
    const review = await openAdminSection(page, 'Til kontrol');
    const row = review.getByRole('row').filter({ hasText: METER });
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: new RegExp(`^Ret ${METER}, Volumen, `) }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Ret ${METER}, Volumen` });
    const value = dialog.getByLabel('Korrekt værdi (m³)');
    await expect(value).toBeFocused();
    await expect(value).toHaveValue('125');
    await page.keyboard.type('abc');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(READING_ERRORS.valueInvalid('Volumen'))).toBeVisible();
    await expect(value).toHaveAttribute('aria-invalid', 'true');
    await expectSoundScreen(page);

    await value.fill('135,5');
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(review.getByRole('status')).toHaveText(`Rettet og godkendt: ${METER}, Volumen`);
    await expect(row).toHaveCount(0);
    await expect(review.getByText('Der er ingen aflæsninger til kontrol.')).toBeVisible();
  });

  test("Brugere lists the customers' users with a search, and 'Nulstil adgangskode' gives a temporary password once", async ({
    page,
    browser,
  }) => {
    await openAdministration(page);
    const users = await openAdminSection(page, 'Brugere');
    const table = users.getByRole('table', { name: 'Brugere hos dine kunder' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await users.getByLabel('Søg efter navn eller e-mail').fill('MADS');
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').filter({ hasText: tenant.reader });
    await expect(row).toContainText('Mads Måler');
    await expect(row).toContainText('Måleraflæser');

    await row.getByRole('button', { name: 'Nulstil adgangskode for Mads Måler' }).click();
    await expect(
      users.getByText('Vil du nulstille adgangskoden for Mads Måler?', { exact: false }),
    ).toBeVisible();
    await expectSoundScreen(page);
    await users.getByRole('button', { name: 'Ja, nulstil' }).click();
    const issued = users.getByRole('status');
    await expect(issued).toHaveText(
      new RegExp(`^Midlertidig adgangskode til ${tenant.reader}: \\S+ – den vises kun denne ene gang\\.$`),
    );
    const password = /: (\S+) –/.exec((await issued.textContent()) ?? '')?.[1] ?? '';
    await expect(row).toContainText('Skal vælge ny adgangskode');

    // The user signs in with it and must choose a new password first.
    const reader = await browser.newPage();
    await reader.goto('/login');
    await fillLogin(reader, tenant.reader, { password });
    await expect(reader).toHaveURL(/\/login\/resetpassword$/);
    await reader.close();
  });
});
