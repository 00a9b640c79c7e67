import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoUsers, expectHome, signIn } from './support/auth';
import { expectSoundScreen } from './support/screen-checks';

// Administration one section at a time (issue 33, item 8), with the demo administrator, reading only:
// nothing here changes the demo data other browser tests use.
// Six sections, each scanned with axe: more than the default time on a busy machine.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 375, height: 740 };
/**
 * "Fits a few screens": at most four phone screens (4 × 740 px) of page height per section. The
 * one-page Administration was 14,700 px at this width, with `Brugere` starting at y = 14,000; the
 * largest section with the demo data (`Målere` of the account with the 50 Hybenvej meters in one
 * location, about 2,100 px) stays within four screens because a location shows its first 5 meters
 * (all 50 were over 7,000 px).
 */
const MAX_SECTION_HEIGHT = 4 * PHONE.height;

const SECTIONS = [
  { path: '/administration/status', entry: 'Status for perioden', heading: 'Status for perioden' },
  { path: '/administration/kontrol', entry: /^Til kontrol \(\d+\)$/, heading: 'Til kontrol' },
  { path: '/administration/import', entry: 'Importér', heading: 'Importér' },
  { path: '/administration/eksport', entry: 'Eksport', heading: 'Eksport' },
  { path: '/administration/maalere', entry: 'Målere', heading: 'Målere' },
  { path: '/administration/opgaver', entry: 'Opgaver', heading: 'Opgaver' },
  { path: '/administration/selvaflaesning', entry: 'Selvaflæsning', heading: 'Selvaflæsning' },
  { path: '/administration/brugere', entry: 'Brugere', heading: 'Brugere' },
  { path: '/administration/e-mails', entry: 'Udsendte e-mails', heading: 'Udsendte e-mails' },
  { path: '/administration/log', entry: 'Log', heading: 'Log' },
  { path: '/administration/api-noegler', entry: 'API-nøgler', heading: 'API-nøgler' },
] as const;

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Administration' });

/** Signs the demo administrator in (Nørrevang's reading screen) and opens Administration from the header. */
async function openAdministration(page: Page): Promise<Locator> {
  await page.setViewportSize(PHONE);
  await signIn(page, demoUsers.admin);
  await page.getByRole('button', { name: /^Vælg Ejendomsselskabet Nørrevang/ }).click();
  await expectHome(page);
  await page.getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/administration\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeFocused();
  return navigation(page);
}

/** The page's height and width as the browser scrolls it. */
const pageSize = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { height: root.scrollHeight, width: root.scrollWidth };
  });

