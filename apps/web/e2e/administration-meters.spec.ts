import { expect, type Locator, type Page, test } from '@playwright/test';
import { openTenantMeters, openTenantMetersOnPhone } from './support/administration';
import { addOwnTenant, ownTenantNames } from './support/cli';
import { danishToday, homeFields } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';

// 'Målere' in Administration (issue 18) on a tenant of its own, made with the operator's CLI: one
// customer, one account, one location with two water meters and an administrator. Each run (and
// retry) makes a new one, so nothing here changes another browser test.
test.describe.configure({ mode: 'serial' });

const tenant = ownTenantNames('Målerhuse', 'maalere');
const LOCATION = 'Målervej 1, kælder';

test.beforeAll(() => {
  addOwnTenant(tenant, {
    address: { address: 'Målervej 1', postal: '7100', town: 'Vejle' },
    location: LOCATION,
    meters: ['Vandmåler A', 'Vandmåler B'].map((name) => ({
      name,
      type: 'water',
      serial: `${name.at(-1)}-${tenant.run}`,
      points: { Volumen: 'm³' },
    })),
    user: { name: 'Mette Måler', role: 1 },
  });
});

const openMeters = (page: Page) => openTenantMeters(page, tenant, LOCATION);

/** The meters of a location as listed, in order. */
const meterNames = (section: Locator, location: string) =>
  section
    .getByRole('listitem')
    .filter({ has: section.page().getByRole('heading', { level: 3, name: location, exact: true }) })
    .getByRole('heading', { level: 4 })
    .allTextContents();

