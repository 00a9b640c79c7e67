import { expect, type Page } from '@playwright/test';

/** The footer's navigation on every page (ADR 038). */
export const siteFooter = (page: Page) => page.getByRole('navigation', { name: 'Om tjenesten' });

/**
 * The footer is on the page with both links, below the main content (never over it), and the Tab key
 * reaches it only after the main content's last control.
 */
export async function expectFooterAfterMain(page: Page): Promise<void> {
  // Parts of a screen load after it (home's meter actions at idle): its last control is known once
  // the page has stopped loading.
  await page.waitForLoadState('networkidle');
  const footer = siteFooter(page);
  await expect(footer.getByRole('link', { name: 'Tilgængelighedserklæring' })).toHaveAttribute(
    'href',
    '/tilgaengelighed',
  );
  await expect(footer.getByRole('link', { name: 'Privatlivspolitik' })).toHaveAttribute('href', '/privatliv');
  const main = await page.locator('main').boundingBox();
  const footerBox = await footer.boundingBox();
  expect(main && footerBox && footerBox.y >= main.y + main.height - 0.5).toBe(true);

  const focusedLast = await page.evaluate(() => {
    const focusable = [
      ...document.querySelectorAll<HTMLElement>(
        'main a[href], main button:not([disabled]), main input:not([disabled]):not([type="hidden"]), main select:not([disabled]), main textarea, main [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((element) => element.getClientRects().length > 0);
    const last = focusable.at(-1);
    last?.focus();
    return last !== undefined && document.activeElement === last;
  });
  expect(focusedLast).toBe(true);
  await page.keyboard.press('Tab');
  await expect(footer.getByRole('link', { name: 'Tilgængelighedserklæring' })).toBeFocused();
}
