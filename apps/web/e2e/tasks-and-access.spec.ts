import { type Browser, expect, type Page, test } from '@playwright/test';
import { openAdminSection } from './support/administration';
import { signInToReadingScreen } from './support/auth';
import { addOwnTenant, addUser, ownTenantNames } from './support/cli';
import { chooseMeter } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';

// Issue 37 on a tenant of its own, made with the operator's CLI: the office gives a location its
// address, `Adgang` and `Placering` in `Målere`; a meter reader sees them on the form at 375 px, skips
// the meter as `Måler defekt`, and the office finds the task under `Opgaver` and closes it.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const tenant = ownTenantNames('Opgavehuse', 'opgaver');
const reader = { email: `aflaeser-${tenant.run}@eksempel.dk`, password: 'aflaeser1234' };
const LOCATION = 'Opgavevej 3, kælder';
const METER = 'Varmemåler 3';
const ADDRESS = 'Opgavevej 3, 7100 Vejle';
const ACCESS = 'Nøgle hos viceværten, tlf. 12 34 56 78';
const PLACEMENT = 'Kælder, bag trappen';

test.beforeAll(() => {
  const { accountId } = addOwnTenant(tenant, {
    address: { address: 'Opgavevej 3', postal: '7100', town: 'Vejle' },
    location: LOCATION,
    meters: [{ name: METER, type: 'heat', serial: `OPG-${tenant.run}`, points: { Energi: 'kWh' } }],
    user: { name: 'Olga Office', role: 1 },
  });
  addUser({
    email: reader.email,
    name: 'Aksel Aflæser',
    role: 0,
    customer: tenant.customer,
    password: reader.password,
    accountIds: [accountId],
  });
});

/** A page of its own at 375 px, in a context of its own (axe needs one); closing the page ends it. */
async function pageOfItsOwn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  page.on('close', () => void context.close());
  return page;
}

async function officePage(browser: Browser): Promise<Page> {
  const page = await pageOfItsOwn(browser);
  // Beside the test's own page, this one must be the focused window for the sections' focus checks.
  await page.bringToFront();
  await signInToReadingScreen(page, tenant);
  await page.getByRole('link', { name: 'Administration' }).click();
  await expect(page.getByLabel('Konto').locator('option:checked')).toHaveText(tenant.account);
  return page;
}

test('the office sets Adgang and Placering; the reader sees them and Vis på kort on the form at 375 px', async ({
  browser,
  page,
}) => {
  const office = await officePage(browser);
  const meters = await openAdminSection(office, 'Målere');
  await meters.getByRole('button', { name: `Ret lokationen ${LOCATION}` }).click();
  await meters.getByLabel('Adresse', { exact: true }).fill(ADDRESS);
  await meters.getByLabel('Adgang', { exact: true }).fill(ACCESS);
  await meters.getByLabel('Placering', { exact: true }).fill(PLACEMENT);
  await meters.getByRole('button', { name: 'Gem' }).click();
  await expect(meters.getByRole('status').first()).toHaveText(`${LOCATION} er gemt`);
  await office.close();

  await page.setViewportSize({ width: 375, height: 800 });
  await signInToReadingScreen(page, reader);
  await chooseMeter(page, LOCATION, METER);
  const notes = page.getByTestId('meter-notes');
  await expect(notes).toContainText(`Placering: ${PLACEMENT}`);
  await expect(notes).toContainText(`Adgang: ${ACCESS}`);
  const map = notes.getByRole('link', { name: `Vis på kort: ${ADDRESS} (åbner kortappen)` });
  await expect(map).toHaveText('Vis på kort');
  await expect(map).toHaveAttribute(
    'href',
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ADDRESS)}`,
  );
  await expectSoundScreen(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '/tmp/screens/form-access-placement.png', fullPage: true });
});

test('a Måler defekt skip becomes a task the office sees under Opgaver and closes, keyboard only; axe finds nothing', async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInToReadingScreen(page, reader);
  await chooseMeter(page, LOCATION, METER);
  await page.getByRole('button', { name: 'Spring over' }).click();
  const skip = page.getByRole('dialog', { name: 'Spring over' });
  await skip.getByLabel('Måler defekt').check();
  await skip.getByLabel('Bemærkning').fill('Displayet er sort');
  await skip.getByRole('button', { name: 'Spring over' }).click();
  await expect(skip).toBeHidden();

  // The next time the meter's tree is loaded (here a new sign-in), the form says it is reported defective.
  const later = await pageOfItsOwn(browser);
  await signInToReadingScreen(later, reader);
  await chooseMeter(later, LOCATION, METER);
  await expect(later.getByTestId('meter-notes').getByRole('note')).toContainText('Måleren er meldt defekt');
  await expectSoundScreen(later);
  await later.close();

  const office = await officePage(browser);
  const tasks = await openAdminSection(office, 'Opgaver');
  const card = tasks
    .getByRole('listitem')
    .filter({ has: office.getByRole('heading', { level: 3, name: METER }) });
  await expect(card).toContainText('Årsag: Måler defekt');
  await expect(card).toContainText('Bemærkning: Displayet er sort');
  await expect(card).toContainText(`Lokation: ${LOCATION}`);
  await expect(card).toContainText(`Placering: ${PLACEMENT}`);
  await expect(card).toContainText('Aksel Aflæser');
  await expectSoundScreen(office);
  expect(await office.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await office.screenshot({ path: '/tmp/screens/administration-tasks.png', fullPage: true });

  // Keyboard only: assign it to oneself, comment, then Luk opgave with a note.
  const keys = office.keyboard;
  const assignee = card.getByLabel(`Tildel opgaven for ${METER}`);
  await assignee.focus();
  await assignee.selectOption({ label: 'Olga Office' });
  await keys.press('Tab');
  await expect(card.getByRole('button', { name: 'Tildel' })).toBeFocused();
  await keys.press('Enter');
  const status = tasks.getByRole('status').first();
  await expect(status).toHaveText(`Opgaven for ${METER} er tildelt Olga Office`);
  await card.getByLabel(`Kommentar til opgaven for ${METER}`).focus();
  await keys.type('Ny måler bestilt');
  await keys.press('Tab');
  await expect(card.getByRole('button', { name: 'Tilføj kommentar' })).toBeFocused();
  await keys.press('Enter');
  await expect(status).toHaveText(`Kommentaren til ${METER} er gemt`);
  await expect(card).toContainText('Ny måler bestilt');

  await card.getByRole('button', { name: `Luk opgave for ${METER}` }).focus();
  await keys.press('Enter');
  const dialog = office.getByRole('dialog', { name: `Luk opgave for ${METER}` });
  const note = dialog.getByLabel('Bemærkning');
  await expect(note).toBeFocused();
  await keys.type('Måleren er skiftet');
  await expectSoundScreen(office);
  await keys.press('Tab');
  await keys.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Luk opgave' })).toBeFocused();
  await keys.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(status).toHaveText(`Opgaven for ${METER} er lukket`);
  await expect(tasks.getByText('Der er ingen åbne opgaver.')).toBeVisible();

  await tasks.getByLabel('Lukkede').check();
  const closed = tasks
    .getByRole('listitem')
    .filter({ has: office.getByRole('heading', { level: 3, name: METER }) });
  await expect(closed).toContainText('Lukket af Olga Office');
  await expect(closed).toContainText('Måleren er skiftet');
  await expectSoundScreen(office);
  await office.close();
});
