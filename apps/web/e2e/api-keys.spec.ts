import { expect, test } from '@playwright/test';
import { addCustomerWithAccount, addLocation, addMeter, addUser } from './support/cli';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// `API-nøgler` (issue 38, ADR 051) on a tenant of its own, made with the operator's CLI: its administrator
// creates a key, sees it once, a machine client imports a reading with it, and the key is revoked.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SCREENSHOTS = new URL('../../../docs/screenshots/', import.meta.url).pathname;
const run = `${Date.now() % 1_000_000}`;
const tenant = {
  customer: `Nøglehuse ${run}`,
  account: `Nøglehuse syd ${run}`,
  admin: `noegleadmin-${run}@eksempel.dk`,
  password: 'noeglehuse1234',
  serial: `KEY-${run}`,
};
let accountId = '';

test.beforeAll(() => {
  accountId = addCustomerWithAccount(
    { name: tenant.customer, address: 'Nøglevej 1', postal: '7100', town: 'Vejle' },
    tenant.account,
  );
  addUser({
    email: tenant.admin,
    name: 'Nina Nøgle',
    role: 1,
    customer: tenant.customer,
    password: tenant.password,
  });
  addMeter(addLocation(accountId, 'Nøglevej 1'), {
    name: 'Vand 1',
    type: 'water',
    serial: tenant.serial,
    points: { Volumen: 'm³' },
  });
});

test('API-nøgler at 375 px: create a key and see it once, it imports readings, revoke it; keyboard only; axe finds nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page, { email: tenant.admin, password: tenant.password });
  await page.getByRole('link', { name: 'Administration' }).click();
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'API-nøgler' })
    .click();
  await expect(page).toHaveURL(/\/administration\/api-noegler$/);
  const section = page.getByRole('region', { name: 'API-nøgler', exact: true });
  await expect(section.getByRole('heading', { level: 2, name: 'API-nøgler' })).toBeFocused();
  await expect(section.getByText('Der er ingen API-nøgler endnu.')).toBeVisible();
  await expectSoundScreen(page);

  // Keyboard only: from the heading, Tab reaches the name; Enter creates the key.
  await page.keyboard.press('Tab');
  const name = section.getByLabel('Navn', { exact: true });
  await expect(name).toBeFocused();
  await page.keyboard.type('Gateway kælder');
  await page.keyboard.press('Enter');
  const created = section.getByRole('heading', { name: 'Nøglen "Gateway kælder" er oprettet' });
  await expect(created).toBeFocused();
  await expect(section.getByText('Nøglen vises kun nu.', { exact: false })).toBeVisible();
  const secret = await section.getByLabel('API-nøgle').inputValue();
  expect(secret).toMatch(/^mk_[A-Za-z0-9_-]{43}$/);
  await expectSoundScreen(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SCREENSHOTS}api-keys.png`, fullPage: true });

  // A gateway posts a readings file with the key: no sign-in, no cookie.
  const file = `\uFEFFSerienummer;Målepunkt;Dato;Værdi\r\n${tenant.serial};Volumen;2026-11-01;12,5\r\n`;
  const post = () =>
    page.request.post(`/api/admin/import/${accountId}/readings?mode=apply`, {
      headers: { authorization: `Bearer ${secret}`, cookie: '' },
      data: { format: 'csv', data: Buffer.from(file).toString('base64') },
    });
  const imported = await post();
  expect(imported.status(), await imported.text()).toBe(200);
  expect(await imported.json()).toMatchObject({ applied: true, created: 1 });

  // `Jeg har gemt nøglen`: the key is gone from the page for good; the list shows only its first characters.
  await section.getByRole('button', { name: 'Jeg har gemt nøglen' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByLabel('API-nøgle')).toHaveCount(0);
  const item = section.getByRole('listitem').filter({ hasText: 'Gateway kælder' });
  await expect(item).toContainText(`Begynder med ${secret.slice(0, 9)}…`);
  await expect(page.locator('body')).not.toContainText(secret);

  // Revoke, keyboard only: the question's confirmation has the focus.
  await item.getByRole('button', { name: 'Tilbagekald Gateway kælder' }).focus();
  await page.keyboard.press('Enter');
  await expect(item.getByText('Tilbagekald "Gateway kælder"?', { exact: false })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Ja, tilbagekald' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    section.getByRole('status').filter({ hasText: 'Nøglen "Gateway kælder" er tilbagekaldt.' }),
  ).toBeVisible();
  await expect(item.getByText('Tilbagekaldt', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Tilbagekald Gateway kælder' })).toHaveCount(0);
  await expectSoundScreen(page);

  expect((await post()).status()).toBe(401);
});
