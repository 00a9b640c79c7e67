import { expect, type Page, test } from '@playwright/test';
import { fillLogin } from './support/auth';
import { addCustomerWithAccount, addUser } from './support/cli';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// The office's `Log` (issue 39) on a tenant of its own, made with the operator's CLI: an administrator
// and a resident whose sign-in and change the Log shows. Each run makes a new one, so no other browser
// test sees these events and these filters see no other test's.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const run = `${Date.now() % 1_000_000}`;
const tenant = {
  customer: `Loghuse ${run}`,
  account: `Loghuse nord ${run}`,
  admin: `logadmin-${run}@eksempel.dk`,
  resident: { name: 'Lise Log', email: `lise-${run}@eksempel.dk` },
  password: 'loghuse1234',
};

test.beforeAll(() => {
  const accountId = addCustomerWithAccount(
    { name: tenant.customer, address: 'Logvej 1', postal: '7100', town: 'Vejle' },
    tenant.account,
  );
  addUser({
    email: tenant.admin,
    name: 'Arne Admin',
    role: 1,
    customer: tenant.customer,
    password: tenant.password,
  });
  addUser({
    email: tenant.resident.email,
    name: tenant.resident.name,
    role: 2,
    customer: tenant.customer,
    password: tenant.password,
    accountIds: [accountId],
  });
});

/** The resident signs in on a page of their own: the event the Log should show. */
async function residentSignsIn(page: Page): Promise<void> {
  const other = await page.context().browser()?.newPage();
  if (!other) throw new Error('no browser');
  await other.goto('/login');
  await fillLogin(other, tenant.resident.email, { password: tenant.password });
  await other.waitForURL(/\/home$/);
  await other.close();
}

test('Log at 375 px shows a sign-in and a user change; the filters narrow it, keyboard only; axe finds nothing', async ({
  page,
}) => {
  await residentSignsIn(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page, { email: tenant.admin, password: tenant.password });

  // A user change: the resident's new name, saved in `Brugere`.
  await page.goto('/administration/brugere');
  const users = page.getByRole('region', { name: 'Brugere', exact: true });
  const row = users.getByRole('row').filter({ hasText: tenant.resident.email });
  await row.getByRole('button', { name: `Rediger ${tenant.resident.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Rediger ${tenant.resident.name}` });
  await dialog.getByLabel('Navn').fill('Lise Logbog');
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Log' }).click();
  await expect(page).toHaveURL(/\/administration\/log$/);
  const log = page.getByRole('region', { name: 'Log', exact: true });
  await expect(log.getByRole('heading', { level: 2, name: 'Log' })).toBeFocused();
  const table = log.getByRole('table', { name: 'Log' });
  const changed = table.getByRole('row').filter({ hasText: 'Bruger ændret' });
  await expect(changed).toContainText('Arne Admin');
  await expect(changed).toContainText('Om Lise Logbog');
  await expect(changed).toContainText('Rolle: Kundebruger');
  const signedIn = table
    .getByRole('row')
    .filter({ hasText: 'Logget ind' })
    .filter({ hasText: 'Lise Logbog' });
  await expect(signedIn.first()).toBeVisible();
  await expectSoundScreen(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '/tmp/screens/administration-log.png', fullPage: true });

  // Keyboard only: from the heading, Tab reaches the filters in order; the arrow keys choose in a select.
  const userFilter = log.getByLabel('Bruger');
  const eventFilter = log.getByLabel('Hændelse');
  await page.keyboard.press('Tab');
  await expect(userFilter).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(eventFilter).toBeFocused();
  await eventFilter.selectOption({ label: 'Bruger ændret' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Bruger ændret');
  await expect(log.getByText('1 hændelse', { exact: true })).toBeVisible();

  await eventFilter.selectOption({ label: 'Alle hændelser' });
  await userFilter.focus();
  await userFilter.selectOption({ label: 'Lise Logbog' });
  const rows = table.getByRole('row');
  await expect(rows.filter({ hasText: 'Arne Admin' }).filter({ hasNotText: 'Lise Logbog' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Logget ind' })).not.toHaveCount(0);

  // A day after today holds nothing yet.
  const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
  await log.getByLabel('Fra dato').fill(tomorrow);
  await expect(log.getByText('Ingen hændelser passer til filtrene.')).toBeVisible();
  await expectSoundScreen(page);
});
