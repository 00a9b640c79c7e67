import { readFileSync } from 'node:fs';
import { pdfPageTexts } from '@maaler/test-support/pdf-text';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { photoWithExif } from './fixtures/exif-photo';
import { openAdminSection, openTenantAdministration } from './support/administration';
import { addOwnTenant, addUser, ownTenantNames } from './support/cli';
import { chooseMeter, danishToday, homeFields } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// Issue 37 on a tenant of its own, made with the operator's CLI: the office gives a location its
// address, `Adgang` and `Placering` in `Målere`; a meter reader sees them on the form at 375 px, skips
// the meter as `Måler defekt`, and the office finds the task under `Opgaver` and closes it. Then a
// reading with a photo and a note marked `Kræver opfølgning` becomes a task with the photo, and
// `Udskriv rute` gives the route as a PDF.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const tenant = ownTenantNames('Opgavehuse', 'opgaver');
const reader = { email: `aflaeser-${tenant.run}@eksempel.dk`, password: 'aflaeser1234' };
const LOCATION = 'Opgavevej 3, kælder';
const METER = 'Varmemåler 3';
const ADDRESS = 'Opgavevej 3, 7100 Vejle';
const ACCESS = 'Nøgle hos viceværten, tlf. 12 34 56 78';
const PLACEMENT = 'Kælder, bag trappen';
const SCREENSHOTS = new URL('../../../docs/screenshots/', import.meta.url).pathname;

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

/** A page of its own at 375 px, in a context of its own (axe needs one); `closeOwnPage` ends both. */
async function pageOfItsOwn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  return context.newPage();
}

/**
 * Closes the page's context and waits for it: a context still closing when the next test of the file
 * begins failed that test's start ("Target page, context or browser has been closed").
 */
async function closeOwnPage(page: Page): Promise<void> {
  await page.context().close();
}

async function officePage(browser: Browser): Promise<Page> {
  const page = await pageOfItsOwn(browser);
  // Beside the test's own page, this one must be the focused window for the sections' focus checks.
  await page.bringToFront();
  await openTenantAdministration(page, tenant);
  return page;
}

/** The reader at 375 px on the reading form with the tenant's meter chosen. */
async function openTheMeterOnPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page, reader);
  await chooseMeter(page, LOCATION, METER);
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
  await closeOwnPage(office);

  await openTheMeterOnPhone(page);
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
  await openTheMeterOnPhone(page);
  await page.getByRole('button', { name: 'Spring over' }).click();
  const skip = page.getByRole('dialog', { name: 'Spring over' });
  await skip.getByLabel('Måler defekt').check();
  await skip.getByLabel('Bemærkning').fill('Displayet er sort');
  await skip.getByRole('button', { name: 'Spring over' }).click();
  await expect(skip).toBeHidden();

  // The next time the meter's tree is loaded (here a new sign-in), the form says it is reported defective.
  const later = await pageOfItsOwn(browser);
  await openSignedIn(later, reader);
  await chooseMeter(later, LOCATION, METER);
  await expect(later.getByTestId('meter-notes').getByRole('note')).toContainText('Måleren er meldt defekt');
  await expectSoundScreen(later);
  await closeOwnPage(later);

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
  await closeOwnPage(office);
});

/** The image has really loaded (an object URL the CSP refused would show only its alt text). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

test('a reading whose note is marked Kræver opfølgning is a task with its photo under Opgaver, opened large; keyboard and axe', async ({
  browser,
  page,
}) => {
  await openTheMeterOnPhone(page);
  await homeFields(page).value('Energi').fill('100');
  await page
    .getByLabel('Tag foto')
    .setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: await photoWithExif(page) });
  await expect(page.getByRole('img', { name: 'Fotoet, der sendes med målingen' })).toBeVisible({
    timeout: 30_000,
  });
  // The mark shows only once there is a note, and is reached from it by Tab.
  const followUp = page.getByRole('checkbox', { name: 'Kræver opfølgning' });
  await expect(followUp).toHaveCount(0);
  await page.getByLabel('Bemærkning').focus();
  await page.keyboard.type('Plomben er brudt');
  await page.keyboard.press('Tab');
  await expect(followUp).toBeFocused();
  await page.keyboard.press('Space');
  await expect(followUp).toBeChecked();
  await expectSoundScreen(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await homeFields(page).send.click();
  await expect(page.getByTestId('alert-banner')).toHaveText('Måling er nu registreret');

  const office = await officePage(browser);
  const tasks = await openAdminSection(office, 'Opgaver');
  const card = tasks
    .getByRole('listitem')
    .filter({ has: office.getByRole('heading', { level: 3, name: METER }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Årsag: Kræver opfølgning');
  await expect(card).toContainText('Bemærkning: Plomben er brudt');
  const thumbnail = card.getByRole('button', { name: `Foto af ${METER}, vis det stort` });
  // The thumbnail's image is the button's content (alt=""): the button's name says what it is.
  await expectLoaded(thumbnail.locator('img'));
  await expectSoundScreen(office);
  expect(await office.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await office.screenshot({
    path: `${SCREENSHOTS}administration-tasks.png`,
    fullPage: true,
    animations: 'disabled',
  });

  // Keyboard: the thumbnail opens the photo large with the note; Escape closes it, the focus goes back.
  await thumbnail.focus();
  await office.keyboard.press('Enter');
  const dialog = office.getByRole('dialog', { name: 'Foto og bemærkning' });
  await expectLoaded(dialog.getByRole('img', { name: /^Foto af måleren .*, taget af Aksel Aflæser$/ }));
  await expect(dialog).toContainText('Plomben er brudt');
  await expectSoundScreen(office);
  await office.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(thumbnail).toBeFocused();
  await closeOwnPage(office);
});

test('Udskriv rute downloads the route as a PDF with its rows, from the keyboard; axe finds nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page, reader);
  await page.getByRole('button', { name: 'Rute', exact: true }).click();
  const route = page.getByRole('dialog', { name: 'Rute' });
  const print = route.getByRole('button', { name: 'Udskriv rute' });
  await print.focus();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('aflaesningsrute.pdf');
  await expect(route.getByRole('status').filter({ hasText: 'Ruten er hentet som PDF.' })).toBeVisible();
  await expectSoundScreen(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The standard fonts write the en dash as WinAnsi 0x96, which pdf-text reads as Latin-1.
  const [sheet, ...more] = (await pdfPageTexts(readFileSync(await download.path()))).map((text) =>
    text.replaceAll('\u0096', '–'),
  );
  expect(more).toEqual([]);
  expect(sheet).toContain(`Aflæsningsrute – ${tenant.account}`);
  expect(sheet).toContain('Nr. Lokation Måler Serienr. Placering Adgang Sidste værdi Aflæst værdi');
  expect(sheet).toContain(
    `1 ${LOCATION} ${METER} OPG-${tenant.run} ${PLACEMENT} ${ACCESS} Energi: 100 kWh (${danishToday().danish})`,
  );
});