test.describe('administration: one section at a time', () => {
  test('the navigation names every section, marks the current one, and moves the focus to its heading, keyboard only; each section fits four phone screens', async ({
    page,
  }) => {
    const nav = await openAdministration(page);
    const links = nav.getByRole('link');
    await expect(links).toHaveText(SECTIONS.map((section) => section.entry));
    await expect(page).toHaveTitle('Status for perioden – Administration – Måleraflæsning');
    await page.screenshot({ path: '/tmp/screens/administration-navigation.png' });

    // Every section from the next one on, and back to the first (opened already, so its entry does not move).
    for (const index of [1, 2, 3, 4, 5, 0]) {
      const section = SECTIONS[index] ?? SECTIONS[0];
      const link = links.nth(index);
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${section.path}$`));
      const heading = page.getByRole('heading', { level: 2, name: section.heading, exact: true });
      await expect(heading).toBeFocused();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
      await expect(page.getByRole('region', { name: section.heading, exact: true })).toBeVisible();
      // One section only: no other section's heading is on the page.
      await expect(page.getByRole('heading', { level: 2 })).toHaveCount(1);
      await expect(page.getByRole('status').filter({ hasText: 'Henter' })).toHaveCount(0);
      await expectSoundScreen(page);
      const size = await pageSize(page);
      expect(size.width, section.path).toBeLessThanOrEqual(PHONE.width);
      expect(size.height, section.path).toBeLessThanOrEqual(MAX_SECTION_HEIGHT);

      // The navigation stays at hand at the bottom of the section: in sight, and at the screen's top
      // edge once the page is long enough to carry it there (the account select above it is 190 px).
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const bar = await nav.boundingBox();
      expect(bar?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect((bar?.y ?? 0) + (bar?.height ?? PHONE.height)).toBeLessThanOrEqual(PHONE.height);
      if (size.height >= 2 * PHONE.height) expect(bar?.y ?? PHONE.height).toBeLessThan(1);
      await page.evaluate(() => window.scrollTo(0, 0));
    }

    // `Til kontrol (n)` counts the review list's rows.
    await links.nth(1).click();
    const review = page.getByRole('region', { name: 'Til kontrol', exact: true });
    await expect(review.getByRole('heading', { level: 2 })).toBeFocused();
    const rows = await review.getByRole('row').count();
    await expect(links.nth(1)).toHaveText(`Til kontrol (${Math.max(0, rows - 1)})`);
  });

  test('Brugere at 375 px: the actions of every user fit, nothing scrolls sideways', async ({ page }) => {
    const nav = await openAdministration(page);
    await nav.getByRole('link', { name: 'Brugere' }).click();
    const users = page.getByRole('region', { name: 'Brugere', exact: true });
    const table = users.getByRole('table', { name: 'Brugere hos dine kunder' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expectSoundScreen(page);
    expect((await pageSize(page)).width).toBeLessThanOrEqual(PHONE.width);
    // Neither the page nor the table's own box scrolls sideways.
    const box = users.getByRole('region', { name: 'Brugere hos dine kunder' });
    expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // Every action button lies within the screen's width.
    for (const button of await table.getByRole('button').all()) {
      const box = await button.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
    }
    await page.screenshot({ path: '/tmp/screens/administration-brugere.png', fullPage: true });
  });

  test('each section has its own address: /administration leads to the first, a reload stays, the account stays across sections', async ({
    page,
  }) => {
    const nav = await openAdministration(page);
    const account = page.getByLabel('Konto');
    const other = (await account.locator('option').allTextContents()).find((name) =>
      name.startsWith('Nørrevang'),
    );
    await account.selectOption({ label: other ?? '' });
    await nav.getByRole('link', { name: 'Målere' }).click();
    await expect(page).toHaveURL(/\/administration\/maalere$/);
    await expect(account.locator('option:checked')).toHaveText(other ?? '');
    const meters = page.getByRole('region', { name: 'Målere', exact: true });
    await expect(meters.getByRole('heading', { level: 3, name: 'Rækkehusene, Hybenvej' })).toBeVisible();
    // 50 meters in one location: a handful shows, the rest on request.
    const hybenvej = meters
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Rækkehusene, Hybenvej' }) });
    await expect(hybenvej.getByRole('heading', { level: 4 })).toHaveCount(5);
    await expect(hybenvej.getByText('Viser 5 af 50 målere')).toBeVisible();
    const more = hybenvej.getByRole('button', { name: /^Vis flere målere/ });
    await expect(more).toHaveAccessibleName('Vis flere målere på Rækkehusene, Hybenvej (45 mere)');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(hybenvej.getByRole('heading', { level: 4 })).toHaveCount(10);
    await expect(more).toBeFocused();
    await expect(more).toHaveAccessibleName('Vis flere målere på Rækkehusene, Hybenvej (40 mere)');
    await expectSoundScreen(page);

    await page.goto('/administration/brugere');
    await expect(page.getByRole('heading', { level: 2, name: 'Brugere' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Brugere' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/administration');
    await expect(page).toHaveURL(/\/administration\/status$/);
    await page.goto('/administration/findes-ikke');
    await expect(page).toHaveURL(/\/administration\/status$/);
    await expect(nav.getByRole('link', { name: 'Status for perioden' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('on a wide screen the navigation is a list beside the section', async ({ page }) => {
    const nav = await openAdministration(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    const status = page.getByRole('region', { name: 'Status for perioden' });
    const [list, section] = [await nav.boundingBox(), await status.boundingBox()];
    expect((list?.x ?? 0) + (list?.width ?? 0)).toBeLessThanOrEqual(section?.x ?? 0);
    const first = await nav.getByRole('link').first().boundingBox();
    const second = await nav.getByRole('link').nth(1).boundingBox();
    expect(second?.y ?? 0).toBeGreaterThan(first?.y ?? 0);
    await expectSoundScreen(page);
  });
});
