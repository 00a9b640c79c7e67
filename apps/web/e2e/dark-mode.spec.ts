import { expect, type Page, test } from '@playwright/test';
import { demoUsers, expectHome, signIn } from './support/auth';
import { historyDialog, openHistoryByKeyboard } from './support/reading-history';
import { COMMON_ELECTRICITY, chooseMeter, homeFields } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// Dark mode (issue 39, ADR 038): the app follows the device's colour scheme, and every screen keeps
// axe's colour contrast (and the other WCAG 2.1 A/AA rules) in the dark at 375 px. Only reads.

test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 375, height: 740 };

/** The page is really dark: Bootstrap's dark body colours, not the light ones. */
async function expectDarkPage(page: Page): Promise<void> {
  const colours = await page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { background: style.backgroundColor, text: style.color };
  });
  expect(colours).toEqual({ background: 'rgb(33, 37, 41)', text: 'rgb(222, 226, 230)' });
}

test.describe('dark mode at 375 px', () => {
  test.use({ colorScheme: 'dark', viewport: PHONE });

  test('login (also with its errors), the statement and the privacy page', async ({ page }) => {
    await page.goto('/login');
    await expectDarkPage(page);
    await expectSoundScreen(page, 'wcag21');
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByText('E-mail skal udfyldes')).toBeVisible();
    await expectSoundScreen(page, 'wcag21');

    for (const path of ['/tilgaengelighed', '/privatliv']) {
      await page.goto(path);
      await expect(page.getByTestId('operator-contact')).toBeVisible();
      await expectDarkPage(page);
      await expectSoundScreen(page, 'wcag21');
    }
  });

  test('home: the form with a validation error, and a meter history', async ({ page }) => {
    await openSignedIn(page, demoUsers.customerUser);
    await expectDarkPage(page);
    const fields = homeFields(page);
    await fields.location.focus();
    await fields.location.blur();
    await expect(page.getByText('Lokation skal vælges')).toBeVisible();
    await expectSoundScreen(page, 'wcag21');

    await chooseMeter(page, ...COMMON_ELECTRICITY);
    const day = fields.value('Forbrug dag');
    await day.fill('abc');
    await day.blur();
    await expect(page.getByText('Indtast et tal, fx 1234,5')).toBeVisible();
    await expectSoundScreen(page, 'wcag21');

    await openHistoryByKeyboard(page, COMMON_ELECTRICITY[1]);
    await expect(historyDialog(page).getByRole('table').first()).toBeVisible();
    await expectSoundScreen(page, 'wcag21');
  });

  test('the route dialog, and home in the dark for the screenshot', async ({ page }) => {
    await openSignedIn(page, demoUsers.technician);
    await page.screenshot({ path: '/tmp/screens/dark-home.png', animations: 'disabled' });
    await page.getByRole('button', { name: 'Rute' }).click();
    await expect(page.getByRole('dialog', { name: 'Rute' })).toBeVisible();
    await expectSoundScreen(page, 'wcag21');
  });

  test('the customer list and every section of Administration', async ({ page }) => {
    await signIn(page, demoUsers.admin);
    await expect(page.getByRole('heading', { level: 1, name: 'Vælg kunde' })).toBeVisible({
      timeout: 20_000,
    });
    await expectSoundScreen(page, 'wcag21');
    await page.getByRole('button', { name: /^Vælg Ejendomsselskabet Nørrevang/ }).click();
    await expectHome(page);
    await page.getByRole('link', { name: 'Administration' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeFocused();
    const nav = page.getByRole('navigation', { name: 'Administration' });
    for (const [entry, heading] of [
      ['Status for perioden', 'Status for perioden'],
      [/^Til kontrol \(\d+\)$/, 'Til kontrol'],
      ['Importér', 'Importér'],
      ['Eksport', 'Eksport'],
      ['Målere', 'Målere'],
      ['Brugere', 'Brugere'],
    ] as const) {
      await nav.getByRole('link', { name: entry }).click();
      await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Henter' })).toHaveCount(0);
      await expectSoundScreen(page, 'wcag21');
    }
  });
});