test('adds, renames, moves and retires with the keyboard only, at 375 px; the retired meter leaves the reading form', async ({
  page,
}) => {
  // A long walk through every form, with three full accessibility scans: more than the default 30 s
  // on a busy machine.
  test.slow();
  const { section, status, keys } = await openTenantMetersOnPhone(page, tenant, LOCATION);

  // A location: the button opens a form with the focus in its first field; Enter saves.
  await section.getByRole('button', { name: 'Tilføj lokation' }).focus();
  await keys.press('Enter');
  await expect(section.getByLabel('Navn')).toBeFocused();
  await keys.type('Kedelrum');
  await keys.press('Tab');
  await keys.type('Målervej 3');
  await keys.press('Enter');
  await expect(status).toHaveText('Kedelrum er tilføjet');
  await expect(section.getByRole('button', { name: 'Tilføj lokation' })).toBeFocused();
  await expect(section.getByRole('heading', { level: 3, name: 'Kedelrum' })).toBeVisible();

  // A meter with a serial number, and a point on it.
  await section.getByRole('button', { name: 'Tilføj måler på Kedelrum' }).focus();
  await keys.press('Enter');
  await keys.type('Gasmåler');
  await keys.press('Tab');
  await keys.type(`GAS-${tenant.run}`);
  await keys.press('Tab');
  await keys.press('Home'); // the type select: first option is heat, gas is fourth
  for (let i = 0; i < 3; i++) await keys.press('ArrowDown');
  await expect(section.getByLabel('Type')).toHaveValue('gas');
  await section.getByRole('button', { name: 'Gem' }).focus();
  await keys.press('Enter');
  await expect(status).toHaveText('Gasmåler er tilføjet');
  await expect(section.getByText(`Gas · GAS-${tenant.run} · Aktiv`)).toBeVisible();

  await section.getByRole('button', { name: 'Tilføj målepunkt på Gasmåler' }).focus();
  await keys.press('Enter');
  await keys.type('Volumen');
  await keys.press('Tab');
  await keys.type('m³');
  await keys.press('Enter');
  await expect(status).toHaveText('Volumen er tilføjet');

  // A serial number in use is refused with the server's Danish message, next to the form.
  await section.getByRole('button', { name: 'Ret måleren Gasmåler' }).focus();
  await keys.press('Enter');
  await keys.press('ControlOrMeta+a');
  await keys.type('Gasmåler kedel');
  await keys.press('Tab');
  await keys.press('ControlOrMeta+a');
  await keys.type(`a-${tenant.run}`);
  await keys.press('Enter');
  await expect(section.getByRole('alert')).toContainText(
    `Serienummeret A-${tenant.run} bruges allerede af måleren Vandmåler A`,
  );
  await expectSoundScreen(page);
  await keys.press('ControlOrMeta+a');
  await keys.type(`GAS-${tenant.run}-2`);
  await keys.press('Enter');
  await expect(status).toHaveText('Gasmåler kedel er gemt');
  await expect(section.getByRole('heading', { level: 4, name: 'Gasmåler kedel' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Ret måleren Gasmåler kedel' })).toBeFocused();

  // Move B before A; the focus stays on the moved meter's button.
  expect(await meterNames(section, LOCATION)).toEqual(['Vandmåler A', 'Vandmåler B']);
  await section.getByRole('button', { name: 'Flyt op: Vandmåler B' }).focus();
  await keys.press('Enter');
  await expect(status).toHaveText('Vandmåler B er flyttet');
  await expect.poll(() => meterNames(section, LOCATION)).toEqual(['Vandmåler B', 'Vandmåler A']);
  await expect(section.getByRole('button', { name: 'Flyt ned: Vandmåler B' })).toBeFocused();

  // Retire A, asked first.
  await section.getByRole('button', { name: 'Tag ud af drift: Vandmåler A' }).focus();
  await keys.press('Enter');
  await expect(section.getByText('Vil du tage måleren Vandmåler A ud af drift?')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Ja, tag ud af drift' })).toBeFocused();
  await expectSoundScreen(page);
  await keys.press('Enter');
  await expect(status).toHaveText('Vandmåler A er taget ud af drift');
  await expect(section.getByText(`Vand · A-${tenant.run} · Taget ud af drift`)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Ret måleren Vandmåler A' })).toHaveCount(0);

  await expectSoundScreen(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '/tmp/screens/administration-meters.png', fullPage: true });

  // The reading form offers B but no longer A.
  await page.getByRole('link', { name: 'Til indberetning' }).click();
  const fields = homeFields(page);
  await fields.location.selectOption({ label: LOCATION });
  await expect(fields.meter.locator('option')).toContainText(['Vandmåler B']);
  expect(await fields.meter.locator('option').allTextContents()).not.toContain('Vandmåler A');
});

test('searches by serial number and renames a location and a point, with Escape to cancel', async ({
  page,
}) => {
  const section = await openMeters(page);
  await section.getByLabel('Søg efter lokation, adresse, måler eller serienummer').fill(`b-${tenant.run}`);
  await section.getByRole('button', { name: 'Søg', exact: true }).click();
  await expect(section.getByText('1 lokation')).toBeVisible();
  expect(await meterNames(section, LOCATION)).toEqual(['Vandmåler B']);

  await section.getByRole('button', { name: `Ret lokationen ${LOCATION}` }).click();
  await page.keyboard.press('Escape');
  await expect(section.getByRole('button', { name: `Ret lokationen ${LOCATION}` })).toBeFocused();

  await section.getByRole('button', { name: 'Ret målepunktet Volumen' }).click();
  const unit = section.getByLabel('Enhed');
  await unit.fill('liter');
  await section.getByRole('button', { name: 'Gem' }).click();
  await expect(section.getByText('Volumen (liter)')).toBeVisible();
  await expectSoundScreen(page);
});

test('Målerskift from the list: the reading form’s dialog, keyboard only; the old meter is replaced, the new one in its place', async ({
  page,
}) => {
  const section = await openMeters(page);
  await section.getByRole('button', { name: 'Målerskift: Vandmåler B' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Målerskift' });
  await expect(dialog).toBeVisible();
  await expectSoundScreen(page);

  await dialog.getByRole('textbox', { name: /^Slutaflæsning Volumen/ }).focus();
  await page.keyboard.type('12,5');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`NY-B-${tenant.run}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Målerskift gemt: Vandmåler B har nu måler NY-B-${tenant.run}.`)).toBeVisible();
  await expect(section.getByText(`Vand · B-${tenant.run} · Udskiftet`)).toBeVisible();
  // The new meter is installed on the day of the change (ADR 020).
  await expect(
    section.getByText(`Vand · NY-B-${tenant.run} · opsat ${danishToday().danish} · Aktiv`),
  ).toBeVisible();
  // Only the new meter can be changed again; the focus is on it.
  await expect(section.getByRole('button', { name: 'Målerskift: Vandmåler B' })).toHaveCount(1);
  await expect(section.getByRole('button', { name: 'Ret måleren Vandmåler B' })).toBeFocused();
  await expectSoundScreen(page);
});
