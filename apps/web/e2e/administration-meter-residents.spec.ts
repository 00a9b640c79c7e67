import { RESIDENT_ERRORS } from '@maaler/contract';
import { expect, test } from '@playwright/test';
import { openTenantMetersOnPhone } from './support/administration';
import { addOwnTenant, ownTenantNames } from './support/cli';
import { expectSoundScreen } from './support/screen-checks';

// Residents' contacts in 'Målere' (issue 35, ADR 039) on a tenant of its own, made with the operator's
// CLI for each run: one location with one water meter and an administrator.

const tenant = ownTenantNames('Beboerhuse', 'beboere');
const LOCATION = 'Beboervej 1, kælder';
const METER = 'Vandmåler 1';

test.beforeAll(() => {
  addOwnTenant(tenant, {
    address: { address: 'Beboervej 1', postal: '7100', town: 'Vejle' },
    location: LOCATION,
    meters: [{ name: METER, type: 'water', serial: `BEB-${tenant.run}`, points: { Volumen: 'm³' } }],
    user: { name: 'Bente Beboeradministrator', role: 1 },
  });
});

test('edits a meter’s resident with the keyboard at 375 px: a bad e-mail refused in Danish, then shown in the row', async ({
  page,
}) => {
  test.slow();
  const { section, status, keys } = await openTenantMetersOnPhone(page, tenant, LOCATION);

  await section.getByRole('button', { name: `Ret måleren ${METER}` }).focus();
  await keys.press('Enter');
  const resident = section.getByRole('group', { name: 'Beboer' });
  await expect(resident).toBeVisible();
  await resident.getByLabel('Beboer', { exact: true }).focus();
  await keys.type('Karen Holm');
  await keys.press('Tab');
  await expect(resident.getByLabel('Beboer e-mail', { exact: true })).toBeFocused();
  await keys.type('karen.holm@');
  await keys.press('Tab');
  await expect(resident.getByLabel('Beboer telefon', { exact: true })).toBeFocused();
  await keys.type('+45 12 34 56 78');
  await keys.press('Enter');
  await expect(section.getByRole('alert')).toContainText(RESIDENT_ERRORS.emailInvalid);
  await expectSoundScreen(page);

  await resident.getByLabel('Beboer e-mail', { exact: true }).focus();
  await keys.type('eksempel.dk');
  await keys.press('Enter');
  await expect(status).toHaveText(`${METER} er gemt`);
  await expect(section.getByText('Beboer: Karen Holm, karen.holm@eksempel.dk')).toBeVisible();
  await expect(section.getByRole('button', { name: `Ret måleren ${METER}` })).toBeFocused();

  // Opened again, the form shows what is stored; emptied fields clear the contact.
  await keys.press('Enter');
  await expect(resident.getByLabel('Beboer telefon', { exact: true })).toHaveValue('+45 12 34 56 78');
  for (const label of ['Beboer', 'Beboer e-mail', 'Beboer telefon']) {
    await resident.getByLabel(label, { exact: true }).fill('');
  }
  await keys.press('Enter');
  await expect(status).toHaveText(`${METER} er gemt`);
  await expect(section.getByText(/^Beboer:/)).toHaveCount(0);

  await expectSoundScreen(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
