import { expect, test } from '@playwright/test';
import { addUser, ownTenantNames, runCli } from './support/cli';
import { homeFields, openHomeAs } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';

// Issue 33 §13: a user with no accounts: the administrator of a new customer that has none yet (the CLI
// gives every other role at least one). Spec §4: the home form stays empty; the app asks for no
// account's locations (an empty account id would ask for `/api/gateway/loadlistsimple/` and show an
// error).

test('a user without accounts sees the empty form, no location request and no error', async ({ page }) => {
  const names = ownTenantNames('Uden konti', 'udenkonti');
  runCli(
    'customer:add',
    '--name',
    names.customer,
    '--address',
    'Tomgade 1',
    '--postal',
    '9000',
    '--town',
    'Aalborg',
  );
  addUser({
    email: names.email,
    name: 'Uden Konti',
    role: 1,
    customer: names.customer,
    password: names.password,
  });

  const treeRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/gateway/loadlistsimple')) treeRequests.push(request.url());
  });
  await openHomeAs(page, { email: names.email, password: names.password });

  const fields = homeFields(page);
  await expect(fields.location).toBeDisabled();
  await expect(fields.meter).toBeDisabled();
  await expect(fields.send).toBeDisabled();
  await expect(page.getByTestId('alert-banner')).toHaveCount(0);
  // Let any call the screen would make start before counting none.
  await page.waitForLoadState('networkidle');
  expect(treeRequests).toEqual([]);
  await expect(page.getByTestId('alert-banner')).toHaveCount(0);
  await expectSoundScreen(page);

  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toBeVisible();
});
