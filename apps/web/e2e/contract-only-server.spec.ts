import { readFile } from 'node:fs/promises';
import { toUsDate } from '@maaler/contract';
import { expect, type Page, test } from '@playwright/test';
import { fillLogin } from './support/auth';
import {
  STAND_IN_NEW_USER,
  STAND_IN_USER,
  type StandInServer,
  startContractServer,
} from './support/contract-server';
import { danishToday, homeFields } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';

// The app in front of a server that speaks api-contract.md and nothing more (ADR 012): the spec's
// whole flow works, and what relies on our additions steps back (no units, no correction columns).
// This is the one browser test against a stand-in server; all others run against ours.

let server: StandInServer;

test.beforeAll(async () => {
  server = await startContractServer();
});

test.afterAll(async () => {
  await server.close();
});

test('login, customer select, a reading with the plausibility check, and its history', async ({ page }) => {
  const today = danishToday();
  await page.goto(`${server.url}/login`);
  await fillLogin(page, STAND_IN_USER.email, { password: STAND_IN_USER.password });

  await expect(page).toHaveURL(/\/login\/accountselect$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vælg kunde' })).toBeVisible();
  await expect(page.getByText('Havnens Erhverv')).toBeVisible();
  const customer = page.getByRole('listitem').filter({ hasText: 'Bøgely Boligforening' });
  await expect(customer).toContainText('Bøgevej 3');
  await expect(customer).toContainText('5000 Odense C');
  await customer.getByRole('button', { name: 'Vælg' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Indberet måling' })).toBeVisible();
  const fields = homeFields(page);
  await expect(fields.account.locator('option:checked')).toHaveText('Bøgely afdeling 1');
  await fields.location.selectOption({ label: 'Bøgevej 3, kælder' });
  await fields.meter.selectOption({ label: 'Varmemåler' });
  // Without units the labels are the bare names.
  const energy = page.getByRole('textbox', { name: 'Energi', exact: true });
  const volume = page.getByRole('textbox', { name: 'Volumen', exact: true });
  await expect(energy).toBeVisible();
  await expect(page.getByText(/^Sidste indberettet måling: 1060 \(\d{2}-\d{2}-\d{4}\)$/)).toBeVisible();

  // The average of the contract-only history (1 a day) is what makes this value implausible.
  await energy.fill('5000');
  await volume.fill('12');
  await fields.send.click();
  const warnings = page.getByTestId('plausibility-warnings');
  await expect(warnings.getByRole('listitem')).toHaveText(
    /^Energi: Forbruget er usædvanligt højt: det svarer til [\d.,]+ pr\. dag; normalt [\d,]+–[\d,]+ pr\. dag\.$/,
  );
  expect(server.readingPosts).toEqual([]);

  await energy.fill('1090,5');
  await expect(warnings).toHaveCount(0);
  await fields.send.click();
  await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');
  expect(server.readingPosts).toEqual([
    [
      { gatewayId: 11, deviceId: 21, dateRecord: toUsDate(today.iso), deviceItemId: 31, value: '1090,5' },
      { gatewayId: 11, deviceId: 21, dateRecord: toUsDate(today.iso), deviceItemId: 32, value: '12' },
    ],
  ]);
  await expect(fields.location.locator('option:checked')).toHaveText('Bøgevej 3, kælder');
  await fields.meter.selectOption({ label: 'Varmemåler' });
  await expect(page.getByText(`Sidste indberettet måling: 1090,5 (${today.danish})`)).toBeVisible();

  await page.getByRole('button', { name: 'Historik' }).click();
  const dialog = page.getByRole('dialog', { name: 'Historik for Varmemåler' });
  const energyTable = dialog.getByRole('table', { name: 'Målinger for Energi, nyeste først' });
  await expect(energyTable.getByRole('row')).toHaveCount(5);
  await expect(energyTable.getByRole('row').nth(1)).toContainText(today.danish);
  await expect(energyTable.getByRole('row').nth(1)).toContainText('1.090,5');
  await expect(dialog.getByText('Rettet')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Hent CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFMålepunkt;Enhed;Dato;Værdi;Forbrug;Forbrug pr. dag;Registreret af;Registreret',
  );
  await dialog.getByRole('button', { name: 'Luk' }).first().click();

  await page.getByRole('button', { name: 'Log ud' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Every call the flow made is one the contract names.
  expect(server.unknownCalls).toEqual([]);
});

// Issue 32 §14: the contract answers the forced password change with `{ Success, Message }` and no
// token, and revokes the old one. Each test has a stand-in of its own: a saved password must not meet
// the next test or a retry.
test.describe('new password in front of a contract-only server', () => {
  let own: StandInServer;
  test.beforeEach(async () => {
    own = await startContractServer();
  });
  test.afterEach(async () => {
    await own.close();
  });

  async function saveNewPassword(page: Page, password: string): Promise<void> {
    await page.goto(`${own.url}/login`);
    await fillLogin(page, STAND_IN_NEW_USER.email, { password: STAND_IN_NEW_USER.password });
    await expect(page).toHaveURL(/\/login\/resetpassword$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Angiv ny adgangskode' })).toBeVisible();
    await page.getByLabel('Adgangskode', { exact: true }).fill(password);
    await page.getByLabel('Gentag adgangskode').fill(password);
    await page.getByLabel('Gentag adgangskode').press('Enter');
  }

  test('the app signs in again with the new password and goes on to its one account', async ({ page }) => {
    await saveNewPassword(page, 'nyKode_2026');

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Indberet måling' })).toBeVisible();
    await expect(page.getByTestId('alert-banner')).toHaveText('Informationer er gemt');
    await expect(homeFields(page).account.locator('option:checked')).toHaveText('Bøgely afdeling 1');
    await expect(homeFields(page).location).toBeEnabled();
    expect(own.signIns).toEqual([
      { email: STAND_IN_NEW_USER.email, password: STAND_IN_NEW_USER.password },
      { email: STAND_IN_NEW_USER.email, password: 'nyKode_2026' },
    ]);
    // Nothing went on with the token the change revoked.
    expect(own.revokedTokenCalls).toEqual([]);
    expect(own.unknownCalls).toEqual([]);
    await expectSoundScreen(page);
  });

  test('when signing in again is refused, the app signs out to /login and the new password works there', async ({
    page,
  }) => {
    let refused = 0;
    // The stand-in would take the new password; this refuses the app's own sign-in after the change.
    await page.route('**/api/authenticate/userauthenticate/v2', async (route) => {
      const body = route.request().postDataJSON() as { password?: string };
      if (body.password !== 'nyKode_2026' || refused > 0) return route.continue();
      refused += 1;
      await route.fulfill({
        json: {
          Success: false,
          Message: 'Forkert e-mail eller adgangskode',
          ResetPassword: false,
          Token: null,
          Claims: null,
        },
      });
    });
    await saveNewPassword(page, 'nyKode_2026');

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('alert-banner')).toHaveText('Informationer er gemt');
    expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
    await expectSoundScreen(page);

    await fillLogin(page, STAND_IN_NEW_USER.email, { password: 'nyKode_2026' });
    await expect(page).toHaveURL(/\/login\/accountselect$|\/home$/);
    expect(own.revokedTokenCalls.filter((call) => call !== 'POST /api/authenticate/logout')).toEqual([]);
    expect(own.unknownCalls).toEqual([]);
  });
});
