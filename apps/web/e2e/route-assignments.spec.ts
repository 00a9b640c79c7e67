import { expect, test } from '@playwright/test';
import { openTenantAdministration } from './support/administration';
import { addLocation, addMeter, addOwnTenant, addUser, ownTenantNames } from './support/cli';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// `Tildel aflæser` (issue 37, ADR 048) on a tenant of its own: the office gives one of two locations
// to a meter reader at 375 px, keyboard only; that reader's `Rute` opens on `Mine` with only that
// location, and `Alle` shows the whole route with the other reader's part marked.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const tenant = ownTenantNames('Tildelhuse', 'tildel');
const readerA = {
  email: `aflaeser-a-${tenant.run}@eksempel.dk`,
  password: 'aflaeser1234',
  name: 'Aase Aflæser',
};
const readerB = {
  email: `aflaeser-b-${tenant.run}@eksempel.dk`,
  password: 'aflaeser1234',
  name: 'Bent Aflæser',
};
const NORTH = 'Tildelvej 1, kælder';
const SOUTH = 'Tildelvej 9, skur';

test.beforeAll(() => {
  const { accountId } = addOwnTenant(tenant, {
    address: { address: 'Tildelvej 1', postal: '8000', town: 'Aarhus C' },
    location: NORTH,
    meters: [
      { name: 'Nord vand 1', type: 'water', serial: `TN1-${tenant.run}`, points: { Volumen: 'm³' } },
      { name: 'Nord vand 2', type: 'water', serial: `TN2-${tenant.run}`, points: { Volumen: 'm³' } },
    ],
    user: { name: 'Olga Office', role: 1 },
  });
  const south = addLocation(accountId, SOUTH);
  addMeter(south, {
    name: 'Syd vand 1',
    type: 'water',
    serial: `TS1-${tenant.run}`,
    points: { Volumen: 'm³' },
  });
  for (const reader of [readerA, readerB])
    addUser({
      email: reader.email,
      name: reader.name,
      role: 0,
      customer: tenant.customer,
      password: reader.password,
      accountIds: [accountId],
    });
});

test('the office gives a location to a reader in Status for perioden, keyboard only; axe finds nothing', async ({
  page: office,
}) => {
  await office.setViewportSize({ width: 375, height: 800 });
  await openTenantAdministration(office, tenant);
  // The administration opens on its first section, `Status for perioden`.
  const status = office.getByRole('region', { name: 'Status for perioden' });
  const assign = status.getByRole('region', { name: 'Tildel aflæser' });
  await expect(assign).toContainText('Ingen målere er tildelt en aflæser i perioden.');

  const select = assign.getByLabel(`Aflæser for ${NORTH}`);
  await select.focus();
  await select.selectOption({ label: readerA.name });
  await office.keyboard.press('Tab');
  await expect(assign.getByRole('button', { name: `Tildel ${NORTH}` })).toBeFocused();
  await office.keyboard.press('Enter');
  await expect(assign.getByRole('status')).toHaveText(`${NORTH}: 2 målere flyttet.`);
  const progress = assign.getByRole('region', { name: 'Fremdrift pr. aflæser' });
  await expect(progress.getByRole('row', { name: new RegExp(readerA.name) })).toContainText('2');
  await expect(select).toHaveValue(/.+/);

  // The other location to the second reader, so the first reader's `Alle` shows someone else's part.
  await assign.getByLabel(`Aflæser for ${SOUTH}`).selectOption({ label: readerB.name });
  await assign.getByRole('button', { name: `Tildel ${SOUTH}` }).click();
  await expect(assign.getByRole('status')).toHaveText(`${SOUTH}: 1 måler flyttet.`);
  await expectSoundScreen(office);
  expect(await office.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('the reader’s Rute opens on Mine with their part only, Alle on request, at 375 px by keyboard; axe finds nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page, readerA);
  await page.getByRole('button', { name: 'Rute' }).click();
  const route = page.getByRole('dialog', { name: 'Rute' });
  const mine = route.getByRole('radio', { name: 'Mine' });
  await expect(mine).toBeChecked();
  await expect(route.getByRole('heading', { name: NORTH })).toBeVisible();
  await expect(route.getByRole('heading', { name: SOUTH })).toHaveCount(0);
  await expect(route).toContainText('0 af 2 aflæst');
  await expectSoundScreen(page);
  await page.screenshot({ path: '/tmp/screens/route-mine.png', animations: 'disabled' });

  // Keyboard: the radio group moves with the arrow keys.
  await mine.focus();
  await page.keyboard.press('ArrowRight');
  await expect(route.getByRole('radio', { name: 'Alle' })).toBeChecked();
  await expect(route.getByRole('heading', { name: SOUTH })).toBeVisible();
  await expect(route.getByRole('button', { name: /Syd vand 1/ })).toContainText('Anden aflæser');
  await expect(route).toContainText('0 af 3 aflæst');
  await expectSoundScreen(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
